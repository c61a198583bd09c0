package footing

import (
	"context"
	"errors"
	"os/exec"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/gitread"
)

// unsafeRepo is UnsafeRepo for the Set's call.
func (s *Set) unsafeRepo(ctx context.Context, root string) string { return UnsafeRepo(ctx, root) }

// UnsafeRepo returns why reading the state of the repository at root
// could run a program the repository's configuration names (a filter
// driver other than Git LFS's: git diff and git status run a clean
// filter on files they must compare), or "": the hook runs outside the
// host's sandbox, and the model may have written that configuration. A
// configuration that cannot be read in time is unsafe too. With ctx from
// [WithReads], the configuration is read once a call.
func UnsafeRepo(ctx context.Context, root string) string {
	why, _ := repoConfig(ctx, root)
	return why
}

// UnsafeRepoKnown is [UnsafeRepo] when ctx (from [WithReads]) holds its
// answer for root, read before in the call (known false otherwise: it
// starts no git process, and waits for none).
func UnsafeRepoKnown(ctx context.Context, root string) (why string, known bool) {
	out, err, ok := knownAnswer(ctx, []string{"config", root})
	if !ok {
		return "", false
	}
	if err != nil {
		return err.Error(), true
	}
	return out[0], true
}

// repoConfig reads, in one git process a call (askGit), what of the
// repository's configuration decides whether and how its state is read:
// why reading it could run a program (see UnsafeRepo), and whether
// sparse checkout is on (see sparseRepo).
func repoConfig(ctx context.Context, root string) (why string, sparse bool) {
	out, err := askGit(ctx, []string{"config", root}, func() ([]string, error) {
		why, sparse := readRepoConfig(ctx, root)
		return []string{why, strconv.FormatBool(sparse)}, nil
	})
	if err != nil {
		return err.Error(), true
	}
	return out[0], out[1] == "true"
}

// readRepoConfig is repoConfig, read.
func readRepoConfig(ctx context.Context, root string) (why string, sparse bool) {
	ctx, cancel := context.WithTimeout(ctx, gitLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", root, "config", "--get-regexp", `^(filter\..*\.(clean|smudge|process)|core\.sparsecheckout)$`)
	cmd.Env = gitread.Env()
	out, err := cmd.Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return "", false // neither configured
	case err != nil:
		return "the repository's configuration could not be read (" + err.Error() + ")", true
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		k, v, _ := strings.Cut(line, " ")
		switch {
		case k == "core.sparsecheckout":
			// The last value counts, as git reads it; one git would
			// not take as false counts as on.
			switch strings.ToLower(v) {
			case "false", "no", "off", "0":
				sparse = false
			default:
				sparse = true
			}
		case k == "filter.lfs.clean" && v == "git-lfs clean -- %f",
			k == "filter.lfs.smudge" && v == "git-lfs smudge -- %f",
			k == "filter.lfs.process" && v == "git-lfs filter-process":
		default:
			why = "the repository configures a filter program (" + k + ") that reading its state would run"
		}
	}
	return why, sparse
}

// sparseRepo reports whether the repository at root has sparse checkout
// on (core.sparseCheckout), asked once a call (repoConfig); a configuration
// that cannot be read in time counts as on. A checkout, reset, merge or
// read-tree -u then leaves out of the worktree the files its patterns
// (.git/info/sparse-checkout, which any program may write) do not name,
// which git diff does not show.
func sparseRepo(ctx context.Context, root string) bool {
	_, sparse := repoConfig(ctx, root)
	return sparse
}
