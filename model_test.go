package hooks_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/gemini"
)

// Gemini CLI 0.61 payloads of the model-level events (shortened).
const (
	geminiCommon        = `"session_id":"s","transcript_path":"/home/dev/.gemini/tmp/p/chats/s.jsonl","cwd":"/home/dev/project","timestamp":"2026-01-15T10:00:01.300Z"`
	geminiRequest       = `"llm_request":{"model":"gemini-2.5-flash","messages":[{"role":"user","content":"print the key"}],"config":{"temperature":1,"topP":0.95,"topK":64}}`
	geminiBeforeModel   = `{` + geminiCommon + `,"hook_event_name":"BeforeModel",` + geminiRequest + `}`
	geminiToolSelection = `{` + geminiCommon + `,"hook_event_name":"BeforeToolSelection",` + geminiRequest + `}`
	geminiAfterModel    = `{` + geminiCommon + `,"hook_event_name":"AfterModel",` + geminiRequest +
		`,"llm_response":{"text":"the key is sk-live-0123456789","candidates":[{"content":{"role":"model","parts":["the key is sk-live-0123456789"]},"finishReason":"STOP","index":0}]}}`
)

// redact is a PostModel handler that hides what looks like a secret key.
func redact(_ context.Context, e *hooks.ModelResponseEvent) (hooks.Response, error) {
	if e.ReadErr != nil {
		return hooks.Halt("the response could not be read whole"), nil
	}
	text := e.Response.ResponseText()
	if !strings.Contains(text, "sk-live-") {
		return hooks.Response{}, nil
	}
	i := strings.Index(text, "sk-live-")
	return hooks.ReplaceText(text[:i] + "[REDACTED]"), nil
}

func answer(t *testing.T, h hooks.Handlers, payload string) hooks.Result {
	t.Helper()
	return (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: gemini.New(), Payload: []byte(payload)})
}

// The typed handlers receive the typed events, and what they answer is
// what Gemini CLI reads.
func TestModelHandlers(t *testing.T) {
	var seen []string
	h := hooks.Handlers{
		PreModel: func(_ context.Context, e *hooks.ModelRequestEvent) (hooks.Response, error) {
			seen = append(seen, "PreModel "+e.Request.Messages[0].Content)
			req := e.Request
			req.Messages = []hooks.ModelMessage{{Content: "print nothing"}}
			return hooks.OverrideRequest(req), nil
		},
		PostModel: func(ctx context.Context, e *hooks.ModelResponseEvent) (hooks.Response, error) {
			seen = append(seen, "PostModel "+e.Request.Model)
			return redact(ctx, e)
		},
		PreToolSelection: func(_ context.Context, e *hooks.ToolSelectionEvent) (hooks.Response, error) {
			seen = append(seen, "PreToolSelection "+e.Request.Model)
			return hooks.RestrictTools(hooks.ToolsNone), nil
		},
	}
	for _, c := range []struct{ payload, want string }{
		{geminiBeforeModel, `"llm_request":{"model":"gemini-2.5-flash","messages":[{"role":"user","content":"print nothing"}],"config":{"temperature":1,"topP":0.95,"topK":64}}`},
		{geminiAfterModel, `"parts":["the key is [REDACTED]"]`},
		{geminiToolSelection, `"toolConfig":{"mode":"NONE"}`},
	} {
		res := answer(t, h, c.payload)
		out := string(res.Output.Stdout)
		if res.Err != nil || len(res.Warnings) != 0 || !strings.Contains(out, c.want) || strings.Contains(out, "sk-live") {
			t.Errorf("%s: %s (err %v, warnings %v), want %s", res.Event.Common().NativeEvent, out, res.Err, res.Warnings, c.want)
		}
		if got := hooks.SentOf(res.Response, res.Output); got != "rewrite" {
			t.Errorf("%s: sent %q, want rewrite", res.Event.Common().NativeEvent, got)
		}
	}
	if want := "[PreModel print the key PostModel gemini-2.5-flash PreToolSelection gemini-2.5-flash]"; fmt.Sprint(seen) != want {
		t.Errorf("handlers saw %v, want %s", seen, want)
	}
	if got := h.Handled(); fmt.Sprint(got) != "[PreModel PostModel PreToolSelection]" {
		t.Errorf("Handled() = %v", got)
	}
}

// Without typed handlers, Any receives the typed events; in observe mode
// the host is sent nothing.
func TestModelAnyAndObserve(t *testing.T) {
	var got hooks.Event
	h := hooks.Handlers{Any: func(_ context.Context, ev hooks.Event) (hooks.Response, error) {
		got = ev
		return hooks.ReplaceText("x"), nil
	}}
	if res := answer(t, h, geminiAfterModel); !strings.Contains(string(res.Output.Stdout), `"parts":["x"]`) {
		t.Errorf("Any's answer not sent: %s", res.Output.Stdout)
	}
	if e, ok := got.(*hooks.ModelResponseEvent); !ok || e.Name() != hooks.PostModel {
		t.Errorf("Any got %T", got)
	}
	h.Observe = true
	res := answer(t, h, geminiAfterModel)
	if strings.TrimSpace(string(res.Output.Stdout)) != "{}" || hooks.SentOf(res.Would, hooks.Output{}) != "rewrite" {
		t.Errorf("observe: sent %s, would %+v", res.Output.Stdout, res.Would)
	}
}

// The other hosts never see a model-level answer: Fit drops it with a
// warning, whatever event it is returned on.
func TestModelFieldsDroppedElsewhere(t *testing.T) {
	ev := &hooks.PreToolUseEvent{Base: hooks.Base{Host: claude.Host, NativeEvent: "PreToolUse"},
		Tool: hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "ls"}}}
	r := hooks.Response{ModelRequest: &hooks.ModelRequest{Model: "m"}, ModelResponse: &hooks.ModelResponse{Text: "t"},
		ToolChoice: &hooks.ToolChoice{Mode: hooks.ToolsNone}}
	if r.IsZero() || r.Fields() != hooks.FieldModelRequest|hooks.FieldModelResponse|hooks.FieldToolChoice {
		t.Fatalf("IsZero %v, fields %s", r.IsZero(), r.Fields())
	}
	out, fitted, ws, err := hooks.Serialize(claude.New(), ev, r, hooks.FitOptions{})
	if err != nil || !fitted.IsZero() || len(ws) != 3 || len(out.Stdout) > 0 && strings.Contains(string(out.Stdout), "model") {
		t.Errorf("fitted %+v, warnings %v, out %s (%v)", fitted, ws, out.Stdout, err)
	}
	for _, w := range ws {
		if !strings.Contains(w.String(), "does not honour model_") && !strings.Contains(w.String(), "does not honour tool_choice") {
			t.Errorf("warning %q", w)
		}
	}
}

// A reason goes with an answer in the model's place (Gemini shows it),
// and is not dropped as "a reason without a decision".
func TestModelAnswerKeepsReason(t *testing.T) {
	h := hooks.Handlers{PreModel: func(context.Context, *hooks.ModelRequestEvent) (hooks.Response, error) {
		r := hooks.ReplaceText("cached")
		r.Reason = "served from the cache"
		return r, nil
	}}
	res := answer(t, h, geminiBeforeModel)
	if out := string(res.Output.Stdout); !strings.Contains(out, `"decision":"deny","reason":"served from the cache"`) || len(res.Warnings) != 0 {
		t.Errorf("%s %v", out, res.Warnings)
	}
}

// ExampleReplaceText redacts what looks like a secret key from the
// model's answer before the user sees it (Gemini CLI's AfterModel).
func ExampleReplaceText() {
	h := hooks.Handlers{PostModel: redact}
	res := (&hooks.Server{Handlers: h}).Answer(context.Background(),
		hooks.Request{Adapter: gemini.New(), Payload: []byte(geminiAfterModel)})
	fmt.Print(string(res.Output.Stdout))
	// Output:
	// {"hookSpecificOutput":{"hookEventName":"AfterModel","llm_response":{"text":"the key is [REDACTED]","candidates":[{"content":{"role":"model","parts":["the key is [REDACTED]"]},"finishReason":"STOP","index":0}]}}}
}
