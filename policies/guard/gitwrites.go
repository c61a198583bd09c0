package guard

import (
	"errors"
	"os/exec"
	"path"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rules 7 and 3 on the files git writes from a revision (issue 38). With
// an app/.env committed only on branch sec and absent from the worktree,
// `git checkout sec && grep -r KEY app`, `git worktree add ../wt2 sec &&
// grep -r KEY ../wt2`, `git clone -b sec . /tmp/c && grep -r KEY /tmp/c`,
// `git restore --source=sec app && …`, `git reset --hard sec && …`, `git
// merge sec && …` printed KEY=1 under bash: the guard judged the reads
// against the disk as it is before the command runs. A git command that
// writes files from a revision (checkout, switch, restore, reset --hard,
// read-tree -u, checkout-index, merge, pull, rebase, cherry-pick,
// revert, stash pop and apply, worktree add, clone) is asked about, one
// git question each within the call's budget (at.ask): which credential
// files it writes, and where. Those are then present for the commands
// after it (gitWrittenReads). A revision known only at run time is read
// as any commit's (wideHistory); a question past the budget, one git
// cannot answer in time, and what a remote holds (pull, a clone of a
// URL) leave the folder written unknown: it may hold any credential file.

// maxGitWritten bounds the credential files one git command is taken to
// write; past it, the folder it writes is unknown (any may be there).
const maxGitWritten = 64

// gitWrite is what one git command of a script writes from a revision.
type gitWrite struct {
	cmd *shell.Command
	// files are the credential files it writes, absolute slash paths;
	// changed those of them it writes over the worktree that differ
	// from what HEAD holds, as git answered for the revision named
	// (rule 3's: not an index's, nor any commit's for a revision git
	// would not name).
	files   []string
	changed []string
	// unknown is a folder it writes files the guard cannot know, and
	// anywhere that it is known only at run time; why says why.
	unknown  string
	anywhere bool
	// others are the folders of unknown files of several writes (see
	// gitWrittenReads).
	others []string
	// src is the script's text, and dotglob whether it turns dotglob
	// on (0 until asked, then 1 or 2): read once, when a glob needs it.
	src     string
	dotglob int
	why     string
	// inPlace reports that it writes over the repository's own
	// worktree (checkout, reset, merge, …), not a new folder: rule 3's.
	inPlace bool
	// remote reports that what is unknown is a remote's (pull, a clone
	// of a URL), which no question asks.
	remote bool
}

// holds reports whether w may leave a file under (or at) folder root.
func (w *gitWrite) holds(root string) bool {
	if w.anywhere {
		return true
	}
	for _, u := range w.others {
		if inFolder(root, u) || inFolder(u, root) {
			return true
		}
	}
	return w.unknown != "" && (inFolder(root, w.unknown) || inFolder(w.unknown, root))
}

// dots reports whether the script turns bash's dotglob on (or sets
// GLOBIGNORE): a glob then matches a leading dot.
func (w *gitWrite) dots() bool {
	if w.dotglob == 0 {
		w.dotglob = 1
		if strings.Contains(w.src, "dotglob") || strings.Contains(w.src, "GLOBIGNORE") {
			w.dotglob = 2
		}
	}
	return w.dotglob == 2
}

// inFolder reports whether slash path p is folder d or under it.
func inFolder(p, d string) bool {
	d = strings.TrimSuffix(d, "/")
	return p == d || strings.HasPrefix(p, d+"/") || d == ""
}

// gitWritesOf returns the writes from a revision of s's git commands,
// each with its index in s.Commands; none (and no cost but a scan of the
// commands' names) when s runs no git.
func (at *place) gitWritesOf(s *shell.Script, extra []string) (ws []gitWrite, idx []int) {
	if at.wt == nil || at.dir == "" || at.cfg != nil && at.cfg.Away {
		return nil, nil
	}
	for i, c := range s.Commands {
		if c.Name != "git" {
			continue
		}
		if w, ok := at.gitWriteOf(c, extra); ok {
			ws, idx = append(ws, w), append(idx, i)
		}
	}
	return ws, idx
}

// gitOperands returns the words of args before "--" that are no option
// (the values of the options in values left out, as given or after =),
// the words after "--", and the options given, by name.
func gitOperands(args []shell.Word, values string) (ops, paths []shell.Word, opts map[string]string) {
	opts = map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case !a.Dynamic && v == "--":
			return ops, args[i+1:], opts
		case !a.Dynamic && v == "-":
			ops = append(ops, shell.Static("@{-1}")) // the branch before
		case !a.Dynamic && strings.HasPrefix(v, "-"):
			name, val, eq := strings.Cut(v, "=")
			takes := strings.Contains(" "+values+" ", " "+name+" ")
			if !eq && !strings.HasPrefix(v, "--") && len(v) > 2 && strings.Contains(" "+values+" ", " "+v[:2]+" ") {
				name, val, eq = v[:2], v[2:], true // -bNAME, -sREV
			}
			if takes && !eq && i+1 < len(args) {
				i++
				val = args[i].Value
				if args[i].Dynamic {
					val = "$"
				}
			}
			opts[name] = val
		default:
			ops = append(ops, a)
		}
	}
	return ops, nil, opts
}

// has reports whether any of names is among opts.
func has(opts map[string]string, names ...string) bool {
	for _, n := range names {
		if _, ok := opts[n]; ok {
			return true
		}
	}
	return false
}

// gitWriteOf returns what git command c writes from a revision, if it
// writes any file from one.
func (at *place) gitWriteOf(c *shell.Command, extra []string) (gitWrite, bool) {
	w := gitWrite{cmd: c}
	sub, ok := c.Subcommand(shell.Git)
	if !ok || len(sub) == 0 {
		return w, false
	}
	dir, ok := gitCommandDir(at.dir, c, sub)
	if !ok {
		w.anywhere, w.inPlace, w.why = true, true, "a repository known only at run time or named apart"
		return w, true
	}
	if sub[0].Dynamic {
		w.inPlace = true
		return at.askWrite(w, dir, "", nil, extra), true // any subcommand: any commit's files
	}
	args := sub[1:]
	switch sub[0].Value {
	case "checkout", "switch":
		ops, paths, opts := gitOperands(args, "-b -B -c -C --orphan --conflict --pathspec-from-file")
		w.inPlace = true
		switch {
		case has(opts, "--orphan"):
			return w, false
		case has(opts, "-b", "-B", "-c", "-C"):
			if len(ops) == 0 {
				return w, false // a new branch at HEAD: nothing written
			}
			return at.askWrite(w, dir, "diff", ops[:1], extra), true
		case len(ops) == 0 && (len(paths) > 0 || has(opts, "--pathspec-from-file")):
			return at.askWrite(w, dir, "index", nil, extra), true
		case len(ops) == 0:
			return w, false
		}
		return at.askWrite(w, dir, "diff", ops[:1], extra), true
	case "restore":
		ops, _, opts := gitOperands(args, "-s --source --conflict --pathspec-from-file")
		if has(opts, "-S", "--staged") && !has(opts, "-W", "--worktree") {
			return w, false
		}
		w.inPlace = true
		if src, ok := opts["--source"]; ok || has(opts, "-s") {
			if !ok {
				src = opts["-s"]
			}
			return at.askWrite(w, dir, "diff", []shell.Word{revWord(src)}, extra), true
		}
		_ = ops
		return at.askWrite(w, dir, "index", nil, extra), true
	case "reset":
		ops, _, opts := gitOperands(args, "--pathspec-from-file")
		if !has(opts, "--hard", "--merge", "--keep") {
			return w, false
		}
		w.inPlace = true
		if len(ops) == 0 {
			return at.askWrite(w, dir, "index", nil, extra), true
		}
		return at.askWrite(w, dir, "diff", ops[:1], extra), true
	case "read-tree":
		ops, _, opts := gitOperands(args, "--prefix --index-output --exclude-per-directory")
		if !has(opts, "-u") || len(ops) == 0 {
			return w, false
		}
		w.inPlace = true
		return at.askWrite(w, dir, "diff", ops[len(ops)-1:], extra), true
	case "checkout-index":
		_, _, opts := gitOperands(args, "--stage")
		w.inPlace = true
		if p, ok := opts["--prefix"]; ok {
			if strings.Contains(p, "$") {
				w.anywhere, w.why = true, "a prefix known only at run time"
				return w, true
			}
			w.inPlace = false
			return at.askWriteTo(w, dir, joinPath(dir, p), "index", nil, extra), true
		}
		return at.askWrite(w, dir, "index", nil, extra), true
	case "merge", "rebase":
		ops, _, opts := gitOperands(args, "-m -F -s -X --strategy --strategy-option --into-name --onto --exec -x --file")
		if has(opts, "--abort", "--quit", "--continue", "--skip") {
			return w, false
		}
		w.inPlace = true
		if len(ops) == 0 {
			ops = []shell.Word{shell.Static("@{upstream}")}
		}
		return at.askWrite(w, dir, "merge", ops, extra), true
	case "cherry-pick", "revert":
		ops, _, opts := gitOperands(args, "-m --mainline -X --strategy --strategy-option -S --gpg-sign")
		if has(opts, "--abort", "--quit", "--continue", "--skip") || len(ops) == 0 {
			return w, false
		}
		w.inPlace = true
		return at.askWrite(w, dir, sub[0].Value, ops, extra), true
	case "stash":
		if len(args) == 0 || args[0].Dynamic {
			if len(args) > 0 {
				w.inPlace = true
				return at.askWrite(w, dir, "", nil, extra), true
			}
			return w, false
		}
		switch args[0].Value {
		case "pop", "apply", "branch":
			ops, _, _ := gitOperands(args[1:], "")
			if args[0].Value == "branch" && len(ops) > 0 {
				ops = ops[1:]
			}
			if len(ops) == 0 {
				ops = []shell.Word{shell.Static("stash@{0}")}
			}
			w.inPlace = true
			return at.askWrite(w, dir, "stash", ops[:1], extra), true
		}
		return w, false
	case "pull":
		w.inPlace, w.remote, w.unknown, w.why = true, true, at.wt.top(dir), "a remote's commits, which the guard cannot read"
		if w.unknown == "" {
			w.unknown = dir
		}
		return w, true
	case "worktree":
		if len(args) == 0 || args[0].Dynamic || args[0].Value != "add" {
			return w, false
		}
		ops, _, opts := gitOperands(args[1:], "-b -B --reason")
		if has(opts, "--no-checkout") || len(ops) == 0 {
			return w, false
		}
		if ops[0].Dynamic {
			w.anywhere, w.why = true, "a folder known only at run time"
			return w, true
		}
		rev := shell.Static("HEAD")
		if len(ops) > 1 {
			rev = ops[1]
		}
		return at.askWriteTo(w, dir, worktreeDest(c, at.dir, joinPath(dir, ops[0].Value)), "tree", []shell.Word{rev}, extra), true
	case "clone":
		return at.cloneWrite(w, dir, args, extra)
	}
	return w, false
}

// revWord is an option's value as a revision word ("$": known only at
// run time).
func revWord(v string) shell.Word {
	if strings.ContainsAny(v, "$`") {
		return shell.Word{Value: v, Dynamic: true}
	}
	return shell.Static(v)
}

// cloneWrite is gitWriteOf for git clone: a local repository's branch (or
// HEAD) is asked of; a URL's is unknown.
func (at *place) cloneWrite(w gitWrite, dir string, args []shell.Word, extra []string) (gitWrite, bool) {
	ops, _, opts := gitOperands(args, "-b --branch -o --origin --depth -c --config --template -u --upload-pack "+
		"--reference --reference-if-able --separate-git-dir --filter --shallow-since --shallow-exclude -j --jobs "+
		"--server-option --bundle-uri --ref-format --revision")
	if has(opts, "-n", "--no-checkout", "--bare", "--mirror") || len(ops) == 0 {
		return w, false
	}
	src := ops[0]
	var dest string
	switch {
	case len(ops) > 1 && ops[1].Dynamic, len(ops) == 1 && src.Dynamic:
		w.anywhere, w.why = true, "a folder known only at run time"
		return w, true
	case len(ops) > 1:
		dest = joinPath(dir, ops[1].Value)
	default:
		name := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(src.Value, "/"), "/.git"), ".git")
		dest = joinPath(dir, lastName(name))
	}
	local := !src.Dynamic && !strings.Contains(src.Value, "://") && !strings.Contains(src.Value, ":") ||
		strings.HasPrefix(src.Value, "file://")
	if !local {
		w.unknown, w.remote, w.why = dest, true, "a remote's files, which the guard cannot read"
		return w, true
	}
	from := joinPath(dir, strings.TrimPrefix(src.Value, "file://"))
	rev := shell.Static("HEAD")
	if b, ok := opts["--branch"]; ok {
		rev = revWord(b)
	} else if b, ok := opts["-b"]; ok {
		rev = revWord(b)
	}
	return at.askWriteTo(w, from, dest, "tree", []shell.Word{rev}, extra), true
}

// askWrite is askWriteTo for a write over the worktree of dir's
// repository.
func (at *place) askWrite(w gitWrite, dir, kind string, revs []shell.Word, extra []string) gitWrite {
	top := at.wt.top(dir)
	if top == "" {
		top = dir // no repository git can name: asked of dir, whose question fails with the command
	}
	return at.askWriteTo(w, top, top, kind, revs, extra)
}

// askWriteTo asks git in repository dir which credential files the write
// of kind from revs puts under folder dest (names relative to the
// repository's top), and records them in w: "diff" (what HEAD and the
// revision differ in: checkout, reset, restore --source), "index" (the
// index's), "merge" (what the revisions changed since HEAD's base with
// them), "cherry-pick" and "revert" (what one commit changed), "stash"
// (what a stash changed, its untracked files too), "tree" (the
// revision's whole tree: a new folder), "" (any commit's).
func (at *place) askWriteTo(w gitWrite, dir, dest, kind string, revs []shell.Word, extra []string) gitWrite {
	for _, r := range revs {
		if r.Dynamic || strings.HasPrefix(r.Value, "-") {
			kind = "" // a revision known only at run time: any commit's
		}
	}
	specs := credentialSpecs(extra)
	diff := []string{"diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--no-textconv"}
	var q []string
	switch {
	case kind == "diff":
		q = append(append(diff, "--diff-filter=AMT", "HEAD", revs[0].Value, "--"), specs...)
	case kind == "index":
		q = append([]string{"ls-files", "-z", "--"}, specs...)
	case kind == "merge" && len(revs) == 1:
		q = append(append(diff, "--diff-filter=AMT", "HEAD..."+revs[0].Value, "--"), specs...)
	case (kind == "cherry-pick" || kind == "revert") && len(revs) == 1 && !strings.Contains(revs[0].Value, ".."):
		filter := "--diff-filter=AMT"
		if kind == "revert" {
			filter = "--diff-filter=DMT" // what it changed or deleted, put back
		}
		q = append(append(diff, filter, revs[0].Value+"^!", "--"), specs...)
	case kind == "stash":
		q = []string{"stash", "show", "--include-untracked", "--name-only", "-z", revs[0].Value}
	case kind == "tree":
		q = treeQuery([]string{revs[0].Value}, specs)
		q = append([]string{q[0], "--full-name"}, q[1:]...)
	default:
		q = wideHistory(extra) // several revisions, a range, or one known only at run time
	}
	names, refused, err := at.gitNamesOf(dir, q, extra)
	exact := kind != "" && kind != "index" && kind != "tree" && !refused && q[0] != "-c" // not wideHistory's
	if refused && kind != "" && kind != "tree" && kind != "index" {
		// A revision, a stash or a range git would not name: any
		// commit's, rather than nothing (git checkout and switch take a
		// remote's branch by its name; the command may still write).
		names, refused, err = at.gitNamesOf(dir, wideHistory(extra), extra)
	}
	switch {
	case refused:
		// git refuses the revision: the command fails too.
	case errors.Is(err, errTooManyReads):
		w.unknown, w.why = dest, "more questions on git's revisions than a call asks"
	case err != nil:
		w.unknown, w.why = dest, "git could not say in time which files it writes"
	case len(names) > maxGitWritten:
		w.unknown, w.why = dest, "more credential files than the guard follows"
	default:
		for _, n := range names {
			w.files = append(w.files, joinPath(dest, n))
		}
		if exact {
			w.changed = w.files
		}
	}
	return w
}

// gitNamesOf asks git q in dir (within the call's questions, at.ask) and
// returns the credential files it names (one a line or NUL-separated,
// REV:name as git grep prints them), up to one past maxGitWritten;
// refused reports that git refused the question (a bad revision, or
// git grep finding nothing).
func (at *place) gitNamesOf(dir string, q, extra []string) (names []string, refused bool, err error) {
	out, err := at.ask(dir, q)
	var exit *exec.ExitError
	if err != nil && errors.As(err, &exit) && exit.ExitCode() > 0 {
		return nil, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	for line := range strings.FieldsFuncSeq(string(out), func(r rune) bool { return r == '\n' || r == 0 }) {
		if _, name, ok := strings.Cut(line, ":"); ok && IsSecretFile(name, extra) {
			line = name
		}
		if !IsSecretFile(line, extra) {
			continue
		}
		names = append(names, path.Clean(line))
		if len(names) > maxGitWritten {
			break
		}
	}
	return names, false, nil
}
