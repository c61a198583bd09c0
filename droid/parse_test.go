package droid

import (
	"testing"

	"github.com/agenthooks/hooks"
)

const head = `"session_id":"s1","transcript_path":"/home/dev/.factory/sessions/-home-dev-project/s1.jsonl","cwd":"/home/dev/project","permission_mode":"auto-low","hook_event_name":"PreToolUse"`

// TestToolArgumentTricks: the model writes every byte of tool_input. The
// typed input must show what Droid's tool receives (exact keys, the last
// of two equal keys), and what cannot be read must be in InputErr, never
// fail the parse.
func TestToolArgumentTricks(t *testing.T) {
	cases := []struct {
		name, tool, args string
		want             string
		inputErr         bool
	}{
		{"case variant ignored", ToolExecute, `{"summary":"x","command":"rm -rf keepdir","Command":"echo safe"}`, "rm -rf keepdir", false},
		{"upper case only", ToolExecute, `{"COMMAND":"echo safe"}`, "", true},
		{"duplicate: last wins", ToolExecute, `{"command":"echo safe","command":"rm -rf keepdir"}`, "rm -rf keepdir", false},
		{"escaped key", ToolExecute, `{"\u0063ommand":"rm -rf keepdir"}`, "rm -rf keepdir", false},
		{"wrong-typed side fields ignored", ToolExecute, `{"command":"rm -rf keepdir","summary":5,"SUMMARY":5,"timeout":"x","riskLevel":[]}`, "rm -rf keepdir", false},
		{"command a number", ToolExecute, `{"command":5}`, "", true},
		{"command null", ToolExecute, `{"command":null}`, "", true},
		{"input an array", ToolExecute, `["rm -rf /"]`, "", true},
		{"create content mistyped", ToolCreate, `{"file_path":"/p/.env","content":5}`, "/p/.env", true},
		{"create Claude's Write shape is fine", ToolCreate, `{"file_path":"/p/.env","content":"x","CONTENT":5}`, "/p/.env", false},
		{"create path duplicate", ToolCreate, `{"file_path":"/p/ok","content":"x","file_path":"/p/.env"}`, "/p/.env", false},
		{"edit new_str mistyped", ToolEdit, `{"file_path":"/p/a","old_str":"a","new_str":1}`, "/p/a", true},
		{"read path mistyped", ToolRead, `{"file_path":{"p":"/p/.env"}}`, "", true},
		{"other tool", "Glob", `{"patterns":5}`, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ev, err := New().Parse([]byte(`{` + head + `,"tool_name":"` + c.tool + `","tool_input":` + c.args + `}`))
			if err != nil {
				t.Fatalf("parse failed (the event must still reach the handler): %v", err)
			}
			tool := hooks.ToolOf(ev)
			if (tool.InputErr != nil) != c.inputErr {
				t.Errorf("InputErr = %v, want error %v", tool.InputErr, c.inputErr)
			}
			var got string
			switch in := tool.Input.(type) {
			case *hooks.ShellInput:
				got = in.Command
			case *hooks.WriteInput:
				got = in.Path
			case *hooks.EditInput:
				got = in.Path
			case *hooks.ReadInput:
				got = in.Path
			}
			if got != c.want {
				t.Errorf("typed input shows %q, want %q", got, c.want)
			}
		})
	}
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
