package footing

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"

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
// Its answers may be read while git runs in other goroutines (see
// prefetch); batch is the judging goroutine's alone.
type gitReads struct {
	mu    sync.Mutex
	n     int
	out   map[string]*gitAnswer
	spec  int               // the reads prefetch started
	ends  []<-chan struct{} // closed when each has ended (see settle)
	batch revBatch
}

// A gitAnswer is what git printed (names or lines), or its error, once
// done is closed; spec marks one prefetch started that no question
// has asked yet (it is counted when one does).
type gitAnswer struct {
	done  chan struct{}
	spec  bool
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
// runs git each time. An answer prefetch started is waited for, and
// counts as the question's read then: past maxGitReads, errGitReads, as
// if it had not been started.
func askGit(ctx context.Context, key []string, run func() ([]string, error)) ([]string, error) {
	r, ok := ctx.Value(gitReadsKey{}).(*gitReads)
	if !ok {
		return run()
	}
	k := strings.Join(key, "\x00")
	r.mu.Lock()
	a, ok := r.out[k]
	switch {
	case ok && a.spec && r.n >= maxGitReads:
		r.mu.Unlock()
		return nil, errGitReads
	case ok:
		if a.spec {
			a.spec = false
			r.n++
		}
		r.mu.Unlock()
		<-a.done
		return slices.Clip(a.names), a.err
	case r.n >= maxGitReads:
		r.mu.Unlock()
		return nil, errGitReads
	}
	r.n++
	a = r.start(k, false)
	r.mu.Unlock()
	a.fill(run)
	return slices.Clip(a.names), a.err
}

// maxPrefetch bounds the reads prefetch starts in one call: each is a
// git process a question may never ask for (the bound of maxGitReads is
// on questions).
const maxPrefetch = 6

// prefetch starts run, in a goroutine, for the question key that the
// judging is about to ask (askGit then waits for it instead of starting
// git), so that git answers it while another read runs: 2 cores run two
// git processes in the time of one. It starts nothing without gitReads,
// for a question asked or started before, past maxPrefetch, or when the
// questions asked leave no room for it under maxGitReads.
func prefetch(ctx context.Context, key []string, run func() ([]string, error)) {
	r, ok := ctx.Value(gitReadsKey{}).(*gitReads)
	if !ok {
		return
	}
	k := strings.Join(key, "\x00")
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.out[k]; ok || r.spec >= maxPrefetch || r.n >= maxGitReads {
		return
	}
	r.spec++
	a := r.start(k, true)
	r.ends = append(r.ends, a.done)
	go func() {
		defer func() { _ = recover() }() // a panic is fill's error, not the process's end
		a.fill(run)
	}()
}

// fill sets a to run's answer and closes done, an error when run
// panics (Judge recovers the panic; a later asking must not wait, nor
// take no answer for no difference).
func (a *gitAnswer) fill(run func() ([]string, error)) {
	defer close(a.done)
	a.err = errString("the read of the repository's state did not finish")
	a.names, a.err = run()
}

// answerOf returns the answer, given or coming, to the question key in
// ctx's memo of the call's reads (ok false when none was asked).
func answerOf(ctx context.Context, key []string) (*gitAnswer, bool) {
	r, has := ctx.Value(gitReadsKey{}).(*gitReads)
	if !has {
		return nil, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	a, ok := r.out[strings.Join(key, "\x00")]
	return a, ok
}

// peekGit waits for the answer to the question key that prefetch
// started, and returns it without counting it as asked (ok false when
// none was started): what it says decides only what else to prefetch.
func peekGit(ctx context.Context, key []string) (names []string, err error, ok bool) {
	a, ok := answerOf(ctx, key)
	if !ok {
		return nil, nil, false
	}
	<-a.done
	return slices.Clip(a.names), a.err, true
}

// knownAnswer returns the answer to the question key that a question
// asked before in the call got (ok false when none did, or git has not
// answered yet).
func knownAnswer(ctx context.Context, key []string) (names []string, err error, ok bool) {
	a, ok := answerOf(ctx, key)
	if !ok || a.spec {
		return nil, nil, false
	}
	select {
	case <-a.done:
		return slices.Clip(a.names), a.err, true
	default:
		return nil, nil, false
	}
}

// start records the answer to come for k; r.mu is held.
func (r *gitReads) start(k string, spec bool) *gitAnswer {
	if r.out == nil {
		r.out = map[string]*gitAnswer{}
	}
	a := &gitAnswer{done: make(chan struct{}), spec: spec}
	r.out[k] = a
	return a
}

// namesKey is gitNames's question.
func namesKey(root string, args []string, status bool) []string {
	return append([]string{"names", root, strconv.FormatBool(status)}, args...)
}

// prefetch starts, while the configuration of root is read for git's
// subcommand sub with the words vals, the reads that its judging will
// ask next and that run no program the configuration names: the trees
// of the call's revisions (when sub may read one, see mayNameRev), and
// where git in the command's folder finds its worktree and hooks, which
// a policy judging the same call asks through the call's memo (the
// guard's rules, and githooks.Find for the hooks git runs: a hook with
// no such policy runs one git process it does not use).
func (p *place) prefetch(ctx context.Context, root, sub string, vals []string) {
	if mayNameRev(sub, vals) {
		prefetchTrees(ctx, root)
	}
	r, ok := ctx.Value(gitReadsKey{}).(*gitReads)
	if !ok || sub == "clean" || sub == "checkout-index" { // git runs hooks for the others
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.spec < maxPrefetch {
		if end := githooks.Prefetch(ctx, p.dir); end != nil {
			r.spec++ // counted in maxPrefetch (each folder once: a script's cds may name many)
			r.ends = append(r.ends, end)
		}
	}
}

// settle waits for the reads prefetch started in ctx's call to end
// (each within gitLimit), so that no git process a judgment started
// outlives it: Judge returns after them.
func settle(ctx context.Context) {
	r, ok := ctx.Value(gitReadsKey{}).(*gitReads)
	if !ok {
		return
	}
	r.mu.Lock()
	ends := r.ends
	r.ends = nil
	r.mu.Unlock()
	for _, e := range ends {
		<-e
	}
}
