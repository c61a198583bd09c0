package guard

import (
	"os"
	"path"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// scratchNames are the last elements of the regenerable build
// directories a recursive delete inside the project may target.
var scratchNames = []string{"node_modules", "dist", "target", ".venv", "venv", "__pycache__", ".pytest_cache",
	".mypy_cache", ".next", ".nuxt", "coverage", ".gradle", ".turbo"}

// ScratchNames returns the names of the build directories that rule 1
// lets a recursive delete inside the project target: node_modules, dist,
// target, .venv, venv, __pycache__, .pytest_cache, .mypy_cache, .next,
// .nuxt, coverage, .gradle and .turbo. Not build, out, src or lib: those
// hold sources in many repositories.
func ScratchNames() []string { return slices.Clone(scratchNames) }

// tempDirs are the directories under which any static path is scratch.
var tempDirs = []string{"/tmp", "/var/tmp"}

// recursiveDeletes is rule 1: every target of a recursive delete must be
// scratch.
func recursiveDeletes(s *shell.Script, at *place) (string, bool) {
	var room [16]*shell.Effect
	decided := room[:0] // judged by what a find selects, or with their command
	for _, c := range s.Commands {
		switch c.Name {
		case "rm":
			if r, deny := rmOptions(s, c, at); deny {
				return r, true
			}
		case "find":
			if deletes(c) {
				if r, deny := findStarts(s, c, at); deny {
					return r, true
				}
			}
		}
		if len(at.movers(s)) == 0 {
			// nothing moves files (movedInto's test, inline)
		} else if r, deny := movedInto(s, c, at); deny {
			return r, true
		}
		if c.Name == "git" && slices.ContainsFunc(c.Effects, func(e shell.Effect) bool { return e.Kind == shell.Deletes && e.Recursive }) {
			// Asked only of a git command that deletes a tree (git clean,
			// not git checkout BRANCH: a git status a command of 60
			// checkouts did not need).
			if kept, _ := at.pathsKept(s, c); kept {
				// git clean of what git can tell is not work (see rule 2).
				for i := range c.Effects {
					decided = append(decided, &c.Effects[i])
				}
				continue
			}
		}
		// What a find selects by name ({} of its -exec, or its own
		// -delete) is judged by the names.
		f := at.findRuns(s, c)
		if c.Name == "find" {
			f = c
		}
		for i := 0; c.HasEffect(shell.Deletes) && i < len(c.Effects); i++ {
			e := &c.Effects[i]
			if e.Kind == shell.Deletes && e.Recursive {
				if f != nil && (f == c || selected(e.Path.Value)) {
					if r, deny, ok := at.findDeletes(f, f != c); ok {
						if deny {
							return r, true
						}
						decided = append(decided, e)
						continue
					}
				}
				if r, deny := at.judgeTree(s, c, e.Path); deny {
					return r, true
				}
				decided = append(decided, e) // judged with its command (see writtenBefore)
			}
		}
	}
	// A write judged already is the next of decided, most often (both
	// are in the walk's order); others are looked up by program and path:
	// a scan of decided a write made 7,000 deletes cost a quarter of a
	// second.
	var byPath map[[2]string][]shell.Word
	next := 0
	for _, w := range s.Writes {
		if !w.Delete || !w.Recursive {
			continue
		}
		if next < len(decided) && decided[next].By == w.By && decided[next].Path.Equal(w.Path) {
			next++
			continue
		}
		if byPath == nil {
			byPath = make(map[[2]string][]shell.Word, len(decided))
			for _, e := range decided {
				k := [2]string{e.By, e.Path.Value}
				byPath[k] = append(byPath[k], e.Path)
			}
		}
		if !slices.ContainsFunc(byPath[[2]string{w.By, w.Path.Value}], w.Path.Equal) {
			if r, deny := at.judgeTree(s, nil, w.Path); deny {
				return r, true
			}
		}
	}
	return "", false
}

// judgeTree is rule 1 on one target p of a recursive delete by c (nil
// when not known): a target on the lists passes (see scratch); another
// is judged by what the worktree says it would lose when the state can
// be read (see loses), and denied otherwise.
func (at *place) judgeTree(s *shell.Script, c *shell.Command, p shell.Word) (string, bool) {
	if p.Dynamic {
		if r, ok := at.resolved(p); ok {
			p = shell.Static(r) // ~/x, "$tmp/x": judged where it is, by the worktree's state too
		}
	}
	if r, real, deny := at.linkedThrough(s, c, p); deny {
		return r, true
	} else if real != "" && real != joinPath(at.dir, p.Value) && at.links < 8 {
		// A link on disk on the way: judged where it takes the delete.
		at.links++
		defer func() { at.links-- }()
		if r, deny := at.judgeTree(s, c, shell.Static(real)); deny {
			return r + " (" + p.Value + " is reached through a symbolic link)", true
		}
		return "", false
	}
	why, ok := at.scratch(p)
	if ok {
		return "", false // on the lists: regenerable by convention, whatever git says
	}
	if r, deny, decided := at.loses(s, c, p); decided {
		return r, deny
	}
	if at.insideScratch(p) {
		return "", false // inside a build directory, where the worktree's state does not tell
	}
	if at.onlyMovedScratch(s, p) {
		return "", false // mv build build.old && rm -rf build.old
	}
	return reasonTree(c, p, why), true
}

// movedInto denies a recursive delete by c of a scratch target that a
// mv of the same script moves something into (or whose directory it
// replaces): `mv src /tmp/x && rm -rf /tmp/x` deletes src. A mv after
// the delete in a script that runs in order does not count (see
// cutAfter): rm -rf /tmp/x && mv src /tmp/x deletes nothing of src.
func movedInto(s *shell.Script, c *shell.Command, at *place) (string, bool) {
	movers := at.movers(s)
	if len(movers) == 0 {
		return "", false // nothing moves files: the paths need not be read
	}
	for _, e := range c.Effects {
		if e.Kind != shell.Deletes || !e.Recursive {
			continue
		}
		t, ok := at.treePath(e.Path)
		if !ok {
			continue // known only at run time: denied as such
		}
		_, nc := cutAfter(s, c, at)
		for _, m := range movers {
			if m == c || !at.cuts(s).before(m, nc) {
				continue // after the delete, in a script that runs in order
			}
			if m.Name != "mv" && m.Name != "rsync" && m.Name != "rename" && at.movesWithin(m, t) {
				continue // gzip build/x && rm -rf build: nothing comes from outside
			}
			if at.movesScratch(s, m) {
				continue // mv build build.old && rm -rf build.old: what moves there is build's
			}
			for _, w := range m.Effects {
				if w.Kind != shell.Writes {
					continue
				}
				d, ok := at.treePath(w.Path)
				if !ok || d == t || within(t, d) != "" || within(d, t) != "" {
					return "guard: rule 1 (no recursive delete of anything not scratch): `" + c.String() + "` deletes " + e.Path.Value + ", " +
						"where `" + m.String() + "` moves files; what is moved there is not scratch: delete it by name, or ask the user", true
				}
			}
		}
	}
	return "", false
}

// movers returns the commands of s that move files (mv, rsync,
// rename), found once a script.
func (at *place) movers(s *shell.Script) []*shell.Command {
	if at.moverMemo != nil && at.moverMemo.s == s {
		return at.moverMemo.cmds // asked of each command: inlined
	}
	return at.moversOf(s)
}

// moversOf is movers, found.
func (at *place) moversOf(s *shell.Script) []*shell.Command {
	var out []*shell.Command
	for _, m := range s.Commands {
		if m.Name == "mv" || m.Name == "rsync" || m.Name == "rename" || m.HasEffect(shell.Writes) && m.HasEffect(shell.Deletes) && moves(m) {
			out = append(out, m)
		}
	}
	at.moverMemo = &moverMemo{s, out}
	return out
}

// moves reports whether c moves files: it deletes (moves away) a path
// and writes another path, as git mv does (`git mv src node_modules/s && rm
// -rf node_modules` deletes src).
//
// It is one pass for a write and one for a pair (rm with 8,000 operands
// took 87 ms with a pass over the effects for each delete): with w the
// first write, a delete of another path than w's makes a pair with w;
// when every delete is of w's path, a write of another path makes a
// pair with any delete.
func moves(c *shell.Command) bool {
	var w *shell.Effect
	for i := range c.Effects {
		if e := &c.Effects[i]; e.Kind == shell.Writes && !e.Meta {
			w = e
			break
		}
	}
	if w == nil {
		return false
	}
	deletes := false
	for i := range c.Effects {
		if d := &c.Effects[i]; d.Kind == shell.Deletes && !d.Recursive {
			if !w.Path.Equal(d.Path) {
				return true
			}
			deletes = true
		}
	}
	if !deletes {
		return false
	}
	for i := range c.Effects {
		if e := &c.Effects[i]; e.Kind == shell.Writes && !e.Meta && !e.Path.Equal(w.Path) {
			return true
		}
	}
	return false
}

// movesWithin reports whether every path m moves away is t or inside t.
func (at *place) movesWithin(m *shell.Command, t string) bool {
	for _, e := range m.Effects {
		if e.Kind != shell.Deletes {
			continue
		}
		p, ok := at.treePath(e.Path)
		if !ok || p != t && within(t, p) == "" {
			return false
		}
	}
	return true
}

// moverMemo holds movers' answer for one script.
type moverMemo struct {
	s    *shell.Script
	cmds []*shell.Command
}

// treePath returns the clean absolute (or start-relative) path p names:
// a static one, one the hook resolves (see resolved), or, for a glob
// inside a temporary folder, the folder it matches in; false when it is
// known only at run time.
func (at *place) treePath(p shell.Word) (string, bool) {
	switch {
	case !p.Dynamic:
		return joinPath(at.dir, p.Value), true
	case at.globInTemp(p):
		v := p.Value
		return joinPath(at.dir, v[:strings.LastIndexByte(v[:strings.IndexAny(v, "*?[")], '/')+1]), true
	}
	if r, ok := at.resolved(p); ok {
		return joinPath(at.dir, r), true
	}
	return "", false
}

// deletes reports whether c deletes a tree, by its effects.
func deletes(c *shell.Command) bool {
	for _, e := range c.Effects {
		if e.Kind == shell.Deletes && e.Recursive {
			return true
		}
	}
	return false
}

// reasonTree is rule 1's reason for a recursive delete of p by c (nil
// when not known).
func reasonTree(c *shell.Command, p shell.Word, why string) string {
	return "guard: rule 1 (no recursive delete of anything not scratch): " + by(c) + " deletes the tree at " + p.Value + ", " + why + "; " +
		"delete the files you mean by name, spell out a scratch path (a temp dir under /tmp, or a build directory " +
		"such as node_modules or dist inside the project), or ask the user"
}

// scratch reports whether p, the target of a recursive delete (relative
// to the directory the command starts in, as package shell resolves it),
// is scratch; when it is not, why says why.
func (at *place) scratch(p shell.Word) (why string, ok bool) {
	raw := p.Value
	if p.Dynamic {
		r, ok := at.resolved(p)
		if !ok {
			if at.globInTemp(p) {
				return "", true
			}
			return "which is known only at run time", false
		}
		raw = r
	}
	if raw == "" {
		return "an empty path", false
	}
	abs := joinPath(at.dir, raw)
	if !isAbs(abs) {
		// No working directory: relative to the project.
		return scratchIn(abs, at.cfg)
	}
	if at.root != "" {
		root := cleanPath(at.root)
		switch {
		case abs == root:
			return "the project itself", false
		case within(abs, root) != "":
			return "which holds the project", false
		case within(root, abs) != "":
			return scratchIn(within(root, abs), at.cfg)
		}
	}
	for _, t := range tempDirs {
		if within(t, abs) != "" {
			return "", true
		}
	}
	if home := os.Getenv("HOME"); strings.HasPrefix(home, "/") {
		for _, c := range [...]string{".cache", "Library/Caches", ".npm/_cacache", ".gradle/caches", ".cargo/registry/cache"} {
			if within(path.Join(home, c), abs) != "" {
				return "", true // the user's caches: regenerable by definition
			}
		}
	}
	return "which is outside the project and not under /tmp or /var/tmp", false
}

// scratchIn reports whether rel, a clean path inside the project, is a
// build directory whose name is on the list.
func scratchIn(rel string, cfg *Config) (string, bool) {
	if rel == "." || rel == "" {
		return "the project itself", false
	}
	if strings.HasPrefix(rel, "../") || rel == ".." {
		return "which is outside the project", false
	}
	for e := range strings.SplitSeq(rel, "/") {
		// No rune past ASCII folds to a letter of .git (TestGitFoldsASCII):
		// an element that is .git in any case is four bytes.
		if len(e) == 4 && strings.EqualFold(e, ".git") {
			return "inside .git", false
		}
	}
	if !slices.Contains(scratchNames, path.Base(rel)) && (cfg == nil || !slices.Contains(cfg.Scratch, path.Base(rel))) {
		return "which is not on the guard's list of build directories", false
	}
	return "", true
}

// within returns p relative to dir when p is strictly inside dir, else
// "". Both are clean, absolute paths.
func within(dir, p string) string {
	if dir == "/" {
		return strings.TrimPrefix(p, "/")
	}
	if rest, ok := strings.CutPrefix(p, dir+"/"); ok {
		return rest
	}
	return ""
}

// cleanPath is path.Clean that keeps "" as "" (path.Clean returns a
// clean path as it is, without allocating).
func cleanPath(p string) string {
	if p == "" || p == "/" || cleanRel(p) || p[0] == '/' && cleanRel(p[1:]) {
		return p // what Clean gives
	}
	return path.Clean(p)
}

// cleanRel reports whether p is a relative path that path.Clean leaves
// as it is: not empty, without a leading or trailing slash, and no
// element empty, "." or "..".
func cleanRel(p string) bool {
	if p == "" || p[0] == '/' || p[len(p)-1] == '/' {
		return false
	}
	for p != "" {
		e, rest, _ := strings.Cut(p, "/")
		if e == "" || e == "." || e == ".." {
			return false
		}
		p = rest
	}
	return true
}

// isAbs reports whether p (slash form, or a Windows drive path) is
// absolute.
func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || len(p) >= 3 && p[1] == ':' && (p[2] == '/' || p[2] == '\\')
}
