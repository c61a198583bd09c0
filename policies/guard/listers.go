package guard

import (
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on the names programs other than ls and find print of the
// worktree's files (issue 38): `cat $(git ls-files)`, `git diff
// --name-only HEAD~1 | xargs cat`, `git ls-tree -r --name-only HEAD |
// xargs cat`, `fd -H . | xargs cat` and `tree -fai | xargs cat` printed
// a committed app/.env under bash, and `git ls-files -o | xargs cat` an
// untracked one. Such a lister is a listing (listed.go) of its folder:
//
//   - rg --files, fd (fdfind) and tree name the files under their
//     folders (dot files with rg's --hidden or -uu, fd's -H or -u,
//     tree's -a), by the bounded walk of rule 7's tree search;
//   - git names what git knows: the question asked of git is the
//     lister's own, limited to credential files' names (credentialSpecs),
//     once a call and within the call's questions (askNames): ls-files
//     with its modes (-o names untracked files, ignored ones too without
//     --exclude-standard), diff, log, show and whatchanged the files
//     their revisions change (historyQuery), and any other git command
//     that prints names (ls-tree, status, grep, clean -n, …) every file
//     of any commit, reflog or the index, and every untracked one.
//
// A git command whose output is not piped on nor substituted names
// nothing a later read takes (`git status; for f in *.md; do cat $f;
// done` passes), and one that prints no file's name (rev-parse, branch,
// config, …) is not a lister. du -a prints each file under its folders,
// dot files too, after its size: `du -a | awk '{print $2}' | xargs cat`
// printed app/.env under bash, and it lists as find does (du without
// -a prints folders only). Programs that print names as part of other
// text (a script's own output) are not followed.

// gitNotLister reports whether git subcommand sub's output names no
// file of the worktree (a switch: a map would be start-up work).
func gitNotLister(sub string) bool {
	switch sub {
	case "rev-parse", "branch", "tag", "config", "remote", "describe", "version", "help", "symbolic-ref", "show-ref",
		"for-each-ref", "merge-base", "var", "hash-object", "count-objects", "name-rev", "commit", "add", "push", "fetch",
		"pull", "checkout", "switch", "init", "reset", "restore", "merge", "rebase", "cherry-pick", "revert", "gc", "fsck",
		"cat-file", "shortlog", "blame", "archive", "bundle":
		return true
	}
	return false
}

// listerListings returns the listings lister c (not ls nor find) makes,
// if it is one; piped reports that its output goes on, into a pipe or a
// substitution, which a git command's must to count.
func listerListings(c *shell.Command, piped bool) []listing {
	switch c.Name {
	case "rg":
		files, hidden := false, false
		for _, a := range c.Args[1:] {
			switch v := a.Value; {
			case v == "--files":
				files = true
			case v == "--hidden" || v == "-." || strings.HasPrefix(v, "-uu") || v == "--no-ignore-dot" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Count(v, "u") >= 2:
				hidden = true
			}
		}
		if !files {
			return nil
		}
		dirs, _ := listerOperands(c.Args[1:], rgFlags, ".uLH0iSsFwxvnN")
		return treeListings(dirs, hidden)
	case "fd", "fdfind":
		hidden := false
		for _, a := range c.Args[1:] {
			v := a.Value
			if v == "-H" || v == "--hidden" || v == "-u" || v == "--unrestricted" ||
				!a.Dynamic && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsAny(v, "Hu") {
				hidden = true
			}
		}
		ops, unsure := listerOperands(c.Args[1:], fdFlags, "HuIaLp0sigFlq1")
		if len(ops) > 0 && !unsure {
			ops = ops[1:] // the pattern
		}
		return treeListings(ops, hidden)
	case "tree":
		hidden := false
		for _, a := range c.Args[1:] {
			v := a.Value
			if !a.Dynamic && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "a") {
				hidden = true
			}
		}
		dirs, _ := listerOperandsOf(c.Args[1:], treeFlags, "afidlxFQNpshugDrtcUvCnAS", treeValueFlags, "LPIHTo")
		return treeListings(dirs, hidden)
	case "du":
		all := false
		for _, a := range c.Args[1:] {
			v := a.Value
			if v == "--all" || !a.Dynamic && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "a") {
				all = true
			}
		}
		if !all {
			return nil
		}
		dirs, _ := listerOperandsOf(c.Args[1:], duFlags, "acbhklLmsSxHD0P", duValueFlags, "BdtX")
		return treeListings(dirs, true)
	case "git":
		if !piped {
			return nil
		}
		sub, ok := c.Subcommand(shell.Git)
		if !ok || len(sub) == 0 {
			return nil
		}
		if sub[0].Dynamic {
			return treeListings(nil, true) // any subcommand: the files on disk
		}
		if gitNotLister(sub[0].Value) || sub[0].Value == "rev-list" && !hasWord(sub[1:], "--objects") {
			return nil
		}
		return []listing{{dir: shell.Static("."), tree: true, hidden: true, git: c}}
	}
	return nil
}

// The long options of rg, fd, tree and du that take no value (a word after
// any other option may be its value).
var (
	rgFlags = []string{"--files", "--hidden", "--no-ignore", "--no-ignore-vcs", "--no-ignore-dot", "--no-ignore-parent",
		"--follow", "--null", "--unrestricted", "--one-file-system", "--no-messages", "--ignore-case", "--smart-case"}
	fdFlags = []string{"--hidden", "--no-ignore", "--unrestricted", "--absolute-path", "--follow", "--full-path", "--print0",
		"--case-sensitive", "--ignore-case", "--glob", "--fixed-strings", "--list-details", "--quiet"}
	treeFlags = []string{"--noreport", "--dirsfirst", "--filesfirst", "--prune", "--du", "--inodes", "--device", "--gitignore"}
	// The options of tree (its manual; tree is not installed here) and
	// du (du --help) that take the next word as their value.
	treeValueFlags = []string{"--charset", "--filelimit", "--timefmt", "--sort", "--infofile", "--hintro", "--houtro"}
	duValueFlags   = []string{"--block-size", "--max-depth", "--threshold", "--exclude-from", "--exclude", "--files0-from",
		"--time-style"}
	duFlags = []string{"--all", "--apparent-size", "--bytes", "--total", "--dereference-args", "--human-readable", "--inodes",
		"--dereference", "--count-links", "--no-dereference", "--null", "--separate-dirs", "--si", "--summarize",
		"--one-file-system"}
)

// listerOperands returns the words of args that are no option, and
// unsure when one of them follows an option that may take a value (rg
// -g '!*.md', tree -L 2: not a folder): the folder a lister lists
// without one, ".", is then added, since all of them may be values.
// flags are the long options, shorts the short ones, that take none.
func listerOperands(args []shell.Word, flags []string, shorts string) (ops []shell.Word, unsure bool) {
	return listerOperandsOf(args, flags, shorts, nil, "")
}

// listerOperandsOf is listerOperands knowing the options that take a
// value: long ones of valueFlags (--max-depth N), and a cluster of short
// ones whose letters are in shorts or values, one in values taking the
// rest of the cluster (-L2) or, last, the next word (-L 2) as its
// value; after any other option the next word may be a value.
func listerOperandsOf(args []shell.Word, flags []string, shorts string, valueFlags []string, values string) (ops []shell.Word, unsure bool) {
	prevValue, takesNext := false, false
	for _, a := range args {
		v := a.Value
		if takesNext {
			takesNext = false
			continue // the value of the option before
		}
		if !a.Dynamic && strings.HasPrefix(v, "-") && v != "-" {
			takesNext = valueOption(v, shorts, valueFlags, values)
			prevValue = !takesNext && !strings.Contains(v, "=") && !noValueOption(v, flags, shorts) && !attachedValue(v, shorts, values)
			continue
		}
		unsure = unsure || prevValue
		ops = append(ops, a)
		prevValue = false
	}
	if unsure {
		ops = append(ops, shell.Static("."))
	}
	return ops, unsure
}

// valueOption reports whether option v takes the next word as its value:
// a long one of valueFlags, or a cluster of short ones of shorts whose
// last letter is one of values.
func valueOption(v, shorts string, valueFlags []string, values string) bool {
	if strings.HasPrefix(v, "--") {
		return slices.Contains(valueFlags, v)
	}
	for i := 1; i < len(v); i++ {
		switch {
		case strings.IndexByte(values, v[i]) >= 0:
			return i == len(v)-1
		case strings.IndexByte(shorts, v[i]) < 0:
			return false
		}
	}
	return false
}

// attachedValue reports whether v is a cluster of short options of
// shorts then one of values with its value attached (-L2, -ad3).
func attachedValue(v, shorts, values string) bool {
	if strings.HasPrefix(v, "--") {
		return false
	}
	for i := 1; i < len(v); i++ {
		switch {
		case strings.IndexByte(values, v[i]) >= 0:
			return i < len(v)-1
		case strings.IndexByte(shorts, v[i]) < 0:
			return false
		}
	}
	return false
}

// noValueOption reports whether option v takes no value: a long one of
// flags, or a cluster of short ones all in shorts.
func noValueOption(v string, flags []string, shorts string) bool {
	if strings.HasPrefix(v, "--") {
		return slices.Contains(flags, v)
	}
	for i := 1; i < len(v); i++ {
		if strings.IndexByte(shorts, v[i]) < 0 {
			return false
		}
	}
	return true
}

// treeListings returns the listings of the trees under dirs ("." when
// none), their dot files with hidden.
func treeListings(dirs []shell.Word, hidden bool) []listing {
	if len(dirs) == 0 {
		dirs = []shell.Word{shell.Static(".")}
	}
	out := make([]listing, 0, len(dirs))
	for _, d := range dirs {
		out = append(out, listing{dir: d, tree: true, hidden: hidden})
	}
	return out
}

// hasWord reports whether a static word of ws is v.
func hasWord(ws []shell.Word, v string) bool {
	for _, w := range ws {
		if !w.Dynamic && w.Value == v {
			return true
		}
	}
	return false
}

// gitListed returns a credential file git lister c (see above) may
// name, by asking git; ls is as for listedShown.
func (at *place) gitListed(c *shell.Command, extra []string, ls *lineSearch) (string, bool) {
	sub, _ := c.Subcommand(shell.Git)
	dir, ok := gitCommandDir(at.dir, c, sub)
	if !ok {
		// Another repository, or one known only at run time: the files
		// on disk.
		return at.listedCredential(listing{dir: shell.Static("."), tree: true, hidden: true}, extra)
	}
	if f, ok := at.submoduleCredential(dir, extra); ok {
		return f, true
	}
	if f, ok := at.linkUnder(dir, extra); ok {
		return f, true
	}
	const what = "the names git lists"
	specs := credentialSpecs(extra)
	switch name := sub[0].Value; name {
	case "ls-files":
		q, paths, globs := lsFilesQuery(sub[1:])
		if ls != nil {
			if f, ok, known := at.lsFilesShown(dir, q, paths, globs, extra, ls); known {
				return f, ok
			}
		}
		if len(globs) > 0 {
			// git ls-files '*.go': its own pathspecs, whose names git
			// gives are read for a credential file's.
			specs = append(globs, paths...)
			paths = nil
		}
		return at.askNames(dir, append(append(q, "--"), specs...), paths, extra, what)
	case "diff", "log", "show", "whatchanged", "diff-tree":
		if name == "diff-tree" {
			name = "show"
		}
		q, paths, counted := historyQuery(name, sub[1:], dir)
		if !counted {
			q = append(q, specs...)
		} else if len(paths) > 0 {
			q = append(q, paths...)
		}
		return at.askNames(dir, q, paths, extra, what)
	}
	if f, ok := at.askNames(dir, wideHistory(extra), nil, extra, what); ok {
		return f, true
	}
	return at.askNames(dir, append([]string{"ls-files", "-z", "--cached", "--others", "--"}, specs...), nil, extra, what)
}

// lsFilesQuery returns the question that lists the files git ls-files
// with args names, up to its pathspecs, and the folders those limit it
// to (none: all), and its pathspecs with magic or a wildcard: its modes
// and exclusions are kept, its other options dropped.
func lsFilesQuery(args []shell.Word) (q, paths, globs []string) {
	q = []string{"ls-files", "-z"}
	long := map[byte]string{'c': "--cached", 'o': "--others", 'i': "--ignored", 'm': "--modified", 'd': "--deleted",
		'k': "--killed"} // made when asked, not at start-up
	dashes := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			return []string{"ls-files", "-z", "--cached", "--others"}, nil, nil // any mode
		case dashes || !strings.HasPrefix(v, "-"):
			if pathspecLike(v) {
				globs = append(globs, v)
			} else {
				paths = append(paths, strings.TrimSuffix(v, "/"))
			}
		case v == "--":
			dashes = true
		case (v == "-x" || v == "-X" || v == "--exclude" || v == "--exclude-from" || v == "--exclude-per-directory") &&
			i+1 < len(args):
			// The user's exclusions, kept: -i needs them to answer.
			q = append(q, v, args[i+1].Value)
			i++
		case v == "--cached" || v == "--others" || v == "--ignored" || v == "--modified" || v == "--deleted" ||
			v == "--killed" || v == "--exclude-standard" || v == "--recurse-submodules" || strings.HasPrefix(v, "--exclude"):
			q = append(q, v)
		case strings.HasPrefix(v, "-x") || strings.HasPrefix(v, "-X"):
			q = append(q, v) // -x*.go
		case !strings.HasPrefix(v, "--"):
			for j := 1; j < len(v); j++ {
				if l, ok := long[v[j]]; ok {
					q = append(q, l)
				}
			}
		}
	}
	return q, paths, globs
}

// gitAsked reports whether p is the names git ls-files prints, which
// listedReads asks git of; away from the worktree, or without one,
// they are any.
func (at *place) gitAsked(p shell.Word) bool {
	return strings.Contains(p.Value, "(output of git ls-files)") && at.wt != nil && at.dir != "" &&
		(at.cfg == nil || !at.cfg.Away)
}
