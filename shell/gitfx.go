package shell

import "strings"

// isGitSubcommand reports whether s is one of git's own commands (the
// porcelain and the plumbing people use): any other word is an alias or an
// external git-NAME. A switch, not a package-level list, so that the list
// costs nothing at start-up.
func isGitSubcommand(s string) bool {
	switch s {
	case "add", "am", "annotate", "apply", "archive", "bisect", "blame", "branch", "bundle",
		"cat-file", "check-attr", "check-ignore", "check-mailmap", "checkout", "checkout-index",
		"cherry", "cherry-pick", "citool", "clean", "clone", "column", "commit", "commit-graph",
		"commit-tree", "config", "count-objects", "credential", "describe", "diff", "diff-files",
		"diff-index", "diff-tree", "difftool", "fast-export", "fast-import", "fetch", "filter-branch",
		"for-each-ref", "format-patch", "fsck", "gc", "grep", "hash-object", "help", "init", "instaweb",
		"interpret-trailers", "log", "ls-files", "ls-remote", "ls-tree", "maintenance", "merge",
		"merge-base", "merge-file", "merge-tree", "mergetool", "mktag", "mktree", "mv", "name-rev",
		"notes", "pack-objects", "prune", "pull", "push", "range-diff", "read-tree", "rebase", "reflog",
		"remote", "repack", "replace", "request-pull", "rerere", "reset", "restore", "rev-list",
		"rev-parse", "revert", "rm", "send-email", "shortlog", "show", "show-branch", "show-ref",
		"sparse-checkout", "stash", "status", "stripspace", "submodule", "switch", "symbolic-ref", "tag",
		"update-index", "update-ref", "verify-commit", "verify-pack", "verify-tag", "version",
		"whatchanged", "worktree", "write-tree", "lfs", "var", "hook", "backfill", "replay":
		return true
	}
	return false
}

// gitEffects: the files git's subcommands name: clean (with -f, or
// clean.requireForce=false, or -i; not -n) deletes its pathspecs or "."
// (Recursive); rm deletes (Recursive with -r), not with --cached or -n;
// mv as mv; checkout and restore write their pathspecs; merge-file
// its first file (not with -p); diff, log, show
// and format-patch --output write; archive -o writes; config -f writes
// (reads with --get, --list); clone, init and worktree add write their
// directory, worktree remove deletes it (Recursive); apply writes the
// files its patch names; read-only subcommands read their operands. A
// subcommand git does not have (an alias, git-NAME on the path) is
// unknown. Paths are relative to -C and --work-tree.
func gitEffects(w *walker, c *Command, sc *scope, in stdin) {
	g, sub, ok := gitParse(c)
	if !ok {
		if len(c.Args) > 1 {
			c.Known = false
		}
		return
	}
	name := sub[0].Value
	if !isGitSubcommand(name) {
		if _, ok := g.setting("alias." + strings.ToLower(name)); !ok {
			c.Known = false
		}
		return
	}
	at := sc
	if g.dir.Value != "" {
		at = &scope{dir: joinDir(sc.dir, g.dir)}
	}
	args := sub[1:]
	perm := func(short string, long ...string) Flags {
		// In the walk's arena (see effects): the heap took one block a
		// git command, as for git status.
		s := Spec{Short: short, Long: long, Permute: true}
		return s.parse(args, &w.mem)
	}
	switch name {
	case "clean":
		f := perm("dfinqxXe:", "force", "dry-run", "interactive", "quiet", "exclude=")
		force := f.Has("f", "force", "i", "interactive")
		if v, ok := g.setting("clean.requireforce"); ok && (v.Dynamic || isGitFalse(v.Value)) {
			force = true
		}
		if !force || f.Has("n", "dry-run") {
			return
		}
		ops := f.Operands
		if len(ops) == 0 {
			ops = []Word{Static(".")}
		}
		for _, o := range ops {
			w.deletes(c, at, o, true)
		}
	case "rm":
		f := perm("fnqr", "force", "dry-run", "quiet", "cached", "ignore-unmatch", "sparse", "pathspec-from-file=", "pathspec-file-nul", "recursive")
		if f.Has("cached", "n", "dry-run") {
			return
		}
		ops := f.Operands
		if list, ok := f.Value("pathspec-from-file"); ok {
			ops = append(ops[:len(ops):len(ops)], pathspecsFrom(w, list, at, in, f.Has("pathspec-file-nul"))...)
		}
		for _, o := range ops {
			w.effect(c, at, Effect{Kind: Deletes, Path: o, Recursive: f.Has("r", "recursive"), By: "git rm"})
		}
	case "mv":
		m := &Command{Name: "git mv", Args: sub, Via: c.Via}
		copyWrites(Spec{Short: "fkvn", Long: []string{"force", "dry-run", "verbose", "sparse"}, Permute: true}, true)(w, m, at, in)
		c.Effects = append(c.Effects, m.Effects...)
	case "checkout", "restore":
		f := perm("bBcCfmlpqtu", "force", "merge", "quiet", "patch", "staged", "worktree", "source=", "ours", "theirs",
			"track=?", "orphan=", "detach", "conflict=", "overlay", "no-overlay", "pathspec-from-file=", "pathspec-file-nul", "recurse-submodules=?",
			"ignore-other-worktrees", "progress", "guess", "no-guess")
		if f.Has("b", "B", "c", "C", "orphan") {
			return
		}
		if name == "restore" && f.Has("staged") && !f.Has("worktree") {
			return
		}
		ops := f.Operands
		if dd := dashDash(args); dd >= 0 {
			ops = nonOptions(args[dd+1:])
		}
		if list, ok := f.Value("pathspec-from-file"); ok {
			ops = append(ops[:len(ops):len(ops)], pathspecsFrom(w, list, at, in, f.Has("pathspec-file-nul"))...)
		}
		// Without --, checkout's first operand may be a branch or a
		// path: it is reported as written either way.
		for _, o := range ops {
			w.effect(c, at, Effect{Kind: Writes, Path: o, By: "git " + name})
		}
	case "diff", "log", "show", "format-patch", "whatchanged":
		f := perm("o:", "output=", "output-directory=")
		if o, ok := f.Value("output"); ok {
			w.writes(c, at, o)
		}
		if name == "format-patch" {
			if d, ok := f.Value("o", "output-directory"); ok {
				w.writes(c, at, under(d))
			}
		}
	case "archive":
		f := perm("lvo:", "output=", "format=", "prefix=", "remote=", "exec=", "worktree-attributes", "list", "verbose", "add-file=")
		valueEffects(w, c, at, f, Writes, "o", "output")
		valueEffects(w, c, at, f, Reads, "add-file")
	case "config":
		f := gitConfigSpec.parse(args, &w.mem)
		if p, ok := f.Value("f", "file"); ok {
			ops := f.Operands
			if f.Has("get", "get-all", "get-regexp", "get-urlmatch", "l", "list") || len(ops) > 0 && !ops[0].Dynamic && (ops[0].Value == "get" || ops[0].Value == "list") ||
				len(ops) == 1 && !f.Has("unset", "unset-all", "e", "edit") {
				w.reads(c, at, p)
			} else {
				w.writes(c, at, p)
			}
		}
	case "clone", "init":
		f := perm("lsqnvb:o:u:c:j:", "local", "shared", "quiet", "no-checkout", "bare", "mirror", "origin=", "branch=",
			"upload-pack=", "template=", "config=", "depth=", "shallow-since=", "shallow-exclude=", "single-branch",
			"recurse-submodules=?", "separate-git-dir=", "jobs=", "reference=", "reference-if-able=", "filter=",
			"initial-branch=", "object-format=", "ref-format=", "server-option=", "bundle-uri=")
		ops := f.Operands
		switch {
		case name == "init" && len(ops) > 0:
			w.writes(c, at, ops[0])
		case name == "clone" && len(ops) > 1:
			w.writes(c, at, ops[1])
		case name == "clone" && len(ops) == 1:
			n := urlName(MakeWord(strings.TrimSuffix(strings.TrimRight(ops[0].Value, "/"), ".git"), ops[0].Dynamic,
				ops[0].Prefix(), strings.TrimSuffix(strings.TrimRight(ops[0].Suffix(), "/"), ".git")), "")
			if !n.Dynamic {
				if i := strings.LastIndexByte(n.Value, ':'); i >= 0 {
					n = Static(n.Value[i+1:])
				}
			}
			w.writes(c, at, n)
		}
	case "worktree":
		if len(args) < 2 || args[0].Dynamic {
			return
		}
		f := (&Spec{Short: "fb:B:", Permute: true, Long: []string{"force", "detach", "checkout", "lock", "reason=",
			"orphan", "track", "guess-remote", "quiet"}}).parse(args[1:], &w.mem)
		if len(f.Operands) == 0 {
			return
		}
		switch args[0].Value {
		case "add":
			w.writes(c, at, f.Operands[0])
		case "remove":
			w.deletes(c, at, f.Operands[0], true)
		case "move":
			w.deletes(c, at, f.Operands[0], false)
			if len(f.Operands) > 1 {
				w.writes(c, at, f.Operands[1])
			}
		}
	case "am":
		w.gitAm(c, at, perm("sSkq3umirC:p:", "signoff", "keep", "keep-non-patch", "keep-cr", "no-keep-cr", "scissors",
			"no-scissors", "quiet", "3way", "no-3way", "utf8", "no-utf8", "message-id", "no-message-id", "interactive",
			"whitespace=", "directory=", "exclude=", "include=", "reject", "patch-format=", "committer-date-is-author-date",
			"ignore-date", "ignore-space-change", "ignore-whitespace", "resolvemsg=", "empty=", "gpg-sign=?", "no-gpg-sign",
			"quoted-cr=", "rerere-autoupdate", "no-rerere-autoupdate", "no-verify", "continue", "resolved", "skip",
			"abort", "quit", "retry", "show-current-patch=?", "allow-empty"))
	case "apply":
		f := perm("pRvqC:", "check", "stat", "numstat", "summary", "cached", "index", "reverse", "directory=",
			"include=", "exclude=", "whitespace=", "p=?", "3way", "unidiff-zero", "reject", "allow-empty", "verbose")
		if f.Has("check", "stat", "numstat", "summary", "cached") && !f.Has("index") {
			for _, o := range f.Operands {
				w.reads(c, at, o)
			}
			return
		}
		for _, o := range f.Operands {
			w.reads(c, at, o)
		}
		if len(f.Operands) == 0 && in.doc != nil && !in.doc.Dynamic {
			if ps, ok := patchFiles(in.doc.Value, 1); ok {
				for _, p := range ps {
					w.writes(c, at, p)
				}
				return
			}
		}
		// The files the patches name land in the worktree (Effect.From;
		// git takes their paths from its top, which a policy that reads
		// the repository finds: here they are taken from the directory
		// git runs in).
		dir, _ := f.Value("directory")
		if len(f.Operands) == 0 {
			w.tree(c, at, dir, Static("-"))
		}
		for _, o := range f.Operands {
			w.tree(c, at, dir, o)
		}
	case "merge-file":
		// The merge is written into the first file, unless -p.
		f := perm("pqL:", "stdout", "quiet", "ours", "theirs", "union", "diff3", "zdiff3", "marker-size=", "object-id",
			"diff-algorithm=")
		if len(f.Operands) > 0 && !f.Has("p", "stdout") {
			w.effect(c, at, Effect{Kind: Writes, Path: f.Operands[0], By: "git merge-file"})
		}
	case "status", "blame", "annotate", "grep", "ls-files", "ls-tree", "cat-file", "check-ignore", "check-attr", "add",
		"hash-object":
		for _, o := range perm("").Operands {
			if !o.Dynamic && o.Value == "--" {
				continue
			}
			w.reads(c, at, o)
		}
	}
}

// withFiles is the script of a program that runs with file names after
// it (git grep -O's pager, rg --pre's preprocessor): PROG "$@".
func withFiles(prog Word) Word {
	return Word{Value: prog.Value + ` "$@"`, Dynamic: prog.Dynamic}
}

// dashDash returns the index of the first static "--" in args, or -1.
func dashDash(args []Word) int {
	for i, a := range args {
		if !a.Dynamic && a.Value == "--" {
			return i
		}
	}
	return -1
}

// gitRun walks the commands git runs: the settings of -c and
// --config-env and of `git config KEY VALUE` whose value git runs as a
// shell command (isGitCommandKey; a --config-env value comes from the
// environment: dynamic); an alias defined with -c alias.NAME=VALUE and
// used as the subcommand, expanded to the git command it stands for; the
// commands of rebase -x/--exec, difftool -x/--extcmd, bisect run,
// submodule foreach, filter-branch's filters, --upload-pack and
// --receive-pack (and clone -u, push and archive --exec; git itself
// rejects them before the subcommand: "unknown option"),
// and ext:: URLs (git runs their words as a command).
func gitRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	via := w.viaOf(c)
	if n := gitGlobalWords(c.Args[1:]); n > maxGitGlobals {
		// git -c a.b=c ×10,000 status: each of git's options is a
		// setting to follow; past the bound the command is not read.
		w.fail(&LimitError{Limit: "git options", Max: maxGitGlobals})
		return
	}
	g, sub, ok := gitParse(c)
	if f := Git.parse(g.words, &w.mem); len(f.Unsure) > 0 || !ok && len(c.Args) > len(g.words)+1 {
		w.unknown(c.String(), via)
		return
	}
	for _, s := range g.settings {
		w.gitSetting(s.key, s.val, sc, via, in)
	}
	if !ok {
		return
	}
	name := sub[0].Value
	if len(g.settings) > 0 { // an alias set with -c (its key built only then)
		if v, ok := g.setting("alias." + strings.ToLower(name)); ok && !strings.HasPrefix(v.Value, "!") {
			w.gitAlias(c, g, name, v, sub[1:], sc, in, via)
			return
		}
	}
	args := sub[1:]
	script := func(x Word) { w.nestedWord(x, &scope{dir: sc.dir}, via) }
	values := func(spec Spec, names ...string) {
		f := spec.parse(args, &w.mem)
		for _, o := range f.Options {
			for _, n := range names {
				if o.Name == n && o.HasValue {
					script(o.Value)
				}
			}
		}
	}
	switch name {
	case "config":
		// The value of -f FILE, --blob, --type, … is not the key.
		var ops []Word
		for _, o := range gitConfigSpec.parse(args, &w.mem).Operands {
			if !o.MaybeOption() {
				ops = append(ops, o)
			}
		}
		if len(ops) > 0 && !ops[0].Dynamic && ops[0].Value == "set" {
			ops = ops[1:]
		}
		if len(ops) >= 2 {
			key := strings.ToLower(ops[0].Value)
			w.gitSetting(key, ops[1], sc, via, stdin{})
			if ops[0].Dynamic || (strings.HasPrefix(key, "include.") || strings.HasPrefix(key, "includeif.")) && strings.HasSuffix(key, ".path") {
				// An included file's aliases and settings are not read
				// here (git -c include.path=… is refused the same way).
				w.unknown(c.String(), via)
			}
		}
	case "grep":
		// -O/--open-files-in-pager=PAGER runs PAGER through the shell
		// with the matching files' names after it.
		f := (&Spec{Short: "O::e:f:A:B:C:m:", Permute: true, Long: []string{"open-files-in-pager=?", "max-depth=",
			"threads=", "max-count=", "context=", "after-context=", "before-context="}}).parse(args, &w.mem)
		for _, o := range f.Options {
			if (o.Name == "O" || o.Name == "open-files-in-pager") && o.HasValue {
				script(withFiles(o.Value))
			}
		}
	case "rebase":
		values(Spec{Short: "x:ikmqvfs:X:C:", Permute: true, Long: []string{"exec=", "onto=", "strategy=",
			"strategy-option=", "interactive", "root", "autosquash", "update-refs", "rebase-merges=?"}}, "x", "exec")
	case "difftool", "mergetool":
		values(Spec{Short: "x:t:gdy", Permute: true, Long: []string{"extcmd=", "tool=", "gui", "dir-diff",
			"no-prompt", "prompt", "trust-exit-code", "symlinks"}}, "x", "extcmd")
	case "bisect":
		if len(args) > 1 && !args[0].Dynamic && args[0].Value == "run" {
			w.run(args[1:], sc, via, stdin{}, false)
		}
	case "submodule":
		for i, a := range args {
			if !a.Dynamic && a.Value == "foreach" {
				rest := args[i+1:]
				for len(rest) > 0 && !rest[0].Dynamic && (rest[0].Value == "--recursive" || rest[0].Value == "--quiet" || rest[0].Value == "-q") {
					rest = rest[1:]
				}
				joinedScript(w, rest, sc, via)
				break
			}
		}
	case "filter-branch":
		values(Spec{Permute: true, Long: []string{"tree-filter=", "index-filter=", "msg-filter=", "env-filter=",
			"commit-filter=", "parent-filter=", "tag-name-filter=", "subdirectory-filter=", "setup=", "prune-empty",
			"original=", "state-branch=", "force"}}, "tree-filter", "index-filter", "msg-filter", "env-filter",
			"commit-filter", "parent-filter", "tag-name-filter", "setup")
	case "clone":
		values(Spec{Short: "u:o:b:c:j:", Permute: true, Long: []string{"upload-pack=", "exec="}}, "u", "upload-pack", "exec")
	case "fetch", "pull", "archive", "ls-remote":
		values(Spec{Permute: true, Long: []string{"upload-pack=", "exec=", "remote=", "output=", "prefix=", "format="}}, "upload-pack", "exec")
	case "push", "send-pack":
		values(Spec{Permute: true, Long: []string{"receive-pack=", "exec=", "repo=", "push-option=", "signed=?"}}, "receive-pack", "exec")
	}
	for _, a := range args {
		v := a.Value
		if i := strings.Index(v, "ext::"); i >= 0 && (i == 0 || v[i-1] == '=') {
			if a.Dynamic {
				w.unknown(v, via)
				continue
			}
			w.run(extWords(v[i+5:]), sc, plus(via, "ext::"), stdin{}, false)
		}
	}
}

// pathspecsFrom returns the pathspecs git reads from the file list
// (--pathspec-from-file; "-" its standard input), one a line or, with
// nul, NUL-separated: the words xargs's names are (see linesOf and
// stdinNames), from git's directory.
func pathspecsFrom(w *walker, list Word, at *scope, in stdin, nul bool) []Word {
	if readsStdin(list) {
		return w.stdinNames(in, at, nul)
	}
	return linesOf([]Word{list}, at.dir)
}

// gitConfigSpec is git config's options: -f FILE and the others that take
// a value come before the key.
var gitConfigSpec = Spec{Short: "lef:", Permute: true, Long: []string{"file=", "blob=", "get", "get-all", "get-regexp",
	"get-urlmatch", "list", "edit", "global", "system", "local", "worktree", "type=", "default=", "null", "name-only",
	"show-origin", "show-scope", "bool", "int", "path", "includes", "no-includes", "fixed-value", "unset", "unset-all", "add",
	"replace-all", "comment=", "value=", "all", "regexp"}}

// maxGitGlobals bounds the words of git's own options (before its
// subcommand) that are read: past it, [Parse] returns a [LimitError]
// ("git options").
const maxGitGlobals = 1024

// gitGlobalWords counts the words of args (git's, after its name) before
// the subcommand: its options and their values.
func gitGlobalWords(args []Word) int {
	n := 0
	for n < len(args) && (args[n].Dynamic || strings.HasPrefix(args[n].Value, "-")) {
		switch args[n].Value {
		case "-c", "-C", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix", "--exec-path",
			"--list-cmds", "--attr-source":
			n++ // its value
		}
		n++
	}
	return n
}
