package guard

import (
	"errors"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on a credential file's text that git shows from its history
// (issue 38): git log -p, git show REV, git diff REV print the lines of
// the files the revisions change, and `git log -p` printed the KEY=1 of
// an app/.env committed long ago. The guard asks git, bounded in time
// (stateTimeout) and output (maxStateOut), once a question a call,
// which files of a credential file's name (credentialSpecs) the
// revisions shown change: the same subcommand with its revisions and
// --all, --cached, names only, limited to those names (and to the
// folders the command names). A command that shows none passes (`git
// log -p` in a repository that never tracked one); a revision or path
// known only at run time is read as any (--all); a question git cannot
// answer in time, or past its bound, denies, since a credential may be
// shown; one git refuses (a bad revision) passes: the command prints
// nothing either.

// historyShows returns the credential file git command c shows the text
// of from its history or index, if it may show one.
func (at *place) historyShows(c *shell.Command, extra []string) (string, bool) {
	if c.Name != "git" {
		return "", false // asked inline of every command
	}
	return at.gitHistoryShows(c, extra)
}

// gitHistoryShows is historyShows of a git command.
func (at *place) gitHistoryShows(c *shell.Command, extra []string) (string, bool) {
	if at.wt == nil || at.dir == "" || at.cfg != nil && at.cfg.Away {
		return "", false
	}
	sub, ok := c.Subcommand(shell.Git)
	if !ok || sub[0].Dynamic {
		return "", false
	}
	name := sub[0].Value
	stash := false
	switch name {
	case "stash":
		if sub, stash = stashShows(sub[1:]); !stash {
			return "", false
		}
		name = sub[0].Value
	case "log", "whatchanged", "show", "diff":
		if name == "show" || name == "diff" {
			if dir, ok := gitCommandDir(at.dir, c, sub); ok {
				if f, ok := at.blobShows(dir, sub[1:], extra); ok {
					return f, true
				}
			}
		}
		if !showsPatch(name, sub[1:]) {
			return "", false
		}
	case "diff-tree":
		// A commit's changes (or two trees'), names only unless a patch
		// option is given: read as show of them.
		if !showsPatch("log", sub[1:]) {
			return "", false
		}
		name = "show"
	case "reflog":
		// git reflog -p (show -p): the patches of every commit the
		// reflog names, which a branch may no longer reach.
		if !showsPatch("log", sub[1:]) {
			return "", false
		}
		if dir, ok := gitCommandDir(at.dir, c, sub); ok {
			return at.askNames(dir, wideHistory(extra), nil, extra, "the history git shows")
		}
		return "", false
	case "format-patch":
		// The patches of the commits, as log -p prints them, to files or
		// to the output (--stdout); the files are then read. Its
		// revision R means R..HEAD: without a count, every commit is
		// asked of (--all).
		name = "log"
	default:
		return at.treeShows(c, sub, extra)
	}
	for _, a := range sub[1:] {
		if strings.HasPrefix(a.Value, "--output") {
			return "", false // written to a file, not shown (rule 6 and 3 judge the file)
		}
	}
	dir, ok := gitCommandDir(at.dir, c, sub)
	if !ok {
		return "", false
	}
	q, paths, counted := historyQuery(name, sub[1:], dir)
	switch {
	case stash:
		q, paths, counted = stashQuery(sub), nil, false
	case sub[0].Value == "format-patch" && !counted:
		q = append(q[:len(q)-1], "--all", "--")
	}
	switch {
	case !counted:
		q = append(q, credentialSpecs(extra)...)
	case len(paths) > 0:
		q = append(q, paths...) // git log -1 -- src: the last commit that changes src
	}
	return at.askNames(dir, q, paths, extra, "the history git shows")
}

// gitCommandDir returns the folder git command c, whose subcommand and
// its words sub are, runs in: false when it is known only at run time,
// or the repository is named apart (--git-dir, --work-tree).
func gitCommandDir(dir string, c *shell.Command, sub []shell.Word) (string, bool) {
	global := shell.Git.Parse(c.Args[1 : len(c.Args)-len(sub)])
	for _, o := range global.Options {
		switch o.Name {
		case "C":
			if o.Value.Dynamic {
				return "", false // rule 4's (a folder known only at run time) or an unknown repository
			}
			dir = joinPath(dir, o.Value.Value)
		case "git-dir", "work-tree", "namespace":
			return "", false
		}
	}
	return dir, true
}

// maxHistoryReads bounds the questions of a call on git's history and
// trees (each walks commits or trees: about 10 ms in a small
// repository), within maxStateReads: sixty `git grep x bN` took eight
// git processes and 99 ms before a deny.
const maxHistoryReads = 4

// ask asks git q in dir, once a call: run counts a question asked again
// against maxStateReads, and 4,000 `git log -p -1` would deny past it.
// Past maxHistoryReads questions, it is unanswered (a deny).
func (at *place) ask(dir string, q []string) ([]byte, error) {
	key := dir + "\x00" + strings.Join(q, "\x00")
	a, ok := at.wt.history[key]
	if !ok {
		if len(at.wt.history) >= maxHistoryReads {
			return nil, errTooManyReads
		}
		a.out, a.err = at.wt.run(at.context(), dir, q...)
		if at.wt.history == nil {
			at.wt.history = map[string]gitAnswer{}
		}
		at.wt.history[key] = a
	}
	return a.out, a.err
}

// askNames asks git q in dir, once a call, and returns the first name it
// prints (one a line, or NUL-separated; REV:name as git grep prints one)
// that is a credential file under paths, in what git shows (for the
// reason). A question git cannot answer in time denies; one it refuses
// (a bad revision) passes: the command prints nothing either.
func (at *place) askNames(dir string, q, paths, extra []string, what string) (string, bool) {
	// Read once a call for each question, paths and reason: 4,000 `git
	// log -p` would otherwise read git's answer, up to maxStateOut, 4,000
	// times.
	key := dir + "\x00" + strings.Join(q, "\x00") + "\x01" + strings.Join(paths, "\x00") + "\x01" + what
	if a, ok := at.wt.named[key]; ok {
		return a.found, a.ok
	}
	found, ok := at.readNames(dir, q, paths, extra, what)
	if at.wt.named == nil {
		at.wt.named = map[string]namedAnswer{}
	}
	at.wt.named[key] = namedAnswer{found, ok}
	return found, ok
}

// namedAnswer is askNames' answer to one question.
type namedAnswer struct {
	found string
	ok    bool
}

// readNames is askNames without its memo.
func (at *place) readNames(dir string, q, paths, extra []string, what string) (string, bool) {
	out, err := at.ask(dir, q)
	var exit *exec.ExitError
	switch {
	case err != nil && errors.As(err, &exit) && exit.ExitCode() > 0:
		return "", false // git refuses the revisions: the command shows nothing
	case errors.Is(err, errTooManyReads):
		return what + " (more questions on git's history than a call asks: a credential file may be in it)", true
	case err != nil:
		return what + " (which could not be read in time: a credential file may be in it)", true
	}
	for line := range strings.FieldsFuncSeq(string(out), func(r rune) bool { return r == '\n' || r == 0 }) {
		if _, name, ok := strings.Cut(line, ":"); ok && IsSecretFile(name, extra) {
			line = name
		}
		if !IsSecretFile(line, extra) || !under(line, paths) {
			continue
		}
		return line + " (in " + what + ")", true
	}
	return "", false
}

// showsPatch reports whether git subcommand name with args prints the
// text of the changes: log and whatchanged with -p (or an option that
// implies it), show and diff unless an option prints names or counts
// only.
func showsPatch(name string, args []shell.Word) bool {
	patch := name == "show" || name == "diff"
	for _, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		switch {
		case v == "-p" || v == "-u" || v == "--cc" || v == "--dd" || v == "-c" || strings.HasPrefix(v, "--patch") ||
			strings.HasPrefix(v, "--word-diff") || strings.HasPrefix(v, "--color-words") || strings.HasPrefix(v, "-U") ||
			strings.HasPrefix(v, "--unified") || v == "--full-diff" && patch:
			return true
		case v == "-s" || v == "--no-patch" || v == "--name-only" || v == "--name-status" || v == "--stat" ||
			strings.HasPrefix(v, "--stat=") || v == "--numstat" || v == "--shortstat" || v == "--quiet" || v == "--summary" ||
			strings.HasPrefix(v, "--dirstat") || v == "--raw":
			patch = false
		}
	}
	return patch
}

// historyQuery returns the arguments of the git command that lists the
// files subcommand name with args shows the changes of, up to the
// pathspecs (added after it), and the folders and files args limits them
// to (none: all). Only its revisions (words without a dash that name no
// file in dir), --all and the like, and --cached are kept: a word known
// only at run time makes it git log --all: any commit's. counted
// reports a count of commits (-3, -n 3, --max-count=3), which a
// pathspec would change the meaning of: the names are then not limited
// to a credential file's.
func historyQuery(name string, args []shell.Word, dir string) (q, paths []string, counted bool) {
	q = []string{"-c", "log.showSignature=false", name, "--no-ext-diff", "--no-textconv", "--no-renames", "--name-only"}
	if name != "diff" {
		q = append(q, "--format=", "--full-history")
	}
	var revs []string
	wide := false
	dashes := false
	for i, a := range args {
		v := a.Value
		if n, ok := logCount(args, i); ok && name != "diff" && name != "show" {
			q, counted = append(q, "--max-count="+n), true
			continue
		}
		switch {
		case a.Dynamic:
			wide = true
		case dashes:
			paths = append(paths, path.Clean(v))
		case v == "--":
			dashes = true
		case v == "--all" || v == "--branches" || v == "--tags" || v == "--remotes" || v == "--reflog" ||
			name == "diff" && (v == "--cached" || v == "--staged" || v == "--merge-base") ||
			name != "diff" && (v == "-m" || v == "--cc" || v == "-c" || strings.HasPrefix(v, "--diff-merges")):
			// -m and the like: a merge's changes (a stash's) are shown too.
			q = append(q, v)
		case strings.HasPrefix(v, "-"), i > 0 && (args[i-1].Value == "-n" || args[i-1].Value == "--max-count"):
		case pathspecLike(v):
			// git takes a word with a wildcard or a leading : as a pathspec
			// when it names no revision (git log -p '*.env', ':!src'):
			// read as one that may hold any file (see under). :/TEXT may
			// also name the commit whose message holds TEXT, on any
			// branch: every commit is asked of.
			paths = append(paths, v)
			wide = wide || strings.HasPrefix(v, ":/")
		default:
			if _, err := os.Lstat(filepath.Join(filepath.FromSlash(dir), filepath.FromSlash(v))); err == nil {
				paths = append(paths, path.Clean(v)) // git log app: a folder, not a revision
				continue
			}
			revs = append(revs, v)
		}
	}
	if wide {
		// Any revision: the changes of every commit.
		q = []string{"-c", "log.showSignature=false", "log", "--no-renames", "--name-only", "--format=", "--full-history", "--all"}
		counted = false
	} else {
		q = append(q, revs...)
	}
	return append(q, "--"), paths, counted
}

// pathspecLike reports whether git may read v as a pathspec with magic
// or wildcards (*.env, ':(glob)**/.env', ':!src', ':/x'), which under
// does not match names against: it takes any name to be under one.
func pathspecLike(v string) bool {
	return strings.HasPrefix(v, ":") || strings.ContainsAny(v, "*?[")
}

// under reports whether path p is one of paths or under one (true when
// paths is empty, or one is a pathspec with magic or wildcards).
func under(p string, paths []string) bool {
	if len(paths) == 0 {
		return true
	}
	for _, d := range paths {
		if pathspecLike(d) {
			return true
		}
		// Names are the repository's; d may be the folder's (git -C app
		// log -p sub): a name that holds it as a part counts.
		d = strings.TrimSuffix(d, "/")
		if d == "." || p == d || strings.HasPrefix(p, d+"/") || strings.HasSuffix(p, "/"+d) || strings.Contains(p, "/"+d+"/") {
			return true
		}
	}
	return false
}

// credentialSpecs are git pathspecs of the names of credential files
// ([SecretFiles], .env files and the policy's extra patterns), at any
// depth, case ignored; which of the names git gives are credential
// files is [IsSecretFile]'s to say (.env.example is not).
func credentialSpecs(extra []string) []string {
	pats := append([]string{".env*"}, SecretFiles()...)
	pats = append(pats, extra...)
	out := make([]string, 0, len(pats))
	for _, p := range pats {
		out = append(out, ":(glob,icase)**/"+strings.TrimPrefix(p, "/"))
	}
	return out
}

// logCount returns the count of commits args[i] gives git log (-3, -n3,
// --max-count=3, or -n and --max-count followed by args[i+1]).
func logCount(args []shell.Word, i int) (string, bool) {
	v := args[i].Value
	digits := func(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }
	if args[i].Dynamic {
		return "", false
	}
	switch {
	case len(v) > 1 && v[0] == '-' && digits(v[1:]):
		return v[1:], true
	case strings.HasPrefix(v, "-n") && digits(v[2:]):
		return v[2:], true
	case strings.HasPrefix(v, "--max-count=") && digits(v[len("--max-count="):]):
		return v[len("--max-count="):], true
	case (v == "-n" || v == "--max-count") && i+1 < len(args) && !args[i+1].Dynamic && digits(args[i+1].Value):
		return args[i+1].Value, true
	}
	return "", false
}
