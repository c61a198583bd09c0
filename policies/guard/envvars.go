package guard

import (
	"os"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 3 denies a write whose file name is known only at run time. Two
// such names are known anyway: a file mktemp makes (its name is its
// template with the X's replaced), and a variable the script never sets,
// whose value is the environment's, not the model's: `echo x >
// "$LOG_FILE"`, `tmp=$(mktemp) && go test ./... > "$tmp"`.

// knownName reports whether the dynamic path p written by `by` in script
// s (source src) is known not to be a .env file.
func knownName(s *shell.Script, at *place, p shell.Word, by string) bool {
	if by == "mktemp" {
		return tempName(p.Value)
	}
	name, ok := wholeVar(p.Value)
	if !ok || !at.reads(s).only(name) {
		return false
	}
	if v, set := os.LookupEnv(name); set && (v == "" || IsEnvFile(v) || strings.ContainsAny(v, "*?[")) {
		return false
	}
	return true
}

// tempName reports whether v, the path mktemp creates (its template
// as written, its X's still in it), has a last element that cannot be a
// .env file: a static template that does not start with ".env".
func tempName(v string) bool {
	last := v[strings.LastIndexByte(v, '/')+1:]
	if last == "" || strings.ContainsAny(last, "$`(\\\"'*?[") {
		return false
	}
	return !strings.HasPrefix(strings.ToLower(strings.TrimRight(last, "X")), ".env")
}

// wholeVar returns NAME when v is exactly $NAME or ${NAME}.
func wholeVar(v string) (string, bool) {
	var n string
	switch {
	case strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}"):
		n = v[2 : len(v)-1]
	case strings.HasPrefix(v, "$"):
		n = v[1:]
	default:
		return "", false
	}
	if n == "" || !isVarName(n) {
		return "", false
	}
	return n, true
}

// isVarName reports whether n is a shell variable name.
func isVarName(n string) bool {
	for i := 0; i < len(n); i++ {
		c := n[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return n != ""
}

// readVars is what onlyRead asks of a script and its text, found once
// a text (issue 38): each write to "$NAME" read the whole text again,
// and 8,000 of them took 2.7 s. setters is whether a command that sets a
// variable by a name it is given runs; notRead holds each name that the
// text mentions other than as a plain read.
type readVars struct {
	s       *shell.Script
	src     string
	setters bool
	notRead map[string]bool
}

// reads returns the readVars of s, whose text is at.src.
func (at *place) reads(s *shell.Script) *readVars {
	if m := at.readMemo; m != nil && m.s == s && m.src == at.src {
		return m
	}
	m := &readVars{s: s, src: at.src, notRead: map[string]bool{}}
	at.readMemo = m
	for _, c := range s.Commands {
		switch c.Name {
		case "read", "printf", "declare", "typeset", "export", "local", "readonly", "mapfile", "readarray", "eval",
			"getopts", "let", "source", ".", "unset", "set", "alias", "coproc", "select", "nameref":
			m.setters = true
		}
		m.setters = m.setters || c.Dynamic
	}
	if m.setters {
		return m
	}
	src := m.src
	identRuns(src, func(j, end int) {
		if name := src[j:end]; !m.notRead[name] && !plainRead(src, j, end) {
			m.notRead[name] = true
		}
	})
	return m
}

// only reports whether the script leaves variable name as the
// environment gave it, or sets it only to a file mktemp makes
// (name=$(mktemp) or name="$(mktemp -d)"): every other mention of the
// name in the source is a plain read ($name, ${name}), and no command
// that sets a variable by a name it is given (read, printf -v, declare,
// export, eval, source, …) runs, since that name may be spelled in
// pieces (printf -v LOG”_FILE).
func (m *readVars) only(name string) bool {
	return !m.setters && !m.notRead[name]
}

// plainRead reports whether the word src[j:end], a whole run of name
// characters, is a plain read of the variable it names ($name, ${name}),
// or its assignment of mktemp's output.
func plainRead(src string, j, end int) bool {
	switch {
	case j > 0 && src[j-1] == '$':
		return true // $name
	case j > 1 && src[j-2:j] == "${" && end < len(src) && src[end] == '}':
		return true // ${name}
	case (j == 0 || strings.IndexByte(" \t\n;&|(", src[j-1]) >= 0) && mktempAssign(src[end:]):
		return true // name=$(mktemp …)
	}
	return false
}

// mktempAssign reports whether rest, the text after a variable's name,
// assigns it the output of a plain mktemp: =$(mktemp) or ="$(mktemp)",
// with only -d, -q, -t or --directory.
func mktempAssign(rest string) bool {
	var ok bool
	switch {
	case strings.HasPrefix(rest, "=$(mktemp"):
		rest, ok = rest[len("=$(mktemp"):], true
	case strings.HasPrefix(rest, `="$(mktemp`):
		rest, ok = rest[len(`="$(mktemp`):], true
	}
	if !ok {
		return false
	}
	end := strings.IndexByte(rest, ')')
	if end < 0 {
		return false
	}
	for _, f := range strings.Fields(rest[:end]) {
		switch f {
		case "-d", "-q", "-t", "-dq", "-qd", "--directory", "--quiet":
		default:
			return false
		}
	}
	return true
}
