// Package tomlconfig reads and edits, as text, the [[hooks]] tables of a
// TOML configuration file (Kimi Code's config.toml): it finds each table
// and the key = value lines install reads, renders the table install
// writes, and removes one again byte for byte.
package tomlconfig

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A TOML hook file ([hostfacts.FormatTOML], Kimi Code's config.toml)
// holds one [[hooks]] table per entry. The installer edits it as text: it
// appends its own tables at the end and removes exactly those, so that
// every other byte (comments, providers, models, the user's own hooks)
// stays as it was. The scanner below reads only what that needs: where
// each [[hooks]] table is and its simple keys; it follows multi-line
// strings and arrays so that text inside them is never taken for a
// table.

// Entry is one [[hooks]] table of a TOML hook file.
type Entry struct {
	// Start is the offset of its header line; End the offset just after
	// the last line of its block of key lines (header and keys with no
	// blank or comment line between them).
	Start, End int
	// Keys are the block's keys in order, Values their decoded values (a
	// string's text, a number's digits); Plain is false when a key of the
	// block is not one of event, command, matcher and timeout, or its
	// value is not a one-line string or an integer.
	Keys   []string
	Values map[string]string
	Plain  bool
}

// errTOMLHooks is why a file whose "hooks" is not an array of tables
// cannot take a [[hooks]] table.
const errTOMLHooks = "line %d defines \"hooks\" as %s; a [[hooks]] table added after it would make the whole file invalid, which Kimi Code reads as no hooks at all: write the hooks as [[hooks]] tables first"

// Scan returns the [[hooks]] tables of src, in order.
func Scan(src []byte) ([]Entry, error) {
	if !utf8.Valid(src) {
		return nil, errors.New("the file is not UTF-8 text")
	}
	var entries []Entry
	var cur *Entry // the [[hooks]] table whose key block is open
	table := ""    // the current table's header ("" at the top)
	s := string(src)
	for off, line := 0, 1; off < len(s); line++ {
		nl := strings.IndexByte(s[off:], '\n')
		next := len(s)
		if nl >= 0 {
			next = off + nl + 1
		}
		text := strings.TrimSpace(strings.TrimSuffix(s[off:next], "\n"))
		text = strings.TrimSuffix(text, "\r")
		switch {
		case text == "" || text[0] == '#':
			cur = nil
		case strings.HasPrefix(text, "[["):
			cur = nil
			name, ok := headerName(text[2:], "]]")
			if !ok {
				return nil, fmt.Errorf("line %d: a table header this installer cannot read: %s", line, text)
			}
			table = "[[" + name + "]]"
			if name == "hooks" {
				entries = append(entries, Entry{Start: off, End: next, Values: map[string]string{}, Plain: true})
				cur = &entries[len(entries)-1]
			} else if strings.HasPrefix(name, "hooks.") {
				return nil, fmt.Errorf(errTOMLHooks, line, "a table of tables")
			}
		case text[0] == '[':
			cur = nil
			name, ok := headerName(text[1:], "]")
			if !ok {
				return nil, fmt.Errorf("line %d: a table header this installer cannot read: %s", line, text)
			}
			if name == "hooks" || strings.HasPrefix(name, "hooks.") {
				return nil, fmt.Errorf(errTOMLHooks, line, "a table")
			}
			table = name
		default:
			key, rest, ok := strings.Cut(text, "=")
			if !ok {
				return nil, fmt.Errorf("line %d is not a key = value line: %s", line, text)
			}
			key = strings.TrimSpace(key)
			if key == "" {
				return nil, fmt.Errorf("line %d has no key before its =: %s", line, text)
			}
			if table == "" && (key == "hooks" || strings.HasPrefix(key, "hooks.") || strings.HasPrefix(key, `"hooks"`)) {
				return nil, fmt.Errorf(errTOMLHooks, line, "a key")
			}
			// A value may run over several lines: skip to its end.
			end, err := valueEnd(s, off+strings.Index(s[off:], "=")+1)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			if end > next {
				line += strings.Count(s[next:end], "\n")
				if cur != nil {
					cur.Plain = false
				}
				next = end
				if cur != nil {
					cur.End = next
				}
				break
			}
			if cur != nil {
				v, ok := simpleValue(strings.TrimSpace(rest))
				switch key {
				case "event", "command", "matcher", "timeout":
				default:
					ok = false
				}
				if _, dup := cur.Values[key]; dup || !ok {
					cur.Plain = false
				}
				cur.Keys = append(cur.Keys, key)
				cur.Values[key] = v
				cur.End = next
			}
		}
		off = next
	}
	return entries, nil
}

// headerName reads the name of a table header after its opening
// brackets, up to close (a comment may follow): its dotted keys, bare or
// quoted, each decoded, joined with "." (a quoted key holding a dot is
// then not told apart, which only matters for a key "hooks.").
func headerName(s, close string) (string, bool) {
	var parts []string
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			return "", false
		}
		switch c := s[i]; {
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(s) && s[j] != c {
				if c == '"' && s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return "", false
			}
			k, ok := simpleValue(s[i : j+1])
			if !ok {
				return "", false
			}
			parts = append(parts, k)
			i = j + 1
		default:
			j := i
			for j < len(s) && (s[j] == '_' || s[j] == '-' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			if j == i {
				return "", false
			}
			parts = append(parts, s[i:j])
			i = j
		}
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i < len(s) && s[i] == '.' {
			i++
			continue
		}
		if !strings.HasPrefix(s[i:], close) || !onlyComment(s[i+len(close):]) {
			return "", false
		}
		return strings.Join(parts, "."), true
	}
}

// valueEnd returns the offset just after the line on which the value
// starting at s[i] ends: it follows strings (one-line and multi-line) and
// brackets of arrays and inline tables.
func valueEnd(s string, i int) (int, error) {
	depth := 0
	for i < len(s) {
		c := s[i]
		switch {
		case strings.HasPrefix(s[i:], `"""`) || strings.HasPrefix(s[i:], `'''`):
			q := s[i : i+3]
			j := i + 3
			for {
				k := strings.Index(s[j:], q)
				if k < 0 {
					return 0, fmt.Errorf("a multi-line string is not closed")
				}
				j += k
				if q == `"""` && escaped(s, j) {
					j++
					continue
				}
				break
			}
			i = j + 3
			for i < len(s) && s[i] == q[0] { // up to two quotes may end the string
				i++
			}
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(s) && s[j] != c && s[j] != '\n' {
				if c == '"' && s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) || s[j] != c {
				return 0, fmt.Errorf("a string is not closed on its line")
			}
			i = j + 1
		case c == '[' || c == '{':
			depth++
			i++
		case c == ']' || c == '}':
			depth--
			i++
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '\n':
			i++
			if depth <= 0 {
				return i, nil
			}
		default:
			i++
		}
	}
	if depth > 0 {
		return 0, fmt.Errorf("an array or inline table is not closed")
	}
	return len(s), nil
}

// escaped reports whether the quote at s[j] follows an odd number of
// backslashes.
func escaped(s string, j int) bool {
	n := 0
	for j > 0 && s[j-1] == '\\' {
		n++
		j--
	}
	return n%2 == 1
}

// simpleValue decodes a one-line basic or literal string, or an integer,
// with an optional comment after it.
func simpleValue(v string) (string, bool) {
	if v == "" {
		return "", false
	}
	switch v[0] {
	case '\'':
		end := strings.IndexByte(v[1:], '\'')
		if end < 0 || !onlyComment(v[end+2:]) {
			return "", false
		}
		return v[1 : end+1], true
	case '"':
		var b strings.Builder
		for i := 1; i < len(v); i++ {
			c := v[i]
			switch {
			case c == '"':
				return b.String(), onlyComment(v[i+1:])
			case c == '\\' && i+1 < len(v):
				i++
				switch v[i] {
				case '"', '\\':
					b.WriteByte(v[i])
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				case 'r':
					b.WriteByte('\r')
				case 'b':
					b.WriteByte('\b')
				case 'f':
					b.WriteByte('\f')
				case 'u', 'U':
					n := 4
					if v[i] == 'U' {
						n = 8
					}
					if i+n >= len(v) {
						return "", false
					}
					r, err := strconv.ParseUint(v[i+1:i+1+n], 16, 32)
					if err != nil || !utf8.ValidRune(rune(r)) {
						return "", false
					}
					b.WriteRune(rune(r))
					i += n
				default:
					return "", false
				}
			default:
				b.WriteByte(c)
			}
		}
		return "", false
	}
	num, rest, _ := strings.Cut(v, "#")
	num = strings.TrimSpace(num)
	_ = rest
	if _, err := strconv.Atoi(num); err != nil {
		return "", false
	}
	return num, true
}

func onlyComment(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || s[0] == '#'
}

// Quote renders s as a TOML basic string.
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
