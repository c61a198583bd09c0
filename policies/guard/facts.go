package guard

import "github.com/agenthooks/hooks/shell"

// scriptFacts holds what the rules ask of a whole script for each of
// its commands, found once a script (issue 38): whether it changes
// directory, and where the first git command that rewrites the worktree
// or moves refs stands. Asked once a command, each was a pass over the
// script: 8,000 `git -C dirN status` took 7 s and 2 GB, git's words
// parsed again for every pair of commands.
type scriptFacts struct {
	s  *shell.Script
	cd bool // a cd, pushd, popd or chdir (hasCd)
	// gitRewrites is whether a git command of s rewrites the worktree's
	// files from elsewhere (see subRewrites).
	gitRewrites bool
	// index is each command's place in s.Commands.
	index map[*shell.Command]int
	// rewrite is the index of the first command that is dynamic or a git
	// command that rewrites the worktree (subRewrites); moves that of the
	// first such command or git command that moves refs (subChangesRefs);
	// each len(s.Commands) when there is none.
	rewrite, moves int
	// refMovers are the first two git commands that move refs.
	refMovers []*shell.Command
}

// facts returns s's scriptFacts.
func (at *place) facts(s *shell.Script) *scriptFacts {
	if at.factMemo != nil && at.factMemo.s == s {
		return at.factMemo
	}
	n := len(s.Commands)
	f := &scriptFacts{s: s, cd: hasCd(s), index: make(map[*shell.Command]int, n), rewrite: n, moves: n}
	for i, x := range s.Commands {
		f.index[x] = i
		rewrites, refs := x.Dynamic, false
		if x.Name == "git" {
			sub, hidden := gitSub(x) // read once for both questions
			g := subRewrites(sub, hidden)
			f.gitRewrites = f.gitRewrites || g
			rewrites = rewrites || g
			refs = subChangesRefs(sub, hidden)
		}
		if rewrites && f.rewrite == n {
			f.rewrite = i
		}
		if (rewrites || refs) && f.moves == n {
			f.moves = i
		}
		if refs && len(f.refMovers) < 2 {
			f.refMovers = append(f.refMovers, x)
		}
	}
	at.factMemo = f
	return f
}

// before reports whether the first command at index i comes before c (c
// is one of the script's commands; one that is not counts as after all).
func (f *scriptFacts) before(i int, c *shell.Command) bool {
	j, ok := f.index[c]
	if !ok {
		j = len(f.s.Commands)
	}
	return i < j
}

// otherMovesRefs reports whether a git command of the script other than
// c may create, move or delete refs (subChangesRefs).
func (f *scriptFacts) otherMovesRefs(c *shell.Command) bool {
	return len(f.refMovers) > 1 || len(f.refMovers) == 1 && f.refMovers[0] != c
}
