package members

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
)

// isPatch reports whether head, the start of a file, reads as a patch: a
// unified or context diff, or git's (diff --git, format-patch mail).
func isPatch(head []byte) bool {
	for _, line := range bytes.Split(head, []byte("\n")) {
		for _, p := range patchHeads {
			if bytes.HasPrefix(line, []byte(p)) {
				return true
			}
		}
	}
	return false
}

// patchHeads begin the lines of a patch that name files.
var patchHeads = [...]string{"--- ", "+++ ", "*** ", "diff --git ", "Index: ", "rename from ", "rename to ",
	"copy from ", "copy to "}

// patchNames lists the files the patch r names, as written (with any a/
// or b/ prefix; patch's -p strips leading folders, which a reader
// matching the end of a name allows for), /dev/null left out. A context
// diff's hunk lines ("*** 1,3 ****", "--- 1,3 ----") name nothing.
func patchNames(r io.Reader, each visit) error {
	sc := bufio.NewScanner(io.LimitReader(r, MaxBytes))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var link patchLink
	for sc.Scan() {
		line := sc.Text()
		if name, target, ok := link.read(line); ok {
			if err := each(name, target); err != nil {
				return err
			}
			continue
		}
		var names []string
		switch {
		case strings.HasPrefix(line, "diff --git "):
			names = patchTokens(line[len("diff --git "):])
		case strings.HasPrefix(line, "*** ") && strings.HasSuffix(strings.TrimSpace(line), " ****"),
			strings.HasPrefix(line, "--- ") && strings.HasSuffix(strings.TrimSpace(line), " ----"):
			continue // a context diff's hunk
		default:
			for _, p := range patchHeads {
				if rest, ok := strings.CutPrefix(line, p); ok && p != "diff --git " {
					// The name as far as a tab (before a timestamp), and
					// its first word: GNU patch also takes a timestamp
					// after a space, and git and patch unquote a name
					// in C's quotes.
					whole, _, _ := strings.Cut(rest, "\t")
					names = []string{strings.TrimSpace(whole)}
					if w := patchTokens(rest)[0]; w != names[0] {
						names = append(names, w)
					}
					break
				}
			}
		}
		for _, n := range names {
			if n == "" || n == "/dev/null" {
				continue
			}
			if err := each(n, ""); err != nil {
				return err
			}
		}
	}
	return sc.Err()
}

// patchLink follows a git patch for the symbolic links it makes: a
// file of mode 120000 (new file mode, new mode, or an index line's
// mode), whose one added line is the link's target (git apply and git am
// make newlink, a link to app/.env, of a patch whose hunk adds the line
// app/.env).
type patchLink struct {
	name   string // the file of the last diff --git line, its b/ left out
	isLink bool   // its mode is 120000
	inHunk bool   // past its @@ line
}

// read takes the next line of the patch, and returns a link the patch
// makes and its target when the line is its target.
func (l *patchLink) read(line string) (string, string, bool) {
	switch {
	case strings.HasPrefix(line, "diff --git "):
		t := patchTokens(line[len("diff --git "):])
		*l = patchLink{name: strings.TrimPrefix(t[len(t)-1], "b/")}
	case l.name == "":
	case strings.HasPrefix(line, "new file mode "), strings.HasPrefix(line, "new mode "):
		l.isLink = strings.HasSuffix(line, " 120000")
	case strings.HasPrefix(line, "index "):
		l.isLink = l.isLink || strings.HasSuffix(line, " 120000") // a link's target changed
	case strings.HasPrefix(line, "@@ "):
		l.inHunk = true
	case l.isLink && l.inHunk && strings.HasPrefix(line, "+"):
		name := l.name
		*l = patchLink{}
		return name, line[1:], true
	}
	return "", "", false
}

// patchTokens splits s into words at blanks, a word in C's double quotes
// (as git writes a name with special characters) unquoted; a quote that
// does not close, or does not unquote, leaves the word as written. It
// returns one word at least.
func patchTokens(s string) []string {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			break
		}
		if s[0] == '"' {
			end := 1
			for end < len(s) && s[end] != '"' {
				if s[end] == '\\' {
					end++
				}
				end++
			}
			if end < len(s) {
				if u, err := strconv.Unquote(s[:end+1]); err == nil {
					out = append(out, u)
					s = s[end+1:]
					continue
				}
			}
		}
		i := strings.IndexAny(s, " \t")
		if i < 0 {
			i = len(s)
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	if len(out) == 0 {
		out = []string{""}
	}
	return out
}
