package droid

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

const head = `"session_id":"s1","transcript_path":"/home/dev/.factory/sessions/-home-dev-project/s1.jsonl","cwd":"/home/dev/project","permission_mode":"auto-low","hook_event_name":"PreToolUse"`

// TestToolArgumentTricks: the model writes every byte of tool_input. The
// typed input must show what Droid's tool receives (exact keys, the last
// of two equal keys), and what cannot be read must be in InputErr, never
// fail the parse.
func TestToolArgumentTricks(t *testing.T) {
	cases := []hosttest.ArgTrick{
		{Name: "case variant ignored", Tool: ToolExecute, Args: `{"summary":"x","command":"rm -rf keepdir","Command":"echo safe"}`, Want: "rm -rf keepdir"},
		{Name: "upper case only", Tool: ToolExecute, Args: `{"COMMAND":"echo safe"}`, Want: "", InputErr: true},
		{Name: "duplicate: last wins", Tool: ToolExecute, Args: `{"command":"echo safe","command":"rm -rf keepdir"}`, Want: "rm -rf keepdir"},
		{Name: "escaped key", Tool: ToolExecute, Args: `{"\u0063ommand":"rm -rf keepdir"}`, Want: "rm -rf keepdir"},
		{Name: "wrong-typed side fields ignored", Tool: ToolExecute, Args: `{"command":"rm -rf keepdir","summary":5,"SUMMARY":5,"timeout":"x","riskLevel":[]}`, Want: "rm -rf keepdir"},
		{Name: "command a number", Tool: ToolExecute, Args: `{"command":5}`, Want: "", InputErr: true},
		{Name: "command null", Tool: ToolExecute, Args: `{"command":null}`, Want: "", InputErr: true},
		{Name: "input an array", Tool: ToolExecute, Args: `["rm -rf /"]`, Want: "", InputErr: true},
		{Name: "create content mistyped", Tool: ToolCreate, Args: `{"file_path":"/p/.env","content":5}`, Want: "/p/.env", InputErr: true},
		{Name: "create Claude's Write shape is fine", Tool: ToolCreate, Args: `{"file_path":"/p/.env","content":"x","CONTENT":5}`, Want: "/p/.env"},
		{Name: "create path duplicate", Tool: ToolCreate, Args: `{"file_path":"/p/ok","content":"x","file_path":"/p/.env"}`, Want: "/p/.env"},
		{Name: "edit new_str mistyped", Tool: ToolEdit, Args: `{"file_path":"/p/a","old_str":"a","new_str":1}`, Want: "/p/a", InputErr: true},
		{Name: "read path mistyped", Tool: ToolRead, Args: `{"file_path":{"p":"/p/.env"}}`, Want: "", InputErr: true},
		{Name: "other tool", Tool: "Glob", Args: `{"patterns":5}`, Want: ""},
	}
	hosttest.ArgTricks(t, New(), func(tool, args string) string {
		return `{` + head + `,"tool_name":"` + tool + `","tool_input":` + args + `}`
	}, cases)
}

func TestEnvelopeTricks(t *testing.T) {
	ev, err := New().Parse([]byte(`{` + head + `,"tool_name":"Execute","Tool_Input":{"command":"echo ok"},"tool_input":{"command":"rm -rf /"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if sh := hooks.ToolOf(ev).Input.(*hooks.ShellInput); sh.Command != "rm -rf /" {
		t.Errorf("command %q", sh.Command)
	}
	ev, err = New().Parse([]byte(`{"hook_event_name":"PreToolUse","session_id":[],"cwd":1,"tool_name":"Execute","tool_input":{"command":"ls"}}`))
	if err != nil || ev.Name() != hooks.PreToolUse {
		t.Errorf("wrong-typed side fields: %v %v", ev, err)
	}
	for _, bad := range []string{`"x"`, `{"session_id":"s"}`, `{"hook_event_name":"PreToolUse","tool_input":{}}`} {
		if _, err := New().Parse([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestNeverExit3: exit code 3 aborts Droid's whole run; no response may
// produce it, and a deny on PreToolUse is never the ignored top-level
// decision:block.
func TestNeverExit3(t *testing.T) {
	a := New()
	pre, err := a.Parse([]byte(`{` + head + `,"tool_name":"Execute","tool_input":{"command":"rm -rf /","summary":"s"}}`))
	if err != nil {
		t.Fatal(err)
	}
	unknown := &hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: "Future"}, Unknown: true}
	for _, ev := range []hooks.Event{pre, unknown} {
		for _, r := range []hooks.Response{hooks.Deny("x"), hooks.Halt("x"), hooks.Ask("x"), hooks.Allow(), {}} {
			out, err := a.Serialize(ev, r)
			if err != nil || out.ExitCode == 3 || (ev == pre && r.Decision == hooks.DecisionDeny && string(out.Stdout) == `{"decision":"block","reason":"x"}`+"\n") {
				t.Errorf("%T %+v: %+v %v", ev, r, out, err)
			}
		}
	}
}
