package guardpolicy

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
		if r := JudgeWith(ctx, ConfigOf(set), cwd, t); r.Decision == hooks.DecisionDeny || set == nil {
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
