package policy

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/agenthooks/hooks"
)

// A Loader returns the policy set for an event's working directory:
// [Load] for a hook, a reloading cache for a gateway, fixed files for a
// test. A nil set and no error mean no policy file.
type Loader func(cwd string) (*Set, error)

// Front returns h with the policy files load finds in front of its tool
// handlers: PreToolUse and PermissionRequest always, PostToolUse and
// PostToolUseFailure when h handles them (h.Any stands for a handler h
// does not type): the files' rules
// are evaluated first, and h is called unless they deny. The two answers
// are combined with the files' precedence: deny > ask > allow, so that
// neither an allow of h lifts a deny or an ask of the files nor the
// reverse; context of both is kept. A rewrite of h's (hooks.Rewrite) is
// evaluated again, as the call that will run.
//
// A policy file that cannot be used fails closed, as a configuration
// error does: the call is denied, and one line naming the file goes to
// stderr.
func Front(load Loader, h hooks.Handlers, stderr io.Writer) hooks.Handlers {
	wrap := func(ctx context.Context, ev hooks.Event, own func() (hooks.Response, error)) (hooks.Response, error) {
		set, err := load(ev.Common().Cwd)
		if err != nil {
			fmt.Fprintf(stderr, "policy: file unusable, denying: %v\n", err)
			return hooks.Deny("policy: the team's policy file cannot be read (" + err.Error() + "), so the call cannot be checked; ask the user to fix it"), nil
		}
		v := set.Eval(ctx, ev)
		if v.Decision == hooks.DecisionDeny || own == nil {
			return v.Response(), nil
		}
		r, err := own()
		if err != nil {
			return r, err
		}
		if r.UpdatedInput != nil {
			if t := hooks.ToolOf(ev); t != nil {
				// Judge the call as it will run: the same event, the new input.
				orig := t.Input
				t.Input = r.UpdatedInput
				v2 := set.Eval(ctx, ev)
				t.Input = orig
				if rank(v2.Decision) > rank(v.Decision) || v2.Unseen != "" {
					v = v2
				}
			}
		}
		return Combine(&v, r), nil
	}
	out := h
	anyH := h.Any
	typed := func(ctx context.Context, ev hooks.Event, f func() (hooks.Response, error)) (hooks.Response, error) {
		if f == nil && anyH != nil {
			f = func() (hooks.Response, error) { return anyH(ctx, ev) }
		}
		return wrap(ctx, ev, f)
	}
	pre, perm, post, fail := h.PreToolUse, h.PermissionRequest, h.PostToolUse, h.PostToolUseFailure
	out.PreToolUse = func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		return typed(ctx, ev, bind(ctx, ev, pre))
	}
	out.PermissionRequest = func(ctx context.Context, ev *hooks.PermissionRequestEvent) (hooks.Response, error) {
		return typed(ctx, ev, bind(ctx, ev, perm))
	}
	// The events after a tool are registered only where h asks for them
	// (a rule with event = "PostToolUse" needs the hook installed for it).
	if post != nil || anyH != nil {
		out.PostToolUse = func(ctx context.Context, ev *hooks.PostToolUseEvent) (hooks.Response, error) {
			return typed(ctx, ev, bind(ctx, ev, post))
		}
	}
	if fail != nil || anyH != nil {
		out.PostToolUseFailure = func(ctx context.Context, ev *hooks.PostToolUseFailureEvent) (hooks.Response, error) {
			return typed(ctx, ev, bind(ctx, ev, fail))
		}
	}
	return out
}

// bind returns f called on ctx and ev, or nil when f is nil.
func bind[E any](ctx context.Context, ev E, f func(context.Context, E) (hooks.Response, error)) func() (hooks.Response, error) {
	if f == nil {
		return nil
	}
	return func() (hooks.Response, error) { return f(ctx, ev) }
}

// Combine returns the answer of a policy set's verdict v and a handler's
// response r with the files' precedence: the stronger decision of the
// two (deny > ask > allow > none; a halt of r stands), with both
// contexts.
func Combine(v *Verdict, r hooks.Response) hooks.Response {
	pr := v.Response()
	out := r
	if !r.Halt && (rank(pr.Decision) > rank(r.Decision) || v.Unseen != "") {
		out = pr
	}
	var ctx []string
	for _, c := range []string{r.Context, v.Context} {
		if c != "" {
			ctx = append(ctx, c)
		}
	}
	out.Context = strings.Join(ctx, "\n")
	return out
}
