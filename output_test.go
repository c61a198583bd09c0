package hooks_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// outHost is an adapter whose one PostToolUse row honours what a test
// says, and which takes the output of the tools in takes (when set).
type outHost struct {
	honours hooks.Field
	takes   map[string]bool
}

func (o outHost) Host() hooks.Host                          { return "outhost" }
func (o outHost) Detect(map[string]json.RawMessage) float64 { return 0 }
func (o outHost) Parse([]byte) (hooks.Event, error)         { return nil, nil }
func (o outHost) Serialize(hooks.Event, hooks.Response) (hooks.Output, error) {
	return hooks.Output{}, nil
}
func (o outHost) Timeout() time.Duration { return time.Minute }
func (o outHost) Capabilities() []hooks.Capability {
	return []hooks.Capability{{Native: "Post", Event: hooks.PostToolUse, Honours: o.honours},
		{Native: "Pre", Event: hooks.PreToolUse, Honours: o.honours}}
}

// takingHost is an outHost that is a hooks.OutputTaker.
type takingHost struct{ outHost }

func (t takingHost) TakesOutput(ev hooks.Event) bool { return t.takes[hooks.ToolOf(ev).Name] }

func postEvent(tool string) *hooks.PostToolUseEvent {
	return &hooks.PostToolUseEvent{Base: hooks.Base{Host: "outhost", NativeEvent: "Post"}, Tool: hooks.Tool{Name: tool}}
}

func TestReplaceOutputFit(t *testing.T) {
	pre := &hooks.PreToolUseEvent{Base: hooks.Base{Host: "outhost", NativeEvent: "Pre"}, Tool: hooks.Tool{Name: "Bash"}}
	cases := []struct {
		name     string
		a        hooks.Adapter
		ev       hooks.Event
		kept     bool   // UpdatedOutput sent
		halt     bool   // sent as halt
		warnNote string // "" for no warning
	}{
		{"claimed", outHost{honours: hooks.FieldUpdatedOutput}, postEvent("Bash"), true, false, ""},
		{"halt-fallback", outHost{honours: hooks.FieldHalt | hooks.FieldReason}, postEvent("Grep"), false, true, "sent as halt"},
		{"dropped", outHost{honours: hooks.FieldContext}, postEvent("Grep"), false, false, "dropped: the model reads the output of Grep unchanged"},
		{"taker-yes", takingHost{outHost{honours: hooks.FieldHalt, takes: map[string]bool{"mcp__x__y": true}}}, postEvent("mcp__x__y"), true, false, ""},
		{"taker-no", takingHost{outHost{honours: hooks.FieldUpdatedOutput | hooks.FieldHalt, takes: map[string]bool{}}}, postEvent("Write"), false, true, "sent as halt"},
		{"not-post", outHost{honours: hooks.FieldUpdatedOutput | hooks.FieldHalt}, pre, false, false, "dropped: only a PostToolUse output can be replaced"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := hooks.ReplaceOutput("[REDACTED]")
			if r.Fields() != hooks.FieldUpdatedOutput || r.IsZero() {
				t.Fatalf("ReplaceOutput fields %v, zero %v", r.Fields(), r.IsZero())
			}
			got, ws := hooks.Fit(c.a, c.ev, r, hooks.FitOptions{})
			if (got.UpdatedOutput != nil) != c.kept {
				t.Errorf("UpdatedOutput kept = %v, want %v", got.UpdatedOutput != nil, c.kept)
			}
			if got.Halt != c.halt {
				t.Errorf("Halt = %v, want %v", got.Halt, c.halt)
			}
			if c.halt && c.a.Capabilities()[0].Honours.Has(hooks.FieldReason) && got.Reason == "" {
				t.Error("a halt sent in place of a replaced output has no reason")
			}
			if c.warnNote == "" {
				if len(ws) != 0 {
					t.Errorf("warnings %v, want none", ws)
				}
				return
			}
			if len(ws) != 1 || !strings.Contains(ws[0].Note, c.warnNote) || ws[0].Field != hooks.FieldUpdatedOutput {
				t.Fatalf("warnings %v, want one on updated_output saying %q", ws, c.warnNote)
			}
			back, ok := hooks.ParseWarning(ws[0].String())
			if !ok || back.Field != hooks.FieldUpdatedOutput {
				t.Errorf("ParseWarning(%q) = %+v, %v", ws[0].String(), back, ok)
			}
		})
	}
}
