package footing

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
)

// unsafeRepo is UnsafeRepo, read once a repository for the Set's call.
func (s *Set) unsafeRepo(ctx context.Context, root string) string {
	if why, ok := s.unsafe[root]; ok {
		return why
	}
	// Counted with the state's reads (askGit): a command may name many
	// repositories.
	why := ""
	if _, err := askGit(ctx, []string{"unsafe", root}, func() ([]string, error) { why = UnsafeRepo(ctx, root); return nil, nil }); err != nil {
		why = err.Error()
	}
	if s.unsafe == nil {
		s.unsafe = map[string]string{}
	}
	s.unsafe[root] = why
	return why
}

// UnsafeRepo returns why reading the state of the repository at root
// could run a program the repository's configuration names (a filter
// driver other than Git LFS's: git diff and git status run a clean
// filter on files they must compare), or "": the hook runs outside the
// host's sandbox, and the model may have written that configuration. A
// configuration that cannot be read in time is unsafe too.
func UnsafeRepo(ctx context.Context, root string) string {
	ctx, cancel := context.WithTimeout(ctx, gitLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", root, "config", "--get-regexp", `^filter\..*\.(clean|smudge|process)$`)
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
	out, err := cmd.Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return "" // no filter configured
	case err != nil:
		return "the repository's configuration could not be read (" + err.Error() + ")"
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		k, v, _ := strings.Cut(line, " ")
		switch {
		case k == "filter.lfs.clean" && v == "git-lfs clean -- %f",
			k == "filter.lfs.smudge" && v == "git-lfs smudge -- %f",
			k == "filter.lfs.process" && v == "git-lfs filter-process":
		default:
			return "the repository configures a filter program (" + k + ") that reading its state would run"
		}
	}
	return ""
}

// sparseRepo reports whether the repository at root has sparse checkout
// on (core.sparseCheckout), asked once a call (gitLines); a configuration
// that cannot be read in time counts as on. A checkout, reset, merge or
// read-tree -u then leaves out of the worktree the files its patterns
// (.git/info/sparse-checkout, which any program may write) do not name,
// which git diff does not show.
func sparseRepo(ctx context.Context, root string) bool {
	out, err := gitLines(ctx, root, "config", "--bool", "--get", "core.sparseCheckout")
	return !errors.Is(err, errNone) && (err != nil || len(out) != 1 || out[0] != "false")
}
