package shell

// gitAm: git am applies the patches of its mailbox operands (its
// standard input without one) to the worktree, as git apply does: the
// files they name land there ([Effect.From]: git am p.patch && cat
// newlink printed app/.env under bash, p.patch making newlink a link to
// it). With --continue, --skip, --abort, --quit or --show-current-patch
// it reads no mailbox (what it does to the worktree then is rule 2's).
func (w *walker) gitAm(c *Command, at *scope, f Flags) {
	if f.Has("continue", "resolved", "r", "skip", "abort", "quit", "retry", "show-current-patch") {
		return
	}
	dir, _ := f.Value("directory")
	if len(f.Operands) == 0 {
		w.tree(c, at, dir, Static("-"))
		return
	}
	for _, o := range f.Operands {
		w.reads(c, at, o)
		w.tree(c, at, dir, o)
	}
}
