package shell

import "strings"

// runsLater reports whether t holds any of the texts of loopItems's
// refusal (code that runs later or elsewhere, or sets variables): "()",
// function, alias, trap, -c, eval, source, export, declare, typeset,
// readonly, local, read, unset, printf, let, mapfile, readarray, xargs,
// find, parallel, <<, $(( or a backquote. One pass over t, looking
// further only at a byte that starts one of them (TestRunsLater).
func runsLater(t string) bool {
	for i := 0; i < len(t); i++ {
		s := t[i:]
		var hit bool
		switch t[i] {
		case '`':
			return true
		case '(':
			hit = strings.HasPrefix(s, "()")
		case '-':
			hit = strings.HasPrefix(s, "-c")
		case '<':
			hit = strings.HasPrefix(s, "<<")
		case '$':
			hit = strings.HasPrefix(s, "$((")
		case 'a':
			hit = strings.HasPrefix(s, "alias")
		case 'd':
			hit = strings.HasPrefix(s, "declare")
		case 'e':
			hit = strings.HasPrefix(s, "eval") || strings.HasPrefix(s, "export")
		case 'f':
			hit = strings.HasPrefix(s, "function") || strings.HasPrefix(s, "find")
		case 'l':
			hit = strings.HasPrefix(s, "local") || strings.HasPrefix(s, "let")
		case 'm':
			hit = strings.HasPrefix(s, "mapfile")
		case 'p':
			hit = strings.HasPrefix(s, "printf") || strings.HasPrefix(s, "parallel")
		case 'r':
			hit = strings.HasPrefix(s, "read") // readonly, readarray
		case 's':
			hit = strings.HasPrefix(s, "source")
		case 't':
			hit = strings.HasPrefix(s, "trap") || strings.HasPrefix(s, "typeset")
		case 'u':
			hit = strings.HasPrefix(s, "unset")
		case 'x':
			hit = strings.HasPrefix(s, "xargs")
		}
		if hit {
			return true
		}
	}
	return false
}
