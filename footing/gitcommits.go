package footing

import (
	"context"
	"path/filepath"
)

// KnownCommit reports what the trees the call's reads in ctx (see
// [WithReads]) took from git for the revisions of a command's git
// commands say of word in the worktree whose top is root: whether word
// names a commit (a branch, a tag of one, a commit), as git rev-parse
// --verify word^{commit} would say; known is false when they do not tell
// (no such read, or one that did not ask for word, or word names
// something without a parent that is not known to be a commit). A policy
// that asks git the same question (the guard: whether `git checkout
// WORD` switches branches) then starts no git process for it.
//
// Each revision is read with its parent (word^, what git revert
// applies): when git names word^'s tree, word^ resolves, which git does
// only for a word that peels to a commit; when git names neither word's
// tree nor an object for word, word names nothing.
func KnownCommit(ctx context.Context, root, word string) (isCommit, known bool) {
	r, ok := ctx.Value(gitReadsKey{}).(*gitReads)
	if !ok || r.batch.seen == nil || !plainRev(word) || !plainRev(word+"^") {
		return false, false
	}
	root = filepath.FromSlash(root)
	trees := r.batch.trees[root]
	if _, pending := r.batch.pending[root]; pending {
		trees, ok = r.batch.peekTrees(ctx, root)
		if !ok {
			return false, false
		}
	}
	if t, ok := trees[word+"^"]; ok && t != "" && t != unreadable {
		return true, true
	}
	if t, ok := trees[word]; ok && t == "" {
		return false, true // git names no tree and no object for word
	}
	return false, false
}
