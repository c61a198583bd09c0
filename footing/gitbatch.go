package footing

import (
	"bytes"
	"context"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/gitread"
	"github.com/agenthooks/hooks/shell"
)

// What a checkout, reset, stash apply, revert or merge of a revision
// would change is read for all of a call's revisions at once (issue 38's
// cost bound): 60 `git checkout xN` asked git diff 60 times, 0.85 s.
// When the footing files are as HEAD has them (git diff HEAD names
// none), the worktree's difference from REV is HEAD's tree's from REV's.
// git cat-file --batch-check reads the tree of every revision the call's
// git commands name (and of each one's parent) in one process, git
// rev-parse HEAD...REV their merge bases in another, and git diff-tree
// --stdin, in a third, the files under the footing paths that differ
// between the two trees of each pair: HEAD's and REV's (checkout, reset,
// stash apply), REV^'s and REV's (revert, cherry-pick), the merge base's
// and REV's (merge, pull). Anything else (a footing file changed since
// HEAD, a range, REV:path, a tree git cannot read, a command of fewer
// than minBatch git commands) asks git diff itself.

// maxBatchRevs bounds the revisions one read of trees asks for, and
// minBatch is the git commands a command runs from which they are read
// in batches.
const (
	maxBatchRevs  = 256
	maxBatchBases = 32
	minBatch      = 3
)

// A revBatch holds a call's candidate revisions and what git said of
// them, by repository root.
type revBatch struct {
	cands []string
	seen  map[string]bool
	trees map[string]map[string]string   // root → revision → tree ("" when git knows none)
	diffs map[string]map[string][]string // root and paths → "FROM TO" trees → names that differ
	bases map[string]map[string]string   // root → revision → its one merge base with HEAD ("" when none or several)
	// pending holds, by root, the revisions whose trees prefetchTrees
	// started to read.
	pending map[string][]string
}

// plainRev reports whether rev can be a line of git cat-file
// --batch-check that resolves as git diff resolves the word: no option,
// range, negation, REV:path, space or line break.
func plainRev(rev string) bool {
	return rev != "" && len(rev) <= 256 && rev[0] != '-' && rev[0] != '^' &&
		!strings.ContainsAny(rev, ": \t\r\n\x00") && !strings.Contains(rev, "..")
}

// cdsAndRevs returns the static directories sc's cd and pushd commands
// name, and records, for the call's reads in ctx, the static words of
// its git commands that may be revisions, when it runs minBatch git
// commands or more: a later read of one revision's tree reads theirs in
// the same process. With fewer, each is asked of git diff alone, which
// is one process where a batch is three.
func cdsAndRevs(ctx context.Context, sc *shell.Script) (cds []string) {
	r, _ := ctx.Value(gitReadsKey{}).(*gitReads)
	gits := 0
	for _, c := range sc.Commands {
		if (c.Name == "cd" || c.Name == "pushd") && len(c.Args) > 1 && !c.Args[len(c.Args)-1].Dynamic {
			cds = append(cds, c.Args[len(c.Args)-1].Value)
		}
		if c.Name == "git" {
			gits++
		}
	}
	if r == nil || gits < minBatch || r.batch.seen != nil {
		return cds
	}
	b := &r.batch
	b.seen = map[string]bool{}
	for _, c := range sc.Commands {
		if c.Name != "git" {
			continue
		}
		for _, w := range c.Args[1:] {
			if len(b.cands) >= 4*maxBatchRevs {
				return cds
			}
			if !w.Dynamic && plainRev(w.Value) && !b.seen[w.Value] {
				b.seen[w.Value] = true
				b.cands = append(b.cands, w.Value, w.Value+"^") // the parent: what git revert and cherry-pick apply
				if w.Value == "stash" && !b.seen["stash@{0}"] {
					b.seen["stash@{0}"] = true
					b.cands = append(b.cands, "stash@{0}", "stash@{0}^1") // what git stash pop and apply read
				}
			}
		}
	}
	return cds
}

// batchDiff is gitDiff(ctx, root, paths, revs...) read through the
// call's batch, for one revision against the worktree or two against
// each other (git revert's REV^ REV); ok is false when it cannot be
// (gitDiff then asks git diff).
func batchDiff(ctx context.Context, root string, paths []string, revs ...string) (names []string, err error, ok bool) {
	r, has := ctx.Value(gitReadsKey{}).(*gitReads)
	if !has || r.batch.seen == nil || len(paths) == 0 || len(revs) == 0 || len(revs) > 2 {
		return nil, nil, false
	}
	for _, p := range paths {
		if strings.ContainsAny(p, "\r\n\x00") {
			return nil, nil, false
		}
	}
	from, to := "HEAD", revs[0]
	merged := false
	if t, ok := strings.CutPrefix(to, "HEAD..."); ok && len(revs) == 1 {
		to, merged = t, true // what a merge of t brings: from their merge base
	}
	for _, rev := range revs {
		if !plainRev(rev) && !merged {
			return nil, nil, false
		}
	}
	switch {
	case merged:
		if !plainRev(to) {
			return nil, nil, false
		}
		trees, err := r.batch.treesOf(ctx, root, to)
		if err != nil {
			return nil, nil, false
		}
		switch trees[to] {
		case "":
			return nil, errString("bad revision 'HEAD..." + to + "'"), true // git diff fails on it too
		case unreadable:
			return nil, nil, false
		}
		base, err := r.batch.baseOf(ctx, root, to)
		if err != nil || base == "" {
			return nil, nil, false // no merge base, or several: git diff says what it says
		}
		from = base
	case len(revs) == 2:
		from, to = revs[0], revs[1]
	default:
		// git diff HEAD runs while the trees are read and compared (2
		// cores): what they say is taken only when it names no file.
		headArgs := diffArgs(paths, "HEAD")
		prefetch(ctx, namesKey(root, headArgs, false), func() ([]string, error) { return runGitNames(ctx, root, headArgs, false) })
		if trees, ok := r.batch.peekTrees(ctx, root); ok {
			if f, t := trees[from], trees[to]; validTree(trees["HEAD"]) && validTree(f) && validTree(t) && f != t {
				r.batch.prefetchDiffs(ctx, root, f+" "+t, paths, trees)
			}
		}
		if head, err := gitNames(ctx, root, headArgs, false); err != nil || len(head) > 0 {
			return nil, nil, false
		}
	}
	trees, err := r.batch.treesOf(ctx, root, from, to)
	if err != nil {
		return nil, nil, false
	}
	f, t := trees[from], trees[to]
	switch {
	case trees["HEAD"] == "" || trees["HEAD"] == unreadable || f == unreadable || t == unreadable:
		return nil, nil, false // no commit yet, or a tree git cannot read: git diff says what it says
	case f == "":
		return nil, errString("bad revision '" + from + "'"), true // git diff fails on it too
	case t == "":
		return nil, errString("bad revision '" + to + "'"), true
	case f == t:
		return nil, nil, true
	}
	diffs, err := r.batch.diffsOf(ctx, root, f+" "+t, paths)
	if err != nil {
		return nil, nil, false
	}
	return slices.Clip(diffs[f+" "+t]), nil, true
}

// validTree reports whether t is a tree git read.
func validTree(t string) bool { return t != "" && t != unreadable }

// diffArgs are git diff's words for paths against revs.
func diffArgs(paths []string, revs ...string) []string {
	args := append([]string{"diff", "--name-only", "--no-ext-diff", "--no-textconv", "-z"}, revs...)
	return append(append(args, "--"), paths...)
}

// diffsOf returns the names of the files under paths that differ
// between the two trees of each pair ("FROM TO"), reading in one git
// diff-tree --stdin those of pair, and of the call's other pairs (HEAD's
// tree and each candidate's; a candidate's parent's and its own) not
// known yet for these paths, up to maxBatchRevs.
func (b *revBatch) diffsOf(ctx context.Context, root, pair string, paths []string) (map[string][]string, error) {
	pk, known, ask := b.diffsAsk(root, pair, paths, b.trees[root])
	if ask == nil {
		return known, nil
	}
	out, err := askGit(ctx, diffTreeKey(root, ask, paths), func() ([]string, error) {
		return runDiffTree(ctx, root, ask, paths)
	})
	if err != nil {
		return nil, err
	}
	if known == nil {
		known = map[string][]string{}
		if b.diffs == nil {
			b.diffs = map[string]map[string][]string{}
		}
		b.diffs[pk] = known
	}
	p := ""
	for _, o := range out {
		if h, ok := strings.CutPrefix(o, "\n"); ok {
			p = h
			known[p] = nil
			continue
		}
		known[p] = append(known[p], o)
	}
	return known, nil
}

// diffsAsk returns the key of the differences under paths in root, those
// known, and the pairs diffsOf reads for pair (nil when it is known):
// pair, then the call's other pairs not known, of root's trees.
func (b *revBatch) diffsAsk(root, pair string, paths []string, trees map[string]string) (pk string, known map[string][]string, ask []string) {
	pk = root + "\x00" + strings.Join(paths, "\x00")
	known = b.diffs[pk]
	if _, ok := known[pair]; ok {
		return pk, known, nil
	}
	ask = []string{pair}
	add := func(f, t string) {
		p := f + " " + t
		if _, ok := known[p]; !ok && f != "" && t != "" && f != unreadable && t != unreadable && f != t && len(ask) < maxBatchRevs && !slicesContains(ask, p) {
			ask = append(ask, p)
		}
	}
	bases := b.bases[root]
	for _, c := range b.cands {
		add(trees["HEAD"], trees[c])
		add(trees[c+"^"], trees[c])
		if base, ok := bases[c]; ok {
			add(trees[base], trees[c])
		}
	}
	return pk, known, ask
}

// prefetchDiffs starts reading the differences diffsOf(ctx, root, pair,
// paths) would read once root's trees are trees.
func (b *revBatch) prefetchDiffs(ctx context.Context, root, pair string, paths []string, trees map[string]string) {
	if _, _, ask := b.diffsAsk(root, pair, paths, trees); ask != nil {
		prefetch(ctx, diffTreeKey(root, ask, paths), func() ([]string, error) { return runDiffTree(ctx, root, ask, paths) })
	}
}

// diffTreeKey is diffsOf's question.
func diffTreeKey(root string, pairs, paths []string) []string {
	return append(append([]string{"diff-tree", root}, pairs...), paths...)
}

// baseOf returns the one merge base of HEAD and rev in root (""
// when they have none or several), reading in one git rev-parse
// HEAD...REV those of rev and of the call's other candidates that the
// command spells (not their parents) whose trees git knows, not read yet
// (up to maxBatchBases: a merge base may walk a long history), and, in
// a second process at the same time, up to maxBatchBases more; its tree
// is read too (known already when it is a revision's commit).
func (b *revBatch) baseOf(ctx context.Context, root, rev string) (string, error) {
	if base, ok := b.bases[root][rev]; ok {
		return base, nil
	}
	ask := []string{rev}
	var more []string
	for _, c := range b.cands {
		if t := b.trees[root][c]; b.seen[c] && t != "" && t != unreadable && !hasKey(b.bases[root], c) && c != rev {
			if len(ask) < maxBatchBases {
				ask = append(ask, c)
			} else if len(more) < maxBatchBases {
				more = append(more, c)
			}
		}
	}
	if len(more) > 0 {
		args := baseArgs(more)
		prefetch(ctx, linesKey(root, args), func() ([]string, error) { return runGitLines(ctx, root, args...) })
	}
	found, err := b.readBases(ctx, root, ask)
	if err != nil {
		return "", err
	}
	if len(more) > 0 {
		f, err := b.readBases(ctx, root, more)
		if err == nil {
			found = append(found, f...)
		}
	}
	if _, err := b.treesOf(ctx, root, found...); err != nil {
		return "", err
	}
	return b.bases[root][rev], nil
}

// baseArgs are git rev-parse's words for the merge bases of HEAD and
// each of revs.
func baseArgs(revs []string) []string {
	args := []string{"rev-parse"}
	for _, a := range revs {
		args = append(args, "HEAD..."+a)
	}
	return args
}

// readBases reads the merge bases of HEAD and each of ask in root into
// b.bases, and returns those found.
func (b *revBatch) readBases(ctx context.Context, root string, ask []string) (found []string, err error) {
	out, err := gitLines(ctx, root, baseArgs(ask)...)
	if err != nil {
		return nil, err
	}
	known := b.bases[root]
	if known == nil {
		known = map[string]string{}
		if b.bases == nil {
			b.bases = map[string]map[string]string{}
		}
		b.bases[root] = known
	}
	// For each: the revision, HEAD, then ^ and each merge base.
	for _, a := range ask {
		if len(out) < 2 {
			return nil, errString("git rev-parse answered too few lines for " + strconv.Itoa(len(ask)))
		}
		out = out[2:]
		var bases []string
		for len(out) > 0 && strings.HasPrefix(out[0], "^") {
			bases = append(bases, out[0][1:])
			out = out[1:]
		}
		known[a] = ""
		if len(bases) == 1 && gitread.IsObjectName(bases[0]) {
			known[a] = bases[0]
			found = append(found, bases[0])
		}
	}
	if len(out) > 0 {
		return nil, errString("git rev-parse answered more lines than asked")
	}
	return found, nil
}

// runDiffTree runs git diff-tree --stdin in root on pairs of trees
// ("FROM TO"), for the files under paths, and returns for each pair a
// line "\n" + the pair, then the names that differ.
func runDiffTree(ctx context.Context, root string, pairs, paths []string) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, gitLimit)
	defer cancel()
	args := []string{"-C", root, "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "--no-optional-locks",
		"diff-tree", "--stdin", "-r", "--name-only", "--no-renames", "-z", "--"}
	cmd := exec.CommandContext(ctx, "git", append(args, paths...)...)
	cmd.Env = gitread.Env()
	cmd.Stdin = strings.NewReader(strings.Join(pairs, "\n") + "\n")
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return nil, err
	}
	// Each pair is echoed, with a line feed, before its names, each
	// ended by NUL: a name is under paths, so never a pair's line.
	var got []string
	rest := out.String()
	for i, pair := range pairs {
		head, ok := strings.CutPrefix(rest, pair+"\n")
		if !ok {
			return nil, errString("git diff-tree did not echo pair " + strconv.Itoa(i))
		}
		got = append(got, "\n"+pair)
		rest = head
		for rest != "" && (i+1 == len(pairs) || !strings.HasPrefix(rest, pairs[i+1]+"\n")) {
			name, after, ok := strings.Cut(rest, "\x00")
			if !ok {
				return nil, errString("git diff-tree printed a name without its end")
			}
			got = append(got, name)
			rest = after
		}
	}
	return got, nil
}

// catFile asks git cat-file --batch-check in root for the object each
// line names, as one of the call's reads, and returns its name for each
// line ("" when git has none).
func catFile(ctx context.Context, root string, lines []string) ([]string, error) {
	return askGit(ctx, catKey(root, lines), func() ([]string, error) {
		return runCatFile(ctx, root, lines)
	})
}

// catKey is catFile's question.
func catKey(root string, lines []string) []string { return append([]string{"batch", root}, lines...) }

// runCatFile is catFile, run within gitLimit.
func runCatFile(ctx context.Context, root string, lines []string) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, gitLimit)
	defer cancel()
	return gitread.CatFile(ctx, root, lines)
}

func hasKey(m map[string]string, k string) bool { _, ok := m[k]; return ok }
