package guard

import (
	"bytes"
	"path"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// pathsKept reports whether git command c, a checkout or restore of
// paths over the worktree (git checkout -- FILE, git checkout main --
// FILE, git restore --source=X FILE: a discard by its words), loses
// nothing by the worktree's state: each path is static and in the
// worktree git starts in, and holds no change git has no copy of
// (changed, staged, untracked, or an ignored .env file), and nothing in
// the command may change that state first.
//
// When the state was read and a path holds such a change, found names
// it, for the reason.
func (at *place) pathsKept(s *shell.Script, c *shell.Command) (kept bool, found string) {
	if at.wt == nil || at.dir == "" || !isAbs(at.dir) {
		return false, ""
	}
	if f := at.facts(s); f.cd || f.before(f.rewrite, c) {
		return false, "" // git stash pop && git checkout -- .: the state read is not the one it meets
	}
	sub, ok := c.Subcommand(shell.Git)
	if !ok || len(c.Args)-len(sub) > 1 {
		return false, "" // -C DIR, -c …: another repository, or settings
	}
	var paths []shell.Word
	lost := func(code string, name string) bool {
		return code != "!!" || IsEnvFile(path.Base(strings.TrimSuffix(name, "/")))
	}
	switch sub[0].Value {
	case "reset":
		// --hard to HEAD: the index and tracked files go back to HEAD;
		// untracked and ignored files stay.
		f := gitReset.Parse(sub[1:])
		if !f.Has("hard") || f.Has("merge", "keep", "p", "patch", "pathspec-from-file") || len(f.Unsure) > 0 ||
			len(f.Operands) > 1 || len(f.Operands) == 1 && (f.Operands[0].Dynamic || f.Operands[0].Value != "HEAD") {
			return false, ""
		}
		paths = []shell.Word{shell.Static(".")}
		lost = func(code, _ string) bool { return code != "??" && code != "!!" }
	case "clean":
		// Untracked files not ignored; with -x ignored ones too, with -X
		// those alone: of which an ignored .env is lost (no build makes
		// its secrets again).
		f := gitClean.Parse(sub[1:])
		if f.Has("i", "interactive", "e", "exclude") || len(f.Unsure) > 0 {
			return false, ""
		}
		paths = f.Operands
		if len(paths) == 0 {
			paths = []shell.Word{shell.Static(".")}
		}
		switch {
		case f.Has("X"):
			lost = func(code, name string) bool {
				return code == "!!" && IsEnvFile(path.Base(strings.TrimSuffix(name, "/")))
			}
		case f.Has("x"):
		default:
			lost = func(code, _ string) bool { return code == "??" }
		}
	case "checkout":
		f := gitCheckout.Parse(sub[1:])
		if f.Has("f", "force", "b", "B", "orphan", "m", "merge", "p", "patch", "pathspec-from-file") || len(f.Unsure) > 0 {
			return false, ""
		}
		paths = checkoutOperands(sub[1:], f, at)
	case "restore":
		f := gitRestore.Parse(sub[1:])
		if f.Has("p", "patch", "m", "merge", "pathspec-from-file") || len(f.Unsure) > 0 {
			return false, ""
		}
		paths = f.Operands
	default:
		return false, ""
	}
	if len(paths) == 0 {
		return false, ""
	}
	top := at.wt.top(at.dir)
	if top == "" {
		return false, ""
	}
	for _, p := range paths {
		v := p.Value
		if p.Dynamic || v == "" || strings.HasPrefix(v, "-") || strings.HasPrefix(v, ":") || strings.ContainsAny(v, "*?[\\") {
			return false, ""
		}
		abs := joinPath(at.dir, v)
		rel := within(top, abs)
		if abs == top {
			rel = "."
		} else if rel == "" {
			return false, ""
		}
		for _, w := range s.Writes {
			if w.Delete || strings.HasPrefix(w.By, "git") {
				continue // git's own (a git command before is judged above)
			}
			if d := joinPath(at.dir, w.Path.Value); w.Path.Dynamic || d == abs || within(abs, d) != "" || within(d, abs) != "" {
				return false, "" // echo x >> f && git checkout -- f: the change is there when git runs
			}
		}
		known, first := at.wt.entries(top, ":(literal)"+rel, lost)
		if !known {
			return false, ""
		}
		if first != "" {
			return false, first
		}
	}
	return true, ""
}

// checkoutOperands returns the paths of git checkout's words args
// (parsed as f): those after "--", or else the operands, less a first
// one the repository knows as a ref (the tree-ish they come from).
func checkoutOperands(args []shell.Word, f shell.Flags, at *place) []shell.Word {
	for i, a := range args {
		if !a.Dynamic && a.Value == "--" {
			return args[i+1:]
		}
	}
	ops := f.Operands
	if len(ops) > 1 && !ops[0].Dynamic && at.wt.refExists(at.dir, ops[0].Value) == yes {
		return ops[1:]
	}
	return ops
}

// entries reads git status for pathspec in the worktree at top and
// returns the first entry lost(code, name) says would be lost (code is
// git's two letters: "??" untracked, "!!" ignored, else a change);
// known is false when the state cannot be read (see status). A .env
// file inside a folder git lists as ignored whole is found by a walk
// (ignoredEnv).
func (t *worktree) entries(top, pathspec string, lost func(code, name string) bool) (known bool, first string) {
	if reachesSubmodule(top, pathspec) {
		return false, ""
	}
	out, err := t.run(t.ctx, top, statusArgs(pathspec)...)
	if err != nil {
		return false, ""
	}
	for _, e := range bytes.Split(out, []byte{0}) {
		if len(e) < 4 {
			continue
		}
		code, name := string(e[:2]), string(e[3:])
		if lost(code, name) {
			return true, name
		}
		// A folder git ignores whole: the .env files in it are not listed.
		if code == "!!" && strings.HasSuffix(name, "/") && lost(code, ".env") {
			if f, ok := t.ignoredEnv(top, envRoot(name, pathspec), pathspec); ok {
				return true, f
			}
		}
	}
	return true, ""
}

// statusArgs are git status's words for pathspec, as status and
// entries ask them.
func statusArgs(pathspec string) []string {
	return []string{"status", "--porcelain=v1", "-z", "--ignored=matching", "--untracked-files=all",
		"--no-renames", "--ignore-submodules=all", "--", pathspec}
}

// earlyKept starts early (see worktree.early) the git status pathsKept
// asks for `git checkout WORD` (c, asked of asRef) when c is the first
// command of s that may rewrite the worktree: it then runs while git
// says whether WORD is a ref or a path.
func (at *place) earlyKept(s *shell.Script, c *shell.Command, word string) {
	if f := at.facts(s); f.cd || f.before(f.rewrite, c) {
		return
	}
	top := at.wt.top(at.dir)
	abs := joinPath(at.dir, word)
	rel := within(top, abs)
	if top == "" || rel == "" || abs == top || reachesSubmodule(top, ":(literal)"+rel) {
		return
	}
	at.wt.early(top, statusArgs(":(literal)"+rel))
}

// branchesKept reports whether git branch -D (or --delete --force) of
// c loses no commit, by the repository's state: each branch named is
// merged into HEAD (its commits stay reachable), or does not exist (git
// fails on it), and nothing before it in the command moves refs.
func (at *place) branchesKept(s *shell.Script, c *shell.Command) bool {
	if at.wt == nil || at.dir == "" || !isAbs(at.dir) {
		return false
	}
	if f := at.facts(s); f.cd || f.before(f.moves, c) {
		return false
	}
	sub, ok := c.Subcommand(shell.Git)
	if !ok || sub[0].Value != "branch" || len(c.Args)-len(sub) > 1 {
		return false
	}
	f := gitBranch.Parse(sub[1:])
	if len(f.Unsure) > 0 || len(f.Operands) == 0 || f.Has("r", "remotes", "a", "all", "m", "M", "c", "C", "move", "copy") {
		return false
	}
	for _, b := range f.Operands {
		if b.Dynamic || b.Value == "" || strings.HasPrefix(b.Value, "-") || strings.ContainsAny(b.Value, "*?[") {
			return false
		}
		ref := "refs/heads/" + b.Value
		switch at.wt.refExists(at.dir, ref) {
		case no:
			continue // git fails on it: nothing is deleted
		case unknown:
			return false
		}
		if _, err := at.wt.run(at.wt.ctx, at.dir, "merge-base", "--is-ancestor", ref, "HEAD"); err != nil {
			return false // not merged into HEAD, or git could not tell
		}
	}
	return true
}
