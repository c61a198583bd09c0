package guard

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// onlyMovedScratch reports whether p, a static path with nothing on the
// disk, holds when it is deleted only what a mv of the script moves
// there whose sources rule 1 lets a delete take (movesScratch): every
// write of the script to p, in it or over it, is such a mv's.
func (at *place) onlyMovedScratch(s *shell.Script, p shell.Word) bool {
	if s == nil || p.Dynamic || at.dir == "" || !isAbs(at.dir) || at.cfg != nil && at.cfg.Away {
		return false
	}
	if _, err := os.Lstat(filepath.FromSlash(joinPath(at.dir, p.Value))); !os.IsNotExist(err) {
		return false
	}
	related := func(w string) bool {
		return path.Clean(w) == path.Clean(p.Value) || within(p.Value, w) != "" || within(w, p.Value) != ""
	}
	some := false
	for i := range s.Writes {
		if w := &s.Writes[i]; !w.Delete && (w.Path.Dynamic || related(w.Path.Value)) && w.By != "mv" {
			return false
		}
	}
	for _, m := range s.Commands {
		for _, e := range m.Effects {
			if e.Kind == shell.Writes && (e.Path.Dynamic || related(e.Path.Value)) {
				if !at.movesScratch(s, m) {
					return false
				}
				some = true
			}
		}
	}
	return some
}

// movesScratch reports whether m is a mv whose every source rule 1
// lets a recursive delete take (issue 38: `mv build build.old && rm -rf
// build.old` was denied, though `rm -rf build` passes): a static path
// written without a trailing slash (mv link/ x moves what the link
// points to), which nothing in the script writes or moves (mv src build
// && mv build b.old: build holds src then), judged as the delete of it
// would be, by the lists or the worktree's state (judgeTree).
func (at *place) movesScratch(s *shell.Script, m *shell.Command) bool {
	if m.Name != "mv" || len(m.Args) < 3 {
		return false
	}
	for _, a := range m.Args[1:] {
		if a.Dynamic || len(a.Value) > 1 && strings.HasSuffix(a.Value, "/") || slashDotDot(a.Value) {
			return false
		}
	}
	some := false
	for _, e := range m.Effects {
		if e.Kind != shell.Deletes {
			continue
		}
		if e.Path.Dynamic {
			return false
		}
		for i := range s.Writes {
			w := &s.Writes[i]
			if w.Delete {
				continue
			}
			if w.Path.Dynamic || w.MayBe(e.Path.Value) || within(e.Path.Value, w.Path.Value) != "" || within(w.Path.Value, e.Path.Value) != "" {
				if !slices.ContainsFunc(m.Effects, func(x shell.Effect) bool { return x.Kind == shell.Writes && x.Path.Equal(w.Path) }) {
					return false // written or moved there by another command
				}
			}
		}
		if _, deny := at.judgeTree(s, nil, e.Path); deny {
			return false
		}
		some = true
	}
	return some
}
