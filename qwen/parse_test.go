package qwen

import (
	"testing"

	"github.com/agenthooks/hooks"
)

const head = `"session_id":"s1","transcript_path":"/home/dev/.qwen/projects/-home-dev-project/chats/s1.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","timestamp":"2026-12-01T05:53:00.204Z","permission_mode":"yolo"`

// TestToolArgumentTricks: the model writes every byte of tool_input. The
// typed input must show what Qwen's tool receives (exact keys, the last of
// two equal keys), and what cannot be read must be in InputErr, never
// fail the parse.
func TestToolArgumentTricks(t *testing.T) {
	cases := []struct {
		name, tool, args string
		want             string
		inputErr         bool
	}{
		{"case variant ignored", ToolShell, `{"command":"rm -rf keepdir","description":"x","Command":"echo safe"}`, "rm -rf keepdir", false},
		{"upper case only", ToolShell, `{"COMMAND":"echo safe"}`, "", true},
		{"duplicate: last wins", ToolShell, `{"command":"echo safe","command":"rm -rf keepdir"}`, "rm -rf keepdir", false},
		{"escaped key", ToolShell, `{"\u0063ommand":"rm -rf keepdir"}`, "rm -rf keepdir", false},
		{"wrong-typed side field ignored", ToolShell, `{"command":"rm -rf keepdir","DESCRIPTION":5,"description":5,"is_background":"x"}`, "rm -rf keepdir", false},
		{"directory mistyped", ToolShell, `{"command":"rm -rf keepdir","directory":["/"]}`, "rm -rf keepdir", true},
		{"command a number", ToolShell, `{"command":5}`, "", true},
		{"command missing", ToolShell, `{}`, "", true},
		{"input a string", ToolShell, `"rm -rf /"`, "", true},
		{"write content mistyped", ToolWrite, `{"file_path":"/p/.env","content":5}`, "/p/.env", true},
		{"write CONTENT variant", ToolWrite, `{"file_path":"/p/.env","content":"x","CONTENT":5}`, "/p/.env", false},
		{"write path duplicate", ToolWrite, `{"file_path":"/p/ok","content":"x","file_path":"/p/.env"}`, "/p/.env", false},
		{"edit new_string mistyped", ToolEdit, `{"file_path":"/p/a","old_string":"a","new_string":{}}`, "/p/a", true},
		{"read path missing", ToolRead, `{"path":"/p/.env"}`, "", true},
		{"other tool", "glob", `{"pattern":5}`, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			payload := `{` + head + `,"tool_name":"` + c.tool + `","tool_input":` + c.args + `,"tool_use_id":"toolu_1"}`
			ev, err := New().Parse([]byte(payload))
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
	// A case variant of tool_input is not the input.
	ev, err := New().Parse([]byte(`{` + head + `,"tool_name":"run_shell_command","TOOL_INPUT":{"command":"echo ok"},"tool_input":{"command":"rm -rf /"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if sh := hooks.ToolOf(ev).Input.(*hooks.ShellInput); sh.Command != "rm -rf /" {
		t.Errorf("command %q", sh.Command)
	}
	// Side fields of the wrong type are ignored.
	ev, err = New().Parse([]byte(`{"hook_event_name":"PreToolUse","session_id":5,"cwd":{},"model":[],"tool_name":"run_shell_command","tool_input":{"command":"ls"},"tool_use_id":7}`))
	if err != nil || ev.Name() != hooks.PreToolUse || ev.Common().SessionID != "" {
		t.Errorf("wrong-typed side fields: %v %v", ev, err)
	}
	for _, bad := range []string{`[]`, `{"session_id":"s"}`, `{"hook_event_name":"PreToolUse","tool_input":{}}`} {
		if _, err := New().Parse([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestContinuationPrompt: Qwen fires UserPromptSubmit before every model
// call; on a continuation the prompt is empty. Handlers get it as a
// UserPromptSubmitEvent with Prompt "".
func TestContinuationPrompt(t *testing.T) {
	ev, err := New().Parse([]byte(`{"session_id":"s1","cwd":"/p","hook_event_name":"UserPromptSubmit","timestamp":"2026-12-01T05:53:00.204Z","permission_mode":"yolo","prompt_id":"s1########0","prompt":""}`))
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := ev.(*hooks.UserPromptSubmitEvent); !ok || p.Prompt != "" {
		t.Errorf("%T %+v", ev, ev)
	}
}

func TestTimeoutSetting(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{{0, "1m0s"}, {-3, "1m0s"}, {8, "8s"}, {999, "16m39s"}, {1000, "1s"}, {1500, "1.5s"}, {5000, "5s"}, {10000, "10s"}} {
		if got := TimeoutSetting(c.in).String(); got != c.want {
			t.Errorf("TimeoutSetting(%v) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestExit2ReasonNeverJSON: on exit code 2 Qwen parses stderr as the
// answer when it is JSON, so a reason that is a JSON document must not be
// written as is.
func TestExit2ReasonNeverJSON(t *testing.T) {
	unknown := &hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: "FutureEvent"}, Unknown: true}
	for _, reason := range []string{`{"decision":"allow"}`, `"x"`, `1`} {
		out, err := New().Serialize(unknown, hooks.Deny(reason))
		if err != nil || out.ExitCode != 2 || out.Stderr == reason || out.Stderr == "" {
			t.Errorf("reason %s: %+v %v", reason, out, err)
		}
	}
}
