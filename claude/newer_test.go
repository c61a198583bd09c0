package claude

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// skillShellPayload is the real PreSkillShellCommand capture of Claude
// Code 2.1.332 (testdata/captures/claude-2.1.332).
func skillShellPayload(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(hosttest.SharedDir(t, "captures", "claude-2.1.332"), "PreSkillShellCommand.json"))
	if err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSpace(data)
}

// TestCaptures2_1_332 parses the captures of the newest client: the skill
// shell gate is a PreToolUse with a shell tool and its origin; the model
// switch is a known host-only event.
func TestCaptures2_1_332(t *testing.T) {
	a := New()
	for _, path := range hosttest.Captures(t, "claude-2.1.332") {
		payload, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(name, func(t *testing.T) {
			ev, err := a.Parse(bytes.TrimSpace(payload))
			if err != nil {
				t.Fatal(err)
			}
			if s := a.Detect(fields(t, bytes.TrimSpace(payload))); s < hooks.DetectThreshold {
				t.Errorf("Detect = %.2f", s)
			}
			switch name {
			case SkillShell:
				pre, ok := ev.(*hooks.PreToolUseEvent)
				if !ok {
					t.Fatalf("%T, want *hooks.PreToolUseEvent", ev)
				}
				sh, ok := pre.Tool.Input.(*hooks.ShellInput)
				if !ok || sh.Command != "echo SKILL_SHELL_X > skill_out.txt" || pre.Tool.Name != "Bash" {
					t.Errorf("tool = %+v input %#v", pre.Tool, pre.Tool.Input)
				}
				want := hooks.CommandOrigin{Command: "danger", Source: "projectSettings", InvokedBy: "user"}
				if pre.Origin == nil || *pre.Origin != want {
					t.Errorf("origin = %+v, want %+v", pre.Origin, want)
				}
				if pre.Common().NativeEvent != SkillShell {
					t.Errorf("native = %q", pre.Common().NativeEvent)
				}
			case "PreModelSwitch":
				oe, ok := ev.(*hooks.OtherEvent)
				if !ok || oe.Unknown {
					t.Fatalf("%T %+v, want a known *hooks.OtherEvent", ev, ev)
				}
				var in ModelSwitchInput
				if err := json.Unmarshal(oe.Raw, &in); err != nil || in.FromModel != "claude-opus-5-5" ||
					in.ToModel != "claude-sonnet-4-5" || in.Source != "command" {
					t.Errorf("ModelSwitchInput = %+v (%v)", in, err)
				}
			default:
				t.Fatalf("no expectation for %s", name)
			}
		})
	}
}

// TestModelToolCallHasNoOrigin: only the skill gate sets Origin.
func TestModelToolCallHasNoOrigin(t *testing.T) {
	payload := bytes.Replace(skillShellPayload(t), []byte(`"PreSkillShellCommand"`), []byte(`"PreToolUse"`), 1)
	ev, err := New().Parse(payload)
	if err != nil {
		t.Fatal(err)
	}
	if pre := ev.(*hooks.PreToolUseEvent); pre.Origin != nil {
		t.Errorf("a model's PreToolUse has an origin: %+v", pre.Origin)
	}
}

// TestSkillShellAnswers renders every decision on the skill gate in its
// own native form: only a deny (and its reason) is written, named for the
// running event; a rewrite becomes a deny (Claude never applies
// updatedInput there and a rewrite would run the original otherwise); ask
// goes to the ask fallback.
func TestSkillShellAnswers(t *testing.T) {
	a := New()
	ev, err := a.Parse(skillShellPayload(t))
	if err != nil {
		t.Fatal(err)
	}
	rewrite := hooks.Response{UpdatedInput: &hooks.ShellInput{Command: "echo safe"}}
	for _, tc := range []struct {
		name string
		r    hooks.Response
		want string
	}{
		{"deny", hooks.Deny("no rm in skills"),
			`{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"deny","permissionDecisionReason":"no rm in skills"}}`},
		{"deny-no-reason", hooks.Response{Decision: hooks.DecisionDeny},
			`{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"deny","permissionDecisionReason":"Blocked by hook"}}`},
		{"allow", hooks.Allow(), ``},
		{"context", hooks.Response{Context: "ctx"}, ``},
		{"halt", hooks.Halt("stop the skill"), `{"continue":false,"stopReason":"stop the skill"}`},
		{"ask", hooks.Response{Decision: hooks.DecisionAsk, Reason: "sure?"},
			`{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"deny","permissionDecisionReason":"sure?"}}`},
		{"rewrite", rewrite,
			`{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"deny","permissionDecisionReason":"blocked: the hook needed to rewrite this call, which claude cannot do on PreSkillShellCommand"}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fitted, _ := hooks.Fit(a, ev, tc.r, hooks.FitOptions{AskFallback: hooks.DecisionDeny})
			out, err := a.Serialize(ev, fitted)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(string(out.Stdout)); got != tc.want || out.ExitCode != 0 {
				t.Errorf("exit %d stdout %s\nwant %s", out.ExitCode, got, tc.want)
			}
		})
	}
}

// TestSkillShellMalformed: a skill gate whose command is not a string
// reaches the handler as a shell call with Tool.InputErr set (a gating
// policy denies it), never as a shell call with no command and no error,
// which a policy would let through.
func TestSkillShellMalformed(t *testing.T) {
	for _, bad := range []string{
		`{"command":["rm","-rf","/"]}`,
		`"rm -rf /"`,
	} {
		payload := bytes.Replace(skillShellPayload(t), []byte(`{"command":"echo SKILL_SHELL_X > skill_out.txt"}`), []byte(bad), 1)
		ev, err := New().Parse(payload)
		if err != nil {
			continue // the fail policy answers: also never a silent allow
		}
		pre, ok := ev.(*hooks.PreToolUseEvent)
		if !ok {
			t.Errorf("tool_input %s: parsed as %T, want *hooks.PreToolUseEvent", bad, ev)
			continue
		}
		if pre.Tool.InputErr == nil {
			t.Errorf("tool_input %s: parsed with no InputErr (input %#v)", bad, pre.Tool.Input)
		}
	}
}

// TestNewerFieldsParse: fields added by newer clients (mcp_server on MCP
// tool events, the resumed SessionStart's cost fields, DirectoryAdded's
// directory) change nothing.
func TestNewerFieldsParse(t *testing.T) {
	a := New()
	for _, p := range []string{
		`{"session_id":"s","transcript_path":"/home/dev/.claude/projects/p/s.jsonl","cwd":"/home/dev/project","prompt_id":"p","permission_mode":"default","effort":{"level":"medium"},"hook_event_name":"PreToolUse","tool_name":"mcp__fake__echo","tool_input":{"text":"hi"},"tool_use_id":"toolu_1","mcp_server":{"name":"fake","source":"project"}}`,
		`{"session_id":"s","transcript_path":"/home/dev/.claude/projects/p/s.jsonl","cwd":"/home/dev/project","hook_event_name":"SessionStart","source":"resume","context_tokens":1234,"estimated_cache_write_usd":0.01,"prompt_cache_likely_expired":true,"seconds_since_last_response":42}`,
		`{"session_id":"s","transcript_path":"/home/dev/.claude/projects/p/s.jsonl","cwd":"/home/dev/project","prompt_id":"p","hook_event_name":"DirectoryAdded","directory":"/home/dev/other","source":"slash_command"}`,
		`{"session_id":"s","transcript_path":"/home/dev/.claude/projects/p/s.jsonl","cwd":"/home/dev/project","prompt_id":"p","hook_event_name":"PostModelSwitch","from_model":"a","to_model":"b","requested_model":null,"source":"auto","context_tokens":0,"prompt_cache_warm":false,"cache_ttl":"5m","estimated_cache_write_usd":0,"pricing":"default"}`,
	} {
		ev, err := a.Parse([]byte(p))
		if err != nil {
			t.Errorf("%v\n%s", err, p)
			continue
		}
		if oe, ok := ev.(*hooks.OtherEvent); ok && oe.Unknown {
			t.Errorf("%s is unknown", oe.NativeEvent)
		}
		if tool := hooks.ToolOf(ev); tool != nil && tool.Kind() != hooks.KindMCP {
			t.Errorf("mcp tool parsed as %s", tool.Kind())
		}
	}
	var d DirectoryAddedInput
	if err := json.Unmarshal([]byte(`{"hook_event_name":"DirectoryAdded","directory":"/home/dev/other","source":"slash_command"}`), &d); err != nil || d.Directory != "/home/dev/other" || d.Source != "slash_command" {
		t.Errorf("DirectoryAddedInput = %+v (%v)", d, err)
	}
}
