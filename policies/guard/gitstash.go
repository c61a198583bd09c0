package guard

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on a credential file's text kept in a stash (issue 38): `git
// stash show -p stash@{1}` and `git stash list -p` printed the KEY= of
// an app/.env stashed earlier. A stash is a merge commit (the work,
// with the commit it was made on, the index and, with -u, the untracked
// files as parents), so its files are asked of git as the changes of
// that commit against each parent (log -m), which holds every file
// `git stash show` can print, with -u or without. `git stash show`
// without -p is read as showing the text too: stash.showPatch set in
// any config makes it do so. The other spellings that name a stash
// (git show stash@{0}, git diff stash@{0}, git log -p refs/stash) are
// revisions of log, show and diff, which [place.historyShows] already
// asks git about.

// stashShows returns the words of the git stash subcommand args (after
// "stash") as its own, with "show" or "list" first, and whether it
// prints the text of a stash's changes: show unless an option prints
// names or counts only, list with -p or the like.
func stashShows(args []shell.Word) ([]shell.Word, bool) {
	if len(args) == 0 || args[0].Dynamic {
		return nil, false
	}
	switch args[0].Value {
	case "show":
		for _, a := range args[1:] {
			switch v := a.Value; {
			case v == "-p" || v == "--patch" || strings.HasPrefix(v, "-U") || strings.HasPrefix(v, "--word-diff"):
				return args, true
			case v == "--stat" || strings.HasPrefix(v, "--stat=") || v == "--name-only" || v == "--name-status" ||
				v == "--numstat" || v == "--shortstat" || v == "--summary" || v == "--quiet" || v == "-s" || v == "--no-patch":
				return nil, false
			}
		}
		return args, true
	case "list":
		return args, showsPatch("log", args[1:])
	}
	return nil, false
}

// stashQuery returns the arguments of the git command that lists the
// files a stash subcommand (show or list, with args) prints the changes
// of, up to the pathspecs (added after it): the stash named (stash@{0}
// if none, a bare number n as stash@{n}) against each of its parents,
// or every stash's for list or a stash known only at run time.
func stashQuery(args []shell.Word) []string {
	q := []string{"-c", "log.showSignature=false", "log", "-m", "--no-ext-diff", "--no-textconv", "--no-renames",
		"--name-only", "--format=", "--full-history"}
	list := len(args) > 0 && args[0].Value == "list"
	var revs []string
	for _, a := range args[min(1, len(args)):] {
		switch v := a.Value; {
		case a.Dynamic:
			list = true
		case list, strings.HasPrefix(v, "-"):
		case strings.Trim(v, "0123456789") == "":
			revs = append(revs, "stash@{"+v+"}")
		default:
			revs = append(revs, v)
		}
	}
	switch {
	case list:
		q = append(q, "--walk-reflogs", "refs/stash")
	case len(revs) == 0:
		q = append(q, "--no-walk", "stash@{0}")
	default:
		q = append(q, "--no-walk")
		q = append(q, revs...)
	}
	return append(q, "--")
}
