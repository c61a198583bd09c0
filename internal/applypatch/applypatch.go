// Package applypatch reads the apply_patch grammar of Codex, which Cline
// CLI offers too (its apply_patch tool, to models whose id names gpt or
// codex): the one reader both hosts' adapters use, so that neither host
// package imports the other.
package applypatch

import (
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// The markers that open and close a patch.
const (
	Begin = "*** Begin Patch"
	End   = "*** End Patch"
)

// Markers of Codex's patch grammar.
const (
	beginPatch    = Begin
	endPatch      = End
	addFile       = "*** Add File: "
	deleteFile    = "*** Delete File: "
	updateFile    = "*** Update File: "
	moveTo        = "*** Move to: "
	endOfFile     = "*** End of File"
	contextMarker = "@@ "
	emptyContext  = "@@"
)

// Error is a patch that Codex's parser would refuse.
type Error struct {
	// Line is the 1-based line of the (trimmed) patch text, 0 for the
	// patch as a whole.
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return "invalid patch: " + e.Msg
	}
	return fmt.Sprintf("invalid patch: line %d: %s", e.Line, e.Msg)
}

// Parse parses the text of an apply_patch call, as Codex's own parser
// does (lenient mode):
//
//	*** Begin Patch
//	*** Add File: path        then lines "+text" (the new file)
//	*** Delete File: path
//	*** Update File: path     then optionally "*** Move to: new/path",
//	                          then hunks: "@@" or "@@ context" headers
//	                          (optional before the first), lines " text",
//	                          "-old", "+new", "" and "*** End of File"
//	*** End Patch
//
// Like Codex it trims the text, accepts CRLF line ends, whitespace around
// the markers and header lines, and a patch wrapped in a <<EOF … EOF
// heredoc. Paths are returned exactly as written (relative to the session
// cwd unless absolute). For an add, FileChange.Body is the new content
// (without the "+"); for an update, the hunk lines as written.
//
// When the text is not a valid patch, Parse returns an *Error and,
// still, one FileChange (Op and Path only) for every header line it finds
// anywhere in the text, so that a path policy sees every file the text
// names even if Codex's grammar and this one drift apart. Codex refuses to
// apply a patch its parser rejects.
func Parse(text string) ([]hooks.FileChange, error) {
	lines := patchLines(text)
	body, first, err := patchBody(lines)
	if err == nil {
		var files []hooks.FileChange
		files, err = parseHunks(body, first)
		if err == nil {
			return files, nil
		}
	}
	return salvage(lines), err
}

// patchLines splits the trimmed text into lines as Rust's str::lines does:
// at "\n", dropping a "\r" before it.
func patchLines(text string) []string {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// patchBody checks the Begin/End markers (also inside a heredoc) and
// returns the lines between them and the line number of the first.
func patchBody(lines []string) ([]string, int, error) {
	err := checkBounds(lines)
	if err == nil {
		return lines[1 : len(lines)-1], 2, nil
	}
	if n := len(lines); n >= 4 {
		switch lines[0] {
		case "<<EOF", "<<'EOF'", `<<"EOF"`:
			if strings.HasSuffix(lines[n-1], "EOF") {
				inner := lines[1 : n-1]
				if checkBounds(inner) != nil {
					return nil, 0, err
				}
				return inner[1 : len(inner)-1], 3, nil
			}
		}
	}
	return nil, 0, err
}

func checkBounds(lines []string) error {
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != beginPatch {
		return &Error{Line: 1, Msg: "the first line of the patch must be '" + beginPatch + "'"}
	}
	if len(lines) < 2 || strings.TrimSpace(lines[len(lines)-1]) != endPatch {
		return &Error{Line: len(lines), Msg: "the last line of the patch must be '" + endPatch + "'"}
	}
	return nil
}

// parseHunks parses the file sections; line is the patch line number of
// lines[0].
func parseHunks(lines []string, line int) ([]hooks.FileChange, error) {
	var files []hooks.FileChange
	for len(lines) > 0 {
		f, n, err := parseHunk(lines, line)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		lines, line = lines[n:], line+n
	}
	return files, nil
}

// parseHunk parses one file section at the start of lines and returns the
// number of lines it used.
func parseHunk(lines []string, line int) (hooks.FileChange, int, error) {
	head := strings.TrimSpace(lines[0])
	if path, ok := strings.CutPrefix(head, addFile); ok {
		var b strings.Builder
		n := 1
		for _, l := range lines[1:] {
			text, ok := strings.CutPrefix(l, "+")
			if !ok {
				break
			}
			b.WriteString(text)
			b.WriteByte('\n')
			n++
		}
		return hooks.FileChange{Op: hooks.PatchAdd, Path: path, Body: b.String()}, n, nil
	}
	if path, ok := strings.CutPrefix(head, deleteFile); ok {
		return hooks.FileChange{Op: hooks.PatchDelete, Path: path}, 1, nil
	}
	path, ok := strings.CutPrefix(head, updateFile)
	if !ok {
		return hooks.FileChange{}, 0, &Error{Line: line, Msg: fmt.Sprintf("%q is not a valid file header ('%spath', '%spath' or '%spath')", head, addFile, deleteFile, updateFile)}
	}
	f := hooks.FileChange{Op: hooks.PatchUpdate, Path: path}
	rest, n := lines[1:], 1
	if len(rest) > 0 {
		if dst, ok := strings.CutPrefix(rest[0], moveTo); ok {
			f.MoveTo = dst
			rest, n = rest[1:], n+1
		}
	}
	start, chunks := n, 0
	for len(rest) > 0 {
		if strings.TrimSpace(rest[0]) == "" {
			rest, n = rest[1:], n+1
			continue
		}
		if strings.HasPrefix(rest[0], "*") {
			break
		}
		used, err := parseChunk(rest, line+n, chunks == 0)
		if err != nil {
			return hooks.FileChange{}, 0, err
		}
		chunks++
		rest, n = rest[used:], n+used
	}
	if chunks == 0 {
		return hooks.FileChange{}, 0, &Error{Line: line, Msg: fmt.Sprintf("update of %q has no hunks", path)}
	}
	f.Body = strings.Join(lines[start:n], "\n") + "\n"
	return f, n, nil
}

// parseChunk parses one hunk of an update and returns the number of lines
// it used; line is the patch line number of lines[0]. The first hunk may
// omit its @@ header.
func parseChunk(lines []string, line int, first bool) (int, error) {
	start := 0
	switch {
	case lines[0] == emptyContext, strings.HasPrefix(lines[0], contextMarker):
		start = 1
	case !first:
		return 0, &Error{Line: line, Msg: fmt.Sprintf("expected a hunk to start with an @@ header, got %q", lines[0])}
	}
	if start >= len(lines) {
		return 0, &Error{Line: line, Msg: "hunk has no lines"}
	}
	n := 0
	for _, l := range lines[start:] {
		if l == endOfFile {
			if n == 0 {
				return 0, &Error{Line: line + start, Msg: "hunk has no lines before " + endOfFile}
			}
			n++
			break
		}
		if l != "" && l[0] != ' ' && l[0] != '+' && l[0] != '-' {
			if n == 0 {
				return 0, &Error{Line: line + start, Msg: fmt.Sprintf("unexpected line in hunk: %q (lines start with ' ', '+' or '-')", l)}
			}
			break
		}
		n++
	}
	return n + start, nil
}

// salvage lists every file a header line names, for a patch that does not
// parse.
func salvage(lines []string) []hooks.FileChange {
	var files []hooks.FileChange
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "*** ") {
			continue
		}
		if p, ok := strings.CutPrefix(l, addFile); ok {
			files = append(files, hooks.FileChange{Op: hooks.PatchAdd, Path: p})
		} else if p, ok := strings.CutPrefix(l, deleteFile); ok {
			files = append(files, hooks.FileChange{Op: hooks.PatchDelete, Path: p})
		} else if p, ok := strings.CutPrefix(l, updateFile); ok {
			files = append(files, hooks.FileChange{Op: hooks.PatchUpdate, Path: p})
		} else if p, ok := strings.CutPrefix(l, moveTo); ok {
			if k := len(files) - 1; k >= 0 && files[k].Op == hooks.PatchUpdate && files[k].MoveTo == "" {
				files[k].MoveTo = p
			} else {
				// A move with no update before it: still a path the
				// text names.
				files = append(files, hooks.FileChange{Op: hooks.PatchUpdate, Path: p})
			}
		}
	}
	return files
}
