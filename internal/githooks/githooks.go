// Package githooks finds the hook programs git runs in a repository
// (.git/hooks, or core.hooksPath), for a policy that judges what a git
// command runs besides itself: a pre-commit hook an earlier call wrote
// runs with the next git commit.
package githooks

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agenthooks/hooks/internal/gitread"
	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// Limit bounds the git run that finds the hooks.
const Limit = 2 * time.Second

// MaxHooks bounds the hooks listed.
const MaxHooks = 32

// maxEntries bounds the entries of a hooks directory read.
const maxEntries = 512

// Runs reports whether a command of s is a git command that may run one
// of the repository's hooks (see [Dirs]).
func Runs(s *shell.Script) bool {
	return len(Dirs(s)) > 0
}

// A Use is a hooks directory a script's git commands may run hooks of,
// and which: Dir is as written after -c core.hooksPath= ("" for the
// repository's own, its core.hooksPath or .git/hooks; "$" for one known
// only at run time); Names are the hooks' names, nil for any.
type Use struct {
	Dir   string
	Names []string
}

// hooksOf names the hooks git subcommand sub may run, as git's
// githooks(5) lists them: a commit's, a merge's, a checkout's, a
// rebase's, mail's, a push's; reference-transaction on every ref update,
// post-index-change on every write of the index, pre-auto-gc after
// commands that may collect garbage.
func hooksOf(sub string) (string, bool) {
	switch sub {
	case "commit":
		return "pre-commit prepare-commit-msg commit-msg post-commit post-rewrite reference-transaction post-index-change pre-auto-gc", true
	case "merge":
		return "pre-merge-commit prepare-commit-msg commit-msg post-merge reference-transaction post-index-change pre-auto-gc", true
	case "pull":
		return "pre-merge-commit prepare-commit-msg commit-msg post-merge pre-rebase post-rewrite post-checkout reference-transaction post-index-change pre-auto-gc", true
	case "checkout":
		return "post-checkout reference-transaction post-index-change", true
	case "switch":
		return "post-checkout reference-transaction post-index-change", true
	case "clone":
		return "post-checkout reference-transaction post-index-change", true
	case "worktree":
		return "post-checkout reference-transaction post-index-change", true
	case "rebase":
		return "pre-rebase prepare-commit-msg commit-msg post-commit post-rewrite post-checkout reference-transaction post-index-change pre-auto-gc", true
	case "am":
		return "applypatch-msg pre-applypatch post-applypatch prepare-commit-msg commit-msg post-rewrite reference-transaction post-index-change pre-auto-gc", true
	case "cherry-pick":
		return "prepare-commit-msg commit-msg post-commit reference-transaction post-index-change pre-auto-gc", true
	case "revert":
		return "prepare-commit-msg commit-msg post-commit reference-transaction post-index-change pre-auto-gc", true
	case "push":
		return "pre-push reference-transaction", true
	case "fetch":
		return "reference-transaction pre-auto-gc", true
	case "reset":
		return "reference-transaction post-index-change", true
	case "stash":
		return "reference-transaction post-index-change", true
	case "branch":
		return "reference-transaction", true
	case "tag":
		return "reference-transaction", true
	case "update-ref":
		return "reference-transaction", true
	case "symbolic-ref":
		return "reference-transaction", true
	case "notes":
		return "reference-transaction", true
	case "replace":
		return "reference-transaction", true
	case "gc":
		return "pre-auto-gc", true
	case "add":
		return "post-index-change", true
	case "rm":
		return "post-index-change", true
	case "mv":
		return "post-index-change", true
	case "restore":
		return "post-index-change", true
	case "read-tree":
		return "post-index-change", true
	case "update-index":
		return "post-index-change", true
	}
	return "", false
}

// Dirs returns the hooks directories the git commands of s may run
// hooks of, each once, with the hooks' names.
func Dirs(s *shell.Script) []Use {
	var uses []Use
	add := func(d string, names []string) {
		for i, u := range uses {
			if u.Dir == d {
				if u.Names != nil && names != nil {
					uses[i].Names = append(u.Names, names...)
				} else {
					uses[i].Names = nil
				}
				return
			}
		}
		uses = append(uses, Use{d, names})
	}
	for _, c := range s.Commands {
		if c.Name != "git" || c.Dynamic {
			continue
		}
		var sub []shell.Word
		ok := false
		if len(c.Args) > 1 && !c.Args[1].Dynamic && !strings.HasPrefix(c.Args[1].Value, "-") {
			sub, ok = c.Args[1:], true // no option before it: read without parsing options
		} else {
			sub, ok = c.Subcommand(shell.Git)
		}
		var names []string // nil: a subcommand known only at run time may run any
		if ok {
			list, runs := hooksOf(sub[0].Value)
			if !runs {
				continue
			}
			names = strings.Fields(list)
		}
		dir := ""
		globals := c.Args[1 : len(c.Args)-len(sub)]
		for i, a := range globals {
			v := a.Value
			if (v == "-c" || v == "--config-env") && i+1 < len(globals) {
				kv := globals[i+1].Value
				if k, val, found := strings.Cut(kv, "="); found && strings.EqualFold(k, "core.hooksPath") {
					dir = val
					if globals[i+1].Dynamic || v == "--config-env" {
						dir = "$"
					}
				} else if globals[i+1].Dynamic {
					dir = "$"
				}
			}
		}
		add(dir, names)
	}
	return uses
}

// Find returns the top of the worktree that holds dir and the hook
// programs of its repository: the executable regular files of its hooks
// directory (hooksPath when not "", relative to the top, else its
// core.hooksPath or .git/hooks), but git's *.sample files, at most
// MaxHooks (more is an error), of use.Names only when it names some. It returns no error and no hook when dir
// is in no worktree.
func Find(ctx context.Context, dir string, use Use) (top string, hooks []string, err error) {
	hooksPath := use.Dir
	top, hdir := where(ctx, dir)
	if top == "" {
		return "", nil, nil // not a worktree (or git is missing): no hook to run
	}
	if !filepath.IsAbs(hdir) {
		hdir = filepath.Join(dir, hdir)
	}
	if hooksPath != "" {
		hdir = hooksPath
		if strings.HasPrefix(hdir, "~/") {
			if home, err := os.UserHomeDir(); err == nil {
				hdir = filepath.Join(home, hdir[2:])
			}
		}
		if !filepath.IsAbs(hdir) {
			hdir = filepath.Join(top, hdir)
		}
	}
	d, err := readfile.Dir(hdir)
	if err != nil {
		return top, nil, nil // no hooks directory
	}
	entries, err := d.ReadDir(maxEntries + 1)
	d.Close()
	if err != nil && !errors.Is(err, io.EOF) {
		return top, nil, err // a folder read in part: its other hooks may run
	}
	if len(entries) > maxEntries {
		return top, nil, errTooMany
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".sample") || use.Names != nil && !slices.Contains(use.Names, e.Name()) {
			continue
		}
		p := filepath.Join(hdir, e.Name())
		fi, err := os.Stat(p)
		if err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			continue // git runs only an executable file
		}
		if len(hooks) == MaxHooks {
			return top, nil, errTooMany
		}
		hooks = append(hooks, p)
	}
	return top, hooks, nil
}

// Top returns the top of the worktree that holds dir, as git prints it,
// or "" outside one (or when git cannot tell): with ctx from [WithMemo],
// one git process a folder a call, shared with [Find].
func Top(ctx context.Context, dir string) string {
	top, _ := where(ctx, dir)
	return top
}

// where returns the top of the worktree that holds dir and its hooks
// directory as git prints it ("" for both outside one), asked of git
// once a call with ctx from [WithMemo] (or taken from [Prefetch]).
func where(ctx context.Context, dir string) (top, hdir string) {
	m, _ := ctx.Value(memoKey{}).(*memo)
	if m == nil {
		return ask(ctx, dir)
	}
	m.mu.Lock()
	a, ok := m.at[dir]
	if !ok {
		a = m.start(dir)
		m.mu.Unlock()
		a.fill(ctx, m, dir)
		return a.top, a.hdir
	}
	m.mu.Unlock()
	<-a.done
	if !a.inTime {
		return where(ctx, dir) // Prefetch's ended with its context: asked again (not kept)
	}
	return a.top, a.hdir
}

// Prefetch starts, with ctx from [WithMemo], asking git in a goroutine
// where the hooks of dir's repository are (see [Top]), unless it was
// asked before: a later [Top] or [Find] in the same call waits for that
// answer instead of starting git. Without the memo it does nothing. It
// returns a channel closed when git has answered, nil when it started
// none.
func Prefetch(ctx context.Context, dir string) <-chan struct{} {
	m, _ := ctx.Value(memoKey{}).(*memo)
	if m == nil || dir == "" {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.at[dir]; ok {
		return nil
	}
	a := m.start(dir)
	go func() {
		defer func() { _ = recover() }() // a panic leaves the answer not kept, not the process ended
		a.fill(ctx, m, dir)
	}()
	return a.done
}

// ask runs git in dir for where's answer.
func ask(ctx context.Context, dir string) (top, hdir string) {
	top, hdir, _ = run(ctx, dir)
	return top, hdir
}

// run is ask, and whether it ended before its deadline.
func run(ctx context.Context, dir string) (top, hdir string, inTime bool) {
	ctx, cancel := context.WithTimeout(ctx, Limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "-c", "core.fsmonitor=false", "--no-optional-locks",
		"rev-parse", "--show-toplevel", "--git-path", "hooks")
	cmd.Env = gitread.Env()
	var out bytes.Buffer
	cmd.Stdout = &out
	if cmd.Run() == nil {
		if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) == 2 {
			top, hdir = lines[0], lines[1]
		}
	}
	return top, hdir, ctx.Err() == nil
}

// A memo holds where's answers for one call, each once done is closed.
type memo struct {
	mu sync.Mutex
	at map[string]*answer
}

// An answer is where's for one folder.
type answer struct {
	done      chan struct{}
	top, hdir string
	inTime    bool
}

// start records the answer to come for dir; m.mu is held.
func (m *memo) start(dir string) *answer {
	if m.at == nil {
		m.at = map[string]*answer{}
	}
	a := &answer{done: make(chan struct{})}
	m.at[dir] = a
	return a
}

// fill sets a to git's answer for dir, and closes done; an answer
// past the deadline (or a panic) is not kept: a later question asks
// again.
func (a *answer) fill(ctx context.Context, m *memo, dir string) {
	defer func() {
		if !a.inTime {
			m.mu.Lock()
			if m.at[dir] == a {
				delete(m.at, dir)
			}
			m.mu.Unlock()
		}
		close(a.done)
	}()
	a.top, a.hdir, a.inTime = run(ctx, dir)
}

type memoKey struct{}

// WithMemo returns ctx carrying a memo of where the hooks of each
// folder's repository are, for one tool call (its state is read before
// the command runs), unless it carries one already.
func WithMemo(ctx context.Context) context.Context {
	if _, ok := ctx.Value(memoKey{}).(*memo); ok {
		return ctx
	}
	return context.WithValue(ctx, memoKey{}, &memo{})
}

type tooMany struct{}

func (tooMany) Error() string {
	return "githooks: more than 32 hooks, or 512 files in the hooks directory"
}

var errTooMany error = tooMany{}

// Script returns a shell command that runs each hook from top, as git
// does, for a policy to parse with package shell's Parser.Files set: each
// hook is then read as a script file run by its path.
func Script(top string, hooks []string) string {
	var b strings.Builder
	b.WriteString("cd " + quote(top) + " || exit\n")
	for _, h := range hooks {
		b.WriteString(quote(h) + "\n")
	}
	return b.String()
}

// quote returns s single-quoted for the shell.
func quote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
