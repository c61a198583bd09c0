package guard

import (
	"path"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// gitLoses is rule 2 on the git commands that lose committed work
// without touching the working tree (issue 38): git reflog expire and
// git reflog delete (the stash is a reflog: they drop stashes), and the
// commands that move or overwrite an existing branch (git branch -f,
// -M, -C, git checkout -B, git switch -C, git update-ref): the commits
// only that branch held are no longer reachable. A branch that the
// repository says does not exist yet is created, and passes.
func gitLoses(s *shell.Script, c *shell.Command, at *place) (string, bool) {
	sub, ok := c.Subcommand(shell.Git)
	if !ok {
		return "", false
	}
	name, args := sub[0].Value, sub[1:]
	loses := func(what, instead string) (string, bool) {
		return "guard: rule 2 (no discarding uncommitted work or rewriting shared history): `" + c.String() + "` " + what + "; " + instead, true
	}
	global := len(c.Args)-len(sub) > 1 // -C dir and the like: another repository
	exists := func(ref shell.Word) bool {
		if ref.Dynamic || global || at == nil || at.wt == nil || at.dir == "" || at.facts(s).cd {
			return true
		}
		a := at.wt.refExists(at.dir, ref.Value)
		return a != no
	}
	switch name {
	case "prune":
		// Every object nothing references, at once (gc waits two weeks).
		if f := (shell.Spec{Permute: true, Short: "nv", Long: []string{"dry-run", "verbose", "progress", "expire="}}).Parse(args); !f.Has("n", "dry-run") {
			return loses("deletes the objects nothing references, which a dropped stash or a deleted branch leaves until then",
				"leave it to git gc, which keeps them two weeks, or ask the user")
		}
	case "gc":
		f := (shell.Spec{Permute: true, Short: "q", Long: []string{"aggressive", "auto", "quiet", "force", "keep-largest-pack",
			"prune=?", "no-prune", "cruft", "no-cruft", "max-cruft-size="}}).Parse(args)
		if v, ok := f.Value("prune"); ok && (v.Dynamic || v.Value == "now" || v.Value == "all") || pruneNowSetting(c) {
			return loses("deletes at once the objects nothing references, which a dropped stash or a deleted branch leaves",
				"run git gc without --prune, which keeps them two weeks, or ask the user")
		}
	case "reflog":
		f := (shell.Spec{Permute: true, Long: []string{"expire=?", "expire-unreachable=?", "rewrite", "updateref",
			"stale-fix", "dry-run", "verbose", "all", "single-worktree"}, Short: "n"}).Parse(args)
		if len(f.Operands) > 0 && !f.Has("n", "dry-run") {
			switch op := f.Operands[0]; {
			case op.Dynamic:
				return loses("runs a reflog subcommand known only at run time", "spell it out")
			case op.Value == "expire", op.Value == "delete", op.Value == "drop":
				return loses("drops reflog entries, and the stash is a reflog: stashed changes and commits only the reflog holds are lost",
					"leave the reflog alone, or ask the user")
			}
		}
	case "branch":
		f := gitBranch.Parse(args)
		if f.Has("M", "C") || f.Has("f", "force") && !f.Has("d", "D", "delete") && (f.Has("m", "move", "c", "copy") || len(f.Operands) > 0) {
			target := shell.Word{Dynamic: true}
			switch {
			case f.Has("M", "C", "m", "move", "c", "copy") && len(f.Operands) > 0:
				target = f.Operands[len(f.Operands)-1]
			case len(f.Operands) > 0 && !f.Has("M", "C", "m", "move", "c", "copy"):
				target = f.Operands[0]
			}
			if exists(refHead(target)) {
				return loses("overwrites the branch "+target.String()+", and the commits only it held are lost",
					"use a new branch name, or `git branch NAME` without force, which refuses to overwrite one, or ask the user")
			}
		}
	case "checkout", "switch":
		spec := gitCheckout
		force := []string{"B"}
		if name == "switch" {
			spec, force = gitSwitch, []string{"C", "force-create"}
		}
		if f := spec.Parse(args); f.Has(force...) {
			v, _ := f.Value(force...)
			if exists(refHead(v)) {
				return loses("resets the branch "+v.String()+" to another commit, and the commits only it held are lost",
					"use a new branch name with -b (-c for switch), which refuses to overwrite one, or ask the user")
			}
		}
	case "mv":
		// git mv -f SRC DST overwrites DST: its uncommitted changes are
		// lost (git mv -f d/file src/main.go).
		f := (shell.Spec{Short: "fknv", Permute: true, Long: []string{"force", "dry-run", "verbose", "sparse"}}).Parse(args)
		if f.Has("f", "force") && !f.Has("n", "dry-run") && len(f.Operands) >= 2 {
			if dst, lost := mvLoses(s, f.Operands, global, at); lost {
				return loses("overwrites "+dst+", and its uncommitted changes are lost", "commit or stash them first, move to a new name, or ask the user")
			}
		}
	case "update-ref":
		f := (shell.Spec{Short: "dm:z", Permute: true, Long: []string{"no-deref", "create-reflog", "stdin"}}).Parse(args)
		if len(f.Operands) > 0 && exists(f.Operands[0]) {
			return loses("moves the ref "+f.Operands[0].String()+" without the checks of git branch, and the commits only it held are lost",
				"use `git branch` or `git switch`, or ask the user")
		}
	}
	return "", false
}

// refHead returns the full name of branch b (refs/heads/b), or b
// itself when it is dynamic or empty.
func refHead(b shell.Word) shell.Word {
	if b.Dynamic || b.Value == "" {
		return shell.Word{Value: b.Value, Dynamic: true}
	}
	return shell.Static("refs/heads/" + b.Value)
}

// hasCd reports whether the script changes directory: git then runs
// where the guard does not know.
func hasCd(s *shell.Script) bool {
	for _, x := range s.Commands {
		switch x.Name {
		case "cd", "pushd", "popd", "chdir":
			return true
		}
	}
	return false
}

// refExists asks the repository at dir whether ref (a full name such as
// refs/heads/main, or a name git resolves) exists.
func (t *worktree) refExists(dir, ref string) answer {
	if t.top(dir) == "" || strings.HasPrefix(ref, "-") {
		return unknown
	}
	_, err := t.run(t.ctx, dir, "rev-parse", "--verify", "--quiet", "--end-of-options", ref)
	switch {
	case err == nil:
		return yes
	case isExit(err):
		return no
	}
	return unknown
}

// mvLoses reports whether git mv -f of ops (sources, then the
// destination) may overwrite a file that holds work, and names it: by
// the worktree's state when it can be read, else whenever the
// destination is not known to be free.
func mvLoses(s *shell.Script, ops []shell.Word, global bool, at *place) (string, bool) {
	dst := ops[len(ops)-1]
	if dst.Dynamic || global || at == nil || at.wt == nil || at.dir == "" || !isAbs(at.dir) || at.facts(s).cd {
		return dst.Value, true
	}
	top := at.wt.top(at.dir)
	if top == "" {
		return dst.Value, true
	}
	l := at.wt.lose(top, joinPath(at.dir, dst.Value))
	if !l.known {
		return dst.Value, true
	}
	names := []string{dst.Value}
	if l.tree {
		// Into a folder: each source lands under its own name.
		names = names[:0]
		for _, src := range ops[:len(ops)-1] {
			if src.Dynamic {
				return dst.Value, true
			}
			names = append(names, path.Join(dst.Value, path.Base(src.Value)))
		}
	}
	for _, n := range names {
		if l := at.wt.lose(top, joinPath(at.dir, n)); !l.known || l.work > 0 {
			return n, true
		}
	}
	return "", false
}

// pruneNowSetting reports whether git command c sets gc.pruneExpire (or
// gc.reflogExpire*) on its command line, which git gc then applies.
func pruneNowSetting(c *shell.Command) bool {
	for _, a := range c.Args[1:] {
		v := strings.ToLower(a.Value)
		if strings.Contains(v, "gc.pruneexpire") || strings.Contains(v, "gc.reflogexpire") {
			return true
		}
	}
	return false
}
