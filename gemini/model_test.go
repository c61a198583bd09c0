package gemini

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

const modelHead = `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"AfterModel",` +
	`"llm_request":{"model":"gemini-2.5-flash","messages":[],"config":{}},`

func parseModelEvent(t *testing.T, payload string) *hooks.ModelResponseEvent {
	t.Helper()
	ev, err := New().Parse([]byte(payload))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	e, ok := ev.(*hooks.ModelResponseEvent)
	if !ok {
		t.Fatalf("%T, want *hooks.ModelResponseEvent", ev)
	}
	return e
}

// A chunk the model made huge is read only up to hooks.MaxModelItems
// items, and the event says so; Raw keeps all of it.
func TestModelResponseBounded(t *testing.T) {
	n := hooks.MaxModelItems + 10
	parts := strings.Repeat(`"a",`, n-1) + `"SECRET"`
	p := modelHead + `"llm_response":{"text":"x","candidates":[{"content":{"role":"model","parts":[` + parts + `]},"index":0},{"content":{"parts":["b"]}}]}}`
	e := parseModelEvent(t, p)
	if e.ReadErr == nil || !strings.Contains(e.ReadErr.Error(), "more than") {
		t.Errorf("ReadErr = %v, want the bound", e.ReadErr)
	}
	got := 0
	for _, c := range e.Response.Candidates {
		got += 1 + len(c.Parts)
	}
	if got > hooks.MaxModelItems || len(e.Response.Candidates) != 1 {
		t.Errorf("read %d items in %d candidates, want at most %d in 1", got, len(e.Response.Candidates), hooks.MaxModelItems)
	}
	if !strings.Contains(string(e.Response.Raw), "SECRET") || !strings.Contains(string(e.Raw), "SECRET") {
		t.Error("Raw lost the tail of the chunk")
	}
}

// Nesting the model chose is walked without recursion: deep inside a part
// it is a shape error, deep in a member the view leaves out it is nothing.
func TestModelResponseDeep(t *testing.T) {
	deep := strings.Repeat("[", 200000) + strings.Repeat("]", 200000)
	e := parseModelEvent(t, modelHead+`"llm_response":{"candidates":[{"content":{"parts":["ok",`+deep+`]}}]}}`)
	if e.ReadErr == nil || !strings.Contains(e.ReadErr.Error(), "candidate") {
		t.Errorf("ReadErr = %v, want a shape error", e.ReadErr)
	}
	e = parseModelEvent(t, modelHead+`"llm_response":{"candidates":[{"content":{"parts":["ok"]},"safetyRatings":`+deep+`}]}}`)
	if e.ReadErr != nil || e.Response.ResponseText() != "ok" {
		t.Errorf("ReadErr = %v, text %q", e.ReadErr, e.Response.ResponseText())
	}
}

// Keys are read as JSON.parse reads them: the last duplicate wins, escapes
// are undone; members of the wrong type are reported, the rest is read.
func TestModelRequestExact(t *testing.T) {
	p := `{"session_id":"s","cwd":"/c","hook_event_name":"BeforeModel","llm_request":{"messages":[{"role":"user","content":"first"}],` +
		`"m\u006fdel":"gemini-2.5-pro","messages":[{"role":"user","content":"second"},{"role":"model","content":"third"}],` +
		`"config":{"temperature":"hot","topK":40}}}`
	ev, err := New().Parse([]byte(p))
	if err != nil {
		t.Fatal(err)
	}
	e := ev.(*hooks.ModelRequestEvent)
	if e.Request.Model != "gemini-2.5-pro" || e.Model != "gemini-2.5-pro" || len(e.Request.Messages) != 2 || e.Request.Messages[1].Content != "third" {
		t.Errorf("request %+v", e.Request)
	}
	if e.ReadErr == nil || !strings.Contains(e.ReadErr.Error(), "config") {
		t.Errorf("ReadErr = %v, want the config's type", e.ReadErr)
	}
	// The request override keeps the received roles and settings.
	temp := 0.5
	out, err := New().Serialize(e, hooks.OverrideRequest(hooks.ModelRequest{
		Messages: []hooks.ModelMessage{{Content: "a"}, {Content: "b"}, {Content: "c"}},
		Config:   hooks.ModelConfig{Temperature: &temp}}))
	want := `"llm_request":{"messages":[{"role":"user","content":"a"},{"role":"model","content":"b"},{"role":"user","content":"c"}],"config":{"temperature":0.5,"topK":40}}`
	if err != nil || !strings.Contains(string(out.Stdout), want) {
		t.Errorf("override %s (%v), want %s", out.Stdout, err, want)
	}
}

// No llm_request at all (a newer or broken client): the event still
// parses, and says what is missing.
func TestModelMissing(t *testing.T) {
	ev, err := New().Parse([]byte(`{"session_id":"s","cwd":"/c","hook_event_name":"AfterModel"}`))
	if err != nil {
		t.Fatal(err)
	}
	e := ev.(*hooks.ModelResponseEvent)
	if e.ReadErr == nil || !strings.Contains(e.ReadErr.Error(), "no llm_request") || !strings.Contains(e.ReadErr.Error(), "no llm_response") {
		t.Errorf("ReadErr = %v", e.ReadErr)
	}
}
