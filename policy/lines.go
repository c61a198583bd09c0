package policy

import (
	"bytes"
	"io"
	"strings"
)

// limitReader is io.LimitReader, named for what it bounds.
func limitReader(r io.Reader, n int64) io.Reader { return io.LimitReader(r, n) }

// A lineFinder finds the line of a key in a file that decoded, for
// errors found after decoding (a bad glob, a duplicate name): by the
// file's text, a table header per line. A key written inline ({…} or a
// dotted key) is reported at its table's line, or at line 0.
type lineFinder struct {
	src   []byte
	lines []string // split once, when first needed
	rules []int    // the line of each [[rule]] header, found once
}

// each calls fn with each line's number and its text, trimmed, until fn
// returns true.
func (l *lineFinder) each(fn func(n int, line string) bool) {
	if l.lines == nil {
		for _, line := range bytes.Split(l.src, []byte("\n")) {
			l.lines = append(l.lines, strings.TrimSpace(string(line)))
		}
	}
	for n, line := range l.lines {
		if fn(n+1, line) {
			return
		}
	}
}

// ruleLine returns the line of the i-th [[rule]] header, or 0.
func (l *lineFinder) ruleLine(i int) int {
	if l.rules == nil {
		l.rules = []int{}
		l.each(func(n int, line string) bool {
			if h, array, ok := header(line); ok && array && h == "rule" {
				l.rules = append(l.rules, n)
			}
			return false
		})
	}
	if i < len(l.rules) {
		return l.rules[i]
	}
	return 0
}

// header returns the table name of a header line ("rule" for
// "[[rule]]", "guard" for "[guard]"), or "" and false.
func header(line string) (name string, array, ok bool) {
	if !strings.HasPrefix(line, "[") {
		return "", false, false
	}
	array = strings.HasPrefix(line, "[[")
	end := strings.IndexByte(line, ']')
	if end < 0 {
		return "", false, false
	}
	name = strings.Trim(line[:end], "[ \t")
	return name, array, true
}

// isKey reports whether line assigns key.
func isKey(line, key string) bool {
	rest, ok := strings.CutPrefix(line, key)
	if !ok {
		return false
	}
	rest = strings.TrimLeft(rest, " \t")
	return strings.HasPrefix(rest, "=")
}

// top returns the line of a top-level key, before any table.
func (l *lineFinder) top(key string) int {
	found := 0
	l.each(func(n int, line string) bool {
		if _, _, ok := header(line); ok {
			return true
		}
		if isKey(line, key) {
			found = n
			return true
		}
		return false
	})
	return found
}

// table returns the line of key in table name, or of the table's header
// when the key is not found on a line of its own.
func (l *lineFinder) table(name, key string) int {
	found, in := 0, false
	l.each(func(n int, line string) bool {
		if h, _, ok := header(line); ok {
			if in {
				return true
			}
			if h == name {
				in, found = true, n
			}
			return false
		}
		if in && isKey(line, key) {
			found = n
			return true
		}
		return false
	})
	return found
}

// rule returns the line of key in the i-th [[rule]], or of its header
// when key is "" or not found on a line of its own.
func (l *lineFinder) rule(i int, key string) int {
	found, seen, in := 0, -1, false
	l.each(func(n int, line string) bool {
		if h, array, ok := header(line); ok {
			if in {
				return true
			}
			if h == "rule" && array {
				seen++
				if seen == i {
					in, found = true, n
				}
			}
			return false
		}
		if in && key != "" && isKey(line, key) {
			found = n
			return true
		}
		return false
	})
	return found
}
