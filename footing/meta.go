package footing

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// findSel is what findNames read of a script's find commands: the name
// patterns find selects by (byName), with their case folding.
type findSel struct {
	pats   []string
	fold   []bool
	byName bool
}

// metaWrite judges a change of a file's metadata (chmod, chown, touch,
// setfacl): a mode taken off the hook's binary stops it as surely as a
// new content. The entries find selects (find bin -exec chmod 0 {} +)
// are judged by name or under find's start point, the names xargs reads
// by where they come from, any other path by its word.
func (p *place) metaWrite(sc *shell.Script, ef shell.Effect, f findSel) (string, bool) {
	if strings.Contains(ef.Path.Value, "{}") {
		if f.byName {
			if e, ok := p.findTouches(f.pats, f.fold); ok {
				return p.reason(e, e.Path, "`find` selecting by name, then "+ef.By), true
			}
			return "", false
		}
		start := strings.TrimSuffix(ef.Path.Prefix(), "/")
		if strings.ContainsAny(start, "$`") {
			return "", false
		}
		if start == "" {
			start = "."
		}
		if e, ok := p.Touches(start, true); ok {
			return p.reason(e, e.Path, "`find "+start+"` selecting files by no name, then "+ef.By), true
		}
		return "", false
	}
	if r, deny, ok := p.xargsNames(sc, shell.Write{Path: ef.Path, By: ef.By}); ok {
		return r, deny
	}
	return p.word(ef.Path, true, false, ef.By)
}
