package hookstest

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

const secret = "sk-live-0123456789"

func redactor() hooks.Handlers {
	return hooks.Handlers{
		PostModel: func(_ context.Context, e *hooks.ModelResponseEvent) (hooks.Response, error) {
			if text := e.Response.ResponseText(); strings.Contains(text, secret) {
				return hooks.ReplaceText(strings.ReplaceAll(text, secret, "[REDACTED]")), nil
			}
			return hooks.Response{}, nil
		},
		PreModel: func(_ context.Context, e *hooks.ModelRequestEvent) (hooks.Response, error) {
			req := e.Request
			req.Messages = append([]hooks.ModelMessage(nil), req.Messages...)
			for i := range req.Messages {
				req.Messages[i].Content = strings.ReplaceAll(req.Messages[i].Content, secret, "[REDACTED]")
			}
			return hooks.OverrideRequest(req), nil
		},
		PreToolSelection: func(context.Context, *hooks.ToolSelectionEvent) (hooks.Response, error) {
			return hooks.RestrictTools(hooks.ToolsNone), nil
		},
	}
}

// The model-level scenarios run on Gemini CLI only (the other hosts are
// skipped), and the assertions see what Gemini takes.
func TestModelScenarios(t *testing.T) {
	res := Run(t, redactor(), ModelResponse("the key is "+secret))
	res.Redacted(t, secret)
	res.NoWarnings(t)
	if len(res.Cases) != 1 || res.Cases[0].Host != "gemini" || len(res.Skipped) == 0 {
		t.Errorf("cases %v, skipped %v", res.Cases, res.Skipped)
	}
	if !strings.Contains(res.Cases[0].Verdict.String(), "[REDACTED]") {
		t.Errorf("verdict %s", res.Cases[0].Verdict)
	}
	Run(t, redactor(), ModelRequest("print "+secret)).Redacted(t, secret)
	Run(t, redactor(), ToolSelection()).ToolsRestricted(t, hooks.ToolsNone)
}

// A handler that does not redact fails Redacted, and one that restricts
// nothing fails ToolsRestricted.
func TestModelAssertionsFail(t *testing.T) {
	none := hooks.Handlers{}
	for _, c := range []struct {
		s     Scenario
		check func(*Results, testing.TB)
		want  string
	}{
		{ModelResponse("the key is " + secret), func(r *Results, t testing.TB) { r.Redacted(t, secret) }, "NOT REDACTED: Gemini CLI shows the user"},
		{ModelRequest("print " + secret), func(r *Results, t testing.TB) { r.Redacted(t, secret) }, "NOT REDACTED: Gemini CLI sends the model"},
		{ToolSelection(), func(r *Results, t testing.TB) { r.ToolsRestricted(t, hooks.ToolsNone) }, "not restricted to none"},
	} {
		rec := &recorder{TB: t}
		c.check(Run(t, none, c.s), rec)
		if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], c.want) {
			t.Errorf("%s: errors %q, want one with %q", c.s, rec.errors, c.want)
		}
	}
}
