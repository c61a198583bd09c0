package cursor

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestFieldsFromCaptures reads the Cursor-only fields of the recorded
// payloads (IDE 3.9.16, CLI 2026.07.23 and 2026.09.02).
func TestFieldsFromCaptures(t *testing.T) {
	versions := map[string]bool{}
	sandboxes := 0
	for _, c := range readCaptures(t) {
		ev, err := New().Parse(c.payload)
		if err != nil {
			continue
		}
		versions[Version(ev)] = true
		if c.fragment {
			continue
		}
		if UserEmail(ev) != "dev@example.com" && ev.Common().NativeEvent != EventWorkspaceOpen {
			t.Errorf("%s: UserEmail %q", c.where, UserEmail(ev))
		}
		sb, ok := Sandbox(ev)
		shell := ev.Common().NativeEvent == EventBeforeShellExecution || ev.Common().NativeEvent == EventAfterShellExecution
		if ok != shell || sb {
			t.Errorf("%s: Sandbox = %v, %v", c.where, sb, ok)
		}
		if ok {
			sandboxes++
		}
		if u, cmd := MCPServer(ev); u != "" || cmd != "" {
			t.Errorf("%s: MCPServer of a %s = %q, %q", c.where, ev.Common().NativeEvent, u, cmd)
		}
	}
	for _, v := range []string{"3.9.16", "2026.07.23-e383d2b", "2026.09.02-c22c1a3"} {
		if !versions[v] {
			t.Errorf("Version never returned %q (got %v)", v, versions)
		}
	}
	if sandboxes == 0 {
		t.Error("no shell event with a sandbox field")
	}
}

// TestMCPServer reads url and command of beforeMCPExecution (documented
// shape, testdata/beforeMCPExecution.txtar; no real capture exists).
func TestMCPServer(t *testing.T) {
	in := hosttest.FixtureInputs(t, "testdata")["beforeMCPExecution"]
	ev, err := New().Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	if u, cmd := MCPServer(ev); u != "" || cmd != "npx @playwright/mcp" {
		t.Errorf("MCPServer = %q, %q", u, cmd)
	}
	remote := []byte(`{"conversation_id":"c","generation_id":"g","tool_name":"t","tool_input":"{}","url":"https://mcp.example.com/sse",` +
		`"session_id":"c","hook_event_name":"beforeMCPExecution","cursor_version":"3.9.16","workspace_roots":[],"user_email":null}`)
	ev, err = New().Parse(remote)
	if err != nil {
		t.Fatal(err)
	}
	if u, cmd := MCPServer(ev); u != "https://mcp.example.com/sse" || cmd != "" {
		t.Errorf("MCPServer = %q, %q", u, cmd)
	}
	if UserEmail(ev) != "" {
		t.Errorf("UserEmail of null = %q", UserEmail(ev))
	}
	other, err := claude.New().Parse([]byte(`{"session_id":"s","cwd":"/","hook_event_name":"Notification","message":"m","cursor_version":"3.9.16","user_email":"x@example.com"}`))
	if err != nil {
		t.Fatal(err)
	}
	if Version(other) != "" || UserEmail(other) != "" {
		t.Error("read a Cursor field from a claude event")
	}
	var _ hooks.AskTaker = New()
}
