package hookstest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/verdict"
)

// Denied asserts that every host blocks the call, and that the model is
// told a reason the handler wrote (not a stand-in such as "Blocked by
// hook"). On a stop, a deny keeps the agent going; on a prompt, it drops
// the prompt.
func (r *Results) Denied(t testing.TB) {
	t.Helper()
	r.each(t, func(c *Case) string { return c.denied("") })
}

// DeniedWithReason is Denied, and the reason the model is told contains
// substr.
func (r *Results) DeniedWithReason(t testing.TB, substr string) {
	t.Helper()
	r.each(t, func(c *Case) string { return c.denied(substr) })
}

// Allowed asserts that no host blocks the call, asks the user about it or
// stops the agent: the call goes on (approved, or left to the host's own
// rules).
func (r *Results) Allowed(t testing.TB) {
	t.Helper()
	r.each(t, func(c *Case) string {
		if m := c.failed(); m != "" {
			return m
		}
		v := c.Verdict
		switch {
		case (v.Decision == hooks.DecisionDeny):
			return fmt.Sprintf("not allowed: %s blocks it and tells the model %q", hostName(c.Host), v.Reason)
		case v.Decision == hooks.DecisionAsk:
			return fmt.Sprintf("not allowed: %s asks the user (%q)", hostName(c.Host), v.Reason)
		case v.Halt:
			return fmt.Sprintf("not allowed: %s stops the agent", hostName(c.Host))
		}
		return ""
	})
}

// NoOpinion asserts that every host behaves as if no hook had run: no
// decision, no context, no rewrite, no message, no halt.
func (r *Results) NoOpinion(t testing.TB) {
	t.Helper()
	r.each(t, func(c *Case) string {
		if m := c.failed(); m != "" {
			return m
		}
		v := c.Verdict
		if v.Decision != hooks.NoDecision || v.Reason != "" || v.Context != "" || v.UpdatedInput != nil || v.Halt || v.User != "" {
			return fmt.Sprintf("the hook has an opinion: %s receives %s", hostName(c.Host), v)
		}
		return ""
	})
}

// Asked asserts that every host asks the user about the call. Only Claude
// Code can ask (on PreToolUse); on the other hosts Handlers.AskFallback
// decides, so assert those with Host and Except:
//
//	res.Host("claude").Asked(t)
//	res.Except("claude").DeniedWithReason(t, "needs review")
func (r *Results) Asked(t testing.TB) {
	t.Helper()
	r.each(t, func(c *Case) string {
		if m := c.failed(); m != "" {
			return m
		}
		v := c.Verdict
		if v.Decision == hooks.DecisionAsk {
			return ""
		}
		if w, ok := c.warning(hooks.FieldAsk); ok {
			became := "nothing"
			switch {
			case (v.Decision == hooks.DecisionDeny):
				became = "a deny"
			case v.Decision == hooks.DecisionAllow || strings.Contains(w.Note, "allow"):
				became = "an allow"
			}
			return fmt.Sprintf("the user is never asked: %s does not honour ask on %s, so Handlers.AskFallback turned it into %s (%s). "+
				"Fix: return hooks.Deny with a reason (or hooks.Allow) for %s, or set Handlers.AskFallback deliberately and assert Denied or Allowed there",
				hostName(c.Host), c.Native, became, v, c.Host)
		}
		return fmt.Sprintf("not asked: %s receives %s", hostName(c.Host), v)
	})
}

// Halted asserts that every host stops the agent.
func (r *Results) Halted(t testing.TB) {
	t.Helper()
	r.each(t, func(c *Case) string {
		if m := c.failed(); m != "" {
			return m
		}
		if c.Verdict.Halt {
			return ""
		}
		if w, ok := c.warning(hooks.FieldHalt); ok {
			return fmt.Sprintf("the agent is not stopped: %s (%s). Fix: %s", w, c.Verdict, fix(c, w))
		}
		return fmt.Sprintf("the agent is not stopped: %s receives %s", hostName(c.Host), c.Verdict)
	})
}

// ContextDelivered asserts that the context containing substr reaches the
// model on every host that can show context on this event, and that on the
// others a warning says it was dropped. It fails when context is lost
// without a warning. Use ContextEverywhere when the context must reach
// every host.
func (r *Results) ContextDelivered(t testing.TB, substr string) {
	t.Helper()
	r.each(t, func(c *Case) string {
		if strings.Contains(c.Verdict.Context, substr) && c.Verdict.Context != "" {
			return ""
		}
		if _, ok := c.warning(hooks.FieldContext); ok {
			return ""
		}
		return c.noContext(substr)
	})
}

// ContextEverywhere asserts that the context containing substr reaches the
// model on every host.
func (r *Results) ContextEverywhere(t testing.TB, substr string) {
	t.Helper()
	r.each(t, func(c *Case) string {
		if strings.Contains(c.Verdict.Context, substr) && c.Verdict.Context != "" {
			return ""
		}
		if w, ok := c.warning(hooks.FieldContext); ok {
			return fmt.Sprintf("the model never sees this context: %s does not show context on %s, so the hook dropped it (%q). Fix: %s",
				hostName(c.Host), c.Native, w.String(), fix(c, w))
		}
		return c.noContext(substr)
	})
}

// NoWarnings asserts that no host had a field of the answer dropped or
// changed: everything the handler said is honoured as said.
func (r *Results) NoWarnings(t testing.TB) {
	t.Helper()
	r.each(t, func(c *Case) string {
		var msgs []string
		for _, w := range c.Warnings {
			msgs = append(msgs, fmt.Sprintf("%q. Fix: %s", w.String(), fix(c, w)))
		}
		return strings.Join(msgs, "\n\t")
	})
}

// each runs check on every case and reports each message as one error.
func (r *Results) each(t testing.TB, check func(c *Case) string) {
	t.Helper()
	if len(r.Cases) == 0 {
		var why []string
		for _, s := range r.Skipped {
			why = append(why, string(s.Host)+": "+s.Why)
		}
		t.Errorf("hookstest: %s: no host ran this scenario (%s)", r.Scenario, strings.Join(why, "; "))
		return
	}
	for i := range r.Cases {
		c := &r.Cases[i]
		if msg := check(c); msg != "" {
			t.Errorf("hookstest: %s: %s: %s", r.Scenario, c, msg)
		}
	}
}

// denied checks a deny whose reason reaches the model and contains substr.
func (c *Case) denied(substr string) string {
	if m := c.failed(); m != "" {
		return m
	}
	v := c.Verdict
	host := hostName(c.Host)
	switch {
	case v.Ignored != "":
		return fmt.Sprintf("not denied: %s discards the hook's whole answer (%s), so the call goes on. This is a bug in the adapter: please report it with the output %q",
			host, v.Ignored, c.Output.Stdout)
	case v.Decision == hooks.DecisionAsk:
		return fmt.Sprintf("not denied: %s asks the user instead (%q). Fix: return hooks.Deny with a reason if the call must not run", host, v.Reason)
	case !(v.Decision == hooks.DecisionDeny):
		if w, ok := c.warning(hooks.FieldDeny); ok {
			return fmt.Sprintf("not denied: %q. Fix: %s", w.String(), fix(c, w))
		}
		return fmt.Sprintf("not denied: %s receives %s. Fix: return hooks.Deny with a reason for this call", host, v)
	case strings.TrimSpace(v.Reason) == "":
		return fmt.Sprintf("denied, but %s gives the model no reason. Fix: return hooks.Deny with a reason that says why and what to do instead", host)
	case v.Placeholder:
		return fmt.Sprintf("denied, but the model only sees the stand-in %q, not a reason from the policy. Fix: return hooks.Deny with a reason that says why and what to do instead (hooks.Deny(\"\") has none)", v.Reason)
	case !strings.Contains(v.Reason, substr):
		return fmt.Sprintf("denied, but the reason the model sees, %q, does not contain %q", v.Reason, substr)
	}
	return ""
}

// failed reports a case the handler did not decide.
func (c *Case) failed() string {
	if c.Err == nil {
		return ""
	}
	return fmt.Sprintf("the hook could not decide (%v) and its fail policy answered: %s. Fix the handler, or check Case.Err if the fail policy is what this test is about", c.Err, c.Verdict)
}

// noContext explains a case whose context did not reach the model, with no
// warning about it.
func (c *Case) noContext(substr string) string {
	v := c.Verdict
	switch {
	case c.Err != nil:
		return c.failed()
	case v.Ignored != "":
		return fmt.Sprintf("no context reaches the model: %s discards the hook's whole answer (%s). This is a bug in the adapter: please report it", hostName(c.Host), v.Ignored)
	case v.Context != "":
		return fmt.Sprintf("the model gets the context %q, which does not contain %q", v.Context, substr)
	}
	return fmt.Sprintf("no context reaches the model and no warning says why: %s receives %s. Fix: return hooks.AddContext (or Response.WithContext) on %s", hostName(c.Host), v, c.Event.Name())
}

// warning returns the first warning about field.
func (c *Case) warning(field hooks.Field) (hooks.Warning, bool) {
	for _, w := range c.Warnings {
		if w.Field.Has(field) {
			return w, true
		}
	}
	return hooks.Warning{}, false
}

// fix says how to avoid a warning.
func fix(c *Case, w hooks.Warning) string {
	host, ev := hostName(c.Host), verdict.FirstOf(w.Event, c.Native)
	switch {
	case w.Field.Has(hooks.FieldAsk):
		return fmt.Sprintf("return hooks.Deny with a reason (or hooks.Allow) where %s cannot ask the user (%s), or set Handlers.AskFallback deliberately", host, ev)
	case w.Field.Has(hooks.FieldContext):
		return fmt.Sprintf("add the context on an event where %s shows it: %s%s", host, eventsWith(c.Host, hooks.FieldContext), capNote(c))
	case w.Field.Has(hooks.FieldUpdatedInput):
		return fmt.Sprintf("deny with a reason that says how to redo the call; %s rewrites input only on: %s", host, eventsWith(c.Host, hooks.FieldUpdatedInput))
	case w.Field.Has(hooks.FieldDeny) && strings.Contains(w.Note, "loop guard"):
		return "the agent already continued once because of a stop hook, and a second block is dropped so that it cannot loop forever. Return no opinion when StopEvent.Active is set, or set Handlers.RepeatStopBlocks if the policy ends the loop itself"
	case w.Field.Has(hooks.FieldDeny):
		return fmt.Sprintf("%s cannot block on %s: block on an event where it can: %s%s", host, ev, eventsWith(c.Host, hooks.FieldDeny), capNote(c))
	case w.Field.Has(hooks.FieldAllow):
		return fmt.Sprintf("return hooks.Response{}: %s has no allow on %s that skips its own permission rules", host, ev)
	case w.Field.Has(hooks.FieldHalt):
		return fmt.Sprintf("deny the call instead: %s stops the agent only on: %s", host, eventsWith(c.Host, hooks.FieldHalt))
	case w.Field.Has(hooks.FieldReason):
		return fmt.Sprintf("drop the Reason, or pair it with hooks.Deny: %s reads no reason on %s without one", host, ev)
	case w.Field.Has(hooks.FieldUserMessage), w.Field.Has(hooks.FieldSystemMessage):
		return fmt.Sprintf("drop it: %s shows the user no message on %s (it does on: %s)", host, ev, eventsWith(c.Host, w.Field))
	}
	return "see the capability matrix of the " + string(c.Host) + " package"
}
