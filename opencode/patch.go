package opencode

import (
	"errors"
	"strings"

	"github.com/agenthooks/hooks"
)

// Markers of OpenCode's patch grammar, as its parser matches them: the
// Begin and End lines after trimming, the headers as line prefixes (no
// space needed after the colon).
const (
	beginPatch = "*** Begin Patch"
	endPatch   = "*** End Patch"
	addFile    = "*** Add File:"
	deleteFile = "*** Delete File:"
	updateFile = "*** Update File:"
	moveTo     = "*** Move to:"
)

// ErrPatchMarkers is the error of a patch text with no "*** Begin
// Patch" line before an "*** End Patch" line: OpenCode refuses it and
// changes no file.
var ErrPatchMarkers = errors.New("opencode: invalid patch: missing Begin/End markers")

// ParsePatch returns the files an apply_patch call changes, read as
// OpenCode's own parser reads its patchText (Patch.parsePatch of
// OpenCode 1.18.33, the same in Kilo Code CLI 7.7.7; measured with both
// clients, see e2e's guard-write-tools row). Its grammar is Codex's, read
// more leniently, and differs from codex.ParsePatch where a model can use
// the difference:
//
//   - The text is trimmed as JavaScript trims (U+FEFF included, U+0085
//     not), and a text wrapped in a heredoc, `<<X … X` or `cat <<'X' … X`
//     with any word X, is unwrapped.
//   - Lines end at "\n" only: a CRLF patch leaves "\r" on every line,
//     which the trims of markers and paths drop.
//   - The patch is what lies between the first line that trims to
//     "*** Begin Patch" and the first that trims to "*** End Patch":
//     text before and after is ignored, files after that first End
//     included.
//   - A header is a line starting (in its first column) with "*** Add
//     File:", "*** Delete File:" or "*** Update File:"; the path is the
//     rest, trimmed as JavaScript trims (so "*** Add File:.env" and a path
//     ending in U+FEFF both name ".env"). A header with an empty path,
//     and any line that is no header, is skipped: no error.
//   - "*** Move to:" counts only on the line right after an Update File
//     header; a move with no hunk still moves the file.
//
// Paths are returned trimmed, otherwise as written: OpenCode resolves
// them against the session's directory (path.resolve). For an add, Body
// is the content OpenCode writes (the "+" lines joined by newlines and
// ended by one, unless empty or already so ended); for an update, the
// lines of its hunks. A text without the markers returns
// [ErrPatchMarkers] and no files; one with markers but no file changes
// nothing (OpenCode fails the call) and returns no files and no error.
func ParsePatch(text string) ([]hooks.FileChange, error) {
	lines := strings.Split(unwrapHeredoc(jsTrim(text)), "\n")
	begin, end := -1, -1
	for i, l := range lines {
		t := jsTrim(l)
		if begin < 0 && t == beginPatch {
			begin = i
		}
		if end < 0 && t == endPatch {
			end = i
		}
	}
	if begin < 0 || end < 0 || begin >= end {
		return nil, ErrPatchMarkers
	}
	var files []hooks.FileChange
	for i := begin + 1; i < end; {
		l := lines[i]
		var f hooks.FileChange
		switch {
		case strings.HasPrefix(l, addFile):
			f = hooks.FileChange{Op: hooks.PatchAdd, Path: jsTrim(l[len(addFile):])}
		case strings.HasPrefix(l, deleteFile):
			f = hooks.FileChange{Op: hooks.PatchDelete, Path: jsTrim(l[len(deleteFile):])}
		case strings.HasPrefix(l, updateFile):
			f = hooks.FileChange{Op: hooks.PatchUpdate, Path: jsTrim(l[len(updateFile):])}
		}
		if f.Path == "" {
			i++ // no header, or one with no path: skipped
			continue
		}
		i++
		if f.Op == hooks.PatchUpdate && i < len(lines) && strings.HasPrefix(lines[i], moveTo) {
			f.MoveTo = jsTrim(lines[i][len(moveTo):])
			i++
		}
		// The section runs to the next line starting with "***" (which
		// may lie past the End line when that one is indented).
		start := i
		for i < len(lines) && !strings.HasPrefix(lines[i], "***") {
			i++
		}
		f.Body = sectionBody(f.Op, lines[start:i])
		files = append(files, f)
	}
	return files, nil
}

// sectionBody is the Body of a file section: for an add, the content
// OpenCode writes (its "+" lines, the others skipped, joined by newlines
// and ended by one unless empty or already so ended); for an update, its
// lines; for a delete, "".
func sectionBody(op hooks.PatchOp, lines []string) string {
	switch op {
	case hooks.PatchAdd:
		var texts []string
		for _, l := range lines {
			if text, ok := strings.CutPrefix(l, "+"); ok {
				texts = append(texts, text)
			}
		}
		// The lines joined, then a newline unless the text is empty or
		// already ends with one (a last "+" line that is empty).
		body := strings.Join(texts, "\n")
		if body != "" && !strings.HasSuffix(body, "\n") {
			body += "\n"
		}
		return body
	case hooks.PatchUpdate:
		if len(lines) == 0 {
			return ""
		}
		return strings.Join(lines, "\n") + "\n"
	}
	return ""
}

// unwrapHeredoc returns the body of a text that is a heredoc as OpenCode
// unwraps one, /^(?:cat\s+)?<<['"]?(\w+)['"]?\s*\n([\s\S]*?)\n\1\s*$/
// (JavaScript's \s), or the text itself. s is trimmed.
func unwrapHeredoc(s string) string {
	t := s
	if rest, ok := strings.CutPrefix(t, "cat"); ok {
		if n := len(rest) - len(strings.TrimLeftFunc(rest, isJSSpace)); n > 0 {
			t = rest[n:]
		}
	}
	t, ok := strings.CutPrefix(t, "<<")
	if !ok {
		return s
	}
	t = skipQuote(t)
	n := 0
	for n < len(t) && isWordByte(t[n]) {
		n++
	}
	if n == 0 {
		return s
	}
	delim := t[:n]
	t = skipQuote(t[n:])
	// t is now \s*\n BODY \n DELIM: the body ends at the last "\n" (the
	// text has no trailing space) and starts after the last "\n" of the
	// leading space that comes before that one.
	q := len(t) - len(delim) - 1
	if q < 0 || t[q] != '\n' || t[q+1:] != delim {
		return s
	}
	p := -1
	for i, r := range t {
		if i >= q || !isJSSpace(r) {
			break
		}
		if r == '\n' {
			p = i + 1
		}
	}
	if p < 0 {
		return s
	}
	return t[p:q]
}

func skipQuote(s string) string {
	if s != "" && (s[0] == '\'' || s[0] == '"') {
		return s[1:]
	}
	return s
}

// isWordByte reports whether c is in JavaScript's \w: [A-Za-z0-9_].
func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// jsTrim trims s as JavaScript's String.prototype.trim does.
func jsTrim(s string) string { return strings.TrimFunc(s, isJSSpace) }

// isJSSpace reports whether r is white space or a line terminator to
// JavaScript (trim, \s): Go's unicode.IsSpace differs in U+0085, which
// JavaScript keeps, and U+FEFF, which it trims.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff':
		return true
	}
	return '\u2000' <= r && r <= '\u200a'
}
