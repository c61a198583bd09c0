package guard

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// A recursive delete goes where the kernel takes its path: through a
// symbolic link on the way (not the last element, which rm removes as a
// link), into the folder the link points to. ln -s ~/p/src /tmp/l && rm
// -rf /tmp/l/sub deletes ~/p/src/sub. So rule 1 judges a target through
// a link made by the command itself as one it cannot see, and a target
// through a link on disk (made by an earlier call) where the link takes
// it.

// linkedThrough returns a reason to deny the recursive delete of p (a
// static path as package shell resolves it) when a link on its way is
// made by the command (ln, link, cp -s or -l), and otherwise the path it
// really names when a link on disk is on its way ("" when none is, or
// the disk cannot be read).
func (at *place) linkedThrough(s *shell.Script, c *shell.Command, p shell.Word) (reason, real string, deny bool) {
	if p.Dynamic || s == nil {
		return "", "", false
	}
	if i, ok := at.linkOn(s, p.Value); ok {
		lw := at.linkWrites(s)[i]
		return "guard: rule 1 (no recursive delete of anything not scratch): " + by(c) + " deletes " + p.Value +
			" through " + lw.e.Path.Value + ", which `" + clip(lw.by.String()) + "` makes a link that may take it anywhere; " +
			"delete the files you mean by their own path, or ask the user", "", true
	}
	if at.dir == "" || !isAbs(at.dir) || at.cfg != nil && at.cfg.Away {
		return "", "", false
	}
	abs := joinPath(at.dir, p.Value)
	parts := strings.Split(strings.TrimPrefix(abs, "/"), "/")
	// The first element is the system's (/tmp is a link on macOS); the
	// last is what rm removes, a link or not.
	for i := 2; i < len(parts); i++ {
		anc := "/" + strings.Join(parts[:i], "/")
		l := at.lstat(anc)
		if !l.exists {
			return "", "", false // not there: nothing to follow
		}
		if !l.link {
			continue
		}
		to, err := filepath.EvalSymlinks(filepath.FromSlash(anc))
		if err != nil {
			return "", "", false
		}
		real = filepath.ToSlash(to) + "/" + strings.Join(parts[i:], "/")
		if root := cleanPath(at.root); root != "" {
			// A project reached through a link of its own (~/code a
			// link to /mnt/code): inside it, its own paths.
			if rr, err := filepath.EvalSymlinks(filepath.FromSlash(root)); err == nil {
				rr = filepath.ToSlash(rr)
				if rel := within(rr, real); rel != "" && rr != root {
					real = root + "/" + rel
				} else if real == rr {
					real = root
				}
			}
		}
		return "", real, false
	}
	return "", "", false
}

// lstatAnswer is what the disk said of a folder on a delete's way.
type lstatAnswer struct{ exists, link bool }

// lstat asks the disk about the folder anc once a call: 6,000 deletes
// under /a/b/c/ looked each folder up again (issue 38).
func (at *place) lstat(anc string) lstatAnswer {
	if a, ok := at.lstats[anc]; ok {
		return a
	}
	if at.lstats == nil {
		at.lstats = map[string]lstatAnswer{}
	}
	var a lstatAnswer
	if fi, err := os.Lstat(filepath.FromSlash(anc)); err == nil {
		a = lstatAnswer{exists: true, link: fi.Mode()&os.ModeSymlink != 0}
	}
	at.lstats[anc] = a
	return a
}

// by names c in a reason ("the command" when c is nil).
func by(c *shell.Command) string {
	if c == nil {
		return "the command"
	}
	return "`" + clip(c.String()) + "`"
}

// A linkWrite is a path a command of the script makes a link at.
type linkWrite struct {
	e  shell.Effect
	by *shell.Command
}

// linkWrites returns the paths the commands of s make links at, read
// once a script (a script of many deletes asks for each).
func (at *place) linkWrites(s *shell.Script) []linkWrite {
	if at.linkMemo != nil && at.linkMemo.s == s {
		return at.linkMemo.writes
	}
	var out []linkWrite
	for _, l := range s.Commands {
		if !l.MakesLinks() {
			continue
		}
		for _, e := range l.Effects {
			if e.Kind == shell.Writes {
				out = append(out, linkWrite{e, l})
			}
		}
	}
	at.linkMemo = indexLinks(s, out)
	return out
}

// indexLinks returns the linkMemo of the link writes ws of s.
func indexLinks(s *shell.Script, ws []linkWrite) *linkMemo {
	m := &linkMemo{s: s, writes: ws}
	if len(ws) == 0 {
		return m // nil maps: nothing found in them
	}
	m.static, m.dynamic = map[string]int{}, map[string]int{}
	for i, lw := range ws {
		if lw.e.Path.Dynamic {
			pre := lw.e.Path.Prefix()
			if _, ok := m.dynamic[pre]; !ok {
				m.dynamic[pre] = i
				m.lens = append(m.lens, len(pre))
			}
		}
		if k := strings.TrimSuffix(lw.e.Path.Value, "/") + "/"; !hasKey(m.static, k) {
			m.static[k] = i
		}
	}
	slices.Sort(m.lens)
	m.lens = slices.Compact(m.lens)
	return m
}

// linkMemo holds linkWrites' answer for one script, and the first link
// write of each prefix a path it takes starts with: the static path
// with a slash after it, and the static prefix of a dynamic one (lens:
// their lengths). A delete looked through every link write: 3,000
// `ln -s` then 3,000 deletes took 1.7 s (issue 38).
type linkMemo struct {
	s       *shell.Script
	writes  []linkWrite
	static  map[string]int
	dynamic map[string]int
	lens    []int
}

// linkOn returns the index in linkWrites of the first link write of s
// whose path v goes through: v starts with a dynamic link path's static
// prefix, or with a link path and a slash.
func (at *place) linkOn(s *shell.Script, v string) (int, bool) {
	ws := at.linkWrites(s)
	if len(ws) == 0 {
		return 0, false // no link: v's prefixes need not be looked up
	}
	m := at.linkMemo
	first := len(ws)
	for _, n := range m.lens {
		if n > len(v) {
			break
		}
		if i, ok := m.dynamic[v[:n]]; ok && i < first {
			first = i
		}
	}
	for i := 0; i < len(v); i++ {
		if v[i] != '/' {
			continue
		}
		if j, ok := m.static[v[:i+1]]; ok && j < first {
			first = j
		}
	}
	return first, first < len(ws)
}

// hasKey reports whether m holds k.
func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}
