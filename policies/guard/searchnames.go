package guard

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on the names a search prints, read through a command
// substitution or a variable (issue 38): `cat $(grep -rl TODO src)` and
// `for f in $(grep -rl TODO src); do head "$f"; done` were denied as
// names a program makes up, though src held no credential file, while
// the pipe's form, `grep -rl TODO src | xargs cat`, passed. A search's
// names are those of files under the folders it searches (or the files
// it is given) whose text matches it: they are now judged as the pipe's
// are, on the disk (noCredentialUnder, which reads each credential file
// under the folder for the search's pattern), when the script changes
// no directory (a cd before would move the folder). `cat $(grep -rl KEY
// app)`, with app/.env holding KEY=1, is still denied.

// searchNamesSafe reports whether no name the search c of script s
// prints can be a credential file's (see above): false for any other
// command, and when the guard cannot tell.
func (at *place) searchNamesSafe(s *shell.Script, c *shell.Command, extra []string) bool {
	switch c.Name {
	case "grep", "egrep", "fgrep", "rg", "ag", "ack":
	default:
		return false
	}
	if c.Dynamic || at.dir == "" || at.cfg != nil && at.cfg.Away || at.facts(s).cd {
		return false
	}
	ws := shell.NamesPrinted(c)
	for _, w := range ws {
		switch {
		case !w.Dynamic:
			// A file it is given (grep -l TODO a.go): its own name, or a
			// link on the disk to one.
			if _, ok := secretInWord(w.Value, extra); ok {
				return false
			}
			if _, ok := at.readThrough(w, extra); ok {
				return false
			}
		case strings.Contains(w.Value, "(output of "):
			if !at.noCredentialUnder(w, extra) {
				return false
			}
		default:
			return false
		}
	}
	return len(ws) > 0
}

// substSearchSafe is searchNamesSafe for the search that read p, a word
// that is one command substitution of one simple command ($(grep -rl
// TODO src)), runs.
func (at *place) substSearchSafe(s *shell.Script, p shell.Word, extra []string) bool {
	v := p.Value
	text, ok := strings.CutPrefix(v, "$(")
	if !ok || !p.Dynamic {
		return false
	}
	text, ok = strings.CutSuffix(text, ")")
	if !ok || strings.ContainsAny(text, "|;&`$()<>\n\\") {
		return false // one command, nothing expanded in it
	}
	if at.dir == "" || at.facts(s).cd {
		return false // as searchNamesSafe says: asked before its answer is kept
	}
	// Once a call for each substitution's text (cat $(grep -rl TODO src)
	// 3,000 times parsed it 3,000 times).
	m := at.disk()
	key := "subst\x00" + at.dir + "\x00" + text
	if safe, ok := m.seen[key]; ok {
		return safe
	}
	sub, err := (&shell.Parser{}).Parse(at.context(), text)
	safe := err == nil && len(sub.Commands) == 1 && at.searchNamesSafe(s, sub.Commands[0], extra)
	m.seen[key] = safe
	return safe
}
