package footing

import (
	"context"
	"os"
	"path/filepath"
	"strings"
)

// pullValued are git pull's options that take their value as the next
// word.
var pullValued = []string{"-X", "-s", "--strategy", "--strategy-option", "-j", "--jobs", "-o", "--server-option",
	"--depth", "--deepen", "--shallow-since", "--shallow-exclude", "--negotiation-tip", "--upload-pack", "--refmap"}

// gitPull returns the footing paths git pull would change: it merges (or
// rebases onto) what it fetches, so it is judged as git merge of the
// revisions the repository already knows for it. From "." (git pull .
// drop) they are the local branches named, exactly. From a remote, they
// are its remote-tracking branches (or the branch's upstream when no
// branch is named): what the fetch brings beyond them is not known
// before it runs. A repository on this disk (a path, a file:// URL, or
// a remote whose URL is one), whose branches the model may have
// written, is not read: the pull is refused.
func (p *place) gitPull(ctx context.Context, dir, root string, paths, vals []string) ([]string, error) {
	ops := operands(vals, pullValued)
	if len(ops) > 0 && ops[0] == "." {
		var revs []string
		for _, r := range ops[1:] {
			revs = append(revs, pullSource(r))
		}
		return mergeDiff(ctx, root, paths, revs)
	}
	remote := ""
	if len(ops) > 0 {
		remote = ops[0]
	} else {
		// The branch's upstream: none, and git pull fails; a local
		// branch (remote "."), and the merge is known exactly.
		up, err := gitNames(ctx, root, []string{"rev-parse", "--symbolic-full-name", "@{u}"}, false)
		if err != nil {
			return nil, err
		}
		if len(up) == 1 && strings.HasPrefix(up[0], "refs/heads/") {
			return mergeDiff(ctx, root, paths, []string{"@{u}"})
		}
	}
	if localRepo(dir, remote) || p.localRemote(ctx, root, remote) {
		if remote == "" {
			remote = "the branch's remote"
		}
		return nil, errString("it pulls from a repository on this disk (" + remote + "), which the hook does not read")
	}
	var revs []string
	for _, r := range ops[min(1, len(ops)):] {
		src := pullSource(r)
		if !strings.HasPrefix(src, "refs/") {
			src = "refs/remotes/" + remote + "/" + src
		}
		revs = append(revs, src)
	}
	if len(revs) == 0 {
		revs = []string{"@{u}"}
	}
	return mergeDiff(ctx, root, paths, revs)
}

// mergeDiff returns the footing paths that differ between HEAD's merge
// base with each of revs and that revision: what merging it (git merge,
// rebase, pull) changes.
func mergeDiff(ctx context.Context, root string, paths, revs []string) ([]string, error) {
	var changed []string
	for _, r := range revs {
		ch, err := gitDiff(ctx, root, paths, "HEAD..."+r)
		changed = append(changed, ch...)
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// pickDiff lists the footing files git revert or cherry-pick of r would
// change: those r changes from its parent, or, r a root commit (which
// git reverts by removing every file it holds), every footing file r
// holds.
func pickDiff(ctx context.Context, root string, paths []string, r string) ([]string, error) {
	ch, err := gitDiff(ctx, root, paths, r+"^", r)
	if err != nil && unknownRev(err) && !strings.HasPrefix(r, "-") && gitResolves(ctx, root, r) {
		return gitNames(ctx, root, append([]string{"ls-tree", "-r", "-z", "--name-only", "--end-of-options", r, "--"}, paths...), false)
	}
	return ch, err
}

// pullSource is the source of a refspec: +src:dst → src.
func pullSource(r string) string {
	r = strings.TrimPrefix(r, "+")
	if src, _, ok := strings.Cut(r, ":"); ok {
		return src
	}
	return r
}

// localRepo reports whether git pull's repository word names a
// repository on this disk rather than a remote's name: a file:// URL, a
// path (git takes a word with a slash and no colon before it as one), or
// a folder of that name where git runs.
func localRepo(dir, repo string) bool {
	if repo == "" {
		return false
	}
	if strings.ContainsAny(repo, ":/") && localURL(repo) {
		return true
	}
	fi, err := os.Stat(filepath.Join(dir, repo))
	return err == nil && fi.IsDir()
}

// dashBefore puts @{-1} for each "-" of vals before "--": git checkout,
// switch, merge, rebase, cherry-pick and revert read "-" as the branch
// checked out before.
func dashBefore(sub string, vals []string) {
	switch sub {
	case "checkout", "switch", "merge", "rebase", "cherry-pick", "revert":
		for i, v := range vals {
			if v == "--" {
				return
			}
			if v == "-" {
				vals[i] = "@{-1}"
			}
		}
	}
}
