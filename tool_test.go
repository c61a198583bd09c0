package hooks_test

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks"
)

func TestToolJSON(t *testing.T) {
	tool := hooks.Tool{Name: "Bash", ID: "t1", Input: &hooks.ShellInput{Command: "ls"}, RawInput: json.RawMessage(`{"command":"ls"}`)}
	b, err := json.Marshal(tool)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"kind":"shell","name":"Bash","id":"t1","input":{"command":"ls"}}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}

func TestParseWarningRoundTrip(t *testing.T) {
	for _, w := range []hooks.Warning{
		{Host: "claude", Event: "PreToolUse", Field: hooks.FieldAsk, Note: "sent as deny"},
		{Host: "cursor", Event: "", Field: hooks.FieldDeny | hooks.FieldReason, Note: "dropped: x: y"},
		{Host: "codex", Event: "Stop", Field: hooks.FieldDeny, Note: "dropped by the loop guard: the agent already continued", Rule: true},
		{Host: "gemini", Event: "", Field: hooks.FieldReason, Note: "dropped: a reason without a decision", Rule: true},
		{Host: "claude", Event: "PreToolUse", Native: "gemini.clearContext", Note: "ignored: it is for gemini"},
		{Host: "cursor", Event: "", Native: "claude.suppressOutput", Note: "ignored: it is for claude"},
	} {
		got, ok := hooks.ParseWarning(w.String())
		if !ok || got != w {
			t.Errorf("ParseWarning(%q) = %+v, %v; want %+v", w.String(), got, ok, w)
		}
	}
	for _, bad := range []string{"", "hooks:", "hooks: claude", "hooks: fail-open: handler: panic", "hooks: claude Stop: nosuchfield dropped"} {
		if w, ok := hooks.ParseWarning(bad); ok {
			t.Errorf("ParseWarning(%q) = %+v, want not ok", bad, w)
		}
	}
}
