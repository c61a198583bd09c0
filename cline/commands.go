package cline

import (
	"errors"
	"strings"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// A command is one process run_commands starts: a shell script (Script,
// run as <shell> -c Script, bash by default on Linux) or, when Argv is
// set, an executable run directly with arguments, without a shell.
type command struct {
	Script string
	Argv   []string
}

// errCommands is the error of a run_commands input that Cline refuses (it
// matches none of the shapes its schema accepts): nothing runs.
var errCommands = errors.New("the input of run_commands matches none of the shapes Cline accepts (nothing runs)")

// commandsOf returns the processes run_commands starts for its input, as
// Cline 3.0.65 computes them: the input is validated against a union of
// shapes, tried in order (each object shape drops the keys it does not
// name):
//
//  1. {commands: [string…]}
//  2. {commands: [string or {command, args?}…]}
//  3. {commands: string or {command, args?}}
//  4. [{command, args?}…]
//  5. {command: non-empty string, args?: [string…]}
//  6. {command: string}
//  7. {cmd: string}
//  8. [string…]
//  9. string
//
// An item {command, args} with args runs command directly with args; one
// without args runs command as a shell script. Consecutive scripts are
// then joined where one starts a heredoc whose delimiter is a later
// element of its own ("cat <<EOF > f", "line", "EOF" is one script).
// Every item runs, in parallel. ok is false when the input matches no
// shape, when the tool fails before running anything.
func commandsOf(v fastjson.Value) (cmds []command, ok bool) {
	var items []fastjson.Value
	elements := func(a fastjson.Value) {
		a.Elements(func(e fastjson.Value) bool { items = append(items, e); return true })
	}
	switch {
	case v.IsObject():
		c, has := v.Get("commands")
		switch {
		case has && everyElement(c, isItem):
			elements(c)
		case has && isItem(c):
			items = []fastjson.Value{c}
		case isStructured(v):
			items = []fastjson.Value{v}
		default:
			if c, has := v.Get("command"); has && isString(c) {
				items = []fastjson.Value{c}
			} else if c, has := v.Get("cmd"); has && isString(c) {
				items = []fastjson.Value{c}
			} else {
				return nil, false
			}
		}
	case everyElement(v, isStructured), everyElement(v, isString):
		elements(v)
	case isString(v):
		items = []fastjson.Value{v}
	default:
		return nil, false
	}
	var scripts []string
	flush := func() {
		for _, s := range joinHeredocs(scripts) {
			cmds = append(cmds, command{Script: s})
		}
		scripts = nil
	}
	for _, it := range items {
		if s, ok := it.String(); ok {
			scripts = append(scripts, s)
			continue
		}
		flush()
		name, _ := it.Get("command")
		s, _ := name.String()
		if args, has := it.Get("args"); has {
			argv, _ := args.Strings()
			cmds = append(cmds, command{Argv: append([]string{s}, argv...)})
		} else {
			cmds = append(cmds, command{Script: s})
		}
	}
	flush()
	return cmds, true
}

func isString(v fastjson.Value) bool { return v.Kind() == "string" }

// isStructured reports whether v is {command: non-empty string, args?:
// [string…]}.
func isStructured(v fastjson.Value) bool {
	if !v.IsObject() {
		return false
	}
	c, ok := v.Get("command")
	if !ok {
		return false
	}
	if s, isStr := c.String(); !isStr || s == "" {
		return false
	}
	if args, has := v.Get("args"); has {
		if _, ok := args.Strings(); !ok || args.IsNull() {
			return false
		}
	}
	return true
}

// isItem reports whether v is an element of shape 2: a string or a
// structured command.
func isItem(v fastjson.Value) bool { return isString(v) || isStructured(v) }

// everyElement reports whether v is an array whose every element passes
// ok (true for an empty array).
func everyElement(v fastjson.Value, ok func(fastjson.Value) bool) bool {
	if v.Kind() != "array" {
		return false
	}
	all := true
	v.Elements(func(e fastjson.Value) bool { all = ok(e); return all })
	return all
}

// joinHeredocs joins consecutive scripts as Cline does: a script that
// starts a heredoc (its first "<<" not preceded by "<", then an optional
// "-", white space and a delimiter, quoted or of [A-Za-z0-9_./-]) is
// joined, with newlines, to every script up to the first later one equal
// to the delimiter once trimmed; without such a later one it stays alone.
func joinHeredocs(scripts []string) []string {
	var out []string
	for i := 0; i < len(scripts); i++ {
		delim, ok := heredocDelimiter(scripts[i])
		end := -1
		if ok {
			for k := i + 1; k < len(scripts); k++ {
				if strings.TrimFunc(scripts[k], jsSpace) == delim {
					end = k
					break
				}
			}
		}
		if end < 0 {
			out = append(out, scripts[i])
			continue
		}
		out = append(out, strings.Join(scripts[i:end+1], "\n"))
		i = end
	}
	return out
}

// heredocDelimiter is Cline's /(?<![<])<<-?\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_./-]+))/
// on s: the delimiter of the leftmost match.
func heredocDelimiter(s string) (string, bool) {
	for k := 0; k+1 < len(s); k++ {
		if s[k] != '<' || s[k+1] != '<' || (k > 0 && s[k-1] == '<') {
			continue
		}
		rest := s[k+2:]
		if r, ok := strings.CutPrefix(rest, "-"); ok {
			if d, ok := delimiterAt(strings.TrimLeftFunc(r, jsSpace)); ok {
				return d, true
			}
			// The regular expression backtracks: "-?" matches nothing
			// and the "-" starts an unquoted delimiter.
			if d, ok := delimiterAt(rest); ok {
				return d, true
			}
			continue
		}
		if d, ok := delimiterAt(strings.TrimLeftFunc(rest, jsSpace)); ok {
			return d, true
		}
	}
	return "", false
}

// delimiterAt matches "([^"]+)"|'([^']+)'|([A-Za-z0-9_./-]+) at the start
// of s.
func delimiterAt(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	if q := s[0]; q == '"' || q == '\'' {
		if end := strings.IndexByte(s[1:], q); end > 0 {
			return s[1 : 1+end], true
		}
		return "", false
	}
	n := 0
	for n < len(s) && delimByte(s[n]) {
		n++
	}
	return s[:n], n > 0
}

func delimByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '/' || c == '-'
}

// jsSpace reports whether JavaScript's \s (and String.prototype.trim)
// takes r for white space.
func jsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// shellText renders the processes as one shell text that does what they
// do: a lone script as itself; otherwise one line per process, a script
// as bash -c 'script' (each runs in a shell of its own: a cd in one does
// not move the next) and a direct run as its quoted words.
func shellText(cmds []command) string {
	if len(cmds) == 1 && cmds[0].Argv == nil {
		return cmds[0].Script
	}
	lines := make([]string, len(cmds))
	for i, c := range cmds {
		if c.Argv == nil {
			lines[i] = "bash -c " + quote(c.Script)
			continue
		}
		words := make([]string, len(c.Argv))
		for j, w := range c.Argv {
			words[j] = quote(w)
		}
		lines[i] = strings.Join(words, " ")
	}
	return strings.Join(lines, "\n")
}

// quote quotes s as one word for a POSIX shell.
func quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,@%+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
