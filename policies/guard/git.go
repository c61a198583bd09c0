package guard

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// gitDiscards is rule 2: no git command that discards uncommitted work
// or rewrites shared history, wherever it sits (package shell reports
// nested commands, git's `!` aliases included, as commands of their own).
func gitDiscards(s *shell.Script, at *place) (string, bool) {
	for _, c := range s.Commands {
		if c.Name != "git" {
			continue
		}
		r, deny := judgeGit(c)
		if !deny {
			r, deny = checkoutPath(s, c, at)
		} else if asRef(s, c, at) == yes {
			continue
		}
		if deny {
			if kept, found := at.pathsKept(s, c); kept || at.branchesKept(s, c) {
				deny = false // the paths hold nothing git has no copy of; the branches are merged
			} else if found != "" {
				r += " (the worktree holds changes git has no copy of there: " + found + ")"
			}
		}
		if !deny {
			r, deny = gitLoses(s, c, at)
		}
		if deny {
			return r, true
		}
	}
	return gitInternalsChanged(s)
}

// maxAliases bounds how many aliases are expanded in a row (git itself
// stops at a loop).
const maxAliases = 16

// judgeGit judges one git command: its subcommand after the global
// options, with aliases given on the command line (-c alias.x=…)
// expanded as git expands them.
func judgeGit(c *shell.Command) (string, bool) {
	sub, ok := c.Subcommand(shell.Git)
	if !ok {
		for _, a := range c.Args[1:] {
			if a.Dynamic {
				return "guard: rule 4 (nothing it cannot see): cannot tell which git subcommand `" + c.String() + "` runs; spell it out", true
			}
		}
		return "", false
	}
	global := shell.Git.Parse(c.Args[1 : len(c.Args)-len(sub)])
	aliases := map[string]shell.Word{}
	for _, o := range global.Options {
		switch o.Name {
		case "c":
			k, v, _ := strings.Cut(o.Value.Value, "=")
			if lk := strings.ToLower(k); strings.HasPrefix(lk, "include.") || strings.HasPrefix(lk, "includeif.") {
				return "guard: rule 4 (nothing it cannot see): `" + c.String() + "` includes a config file, whose aliases and " +
					"settings the guard cannot see; drop the -c " + k, true
			}
			if strings.HasPrefix(strings.ToLower(k), "alias.") {
				aliases[strings.ToLower(k[len("alias."):])] = shell.Word{Value: v, Dynamic: o.Value.Dynamic}
			}
		case "config-env":
			k, _, _ := strings.Cut(o.Value.Value, "=")
			if strings.HasPrefix(strings.ToLower(k), "alias.") {
				aliases[strings.ToLower(k[len("alias."):])] = shell.Word{Value: "$" + k, Dynamic: true}
			}
		}
	}
	for range maxAliases {
		v, ok := aliases[strings.ToLower(sub[0].Value)]
		if !ok {
			break
		}
		if v.Dynamic {
			return "guard: rule 4 (nothing it cannot see): `" + c.String() + "` runs a git alias known only at run time; spell the git command out", true
		}
		if strings.HasPrefix(v.Value, "!") {
			break // a shell command, which package shell reports
		}
		words := splitGitArgs(v.Value)
		if len(words) == 0 {
			break
		}
		sub = append(words, sub[1:]...)
	}
	return gitDanger(c, sub, global)
}

// splitGitArgs splits an alias's value into words as git does (quotes
// and backslashes).
func splitGitArgs(s string) []shell.Word {
	var out []shell.Word
	var b strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == 0 && (c == ' ' || c == '\t' || c == '\n'):
			if in {
				out = append(out, shell.Static(b.String()))
				b.Reset()
				in = false
			}
			continue
		case c == '\\' && quote != '\'' && i+1 < len(s):
			i++
			c = s[i]
		case quote == 0 && (c == '"' || c == '\''):
			quote, in = c, true
			continue
		case c == quote:
			quote = 0
			continue
		}
		b.WriteByte(c)
		in = true
	}
	if in {
		out = append(out, shell.Static(b.String()))
	}
	return out
}

// The option specs of the git subcommands rule 2 reads. A long option
// may be abbreviated, as git's own parser allows.
var (
	gitReset = shell.Spec{Short: "qNp", Permute: true, Long: []string{"quiet", "no-quiet", "soft", "mixed", "hard", "merge",
		"keep", "recurse-submodules=?", "no-recurse-submodules", "patch", "intent-to-add", "pathspec-from-file=",
		"pathspec-file-nul", "no-refresh", "refresh"}}
	gitCheckout = shell.Spec{Short: "qfb:B:ldtmp23", Permute: true, Long: []string{"quiet", "progress", "no-progress",
		"force", "ours", "theirs", "track=?", "no-track", "guess", "no-guess", "detach", "orphan=",
		"ignore-skip-worktree-bits", "merge", "conflict=", "patch", "ignore-other-worktrees", "overwrite-ignore",
		"no-overwrite-ignore", "recurse-submodules=?", "no-recurse-submodules", "overlay", "no-overlay",
		"pathspec-from-file=", "pathspec-file-nul"}}
	gitRestore = shell.Spec{Short: "s:pWSqm23", Permute: true, Long: []string{"source=", "patch", "worktree", "staged",
		"quiet", "progress", "no-progress", "ours", "theirs", "merge", "conflict=", "ignore-unmerged",
		"ignore-skip-worktree-bits", "recurse-submodules=?", "no-recurse-submodules", "overlay", "no-overlay",
		"pathspec-from-file=", "pathspec-file-nul"}}
	gitSwitch = shell.Spec{Short: "c:C:dfmqt", Permute: true, Long: []string{"create=", "force-create=", "detach", "guess",
		"no-guess", "force", "discard-changes", "merge", "conflict=", "quiet", "progress", "no-progress", "track=?",
		"no-track", "orphan=", "ignore-other-worktrees", "recurse-submodules=?", "no-recurse-submodules"}}
	gitClean  = shell.Spec{Short: "dfinqe:xX", Permute: true, Long: []string{"force", "interactive", "dry-run", "quiet", "exclude="}}
	gitBranch = shell.Spec{Short: "dDfmMcCrailvqu:t", Permute: true, Long: []string{"delete", "force", "move", "copy",
		"remotes", "all", "list", "verbose", "quiet", "set-upstream-to=", "unset-upstream", "track=?", "no-track",
		"contains=?", "no-contains=?", "merged=?", "no-merged=?", "points-at=", "sort=", "format=", "color=?",
		"no-color", "column=?", "no-column", "abbrev=?", "no-abbrev", "edit-description", "create-reflog",
		"show-current", "ignore-case", "omit-empty", "recurse-submodules"}}
	gitPush = shell.Spec{Short: "fnuqvo:d46", Permute: true, Long: []string{"force", "force-with-lease=?",
		"no-force-with-lease", "force-if-includes", "no-force-if-includes", "mirror", "delete", "all", "branches",
		"tags", "follow-tags", "no-follow-tags", "atomic", "no-atomic", "dry-run", "porcelain", "prune", "set-upstream",
		"thin", "no-thin", "receive-pack=", "exec=", "repo=", "push-option=", "signed=?", "no-signed", "no-verify",
		"verify", "recurse-submodules=", "no-recurse-submodules", "ipv4", "ipv6", "quiet", "verbose", "progress",
		"no-progress"}}
	gitRm       = shell.Spec{Short: "fnqr", Permute: true, Long: []string{"force", "dry-run", "cached", "ignore-unmatch", "sparse", "quiet", "pathspec-from-file=", "pathspec-file-nul"}}
	gitWorktree = shell.Spec{Short: "f", Permute: true, Long: []string{"force"}}
)

// gitDanger judges git subcommand sub (its name first) of command c,
// whose global options are global.
func gitDanger(c *shell.Command, sub []shell.Word, global shell.Flags) (string, bool) {
	name, args := sub[0].Value, sub[1:]
	discards := func(what, instead string) (string, bool) {
		return "guard: rule 2 (no discarding uncommitted work or rewriting shared history): `" + c.String() + "` " + what + "; " + instead, true
	}
	stash := "run `git stash` first (the changes stay in the stash), or ask the user"
	switch name {
	case "reset":
		if f := gitReset.Parse(args); f.Has("hard", "merge", "keep") {
			return discards("resets the working tree and discards uncommitted changes", stash+"; `git reset --soft` or `git reset HEAD file` keep them")
		}
	case "checkout":
		f := gitCheckout.Parse(args)
		switch {
		case f.Has("f", "force"):
			return discards("overwrites uncommitted changes", stash)
		case f.Has("ours", "theirs", "2", "3", "pathspec-from-file") || hasDashDash(args) || checkoutPaths(f):
			return discards("checks out paths over their uncommitted changes", stash+"; to change branches use `git switch`")
		}
	case "restore":
		if f := gitRestore.Parse(args); !f.Has("S", "staged") || f.Has("W", "worktree") {
			return discards("restores files in the working tree over their uncommitted changes", stash+"; `git restore --staged` alone only unstages")
		}
	case "switch":
		if f := gitSwitch.Parse(args); f.Has("discard-changes", "f", "force") {
			return discards("discards uncommitted changes", stash)
		}
	case "clean":
		if f := gitClean.Parse(args); !f.Has("n", "dry-run") {
			return discards("deletes untracked files, which no commit holds", "run `git clean -n` to see what it would delete, and delete those files by name, or ask the user")
		}
	case "stash":
		if f := (shell.Spec{Short: "q", Long: []string{"quiet"}}).Parse(args); len(f.Operands) > 0 {
			switch f.Operands[0].Value {
			case "drop", "clear":
				return discards("deletes stashed changes", "leave the stash in place, or ask the user")
			}
		}
	case "branch":
		if f := gitBranch.Parse(args); f.Has("D") || f.Has("d", "delete") && f.Has("f", "force") {
			return discards("deletes a branch whether or not it is merged", "use `git branch -d`, which refuses to delete unmerged work, or ask the user")
		}
	case "push":
		f := gitPush.Parse(args)
		if f.Has("f", "force", "mirror") || pushConfigForces(global) {
			return discards("force-pushes, rewriting history others may have", "use `git push --force-with-lease`, or ask the user")
		}
		if f.Has("d", "delete", "prune") {
			return discards("deletes branches others may have", "ask the user")
		}
		for i, o := range f.Operands {
			if i == 0 && !o.Dynamic {
				continue // the repository
			}
			if o.Dynamic && (o.Prefix() == "" || o.Prefix()[0] == '+') {
				return discards("pushes `"+o.String()+"`, which may be a forced refspec (+…) known only at run time", "spell the branch out")
			}
			if strings.HasPrefix(o.Value, "+") {
				return discards("force-pushes a +refspec, rewriting history others may have", "drop the +, use `git push --force-with-lease`, or ask the user")
			}
			if i > 0 && strings.HasPrefix(o.Value, ":") {
				return discards("deletes a branch others may have (an empty source in the refspec)", "ask the user")
			}
		}
	case "rm":
		if f := gitRm.Parse(args); f.Has("f", "force") && !f.Has("cached") {
			return discards("deletes files with their uncommitted changes", stash+"; or drop -f: git then refuses to delete changed files")
		}
	case "worktree":
		if f := gitWorktree.Parse(args); len(f.Operands) > 0 && f.Operands[0].Value == "remove" && f.Has("f", "force") {
			return discards("deletes a worktree with its uncommitted changes", "commit or stash there first, or ask the user")
		}
	case "checkout-index":
		if f := (shell.Spec{Short: "fauqnz", Permute: true, Long: []string{"force", "all", "index", "stage=", "temp", "prefix="}}).Parse(args); f.Has("f", "force") {
			return discards("overwrites working tree files with the index", stash)
		}
	case "read-tree":
		if f := (shell.Spec{Short: "umi", Permute: true, Long: []string{"reset", "prefix=", "index-output=", "trivial", "aggressive"}}).Parse(args); f.Has("u") {
			return discards("rewrites the working tree", stash)
		}
	case "update-ref":
		if f := (shell.Spec{Short: "dm:", Permute: true, Long: []string{"no-deref", "create-reflog", "stdin"}}).Parse(args); f.Has("d", "stdin") {
			return discards("deletes or rewrites refs without the checks of git branch", "use `git branch -d`, or ask the user")
		}
	case "config":
		return gitConfigAlias(c, args)
	}
	return "", false
}

// hasDashDash reports whether args hold a "--" followed by a path.
func hasDashDash(args []shell.Word) bool {
	for i, a := range args {
		if !a.Dynamic && a.Value == "--" {
			return i+1 < len(args)
		}
	}
	return false
}

// checkoutPaths reports whether the operands of git checkout name paths
// rather than a branch to switch to: two or more (a tree-ish and paths),
// or one that looks like a file (".", a dot in its name, a trailing
// slash, pathspec magic, a glob) or is known only at run time. A plain
// name is read as a branch; a file without a dot in its name is not
// seen (README: use `git switch`).
func checkoutPaths(f shell.Flags) bool {
	switch {
	case len(f.Operands) >= 2:
		return true
	case len(f.Operands) == 0 || f.Has("b", "B", "orphan"):
		return false // a start point
	}
	o := f.Operands[0]
	return o.Dynamic || strings.ContainsAny(o.Value, ".*?[") || strings.HasPrefix(o.Value, ":") || strings.HasSuffix(o.Value, "/")
}

// pushConfigForces reports a -c setting of a push refspec with a + or of
// mirroring, which make a plain git push a forced one.
func pushConfigForces(global shell.Flags) bool {
	for _, o := range global.Options {
		if o.Name != "c" {
			continue
		}
		k, v, _ := strings.Cut(o.Value.Value, "=")
		k = strings.ToLower(k)
		if strings.HasPrefix(k, "remote.") && (strings.HasSuffix(k, ".push") && (o.Value.Dynamic || strings.Contains(v, "+")) ||
			strings.HasSuffix(k, ".mirror")) {
			return true
		}
	}
	return false
}

// gitConfigAlias judges `git config alias.x VALUE` (and `git config set
// alias.x VALUE`): an alias set now runs later, where the guard cannot
// see its name, so its value is judged as the git command it stands for.
func gitConfigAlias(c *shell.Command, args []shell.Word) (string, bool) {
	f := (shell.Spec{Short: "f:", Permute: true, Long: []string{"global", "system", "local", "worktree", "file=", "blob=",
		"add", "replace-all", "type=", "bool", "int", "path", "comment=", "value=", "all", "get", "unset"}}).Parse(args)
	ops := f.Operands
	if len(ops) > 0 && !ops[0].Dynamic && ops[0].Value == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 {
		return "", false
	}
	k := ops[0]
	if !k.Dynamic && !strings.HasPrefix(strings.ToLower(k.Value), "alias.") {
		return "", false
	}
	v := ops[1]
	if k.Dynamic || v.Dynamic {
		return "guard: rule 4 (nothing it cannot see): `" + c.String() + "` may set a git alias known only at run time; spell it out", true
	}
	if strings.HasPrefix(v.Value, "!") {
		return "", false // a shell command, which package shell reports
	}
	words := splitGitArgs(v.Value)
	if len(words) == 0 {
		return "", false
	}
	return gitDanger(c, words, shell.Flags{})
}

// asRef is rule 2 on the repository's state: `git checkout WORD`, which
// the words alone read as a path (v1.2.0, release/1.2: a dot or a slash),
// switches branches when the repository says WORD is a ref (git prefers
// a ref over a path of the same name) or that no file or directory has
// that name (git then looks for a remote branch of that name, or fails).
// It is asked only for a plain git checkout of one static operand, with
// no global option and no cd in the script (the directory git runs in is
// then the command's own).
func asRef(s *shell.Script, c *shell.Command, at *place) answer {
	if at == nil || at.wt == nil || at.dir == "" || !isAbs(at.dir) || len(c.Args) != 3 || c.Args[1].Dynamic || c.Args[1].Value != "checkout" {
		return unknown
	}
	w := c.Args[2]
	if w.Dynamic || w.Value == "" || strings.HasPrefix(w.Value, "-") || strings.HasPrefix(w.Value, ":") ||
		strings.ContainsAny(w.Value, "*?[\\") || strings.HasSuffix(w.Value, "/") || w.Value == "." || w.Value == ".." {
		return unknown
	}
	f := at.facts(s)
	if f.cd {
		return unknown
	}
	stale := f.otherMovesRefs(c)
	isCommit, known := at.wt.footingCommit(at.dir, w.Value)
	if known && isCommit && !stale {
		return yes // git prefers the ref, a path of that name or not
	}
	if !known || !isCommit || !absentPath(at.dir, w.Value) {
		// Its git status, which pathsKept asks when the answer is no,
		// starts with the reads; not for a commit with nothing at its
		// path (only a tracked file missing from the disk makes it no).
		at.earlyKept(s, c, w.Value)
	}
	isRef, isPath, ok := at.wt.refOrPath(at.dir, w.Value)
	switch {
	case !ok:
		return unknown
	case stale && isPath:
		// Another git command of the script may delete or move the ref
		// before checkout runs (git tag -d src && git checkout src): git
		// then checks the path out.
		return no
	case isRef || !isPath:
		return yes
	}
	return no
}

// subChangesRefs reports whether a git command may create, move or
// delete a ref (git tag -d, branch -m, update-ref, fetch, …): what
// rev-parse says before the script runs may then not hold when a later
// command of it runs. The subcommands that only read, and add and commit
// (which move only the current branch), do not count; one a dynamic word
// hides does.
//
// sub and hidden are the command's subcommand as gitSub reads it.
func subChangesRefs(sub string, hidden bool) bool {
	switch sub {
	case "add", "commit", "status", "diff", "log", "show", "grep", "ls-files", "ls-tree", "cat-file", "rev-parse", "blame",
		"describe", "shortlog", "help", "version", "for-each-ref", "show-ref", "check-ignore", "check-attr", "merge-base",
		"rev-list", "name-rev", "count-objects", "fsck", "whatchanged", "var", "archive", "format-patch", "config", "rm", "mv",
		"clean", "restore":
		return false
	}
	return hidden || sub != ""
}

// gitSub returns git command c's subcommand ("" when it has none), and
// hidden when a word known only at run time hides where it starts.
func gitSub(c *shell.Command) (sub string, hidden bool) {
	words, ok := c.Subcommand(shell.Git)
	if ok {
		return words[0].Value, false
	}
	for _, a := range c.Args[1:] {
		if a.Dynamic {
			return "", true
		}
	}
	return "", false
}

// answer is what the worktree's state says: yes, no, or it cannot tell.
type answer uint8

const (
	unknown answer = iota
	yes
	no
)

// checkoutPath denies `git checkout WORD` that the words read as a
// branch (no dot, no slash) when the repository says WORD is a path and
// not a ref: git then checks the path out over its changes.
func checkoutPath(s *shell.Script, c *shell.Command, at *place) (string, bool) {
	if asRef(s, c, at) != no {
		return "", false
	}
	return "guard: rule 2 (no discarding uncommitted work or rewriting shared history): `" + c.String() + "` checks out " +
		c.Args[2].Value + ", which the repository holds as a path and not as a branch or tag, over its uncommitted changes; " +
		"run `git stash` first (the changes stay in the stash), or ask the user; to change branches use `git switch`", true
}
