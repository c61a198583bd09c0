package footing

import (
	"context"
	"maps"
)

// treesOf returns the trees git knows in root for revs, HEAD and the
// call's other candidates not asked yet (up to maxBatchRevs), read in
// one process when one of revs' is not known yet (after the read
// prefetchTrees started, if any).
func (b *revBatch) treesOf(ctx context.Context, root string, revs ...string) (map[string]string, error) {
	if ask, ok := b.pending[root]; ok {
		delete(b.pending, root)
		if err := b.readTrees(ctx, root, ask); err != nil {
			return nil, err
		}
	}
	ask := b.treesAsk(root, revs)
	if len(ask) == 0 {
		return b.trees[root], nil
	}
	if err := b.readTrees(ctx, root, ask); err != nil {
		return nil, err
	}
	return b.trees[root], nil
}

// prefetchTrees starts reading the trees treesOf(ctx, root) would read
// (HEAD's and the call's candidates'), while the judging reads the
// repository's configuration: git cat-file runs no program the
// configuration names. treesOf takes its answer.
func prefetchTrees(ctx context.Context, root string) {
	r, ok := ctx.Value(gitReadsKey{}).(*gitReads)
	if !ok || r.batch.seen == nil {
		return
	}
	b := &r.batch
	if _, ok := b.pending[root]; ok {
		return
	}
	ask := b.treesAsk(root, nil)
	if len(ask) == 0 {
		return
	}
	if b.pending == nil {
		b.pending = map[string][]string{}
	}
	b.pending[root] = ask
	lines := treeLines(ask)
	prefetch(ctx, catKey(root, lines), func() ([]string, error) { return runCatFile(ctx, root, lines) })
}

// treesAsk returns the revisions whose trees treesOf reads for revs: none
// when revs' and HEAD's are known, else those not known of revs, HEAD
// and the call's candidates, up to maxBatchRevs.
func (b *revBatch) treesAsk(root string, revs []string) []string {
	known := b.trees[root]
	var ask []string
	add := func(rev string) {
		if _, ok := known[rev]; !ok && !slicesContains(ask, rev) && len(ask) < maxBatchRevs+3 {
			ask = append(ask, rev)
		}
	}
	for _, rev := range append(revs, "HEAD") {
		add(rev)
	}
	if len(ask) == 0 {
		return nil
	}
	for _, c := range b.cands {
		if len(ask) >= maxBatchRevs {
			break
		}
		add(c)
	}
	return ask
}

// treeLines are git cat-file's lines for the trees of ask: each
// revision's tree, then the revision itself.
func treeLines(ask []string) []string {
	lines := make([]string, 0, 2*len(ask))
	for _, a := range ask {
		lines = append(lines, a+"^{tree}", a)
	}
	return lines
}

// readTrees reads the trees of ask in root into b.trees.
func (b *revBatch) readTrees(ctx context.Context, root string, ask []string) error {
	out, err := catFile(ctx, root, treeLines(ask))
	if err != nil {
		return err
	}
	known := b.trees[root]
	if known == nil {
		known = map[string]string{}
		if b.trees == nil {
			b.trees = map[string]map[string]string{}
		}
		b.trees[root] = known
	}
	fillTrees(known, ask, out)
	return nil
}

// fillTrees puts in known the trees of ask that cat-file's lines out
// (treeLines) say. The object a revision names has the revision's tree
// too: a merge base rev-parse names is then known when it is a
// revision's commit.
func fillTrees(known map[string]string, ask, out []string) {
	for i, a := range ask {
		known[a] = out[2*i]
		switch {
		case out[2*i] == "" && out[2*i+1] != "":
			// An object whose tree git cannot read (a partial clone lacks
			// it, or a blob): git diff says what it says.
			known[a] = unreadable
		case out[2*i] != "" && out[2*i+1] != "":
			if _, ok := known[out[2*i+1]]; !ok {
				known[out[2*i+1]] = out[2*i]
			}
		}
	}
}

// peekTrees returns the trees treesOf(ctx, root) would know once the
// read prefetchTrees started is taken, without taking it (ok false when
// none was started, or it failed).
func (b *revBatch) peekTrees(ctx context.Context, root string) (map[string]string, bool) {
	ask, ok := b.pending[root]
	if !ok {
		return nil, false
	}
	out, err, ok := peekGit(ctx, catKey(root, treeLines(ask)))
	if !ok || err != nil {
		return nil, false
	}
	trees := maps.Clone(b.trees[root])
	if trees == nil {
		trees = map[string]string{}
	}
	fillTrees(trees, ask, out)
	return trees, true
}

// unreadable is the tree of a revision that names an object whose tree
// git cannot read.
const unreadable = "?"
