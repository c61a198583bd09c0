package footing

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"

	"github.com/agenthooks/hooks/internal/gitread"
	"github.com/agenthooks/hooks/shell"
)

// git stash pop after git stash and git pull in the same call (an
// agent's everyday way to update a branch under its own changes): the
// state read before the call is not the state the pop meets, but what a
// pop changes is bounded by what can be read now. It applies one stash
// entry: one of the entries the repository holds now, or one the call
// pushes from the worktree's changes. When no entry touches a footing
// file and the worktree holds no change to one, no pop can, wherever the
// other commands move HEAD: a three-way merge of a stash changes only
// the files the stash changed.

// maxStashEntries bounds the entries stashKept reads; past it the pop is
// judged as any command after a mover.
const maxStashEntries = 16

// stashRev reports whether rev names a stash entry by number:
// stash@{N} or N.
func stashRev(rev string) bool {
	n, ok := strings.CutPrefix(rev, "stash@{")
	if ok {
		if n, ok = strings.CutSuffix(n, "}"); !ok {
			return false
		}
	}
	return n != "" && strings.Trim(n, "0123456789") == ""
}

// stashKept reports whether git stash pop or apply (vals, its words
// after "stash") cannot change a footing file of root's (paths) after
// the movers, earlier commands of the same call: each a git command that
// changes no stash entry but by pushing the worktree's changes, and no
// entry nor the worktree touches one of paths.
func stashKept(ctx context.Context, root string, paths []string, vals []string, movers []*shell.Command) bool {
	ops := operands(vals, nil)
	if len(ops) == 0 || (ops[0] != "pop" && ops[0] != "apply") || len(ops) > 2 || len(ops) == 2 && !stashRev(ops[1]) {
		return false
	}
	for _, v := range vals {
		if strings.HasPrefix(v, "-") && v != "--index" && v != "-q" && v != "--quiet" {
			return false
		}
	}
	for _, m := range movers {
		if !stashSafe(m) {
			return false
		}
	}
	// The worktree's changes a push in the call may stash: tracked ones,
	// and untracked (and ignored) ones when a push takes them.
	untracked, ignored := false, false
	for _, m := range movers {
		for _, a := range m.Args[2:] {
			switch a.Value {
			case "-u", "--include-untracked":
				untracked = true
			case "-a", "--all":
				untracked, ignored = true, true
			}
		}
	}
	if changed, err := gitStatus(ctx, root, paths, untracked, ignored); err != nil || len(changed) > 0 {
		return false
	}
	entries, err := stashEntries(ctx, root)
	if err != nil || len(entries) > maxStashEntries {
		return false
	}
	for _, h := range entries {
		if changed, err := gitDiff(ctx, root, paths, h+"^1", h); err != nil || len(changed) > 0 {
			return false
		}
		untracked, err := gitLines(ctx, root, "rev-parse", "-q", "--verify", h+"^3")
		if err != nil && !errors.Is(err, errNone) {
			return false
		}
		if len(untracked) == 0 {
			continue
		}
		if names, err := gitNames(ctx, root, append([]string{"ls-tree", "-r", "-z", "--name-only", h + "^3", "--"}, paths...), false); err != nil || len(names) > 0 {
			return false
		}
	}
	return true
}

// stashSafe reports whether c, a command before a stash pop, leaves the
// stash entries as they are but for one pushed from the worktree: git
// stash (push, save, drop, clear, list, show), and git fetch, pull,
// checkout, switch, merge, rebase, reset, restore, add and commit, with
// no word naming the stash (a refspec such as +refs/stash:refs/stash) and
// no option before the subcommand.
func stashSafe(c *shell.Command) bool {
	if c.Dynamic || c.Name != "git" || len(c.Args) < 2 || strings.HasPrefix(c.Args[1].Value, "-") {
		return false
	}
	for _, a := range c.Args {
		if a.Dynamic {
			return false
		}
	}
	sub := c.Args[1].Value
	switch sub {
	case "stash":
		op := firstOperand(words(c.Args[2:]), nil)
		switch op {
		case "", "push", "save", "drop", "clear", "list", "show":
			return true
		}
		return false
	case "fetch", "pull", "checkout", "switch", "merge", "rebase", "reset", "restore", "add", "commit":
		for _, a := range c.Args[2:] {
			if strings.Contains(strings.ToLower(a.Value), "stash") {
				return false
			}
		}
		return true
	}
	return false
}

// words returns the values of ws.
func words(ws []shell.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Value
	}
	return out
}

// stashEntries returns the commits of root's stash entries, newest
// first (none without a stash).
func stashEntries(ctx context.Context, root string) ([]string, error) {
	if _, err := gitLines(ctx, root, "rev-parse", "-q", "--verify", "refs/stash"); err != nil {
		if errors.Is(err, errNone) {
			return nil, nil
		}
		return nil, err
	}
	return gitLines(ctx, root, "log", "-g", "--format=%H", "-n", "17", "refs/stash", "--")
}

// errNone is gitLines's error when git exits 1 printing nothing, as
// rev-parse -q --verify does for a name that names nothing.
var errNone = errors.New("git: no such object")

// gitLines runs git in root as gitNames does and returns the lines it
// prints.
func gitLines(ctx context.Context, root string, args ...string) ([]string, error) {
	return askGit(ctx, linesKey(root, args), func() ([]string, error) {
		return runGitLines(ctx, root, args...)
	})
}

// linesKey is gitLines's question.
func linesKey(root string, args []string) []string { return append([]string{"lines", root}, args...) }

// runGitLines is gitLines, run.
func runGitLines(ctx context.Context, root string, args ...string) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, gitLimit)
	defer cancel()
	full := append([]string{"-C", root, "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "--no-optional-locks"}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = gitread.Env()
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 1 && out.Len() == 0 {
		return nil, errNone
	}
	if err != nil {
		return nil, err
	}
	return strings.Fields(out.String()), nil
}
