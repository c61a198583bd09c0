package footing

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/internal/githooks"
)

// maxGitReads bounds the git processes one call starts to read the
// repositories' state (issue 38): a command of 4,000 `git stash` started
// one each, 38 s. The same question is asked of git once a call
// (gitReads); past this many distinct ones, a read fails with
// errGitReads and the git command asking is denied, as one whose state
// cannot be read. An ordinary command asks a few.
const maxGitReads = 12

// errGitReads is a read's error past maxGitReads.
var errGitReads = errors.New("the command asks more of the repositories' state than the hook reads in one call")

// gitReads holds the answers git gave within one call, by question.
type gitReads struct {
	n     int
	out   map[string]gitAnswer
	batch revBatch
}

// A gitAnswer is what git printed (names or lines), or its error.
type gitAnswer struct {
	names []string
	err   error
}

type gitReadsKey struct{}

// WithReads returns ctx carrying one memo and one bound of the
// repositories' state for a tool call: each [Set.Judge] given it, or a
// context made from it, and [UnsafeRepo], read each state once, and
// their reads count together. hookmain gives it to its footing check
// and to the handlers, so that a policy which judges the footing again
// (the guard does) starts no git process twice. Judge without it reads
// the state once a call of its own.
func WithReads(ctx context.Context) context.Context { return withGitReads(ctx) }

// withGitReads returns ctx carrying a new call's gitReads, unless it
// carries one already.
func withGitReads(ctx context.Context) context.Context {
	if _, ok := ctx.Value(gitReadsKey{}).(*gitReads); ok {
		return ctx
	}
	return context.WithValue(githooks.WithMemo(ctx), gitReadsKey{}, &gitReads{})
}

// askGit returns run's answer to the question key (git's folder and
// words), asked once a call: the state is read before the command runs,
// so each asking gets the same answer. Past maxGitReads questions it
// returns errGitReads without running git. A context without gitReads
// runs git each time.
func askGit(ctx context.Context, key []string, run func() ([]string, error)) ([]string, error) {
	r, ok := ctx.Value(gitReadsKey{}).(*gitReads)
	if !ok {
		return run()
	}
	k := strings.Join(key, "\x00")
	if a, ok := r.out[k]; ok {
		return slices.Clip(a.names), a.err
	}
	if r.n >= maxGitReads {
		return nil, errGitReads
	}
	r.n++
	names, err := run()
	if r.out == nil {
		r.out = map[string]gitAnswer{}
	}
	r.out[k] = gitAnswer{names, err}
	return slices.Clip(names), err
}
