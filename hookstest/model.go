package hookstest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// Redacted asserts that secret reaches no one: on a [ModelResponse]
// scenario, the text the user is shown (the handler's replacement chunk as
// the host takes it, else the model's own) does not contain it; on a
// [ModelRequest] scenario, the model is not called, or receives a request
// whose messages do not contain it (an override the host takes, covering
// every message). Gemini CLI's own history keeps the original chunk: a
// replacement is what the user is shown.
func (r *Results) Redacted(t testing.TB, secret string) {
	t.Helper()
	r.each(t, func(c *Case) string {
		if m := c.failed(); m != "" {
			return m
		}
		v, host := c.Verdict, hostName(c.Host)
		switch e := c.Event.(type) {
		case *hooks.ModelResponseEvent:
			shown := e.Response.ResponseText()
			if v.ModelResponse != nil {
				shown = v.ModelText
			}
			if strings.Contains(shown, secret) {
				return fmt.Sprintf("NOT REDACTED: %s shows the user %q. Fix: return hooks.ReplaceText with the text redacted", host, clip(shown))
			}
		case *hooks.ModelRequestEvent:
			if v.Decision == hooks.DecisionDeny || v.Halt || v.ModelResponse != nil {
				return "" // the model is not called
			}
			if v.ModelRequest == nil {
				if texts(e.Request.Messages, nil, secret) {
					return fmt.Sprintf("NOT REDACTED: %s sends the model the request as it was. Fix: return hooks.OverrideRequest with the messages redacted", host)
				}
				return ""
			}
			var o struct {
				Messages []hooks.ModelMessage `json:"messages"`
			}
			if err := json.Unmarshal(v.ModelRequest, &o); err != nil {
				return fmt.Sprintf("%s cannot read the request override %s: %v", host, clip(string(v.ModelRequest)), err)
			}
			if texts(e.Request.Messages, o.Messages, secret) {
				return fmt.Sprintf("NOT REDACTED: the request %s sends the model still holds it (a message the override leaves out keeps its text). Fix: return every message in hooks.OverrideRequest", host)
			}
		default:
			return fmt.Sprintf("Redacted judges ModelResponse and ModelRequest scenarios, not %s", r.Scenario)
		}
		return ""
	})
}

// texts reports whether the messages the model receives, orig with the
// override's texts in order (a shorter override leaves the rest, a nil one
// all), hold secret.
func texts(orig, override []hooks.ModelMessage, secret string) bool {
	for i := range max(len(orig), len(override)) {
		m := ""
		if i < len(override) {
			m = override[i].Content
		} else {
			m = orig[i].Content
		}
		if strings.Contains(m, secret) {
			return true
		}
	}
	return false
}

// ToolsRestricted asserts that every host passes the model's API a tool
// restriction of mode ([hooks.ToolMode], as the host writes it, case
// ignored) on a [ToolSelection] scenario.
func (r *Results) ToolsRestricted(t testing.TB, mode hooks.ToolMode) {
	t.Helper()
	r.each(t, func(c *Case) string {
		if m := c.failed(); m != "" {
			return m
		}
		v := c.Verdict
		var o struct {
			Mode string `json:"mode"`
		}
		if v.ToolChoice == nil || json.Unmarshal(v.ToolChoice, &o) != nil || !strings.EqualFold(o.Mode, string(mode)) {
			if w, ok := c.warning(hooks.FieldToolChoice); ok {
				return fmt.Sprintf("not restricted: %q", w.String())
			}
			return fmt.Sprintf("not restricted to %s: %s receives %s. Fix: return hooks.RestrictTools", mode, hostName(c.Host), v)
		}
		return ""
	})
}
