package guard

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/inorder"
	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// maxGlob bounds the matches of a glob whose targets rule 1 judges one
// by one; past it the lists decide.
const maxGlob = 256

// maxGlobNames bounds the names of folders a glob reads on disk (see
// readfile.Glob): past it, as past maxGlob.
const maxGlobNames = 1 << 16

// loses is rule 1 on the worktree's state, for a target not on the
// lists: a recursive delete of p, a path inside the git worktree the
// command runs in, is allowed when it would lose nothing git cannot give
// back (files git ignores are regenerable, committed unmodified files are
// recoverable; nothing at the path is nothing lost) and denied when it
// holds work (untracked files git does not ignore, changed tracked
// files), a single file included. A static glob is judged match by match.
// decided is false when the state cannot tell: outside a worktree, git
// missing or too slow, a path the script itself writes to (its state
// now is not its state then), a symbolic link on the way, or a dynamic
// path; the lists decide then.
func (at *place) loses(s *shell.Script, c *shell.Command, p shell.Word) (reason string, deny, decided bool) {
	if at.wt == nil || at.dir == "" || !isAbs(at.dir) {
		return "", false, false
	}
	if p.Dynamic {
		return at.losesGlob(s, c, p)
	}
	return at.losesPath(s, c, p, joinPath(at.dir, p.Value))
}

// losesGlob judges each match of a static glob p (no expansion but
// *, ? and […]): a glob that matches nothing stays a word, which names
// nothing.
func (at *place) losesGlob(s *shell.Script, c *shell.Command, p shell.Word) (string, bool, bool) {
	v := p.Value
	if v == "" || strings.ContainsAny(v, "$`(){}~\\\"'") || strings.Contains(v, "**") || !strings.ContainsAny(v, "*?[") {
		return "", false, false
	}
	pat := joinPath(at.dir, v)
	if top := at.wt.top(at.dir); top == "" || within(top, pat) == "" {
		return "", false, false // the lists decide outside the worktree
	}
	ms, err := readfile.Glob(filepath.FromSlash(pat), maxGlobNames)
	if err != nil || len(ms) > maxGlob {
		return "", false, false
	}
	if len(ms) == 0 {
		return at.losesPath(s, c, p, pat)
	}
	for _, m := range ms {
		abs := cleanPath(filepath.ToSlash(m))
		if _, real, _ := at.linkedThrough(s, c, shell.Static(abs)); real != "" && real != abs {
			// A match reached through a link on disk (packages/x a
			// link to ~): judged where the link takes it.
			if r, deny := at.judgeTree(s, c, shell.Static(abs)); deny {
				return r, true, true
			}
			continue
		}
		r, deny, decided := at.losesPath(s, c, shell.Static(abs), abs)
		if !decided {
			// A match the state cannot tell: the lists decide for it.
			if why, ok := at.scratch(shell.Static(abs)); !ok {
				return reasonTree(c, shell.Static(abs), why+" (a match of "+v+")"), true, true
			}
			continue
		}
		if deny {
			return r, true, true
		}
	}
	return "", false, true
}

// losesPath judges the recursive delete of abs, the clean absolute form
// of p.
func (at *place) losesPath(s *shell.Script, c *shell.Command, p shell.Word, abs string) (string, bool, bool) {
	if !isAbs(abs) {
		return "", false, false
	}
	for _, e := range strings.Split(abs, "/") {
		if strings.EqualFold(e, ".git") {
			return "", false, false // the lists deny it
		}
	}
	top := at.wt.top(at.dir)
	if top == "" || within(top, abs) == "" {
		return "", false, false
	}
	if at.root != "" && (abs == cleanPath(at.root) || within(abs, cleanPath(at.root)) != "") {
		return "", false, false
	}
	if writtenBefore(s, c, at, abs) {
		return "", false, false
	}
	// The path must be in the same worktree, not in a repository nested
	// in it (whose own state git status of this one does not report).
	if t := at.wt.top(at.wt.nearestDir(abs)); t != top {
		return "", false, false
	}
	l := at.wt.lose(top, abs)
	if at.facts(s).gitRewrites && !(l.known && l.exists && l.work == 0 && l.regenerable > 0 && at.wt.untracked(top, abs)) {
		// A git command of the script rewrites files before the delete
		// may run: only a tree of ignored files alone (which git neither
		// writes nor stashes without -a) is still judged by its state.
		return "", false, false
	}
	switch {
	case !l.known:
		return "", false, false
	case !l.exists:
		return "", false, true
	case l.work > 0:
		what := "1 file git has no copy of (untracked, changed since the last commit, or an ignored .env file): " + l.first
		if l.work > 1 {
			what = strconv.Itoa(l.work) + " files git has no copy of (untracked, changed since the last commit, or an ignored .env file), such as " + l.first
		}
		by := "the command"
		if c != nil {
			by = "`" + c.String() + "`"
		}
		if !l.tree {
			what = "work git has no copy of (an untracked file, or one changed since the last commit)"
		}
		return "guard: rule 1 (no recursive delete of anything not scratch): " + by + " deletes " + p.Value +
			", which holds " + what + "; commit or stash that work first, delete the files you mean by name, or ask the user", true, true
	}
	return "", false, true
}

// writtenBefore reports whether the script writes to abs, into it, or to
// a directory holding it, or writes a path known only at run time: what
// is there when the delete by c runs is then not what is there now. When
// the script runs its commands once each in the order written (see
// cutAfter), the writes after c's are not counted: rm -rf build && cmake
// -B build deletes what is there now.
func writtenBefore(s *shell.Script, c *shell.Command, at *place, abs string) bool {
	nw, nc := cutAfter(s, c, at)
	x := at.writes(s)
	return x.w.hits(abs, nw) || x.c.hits(abs, nc)
}

// cutAfter returns how many of s's leading Writes and Commands may run
// before the delete by c ends: all of them, unless the script's text runs
// its commands once each in the order written (no loop, function,
// pipeline, background job, eval, …: inorder.Texts), and every command is
// the script's own or a command substitution's (none runs again through
// xargs, find -exec, a script file, …) and has a static name; then the
// writes through the last delete by c's program, and the commands
// through the last of that name (c included, with all its writes).
func cutAfter(s *shell.Script, c *shell.Command, at *place) (nw, nc int) {
	nw, nc = len(s.Writes), len(s.Commands)
	if c == nil || c.Name == "" || at.src == "" {
		return nw, nc
	}
	m := at.cuts(s)
	if !m.ordered {
		return nw, nc
	}
	last, ok := m.lastCmd[c.Name]
	lastW, okW := m.lastDelete[c.Name]
	if !ok || !okW {
		return nw, nc
	}
	return lastW + 1, last + 1
}

// cutMemo holds what cutAfter needs of one script, found once: whether
// it runs in order, and for each program the index of its last command
// and of its last delete. Once a delete, this cost a pass over the text
// and the script each: 7,000 deletes took 2 s.
type cutMemo struct {
	s          *shell.Script
	ordered    bool
	lastCmd    map[string]int
	lastDelete map[string]int
	index      map[*shell.Command]int
}

// cuts returns s's cutMemo.
func (at *place) cuts(s *shell.Script) *cutMemo {
	if at.cutMemo != nil && at.cutMemo.s == s {
		return at.cutMemo
	}
	m := &cutMemo{s: s, ordered: inorder.Texts(at.src)}
	at.cutMemo = m
	if !m.ordered {
		return m
	}
	m.lastCmd = make(map[string]int)
	m.index = make(map[*shell.Command]int, len(s.Commands))
	for i, x := range s.Commands {
		m.index[x] = i
		if x.Dynamic || slices.ContainsFunc(x.Via, func(v string) bool { return v != "$(…)" }) {
			m.ordered, m.index = false, nil
			return m
		}
		m.lastCmd[x.Name] = i
	}
	m.lastDelete = make(map[string]int)
	for i, w := range s.Writes {
		if w.Delete {
			m.lastDelete[w.By] = i
		}
	}
	return m
}

// before reports whether x is one of s's first n commands.
func (m *cutMemo) before(x *shell.Command, n int) bool {
	if m.index == nil {
		return slices.Contains(m.s.Commands[:n], x)
	}
	i, ok := m.index[x]
	return ok && i < n
}

// subRewrites reports whether a git command may rewrite the worktree's
// files from elsewhere (git stash pop, merge, pull, checkout BRANCH,
// reset, apply, …): the state read before the command runs then does not
// say what a later delete loses (git stash pop && rm -rf src loses the
// stash's work, which the pop dropped). A subcommand a dynamic word hides
// counts; the subcommands that leave the worktree's files alone, or
// whose writes and deletes package shell reports (rm, mv, clean), do not.
//
// sub and hidden are the command's subcommand as gitSub reads it.
func subRewrites(sub string, hidden bool) bool {
	switch sub {
	case "add", "commit", "status", "diff", "log", "show", "grep", "ls-files", "ls-tree", "cat-file", "rev-parse", "blame",
		"describe", "shortlog", "config", "remote", "tag", "push", "fetch", "help", "version", "init", "clone", "archive",
		"format-patch", "check-ignore", "check-attr", "for-each-ref", "show-ref", "reflog", "gc", "fsck", "count-objects",
		"name-rev", "merge-base", "rev-list", "branch", "rm", "mv", "clean", "whatchanged", "shortstat", "var":
		return false
	}
	return hidden || sub != ""
}

// nearestDir is nearestDir, asked of the disk once a folder a call:
// 7,000 deletes in one folder looked it up again each (issue 38).
func (t *worktree) nearestDir(abs string) string {
	d := path2dir(abs)
	if n, ok := t.nearest[d]; ok {
		return n
	}
	if t.nearest == nil {
		t.nearest = map[string]string{}
	}
	n := nearestDir(abs)
	t.nearest[d] = n
	return n
}

// nearestDir returns the nearest directory above abs that exists.
func nearestDir(abs string) string {
	d := path2dir(abs)
	for d != "/" {
		if fi, err := os.Stat(filepath.FromSlash(d)); err == nil && fi.IsDir() {
			return d
		}
		d = path2dir(d)
	}
	return d
}
