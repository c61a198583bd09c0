package footing

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// gitCheckout lists the footing files a checkout, switch or restore run
// in dir would change: against the revision it names (or --source), or,
// for paths only, against the index; with plain (no option before the
// subcommand, no word of the command that may change its directory
// (see movesDir) and no GIT_ variable in it), only those its pathspecs
// may match.
func (p *place) gitCheckout(ctx context.Context, dir, root string, paths []string, sub string, vals []string, plain bool) ([]string, error) {
	var rev string
	for i, v := range vals {
		switch {
		case v == "-s" || v == "--source":
			if i+1 < len(vals) {
				rev = vals[i+1]
			}
		case strings.HasPrefix(v, "--source="):
			rev = strings.TrimPrefix(v, "--source=")
		}
	}
	ops := operands(vals, []string{"-b", "-B", "-c", "-C", "--orphan", "-s", "--source", "--conflict", "--pathspec-from-file"})
	dd := -1
	for i, v := range vals {
		if v == "--" {
			dd = i
			break
		}
	}
	if sub != "restore" && rev == "" && len(ops) > 0 {
		first := ops[0]
		isPath := dd >= 0 && indexOf(vals, first) > dd
		if !isPath && dd < 0 && sub == "checkout" {
			if _, err := os.Lstat(filepath.Join(dir, first)); err == nil {
				// git checkout NAME takes NAME as a revision when it
				// resolves to one, a file of that name or not (a tag
				// v1.2.0 beside a file v1.2.0); with more operands,
				// git stops on the ambiguity.
				isPath = len(ops) > 1 || !gitResolves(ctx, root, first)
			}
		}
		if !isPath {
			rev = first
		}
	}
	specs := ops // the pathspecs: restore's operands; checkout's after the revision or --
	switch {
	case sub == "switch":
		specs = nil
	case sub == "checkout" && dd >= 0:
		specs = vals[dd+1:]
	case sub == "checkout" && rev != "" && len(ops) > 0 && ops[0] == rev:
		specs = ops[1:]
	}
	if len(specs) > 0 && plain {
		paths = inPathspecs(dir, root, paths, specs, p.fold)
		if len(paths) == 0 {
			return nil, nil // git restore --source=REV docs: no footing file is in docs
		}
	}
	if rev == "" {
		if sub == "switch" || sub == "checkout" && len(ops) == 0 {
			return nil, nil
		}
		return gitDiff(ctx, root, paths)
	}
	if sub == "checkout" && len(ops) > 1 && !slicesContains(vals, "--no-overlay") {
		// git checkout REV -- PATHS overlays: it keeps the files REV
		// lacks, so only those REV holds in another form change.
		return gitDiff(ctx, root, paths, "--diff-filter=a", rev)
	}
	return gitDiff(ctx, root, paths, rev)
}

// gitResolves reports whether git in root resolves rev to an object
// (false too when git cannot tell).
func gitResolves(ctx context.Context, root, rev string) bool {
	_, err := gitNames(ctx, root, []string{"rev-parse", "--verify", "--quiet", "--end-of-options", rev}, false)
	return err == nil
}

func slicesContains(xs []string, x string) bool { return indexOf(xs, x) >= 0 }

// movesDir reports whether the command's text holds a word that may
// change the directory a later command runs in, or runs text that may
// (cd, pushd, popd, chdir, source, ., eval, exec): its pathspecs are
// then not read from the directory it starts in.
func movesDir(src string) bool {
	for _, w := range strings.FieldsFunc(src, func(r rune) bool {
		return !(r == '_' || r == '.' || r == '-' || r == '/' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		switch w {
		case "cd", "pushd", "popd", "chdir", "source", ".", "eval", "exec":
			return true
		}
	}
	return false
}

// mayNameRev reports whether git's subcommand sub, with the words vals,
// may be judged against a revision's tree (whose reading prefetchTrees
// starts early): not git clean, checkout-index, a stash push, a reset
// that leaves the worktree, a checkout or restore of paths only.
func mayNameRev(sub string, vals []string) bool {
	first := ""
	for _, v := range vals {
		if v == "--" || !strings.HasPrefix(v, "-") {
			first = v
			break
		}
	}
	source := slices.ContainsFunc(vals, func(v string) bool { return v == "-s" || strings.HasPrefix(v, "--source") })
	switch sub {
	case "clean", "checkout-index":
		return false
	case "checkout":
		return source || first != "" && first != "--"
	case "restore":
		return source
	case "reset":
		return slices.ContainsFunc(vals, func(v string) bool { return v == "--hard" || v == "--merge" || v == "--keep" })
	case "stash":
		return first == "pop" || first == "apply" || first == "branch"
	}
	return true
}
