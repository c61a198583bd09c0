package guard

import (
	"context"
	"fmt"
	"io"
	"sync"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/policy"
)

// WithPolicy returns the guard's Handlers ([Handlers]) with the policy
// files load finds: on PreToolUse and PermissionRequest the built-in rules judge
// first, with the files' [guard] knobs ([Config]); a call they allow then
// meets the files' rules ([policy.Set.Eval]), so that no allow lifts a
// built-in deny. A policy file that cannot be used fails closed, as a
// configuration error does: the call is denied, and one line naming the
// file goes to stderr. The warnings of a lock go to stderr too, once per
// Handlers value.
func WithPolicy(load policy.Loader, stderr io.Writer) hooks.Handlers {
	return withPolicy(load, stderr, false)
}

// WithPolicyAway is [WithPolicy] for a server that judges calls away from
// the worktree they name (a central gateway): the guard reads no
// worktree state there ([Config].Away), since what is at that path on
// the server is not the developer's project.
func WithPolicyAway(load policy.Loader, stderr io.Writer) hooks.Handlers {
	return withPolicy(load, stderr, true)
}

func withPolicy(load policy.Loader, stderr io.Writer, away bool) hooks.Handlers {
	var once sync.Once
	judge := func(ctx context.Context, ev hooks.Event, t *hooks.Tool) hooks.Response {
		cwd := ev.Common().Cwd
		set, err := load(cwd)
		if err != nil {
			fmt.Fprintf(stderr, "guard: policy file unusable, denying: %v\n", err)
			return hooks.Deny("guard: the team's policy file cannot be read (" + err.Error() + "), so the call cannot be checked; ask the user to fix it")
		}
		once.Do(func() {
			if set != nil {
				for _, w := range set.Warnings {
					fmt.Fprintln(stderr, w)
				}
			}
		})
		cfg := ConfigOf(set)
		if away {
			if cfg == nil {
				cfg = &Config{}
			}
			cfg.Away = true
		}
		if r := JudgeWith(ctx, cfg, cwd, t); r.Decision == hooks.DecisionDeny || set == nil {
			return r
		}
		v := set.Eval(ctx, ev)
		return v.Response()
	}
	// Everything else of the guard's Handlers (Unchecked, …) stays.
	h := Handlers()
	h.PreToolUse = func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		return judge(ctx, ev, &ev.Tool), nil
	}
	h.PermissionRequest = func(ctx context.Context, ev *hooks.PermissionRequestEvent) (hooks.Response, error) {
		return judge(ctx, ev, &ev.Tool), nil
	}
	return h
}
