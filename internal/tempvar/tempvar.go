// Package tempvar finds the shell variables of a command that hold a new
// temporary file or directory (tmp=$(mktemp)), for the footing and the
// guard: a write or delete under one changes nothing else.
package tempvar

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Temps returns the variables that hold a new temporary file or
// directory made by mktemp in the system's temporary directory
// (tmp=$(mktemp), d=$(mktemp -d)), and whether mktemp's own files are
// there: a write to "$tmp" or "$d/x" then changes no footing file. A
// variable counts only when the script names it nowhere else but in its
// one assignment and in expansions ($tmp, ${tmp}); mktemp only with no
// directory of its own (no -p, --tmpdir, template with a slash, nor
// TMPDIR named anywhere in the script), since a temporary file made in a
// plugin folder is a new plugin.
func Temps(sc *shell.Script, src string) (vars []string, own bool) {
	if strings.Contains(src, "TMPDIR") {
		return nil, false
	}
	own = true
	for _, c := range sc.Commands {
		if c.Name != "mktemp" {
			continue
		}
		for _, a := range c.Args[1:] {
			switch a.Value {
			case "-d", "-q", "-u", "--directory", "--quiet", "--dry-run":
			default:
				if a.Dynamic || strings.ContainsAny(a.Value, "/=") || strings.HasPrefix(a.Value, "-") {
					return nil, false
				}
			}
		}
	}
	for _, mark := range [...]string{"=$(mktemp", "=\"$(mktemp", "=`mktemp", "=\"`mktemp"} {
		rest := src
		for {
			i := strings.Index(rest, mark)
			if i < 0 {
				break
			}
			j := i
			for j > 0 && IsIdent(rest[j-1]) {
				j--
			}
			if name := rest[j:i]; name != "" && onlyAssigned(src, name) {
				vars = append(vars, name)
			}
			rest = rest[i+len(mark):]
		}
	}
	return vars, own
}

// onlyAssigned reports whether name appears in src only once bare (its
// assignment) and otherwise as $name or ${name} (or after a "-", an
// option letter: mktemp -d).
func onlyAssigned(src, name string) bool { return bareCount(src, name) == 1 }

// OnlyExpanded reports whether name appears in src only as $name or
// ${name}: the script never assigns it.
func OnlyExpanded(src, name string) bool { return bareCount(src, name) == 0 }

// Assigned returns the names that src mentions as a whole word other than
// as an expansion or an option letter (as bareCount counts them): name
// is OnlyExpanded in src when it is not among them. One pass over src,
// for a caller that asks about many names.
func Assigned(src string) map[string]bool {
	bare := map[string]bool{}
	for j := 0; j < len(src); {
		if !IsIdent(src[j]) {
			j++
			continue
		}
		end := j + 1
		for end < len(src) && IsIdent(src[end]) {
			end++
		}
		if !(j > 0 && (src[j-1] == '$' || src[j-1] == '-')) && !(j > 1 && src[j-1] == '{' && src[j-2] == '$') {
			bare[src[j:end]] = true
		}
		j = end
	}
	return bare
}

// bareCount counts the whole-word occurrences of name in src that are
// not an expansion ($name, ${name}) or an option letter (-d).
func bareCount(src, name string) int {
	bare := 0
	for i := 0; ; {
		j := strings.Index(src[i:], name)
		if j < 0 {
			break
		}
		at := i + j
		end := at + len(name)
		whole := (at == 0 || !IsIdent(src[at-1])) && (end == len(src) || !IsIdent(src[end]))
		if whole && !(at > 0 && (src[at-1] == '$' || src[at-1] == '-')) && !(at > 1 && src[at-1] == '{' && src[at-2] == '$') {
			bare++
		}
		i = end
	}
	return bare
}

// IsIdent reports whether b may be part of a shell variable name.
func IsIdent(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// In reports whether the dynamic path w is one of vars or under it,
// with nothing else known only at run time and no "..".
func In(w shell.Word, vars []string) bool {
	for _, v := range vars {
		for _, lead := range [...]string{"$" + v, "${" + v + "}"} {
			rest, ok := strings.CutPrefix(w.Value, lead)
			if !ok || rest != "" && rest[0] != '/' {
				continue
			}
			if !strings.ContainsAny(rest, "$`*?[") && !strings.Contains(rest, "..") {
				return true
			}
		}
	}
	return false
}
