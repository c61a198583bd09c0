package members

import (
	"bufio"
	"bytes"
	"io"
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
func patchNames(r io.Reader, each func(string) error) error {
	sc := bufio.NewScanner(io.LimitReader(r, MaxBytes))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		var names []string
		switch {
		case strings.HasPrefix(line, "diff --git "):
			names = strings.Fields(line)[2:]
		case strings.HasPrefix(line, "*** ") && strings.HasSuffix(strings.TrimSpace(line), " ****"),
			strings.HasPrefix(line, "--- ") && strings.HasSuffix(strings.TrimSpace(line), " ----"):
			continue // a context diff's hunk
		default:
			for _, p := range patchHeads {
				if rest, ok := strings.CutPrefix(line, p); ok && p != "diff --git " {
					names = []string{rest}
					break
				}
			}
		}
		for _, n := range names {
			n, _, _ = strings.Cut(n, "\t") // a timestamp follows a tab
			n = strings.TrimSpace(n)
			if n == "" || n == "/dev/null" {
				continue
			}
			if err := each(n); err != nil {
				return err
			}
		}
	}
	return sc.Err()
}
