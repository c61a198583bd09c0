package hooks_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
)

// TestNativeRefusedWithoutTaker: a native answer for a host whose adapter
// takes none (or lists none for the event) is never sent, never dropped
// in silence: the fail policy answers, and fail-closed blocks the call.
func TestNativeRefusedWithoutTaker(t *testing.T) {
	for _, a := range builtin.Adapters() {
		native := ""
		for _, c := range a.Capabilities() {
			if c.Event == hooks.PreToolUse && c.Honours.Has(hooks.FieldDeny) {
				native = c.Native
				break
			}
		}
		ev := nativeEvent(t, a, native)
		if ev == nil {
			t.Errorf("%s: no sample PreToolUse", a.Host())
			continue
		}
		t.Run(string(a.Host()), func(t *testing.T) {
			r := hooks.Response{}.WithNative(hooks.Native{Host: a.Host(), Name: "noSuchField", Value: json.RawMessage(`true`)})
			_, _, _, err := hooks.Serialize(a, ev, r, hooks.FitOptions{})
			if err == nil || !strings.Contains(err.Error(), "refused") {
				t.Fatalf("Serialize with an unknown native answer: err = %v, want a refusal", err)
			}
			payload := a.(hostfacts.Sampler).SamplePayload(native, "/home/dev/project")
			h := hooks.Handlers{Fail: hooks.FailClosed,
				PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) { return r, nil }}
			res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: payload})
			if res.Err == nil || res.Response.Decision != hooks.DecisionDeny {
				t.Fatalf("fail-closed answer to a refused native answer: err %v, sent %+v", res.Err, res.Response)
			}
		})
	}
}

// TestNativeAnswersApplied: every native answer an adapter lists changes
// what it writes on every event it is listed for, so that no listed
// answer is dropped by a Serialize that forgot it.
func TestNativeAnswersApplied(t *testing.T) {
	values := map[string]json.RawMessage{
		"permissionDecision":      json.RawMessage(`"defer"`),
		"suppressOutput":          json.RawMessage(`true`),
		"clearContext":            json.RawMessage(`true`),
		"tailToolCallRequest":     json.RawMessage(`{"name":"read_file","args":{"file_path":"x"}}`),
		"updated_mcp_tool_output": json.RawMessage(`{"content":[]}`),
		"classifierContext":       json.RawMessage(`"the user asked for this deploy"`),
	}
	applied := 0
	for _, a := range builtin.Adapters() {
		nt, ok := a.(hooks.NativeTaker)
		if !ok {
			continue
		}
		for _, na := range nt.NativeAnswers() {
			if na.Evidence != "measured" && na.Evidence != "documented" {
				t.Errorf("%s %s: evidence %q", a.Host(), na.Name, na.Evidence)
			}
			v, ok := values[na.Name]
			if !ok {
				t.Errorf("%s %s: no test value", a.Host(), na.Name)
				continue
			}
			for _, native := range na.Events {
				ev := nativeEvent(t, a, native)
				if ev == nil {
					continue
				}
				if na.Name == "updated_mcp_tool_output" && hooks.ToolOf(ev).Kind() != hooks.KindMCP {
					continue
				}
				base, _, _, err := hooks.Serialize(a, ev, hooks.Response{}, hooks.FitOptions{})
				if err != nil {
					t.Fatal(err)
				}
				r := hooks.Response{}.WithNative(hooks.Native{Host: a.Host(), Name: na.Name, Value: v})
				out, _, ws, err := hooks.Serialize(a, ev, r, hooks.FitOptions{})
				if err != nil || len(ws) != 0 {
					t.Errorf("%s %s on %s: err %v, warnings %v", a.Host(), na.Name, native, err, ws)
					continue
				}
				if string(out.Stdout) == string(base.Stdout) || !strings.Contains(string(out.Stdout), na.Name) {
					t.Errorf("%s %s on %s: output %q does not carry it (no opinion: %q)", a.Host(), na.Name, native, out.Stdout, base.Stdout)
				}
				applied++
			}
		}
	}
	if applied < 4 {
		t.Errorf("only %d native answers were tried on a sample event", applied)
	}
}

// nativeEvent parses the sample payload of a's native event, or returns
// nil when the adapter has none.
func nativeEvent(t *testing.T, a hooks.Adapter, native string) hooks.Event {
	t.Helper()
	s, ok := a.(hostfacts.Sampler)
	if !ok || native == "" {
		return nil
	}
	payload := s.SamplePayload(native, "/home/dev/project")
	if payload == nil {
		return nil
	}
	ev, err := a.Parse(payload)
	if err != nil {
		t.Fatalf("%s %s sample: %v", a.Host(), native, err)
	}
	return ev
}

// TestNativeNeverCostsADeny: a deny (or halt) that carries a native answer
// the adapter refuses, for whatever reason (not taken on the event, a
// value it refuses, a conflict such as defer beside a deny), is still
// sent as a deny, without the native answer and with a Warning naming
// it: under a fail-open policy, a mistake in a host-only extra must not
// turn the block into no opinion.
func TestNativeNeverCostsADeny(t *testing.T) {
	for _, a := range builtin.Adapters() {
		native := ""
		for _, c := range a.Capabilities() {
			if c.Event == hooks.PreToolUse && c.Honours.Has(hooks.FieldDeny) {
				native = c.Native
				break
			}
		}
		ev := nativeEvent(t, a, native)
		if ev == nil {
			t.Errorf("%s: no sample PreToolUse", a.Host())
			continue
		}
		t.Run(string(a.Host()), func(t *testing.T) {
			plain, _, _, err := hooks.Serialize(a, ev, hooks.Deny("no"), hooks.FitOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range []hooks.Native{
				{Host: a.Host(), Name: "noSuchField", Value: json.RawMessage(`true`)},
				{Host: a.Host(), Name: "permissionDecision", Value: json.RawMessage(`"defer"`)},
			} {
				out, sent, ws, err := hooks.Serialize(a, ev, hooks.Deny("no").WithNative(n), hooks.FitOptions{})
				if err != nil {
					t.Fatalf("deny with %s: err %v, want the deny sent", n, err)
				}
				if sent.Decision != hooks.DecisionDeny || len(sent.Native) != 0 {
					t.Errorf("deny with %s: sent %+v, want the deny without native answers", n, sent)
				}
				if string(out.Stdout) != string(plain.Stdout) || out.ExitCode != plain.ExitCode {
					t.Errorf("deny with %s: output %q exit %d, want the plain deny's %q exit %d", n, out.Stdout, out.ExitCode, plain.Stdout, plain.ExitCode)
				}
				var warned bool
				for _, w := range ws {
					warned = warned || w.Native == n.String()
				}
				if !warned {
					t.Errorf("deny with %s: no warning names the dropped native answer: %v", n, ws)
				}
			}
		})
	}
}
