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
func knownName(s *shell.Script, src string, p shell.Word, by string) bool {
	if by == "mktemp" {
		return tempName(p.Value)
	}
	name, ok := wholeVar(p.Value)
	if !ok || !onlyRead(s, src, name) {
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

// onlyRead reports whether the script leaves variable name as the
// environment gave it, or sets it only to a file mktemp makes
// (name=$(mktemp) or name="$(mktemp -d)"): every other mention of the
// name in the source is a plain read ($name, ${name}), and no command
// that sets a variable by a name it is given (read, printf -v, declare,
// export, eval, source, …) runs, since that name may be spelled in
// pieces (printf -v LOG”_FILE).
func onlyRead(s *shell.Script, src, name string) bool {
	for _, c := range s.Commands {
		switch c.Name {
		case "read", "printf", "declare", "typeset", "export", "local", "readonly", "mapfile", "readarray", "eval",
			"getopts", "let", "source", ".", "unset", "set", "alias", "coproc", "select", "nameref":
			return false
		}
		if c.Dynamic {
			return false
		}
	}
	for i := 0; ; {
		j := strings.Index(src[i:], name)
		if j < 0 {
			return true
		}
		j += i
		end := j + len(name)
		i = j + 1
		if j > 0 && isIdent(src[j-1]) || end < len(src) && isIdent(src[end]) {
			continue // part of a longer word
		}
		switch {
		case j > 0 && src[j-1] == '$':
			continue // $name
		case j > 1 && src[j-2:j] == "${" && end < len(src) && src[end] == '}':
			continue // ${name}
		case (j == 0 || strings.IndexByte(" \t\n;&|(", src[j-1]) >= 0) && mktempAssign(src[end:]):
			continue // name=$(mktemp …)
		}
		return false
	}
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
