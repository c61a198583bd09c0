package qwen

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

const head = `"session_id":"s1","transcript_path":"/home/dev/.qwen/projects/-home-dev-project/chats/s1.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","timestamp":"2026-12-01T05:53:00.204Z","permission_mode":"yolo"`

// TestToolArgumentTricks: the model writes every byte of tool_input. The
// typed input must show what Qwen's tool receives (exact keys, the last of
// two equal keys), and what cannot be read must be in InputErr, never
// fail the parse.
func TestToolArgumentTricks(t *testing.T) {
	cases := []hosttest.ArgTrick{
		{Name: "case variant ignored", Tool: ToolShell, Args: `{"command":"rm -rf keepdir","description":"x","Command":"echo safe"}`, Want: "rm -rf keepdir"},
		{Name: "upper case only", Tool: ToolShell, Args: `{"COMMAND":"echo safe"}`, Want: "", InputErr: true},
		{Name: "duplicate: last wins", Tool: ToolShell, Args: `{"command":"echo safe","command":"rm -rf keepdir"}`, Want: "rm -rf keepdir"},
		{Name: "escaped key", Tool: ToolShell, Args: `{"\u0063ommand":"rm -rf keepdir"}`, Want: "rm -rf keepdir"},
		{Name: "wrong-typed side field ignored", Tool: ToolShell, Args: `{"command":"rm -rf keepdir","DESCRIPTION":5,"description":5,"is_background":"x"}`, Want: "rm -rf keepdir"},
		{Name: "directory mistyped", Tool: ToolShell, Args: `{"command":"rm -rf keepdir","directory":["/"]}`, Want: "rm -rf keepdir", InputErr: true},
		{Name: "command a number", Tool: ToolShell, Args: `{"command":5}`, Want: "", InputErr: true},
		{Name: "command missing", Tool: ToolShell, Args: `{}`, Want: "", InputErr: true},
		{Name: "input a string", Tool: ToolShell, Args: `"rm -rf /"`, Want: "", InputErr: true},
		{Name: "write content mistyped", Tool: ToolWrite, Args: `{"file_path":"/p/.env","content":5}`, Want: "/p/.env", InputErr: true},
		{Name: "write CONTENT variant", Tool: ToolWrite, Args: `{"file_path":"/p/.env","content":"x","CONTENT":5}`, Want: "/p/.env"},
		{Name: "write path duplicate", Tool: ToolWrite, Args: `{"file_path":"/p/ok","content":"x","file_path":"/p/.env"}`, Want: "/p/.env"},
		{Name: "edit new_string mistyped", Tool: ToolEdit, Args: `{"file_path":"/p/a","old_string":"a","new_string":{}}`, Want: "/p/a", InputErr: true},
		{Name: "read path missing", Tool: ToolRead, Args: `{"path":"/p/.env"}`, Want: "", InputErr: true},
		{Name: "other tool", Tool: "glob", Args: `{"pattern":5}`, Want: ""},
	}
	hosttest.ArgTricks(t, New(), func(tool, args string) string {
		return `{` + head + `,"tool_name":"` + tool + `","tool_input":` + args + `,"tool_use_id":"toolu_1"}`
	}, cases)
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
