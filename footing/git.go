package footing

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/agenthooks/hooks/internal/gitread"
	"github.com/agenthooks/hooks/internal/members"
	"github.com/agenthooks/hooks/internal/tempvar"
	"github.com/agenthooks/hooks/shell"
)

// gitLimit bounds each git command that reads the repository's state.
const gitLimit = 2 * time.Second

// git judges a git command by what it would do to the footing files of
// its repository: the command is denied when one of them would change,
// as the repository's state says (git diff and git status, bounded in
// time), and allowed otherwise, so that git stash or git reset --hard in
// a repository whose hook files are committed and unchanged runs.
func (p *place) git(ctx context.Context, c *shell.Command, movers []*shell.Command, cds []string) (string, bool) {
	dir := p.dir
	args := c.Args[1:]
	var sub string
	var rest []shell.Word
	var globals []string // git's options before the subcommand (and their values)
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		switch {
		case a == "-C" && i+1 < len(args):
			i++
			if args[i].Dynamic {
				return p.gitReason(c, "its directory is known only when it runs"), p.anyInRepo(dir)
			}
			dir = p.abs(args[i].Value)
		case a == "-c" || a == "--git-dir" || a == "--work-tree" || a == "--namespace" || a == "--config-env":
			if i+1 < len(args) {
				globals = append(globals, a, args[i+1].Value)
			}
			i++
		case strings.HasPrefix(a, "-"):
			globals = append(globals, a)
		default:
			sub, rest = a, args[i+1:]
		}
		if sub != "" {
			break
		}
	}
	root := p.rootOf(dir)
	paths := p.inRepo(root)
	if stateJudged(sub) {
		if why := p.foreignRepo(p.src, globals); why != "" {
			return p.gitReason(c, why), true
		}
		// A repository whose core.worktree names another directory (git
		// -C ../other checkout -f :/, or after cd ../other) writes there.
		if top := p.elsewhere(ctx, dir, root, paths, cds); top != "" {
			return p.gitReason(c, "its repository's worktree is "+top+" (core.worktree), whose state is not read"), true
		}
	}
	if len(paths) == 0 || sub == "" {
		return "", false
	}
	var vals []string
	var refs []string
	for i, w := range rest {
		if i == 0 && readsOnly(sub) {
			refs = tempvar.Refs(p.src)
		}
		// git commit writes no file of the worktree whatever its words
		// (git commit -m "$(cat <<'EOF' …)"); the hooks it runs are
		// judged as files, and a later git command knows it moved HEAD.
		// git worktree add "$d" with d=$(mktemp -d): the new worktree's
		// files land in a new temporary folder.
		if w.Dynamic && sub != "commit" && !(readsOnly(sub) && (!w.MaybeOption() && !w.Splits() || tempvar.IsRef(w, refs) || optValue(w))) &&
			!(sub == "worktree" && tempvar.In(w, p.temps)) {
			return p.gitReason(c, "an argument is known only when it runs"), true
		}
		vals = append(vals, w.Value)
	}
	has := func(opts ...string) bool {
		for _, v := range vals {
			for _, o := range opts {
				if v == o || strings.HasPrefix(v, o+"=") {
					return true
				}
			}
		}
		return false
	}
	dashBefore(sub, vals)
	if moved := p.movedFor(ctx, root, sub, vals, movers); moved != "" && stateJudged(sub) && p.holdsAnyIn(root, paths) &&
		!(sub == "stash" && stashKept(ctx, root, paths, vals, movers)) {
		return p.gitReason(c, "`"+moved+"`, before it in this command, may move the repository's HEAD, refs or index, "+
			"or set git's environment, so what it would change cannot be read before the command runs: run them in separate calls"), true
	}
	switch sub {
	case "stash", "reset", "checkout", "switch", "restore", "revert", "cherry-pick", "merge", "rebase", "clean", "read-tree",
		"checkout-index", "pull":
		// Read once a repository a call: a command of many git commands
		// started a git process for each.
		p.prefetch(ctx, root, sub, vals)
		if why := p.Set.unsafeRepo(ctx, root); why != "" {
			return p.gitReason(c, why), true
		}
		if sparseRepo(ctx, root) {
			return p.gitReason(c, "the repository uses sparse checkout (core.sparseCheckout), whose patterns may leave the hook's files out of the worktree, "+
				"and which the footing does not read"), true
		}
	}
	var changed []string
	var err error
	switch sub {
	case "stash":
		op := firstOperand(vals, nil)
		switch op {
		case "", "push", "save":
			changed, err = gitStatus(ctx, root, paths, has("-u", "--include-untracked", "-a", "--all"), has("-a", "--all"))
		case "pop", "apply", "branch":
			rev := "stash@{0}"
			if r := operands(vals, nil); len(r) > 1 {
				rev = r[1]
			}
			changed, err = gitDiff(ctx, root, paths, rev)
		}
	case "reset":
		if has("--hard", "--merge", "--keep") {
			changed, err = gitDiff(ctx, root, paths, orHead(firstOperand(vals, nil)))
		}
	case "checkout", "switch", "restore":
		if sub == "switch" && has("--orphan") {
			changed, err = gitTracked(ctx, root, paths) // an orphan branch's worktree has no tracked file
			break
		}
		changed, err = p.gitCheckout(ctx, dir, root, paths, sub, vals, len(globals) == 0 && len(cds) == 0 && !movesDir(p.src) && !strings.Contains(p.src, "GIT_"))
	case "read-tree":
		changed, err = gitReadTree(ctx, root, paths, vals)
	case "checkout-index":
		if pre, ok := checkoutPrefix(vals); ok && !p.prefixHolds(pre) {
			break // the files land under a folder that holds no footing
		}
		changed, err = gitCheckoutIndex(ctx, dir, root, paths, vals)
	case "sparse-checkout":
		switch firstOperand(vals, nil) {
		case "set", "add", "init", "reapply":
			changed, err = gitTracked(ctx, root, paths) // files outside the patterns leave the worktree
		}
	case "revert", "cherry-pick":
		for _, r := range operands(vals, []string{"-m", "--mainline", "-X", "--strategy-option", "--strategy", "-s"}) {
			var ch []string
			ch, err = pickDiff(ctx, root, paths, r)
			changed = append(changed, ch...)
			if err != nil {
				break
			}
		}
	case "merge", "rebase":
		changed, err = mergeDiff(ctx, root, paths, operands(vals, []string{"-m", "-X", "-s", "--strategy", "--strategy-option", "--onto", "-F", "--file"}))
	case "pull":
		changed, err = p.gitPull(ctx, dir, root, paths, vals)
	case "clean":
		changed, err = gitStatus(ctx, root, paths, true, true)
	case "apply", "am":
		if sub == "apply" && checkOnly(vals) {
			return "", false // git apply --check: the patch is looked at, not applied
		}
		changed, err = p.gitPatches(root, vals)
	default:
		return "", false
	}
	if err != nil && unknownRev(err) {
		return "", false // git fails on it too, changing nothing
	}
	if err != nil {
		return p.gitReason(c, "the repository's state could not be read ("+err.Error()+")"), true
	}
	if len(changed) > 0 {
		e, _ := p.Touches(filepath.Join(root, changed[0]), true)
		return p.reason(e, filepath.Join(root, filepath.FromSlash(changed[0])), "`"+c.String()+"`"), true
	}
	return "", false
}

// gitPatches lists the footing files the patches of git apply or git am
// name (paths in the repository), read as package members reads a patch
// (quoted names unquoted) and placed as git places them: -p's number of
// leading names stripped (1 unless given; any number when it cannot be
// read), then --directory's folder put before. A patch read from stdin,
// or a file it cannot read, names every footing file.
func (p *place) gitPatches(root string, vals []string) ([]string, error) {
	a := readApply(vals)
	if len(a.files) == 0 {
		return nil, errString("the patch is read from standard input, which the hook cannot see")
	}
	// No footing file lies deeper than depth names in the repository:
	// with the strip unknown, only a name's last depth names are tried
	// (a name may have many; the model writes the patch).
	for _, x := range p.inRepo(root) {
		a.depth = max(a.depth, strings.Count(filepath.ToSlash(x), "/")+1)
	}
	ctx, cancel := context.WithTimeout(context.Background(), listTimeout)
	defer cancel()
	for _, f := range a.files {
		var found string
		err := members.List(ctx, p.abs(f), func(n string) bool {
			found = a.lands(n, func(name string) bool {
				_, ok := p.Set.Touches(filepath.Join(root, filepath.FromSlash(name)), true)
				return ok
			})
			return found == ""
		})
		if found != "" {
			return []string{found}, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// applyArgs is what git apply and git am are told of where a patch's
// names land.
type applyArgs struct {
	files []string
	strip int    // -p; -1: not known, any
	dir   string // --directory
	depth int    // the most names a footing file's path has (with strip -1)
}

// readApply reads git apply's or git am's arguments. A short-option
// group that holds a p other than -pN makes the strip unknown.
func readApply(vals []string) applyArgs {
	a := applyArgs{strip: 1}
	setStrip := func(v string) {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			a.strip = n
		} else {
			a.strip = -1
		}
	}
	for i := 0; i < len(vals); i++ {
		v := vals[i]
		switch {
		case v == "--":
			a.files = append(a.files, vals[i+1:]...)
			return a
		case v == "-p" || v == "--directory" || v == "-C" || v == "--exclude" || v == "--include":
			if i+1 < len(vals) {
				i++
				if v == "-p" {
					setStrip(vals[i])
				} else if v == "--directory" {
					a.dir = vals[i]
				}
			}
		case strings.HasPrefix(v, "--directory="):
			a.dir = strings.TrimPrefix(v, "--directory=")
		case strings.HasPrefix(v, "-p"):
			setStrip(v[2:])
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "p"):
			a.strip = -1 // -vp1, say
		case strings.HasPrefix(v, "-"):
		default:
			a.files = append(a.files, v)
		}
	}
	return a
}

// lands returns where patch name n lands (a path in the repository) when
// touches says it is a footing file, or "".
func (a applyArgs) lands(n string, touches func(string) bool) string {
	names := strings.Split(n, "/")
	try := func(k int) string {
		if k >= len(names) {
			return ""
		}
		name := path.Join(filepath.ToSlash(a.dir), strings.Join(names[k:], "/"))
		if touches(name) {
			return name
		}
		return ""
	}
	if a.strip >= 0 {
		return try(a.strip)
	}
	for k := max(0, len(names)-a.depth); k < len(names); k++ {
		if name := try(k); name != "" {
			return name
		}
	}
	return ""
}

// inRepo returns the footing paths inside the worktree root, relative
// to it with forward slashes.
func (p *place) inRepo(root string) []string {
	if root == "" {
		return nil
	}
	var out []string
	for _, e := range p.Entries() {
		if r, ok := rel(root, e.Path); ok && !strings.HasPrefix(r, ".git/") {
			out = append(out, r)
		}
	}
	return out
}

// anyInRepo reports whether the repository of dir holds footing.
func (p *place) anyInRepo(dir string) bool {
	return len(p.inRepo(p.rootOf(dir))) > 0
}

// rootOf is gitRoot, asking the disk once a folder a call, its parents
// included: 8,000 `git -C dirN` looked each one's parents up again
// (issue 38).
func (s *Set) rootOf(dir string) string {
	if dir == "" {
		return ""
	}
	if r, ok := s.roots[dir]; ok {
		return r
	}
	if s.roots == nil {
		s.roots = map[string]string{}
	}
	r := ""
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		r = dir
	} else if up := filepath.Dir(dir); up != dir {
		r = s.rootOf(up)
	}
	s.roots[dir] = r
	return r
}

// holdsAnyIn is holdsAny of the footing paths in the worktree root,
// asked of the disk once a worktree a call.
func (p *place) holdsAnyIn(root string, paths []string) bool {
	if h, ok := p.holds[root]; ok {
		return h
	}
	if p.holds == nil {
		p.holds = map[string]bool{}
	}
	h := holdsAny(root, paths)
	p.holds[root] = h
	return h
}

// gitRoot returns the root of the git worktree that holds dir (the
// nearest directory with a .git entry), or "" outside one: git finds it
// the same way, the home directory included.
func gitRoot(dir string) string {
	if dir == "" {
		return ""
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// gitReason is the reason to deny a git command that cannot be judged.
func (p *place) gitReason(c *shell.Command, why string) string {
	return "footing: `" + c.String() + "` may change the hook that guards this session, and " + why +
		"; run git commands that leave the hook's files alone, or ask the user to change the hook"
}

// gitDiff returns the paths that differ between the worktree and revs
// (one revision, two, or a range), or between the worktree and the index
// with none.
func gitDiff(ctx context.Context, root string, paths []string, revs ...string) ([]string, error) {
	if names, err, ok := batchDiff(ctx, root, paths, revs...); ok {
		return names, err
	}
	return gitNames(ctx, root, diffArgs(paths, revs...), false)
}

// gitStatus returns the paths that differ from HEAD, with untracked
// those not tracked, and with ignored those ignored.
func gitStatus(ctx context.Context, root string, paths []string, untracked, ignored bool) ([]string, error) {
	args := []string{"status", "--porcelain", "-z", "--ignore-submodules=all", "--untracked-files=no"}
	if untracked {
		args[4] = "--untracked-files=all"
	}
	if ignored {
		args = append(args, "--ignored")
	}
	return gitNames(ctx, root, append(append(args, "--"), paths...), true)
}

// gitNames runs git in root, bounded in time, with the configuration
// that could run programs switched off, and returns the NUL-separated
// names it prints (past status's two-letter code with status set).
func gitNames(ctx context.Context, root string, args []string, status bool) ([]string, error) {
	return askGit(ctx, namesKey(root, args, status), func() ([]string, error) {
		return runGitNames(ctx, root, args, status)
	})
}

// runGitNames is gitNames, run.
func runGitNames(ctx context.Context, root string, args []string, status bool) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, gitLimit)
	defer cancel()
	full := append([]string{"-C", root, "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "diff.external=",
		"--no-optional-locks"}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = gitread.Env()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if msg == "" {
			msg = err.Error()
		}
		return nil, errString(msg)
	}
	var names []string
	for _, n := range strings.Split(out.String(), "\x00") {
		if status {
			if len(n) < 4 {
				continue
			}
			n = n[3:]
		}
		if n != "" {
			names = append(names, n)
		}
	}
	return names, nil
}

// operands returns vals' words that are not options, skipping the value
// of each option in withValue, and the words after "--" too.
func operands(vals, withValue []string) []string {
	var out []string
	for i := 0; i < len(vals); i++ {
		v := vals[i]
		switch {
		case v == "--":
			return append(out, vals[i+1:]...)
		case indexOf(withValue, v) >= 0:
			i++
		case strings.HasPrefix(v, "-"):
		default:
			out = append(out, v)
		}
	}
	return out
}

type errString string

func (e errString) Error() string { return string(e) }

// unknownRev reports an error of git's for a revision it cannot resolve,
// on which the command itself fails too.
func unknownRev(err error) bool {
	m := err.Error()
	return strings.Contains(m, "bad revision") || strings.Contains(m, "unknown revision") || strings.Contains(m, "ambiguous argument") ||
		strings.Contains(m, "no upstream configured") || strings.Contains(m, "HEAD does not point to a branch")
}

// readsOnly reports whether git's subcommand sub changes no file of the
// worktree through its operands (a revision, a path to read, a branch's
// name): an argument known only when it runs changes nothing there
// unless it is an option (--output=FILE), which a word with a static
// prefix that does not split cannot be.
func readsOnly(sub string) bool {
	switch sub {
	case "log", "show", "diff", "rev-list", "rev-parse", "describe", "shortlog", "blame", "annotate", "cat-file", "ls-files",
		"ls-tree", "merge-base", "name-rev", "for-each-ref", "show-ref", "show-branch", "whatchanged", "cherry", "range-diff",
		"status", "diff-tree", "diff-index", "diff-files", "grep":
		return true
	}
	return false
}
