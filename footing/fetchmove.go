package footing

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// movedFor returns the first of movers, the git commands before a git
// command sub in the same call, that may move what sub is judged by (""
// when none). A command judged by the difference of two commits (git
// merge, rebase, pull, revert, cherry-pick) reads HEAD and the commits
// it names, which git stash's push does not move (only the worktree and
// refs/stash), nor a fetch that writes only remote-tracking branches
// (see fetchesOnly): git stash && git pull && git stash pop, git fetch
// origin && git rebase origin/main. What such a fetch brings is not
// known before it runs, as for git pull itself; FETCH_HEAD, which it
// writes, is moved.
func (p *place) movedFor(ctx context.Context, root, sub string, vals []string, movers []*shell.Command) string {
	if len(movers) == 0 {
		return ""
	}
	switch sub {
	case "merge", "rebase", "pull", "revert", "cherry-pick":
	default:
		return movers[0].String()
	}
	fetchHead := slices.ContainsFunc(vals, func(v string) bool { return strings.Contains(v, "FETCH_HEAD") })
	// Movers only grow in a call: each is classed once (a script of
	// thousands of fetches and merges asked of each merge every fetch).
	m := p.moves
	if m == nil || m.root != root || m.first != movers[0] || len(movers) < m.seen {
		m = &moveMemo{root: root, first: movers[0], heavy: -1, fetch: -1}
		p.moves = m
	}
	for ; m.seen < len(movers) && m.heavy < 0; m.seen++ {
		x := movers[m.seen]
		switch {
		case stashPush(x):
		case p.fetchesOnly(ctx, root, x):
			if m.fetch < 0 {
				m.fetch = m.seen
			}
		default:
			m.heavy = m.seen
		}
	}
	first := m.heavy
	if fetchHead && m.fetch >= 0 && (first < 0 || m.fetch < first) {
		first = m.fetch
	}
	if first < 0 {
		return ""
	}
	return movers[first].String()
}

// moveMemo holds movedFor's classing of one list of movers (known by
// its first): how many it has seen, the first that moves what a merge
// reads (-1: none yet), and the first fetch (which writes FETCH_HEAD).
type moveMemo struct {
	root               string
	first              *shell.Command
	seen, heavy, fetch int
}

// stashPush reports whether m is git stash with no operand but push or
// save (or list, show), and nothing else before its subcommand.
func stashPush(m *shell.Command) bool {
	if !stashSafe(m) || m.Args[1].Value != "stash" {
		return false
	}
	switch firstOperand(words(m.Args[2:]), nil) {
	case "", "push", "save", "list", "show":
		return true
	}
	return false
}

// fetchesOnly reports whether m is git fetch writing only remote-tracking
// branches and FETCH_HEAD: no option before the subcommand, no refspec
// with a destination, no option of those that name other refs or run a
// program, from a remote whose URL is not a repository on this disk
// (which the model may have written), in a call that sets no remote or
// git configuration.
func (p *place) fetchesOnly(ctx context.Context, root string, m *shell.Command) bool {
	// The call's text, not its commands: git remote and git config are
	// not movers, and a remote's URL may be written to .git/config by
	// any program.
	if m.Dynamic || m.Name != "git" || len(m.Args) < 2 || m.Args[1].Value != "fetch" || p.src == "" ||
		strings.Contains(p.src, "GIT_") || strings.Contains(p.src, "remote") || strings.Contains(p.src, "config") {
		return false
	}
	var ops []string
	all := false
	for _, a := range m.Args[2:] {
		v := a.Value
		if a.Dynamic {
			return false
		}
		switch {
		case v == "--all":
			all = true
		case v == "-q" || v == "--quiet" || v == "-v" || v == "--verbose" || v == "-p" || v == "--prune" || v == "-P" ||
			v == "--prune-tags" || v == "-t" || v == "--tags" || v == "-n" || v == "--no-tags" || v == "--progress" ||
			v == "--no-progress" || v == "--dry-run" || v == "--unshallow" || v == "--no-recurse-submodules" ||
			strings.HasPrefix(v, "--depth=") || strings.HasPrefix(v, "--jobs=") || strings.HasPrefix(v, "--deepen="):
		case strings.HasPrefix(v, "-"):
			return false
		default:
			ops = append(ops, v)
		}
	}
	for _, r := range ops[min(1, len(ops)):] {
		if strings.Contains(r, ":") {
			return false // a refspec with a destination: a branch of the model's choosing
		}
	}
	var remotes []string
	switch {
	case all && len(ops) == 0:
		names, err := gitLines(ctx, root, "remote")
		if err != nil {
			return false
		}
		remotes = names
	case all:
		return false
	case len(ops) == 0:
		remotes = []string{""}
	default:
		remotes = ops[:1]
	}
	for _, r := range remotes {
		if r == "." || p.localRemote(ctx, root, r) {
			return false
		}
	}
	return true
}

// localRemote reports whether remote (a name or URL; "" for the
// current branch's) resolves to a repository on this disk: a path or a
// file:// URL, as git reads a URL (an scp-like host:path has a colon
// before any slash), or a folder named as the remote where git runs. A
// remote git cannot resolve counts as local.
func (p *place) localRemote(ctx context.Context, root, remote string) bool {
	args := []string{"ls-remote", "--get-url"}
	if remote != "" {
		args = append(args, remote)
	}
	out, err := gitNames(ctx, root, args, false)
	if err != nil && remote == "" && strings.Contains(err.Error(), "No remote configured") {
		return false // git fetch and git pull fail: nothing is fetched
	}
	if err != nil || len(out) != 1 {
		return true
	}
	out[0] = strings.TrimSuffix(out[0], "\n")
	if !strings.ContainsAny(out[0], ":/") {
		// A bare word: no remote of that name, so git takes it as a
		// folder where it runs (none there: git fails).
		fi, err := os.Stat(filepath.Join(p.dir, out[0]))
		return err == nil && fi.IsDir()
	}
	return localURL(out[0])
}

// localURL reports whether git takes url as a repository on this disk.
func localURL(url string) bool {
	if strings.HasPrefix(url, "file:") {
		return true
	}
	if strings.Contains(url, "://") {
		return false
	}
	i := strings.IndexAny(url, ":/")
	return i < 0 || url[i] == '/'
}
