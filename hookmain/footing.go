package hookmain

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/footing"
	"github.com/agenthooks/hooks/install"
)

// Options changes what [RunWith] does beyond answering with the
// handlers.
type Options struct {
	// EditsOwnFooting turns off the protection of the hook's footing (see
	// package footing): a hook that must let the model edit its own
	// registration, binary, trust or log sets it. Without it, every tool
	// call that would change them is denied before the handlers run,
	// with a reason that tells the model to ask the user.
	EditsOwnFooting bool
}

// RunWith is [Run] with options: RunWith(h, Options{}) is Run(h).
func RunWith(h hooks.Handlers, o Options) {
	stdout := startProcess()
	os.Exit(run(context.Background(), h, o, os.Args[1:], os.Stdin, stdout, os.Stderr, os.Exit))
}

// guardFooting makes h deny, on PreToolUse (registered even when h has
// no handler for it, so that the protection runs on every host) and on
// PermissionRequest when h handles it, every tool call that would change
// the hook's footing, before h's own handler runs. The footing is
// computed on the first tool event, not at start-up. log is the decision
// log's path of --log PATH ("" for none or the default one, which is in
// the state directory).
func guardFooting(h *hooks.Handlers, log string) {
	judge := func(ctx context.Context, cwd string, t *hooks.Tool) (string, bool) {
		start := time.Now()
		reason, deny := footingOf(cwd, log).Judge(ctx, t)
		d := hooks.NoDecision
		if deny {
			d = hooks.DecisionDeny
		}
		hooks.ReportCheck(ctx, hooks.Check{Name: "footing", Decision: d, Duration: time.Since(start)})
		return reason, deny
	}
	pre, anyh := h.PreToolUse, h.Any
	h.PreToolUse = func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		ctx = footing.WithReads(ctx) // the handler's own footing check reads the state once with this one
		if r, deny := judge(ctx, ev.Cwd, &ev.Tool); deny {
			return hooks.Deny(r), nil
		}
		switch {
		case pre != nil:
			return pre(ctx, ev)
		case anyh != nil:
			return anyh(ctx, ev)
		}
		return hooks.Response{}, nil
	}
	if perm := h.PermissionRequest; perm != nil {
		h.PermissionRequest = func(ctx context.Context, ev *hooks.PermissionRequestEvent) (hooks.Response, error) {
			ctx = footing.WithReads(ctx)
			if r, deny := judge(ctx, ev.Cwd, &ev.Tool); deny {
				return hooks.Deny(r), nil
			}
			return perm(ctx, ev)
		}
	}
}

// footingOf computes the running hook's footing for an event in cwd.
func footingOf(cwd, log string) *footing.Set {
	exe, _ := os.Executable()
	home, _ := os.UserHomeDir()
	state, _ := install.StateDir() // no I/O: the environment only
	if log != "" && !filepath.IsAbs(log) {
		log, _ = filepath.Abs(log) // the hook's own directory, where it opens the log
	}
	var arg0 string
	if len(os.Args) > 0 {
		arg0 = os.Args[0]
	}
	return footing.Of(footing.Env{
		Executable: exe, Arg0: arg0, Cwd: cwd, Home: home, StateDir: state, Log: log,
		Hosts: func() []footing.Host { return footing.HostsOf(builtin.Adapters()) },
	})
}
