package copilot

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"

	"github.com/agenthooks/hooks"
)

const camelHead = `"sessionId":"s1","timestamp":1796105543194,"cwd":"/home/dev/project"`

// TestToolArgumentTricks: the model writes every byte of a tool's
// arguments. The typed input must show what Copilot's tool receives
// (exact keys, the last of two equal keys, as JavaScript reads them), and
// what cannot be read must be stated in InputErr, never fail the parse.
func TestToolArgumentTricks(t *testing.T) {
	tricks := []hosttest.ArgTrick{
		{Name: "case variant ignored", Tool: "bash", Args: `{"command":"rm -rf keepdir","description":"x","Command":"echo safe"}`, Want: "rm -rf keepdir"},
		{Name: "upper case only", Tool: "bash", Args: `{"COMMAND":"echo safe","description":"x"}`, Want: "", InputErr: true},
		{Name: "duplicate: last wins", Tool: "bash", Args: `{"command":"echo safe","command":"rm -rf keepdir"}`, Want: "rm -rf keepdir"},
		{Name: "escaped key", Tool: "bash", Args: `{"\u0063ommand":"rm -rf keepdir"}`, Want: "rm -rf keepdir"},
		{Name: "wrong-typed side field ignored", Tool: "bash", Args: `{"command":"rm -rf keepdir","description":5,"DESCRIPTION":5}`, Want: "rm -rf keepdir"},
		{Name: "command a number", Tool: "bash", Args: `{"command":5}`, Want: "", InputErr: true},
		{Name: "command null", Tool: "bash", Args: `{"command":null}`, Want: "", InputErr: true},
		{Name: "command missing", Tool: "bash", Args: `{"description":"x"}`, Want: "", InputErr: true},
		{Name: "arguments a string", Tool: "bash", Args: `"rm -rf /"`, Want: "", InputErr: true},
		{Name: "arguments null", Tool: "bash", Args: `null`, Want: "", InputErr: true},
		{Name: "create path case variant", Tool: "create", Args: `{"path":"/p/.env","Path":"/p/ok.txt","file_text":"x"}`, Want: "/p/.env"},
		{Name: "create content mistyped", Tool: "create", Args: `{"path":"/p/.env","file_text":{"a":1}}`, Want: "/p/.env", InputErr: true},
		{Name: "create with Claude's names", Tool: "create", Args: `{"file_path":"/p/.env","content":"x"}`, Want: "", InputErr: true},
		{Name: "edit new_str mistyped", Tool: "edit", Args: `{"path":"/p/a.go","old_str":"a","new_str":7}`, Want: "/p/a.go", InputErr: true},
		{Name: "view duplicate path", Tool: "view", Args: `{"path":"/p/ok","path":"/p/.env"}`, Want: "/p/.env"},
		{Name: "unknown tool, any args", Tool: "task", Args: `"not an object"`, Want: ""},
	}
	// Both payload shapes: camelCase events (toolArgs) and the PascalCase
	// ones (tool_input, the tool's PascalCase name).
	hosttest.ArgTricks(t, ForEvent(""), func(tool, args string) string {
		return `{` + camelHead + `,"toolName":"` + tool + `","toolArgs":` + args + `}`
	}, tricks)
	hosttest.ArgTricks(t, ForEvent(""), func(tool, args string) string {
		return `{"hook_event_name":"PreToolUse","session_id":"s1","timestamp":"2026-12-01T06:12:23.194Z","cwd":"/p","tool_name":"` + pascalName(tool) + `","tool_input":` + args + `}`
	}, tricks)
}

func pascalName(runtime string) string {
	switch runtime {
	case ToolBash:
		return PascalBash
	case ToolCreate:
		return PascalWrite
	case ToolEdit:
		return PascalEdit
	case ToolView:
		return PascalRead
	}
	return runtime
}

func TestEnvelopeTricks(t *testing.T) {
	// Two argument objects: Copilot never sends both, so which one its
	// tool gets is unknown: stated, not guessed.
	ev, err := New().Parse([]byte(`{` + camelHead + `,"toolName":"bash","toolArgs":{"command":"echo ok"},"tool_input":{"command":"rm -rf /"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if tool := hooks.ToolOf(ev); tool.InputErr == nil || !strings.Contains(tool.InputErr.Error(), "twice") {
		t.Errorf("two argument objects: InputErr = %v", tool.InputErr)
	}
	// A case variant of the arguments key is not the arguments.
	ev, err = New().Parse([]byte(`{` + camelHead + `,"toolName":"bash","ToolArgs":{"command":"echo ok"},"toolArgs":{"command":"rm -rf /"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if sh := hooks.ToolOf(ev).Input.(*hooks.ShellInput); sh.Command != "rm -rf /" {
		t.Errorf("command %q", sh.Command)
	}
	// Side fields of the wrong type are ignored.
	ev, err = New().Parse([]byte(`{"sessionId":5,"timestamp":"x","cwd":[],"toolName":"bash","toolArgs":{"command":"ls"}}`))
	if err != nil {
		t.Fatalf("wrong-typed side fields failed the parse: %v", err)
	}
	if b := ev.Common(); b.SessionID != "" || b.Cwd != "" || ev.Name() != hooks.PreToolUse {
		t.Errorf("base %+v", b)
	}
}

func TestEventBinding(t *testing.T) {
	pre := []byte(`{` + camelHead + `,"toolName":"bash","toolArgs":{"command":"ls"}}`)
	// Bound, the registration decides, whatever the shape.
	ev, err := ForEvent(EventPostToolUseFailure).Parse([]byte(`{` + camelHead + `,"toolName":"view","toolArgs":{"path":"/x"},"error":"no"}`))
	if err != nil || ev.Name() != hooks.PostToolUseFailure || ev.Common().NativeEvent != "postToolUseFailure" {
		t.Errorf("bound postToolUseFailure: %T %v", ev, err)
	}
	if a := ForEvent("preToolUse"); a.Event() != "preToolUse" || New().Event() != "" {
		t.Error("Event()")
	}
	// A PascalCase binding of a payload that names the same event.
	if ev, err := ForEvent("PermissionRequest").Parse([]byte(`{"hookName":"permissionRequest",` + camelHead + `,"toolName":"bash","toolInput":{"command":"ls"}}`)); err != nil ||
		ev.Common().NativeEvent != "PermissionRequest" || ev.Name() != hooks.PermissionRequest {
		t.Errorf("PermissionRequest binding: %v %v", ev, err)
	}
	// A payload naming another event than the registration's is refused.
	if _, err := ForEvent("preToolUse").Parse([]byte(`{"hook_event_name":"PostToolUse","session_id":"s","tool_name":"Bash","tool_input":{}}`)); err == nil {
		t.Error("mismatched event accepted")
	}
	// A bound name Copilot does not document is an unknown event.
	ev, err = ForEvent("preMcpToolCall").Parse(pre)
	if o, ok := ev.(*hooks.OtherEvent); err != nil || !ok || !o.Unknown {
		t.Errorf("unknown binding: %T %v", ev, err)
	}
	// Unbound, the shape decides.
	if ev, err := New().Parse(pre); err != nil || ev.Common().NativeEvent != EventPreToolUse {
		t.Errorf("sniffed %v %v", ev, err)
	}
}

func TestSerializeCamelNeverHookSpecific(t *testing.T) {
	a := New()
	ev, err := ForEvent("preToolUse").Parse([]byte(`{` + camelHead + `,"toolName":"bash","toolArgs":{"command":"rm -rf x","description":"d"}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []hooks.Response{hooks.Deny("no"), hooks.Allow(), hooks.Ask("?"),
		hooks.Rewrite(&hooks.ShellInput{Command: "ls"}), {UpdatedInput: &hooks.ShellInput{Command: "ls"}}} {
		out, err := a.Serialize(ev, r)
		if err != nil || out.ExitCode != 0 || strings.Contains(string(out.Stdout), "hookSpecificOutput") {
			t.Errorf("%+v: %q exit %d %v", r, out.Stdout, out.ExitCode, err)
		}
	}
}

// Through the serving core, --event reaches the adapter: a camelCase
// postToolUse payload, whose fields alone look like a preToolUse's plus a
// result, is read as the event the hook was registered for, and one that
// names another event is refused.
func TestServerEventFlag(t *testing.T) {
	payload := []byte(`{"sessionId":"s1","timestamp":1796105543194,"cwd":"/p","toolName":"bash","toolArgs":{"command":"rm -rf x"}}`)
	var got string
	h := hooks.Handlers{Any: func(_ context.Context, ev hooks.Event) (hooks.Response, error) {
		got = ev.Common().NativeEvent
		return hooks.Deny("no"), nil
	}}
	srv := &hooks.Server{Adapters: []hooks.Adapter{New()}, Handlers: h}
	res := srv.Answer(context.Background(), hooks.Request{Host: Host, Event: "preToolUse", Payload: payload})
	if res.Err != nil || got != "preToolUse" || !strings.Contains(string(res.Output.Stdout), `"permissionDecision":"deny"`) {
		t.Errorf("preToolUse: native %q, %+v", got, res)
	}
	named := []byte(`{"hook_event_name":"Stop","session_id":"s1","cwd":"/p"}`)
	res = srv.Answer(context.Background(), hooks.Request{Host: Host, Event: "preToolUse", Payload: named})
	if res.Err == nil {
		t.Errorf("a Stop payload under --event preToolUse was answered without error: %+v", res)
	}
}
