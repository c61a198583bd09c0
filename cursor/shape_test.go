package cursor

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/writes"
)

// readShape reads a payload of testdata/shape (see its README) with the
// top-level members of set written over it.
func readShape(t *testing.T, name string, set map[string]any) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "shape", name))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range set {
		m[k] = v
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// SECURITY.md: a Cursor file tool the adapter does not know by name (one
// a later Cursor adds or renames) is judged by its shape: a path with
// content is a write, with old and new strings an edit, so that a path
// policy sees the file; content with no path it can read is InputErr.
func TestUnknownToolByShape(t *testing.T) {
	const path = "/home/dev/project/.env"
	for _, tc := range []struct {
		name     string
		file     string
		set      map[string]any
		wantKind hooks.ToolKind
		wantErr  bool
	}{
		{"real Write under a new name", "preToolUse-write.json", map[string]any{"tool_name": "WriteFile",
			"tool_input": map[string]any{"file_path": path, "content": "KEY=1\n"}}, hooks.KindWrite, false},
		{"peer keys path and contents", "preToolUse-write.json", map[string]any{"tool_name": "CreateFile",
			"tool_input": map[string]any{"path": path, "contents": "KEY=1\n"}}, hooks.KindWrite, false},
		{"old and new strings", "preToolUse-write.json", map[string]any{"tool_name": "EditFile",
			"tool_input": map[string]any{"file_path": path, "old_string": "KEY=1", "new_string": "KEY=2"}}, hooks.KindEdit, false},
		{"a list of edits", "preToolUse-write.json", map[string]any{"tool_name": "MultiEdit",
			"tool_input": map[string]any{"file_path": path, "edits": []any{map[string]any{"old_string": "a", "new_string": "b"}}}}, hooks.KindEdit, false},
		{"two differing paths", "preToolUse-write.json", map[string]any{"tool_name": "WriteFile",
			"tool_input": map[string]any{"file_path": path, "path": "/home/dev/project/ok.txt", "content": "x"}}, hooks.KindWrite, true},
		{"a path of the wrong type", "preToolUse-write.json", map[string]any{"tool_name": "WriteFile",
			"tool_input": map[string]any{"file_path": []any{path}, "content": "x"}}, hooks.KindWrite, true},
		{"content and no path", "preToolUse-write.json", map[string]any{"tool_name": "WriteFile",
			"tool_input": map[string]any{"target": path, "content": "x"}}, hooks.KindOther, true},
		{"real Grep: a path and no content", "preToolUse-grep.json", nil, hooks.KindOther, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := New().Parse(readShape(t, tc.file, tc.set))
			if err != nil {
				t.Fatal(err)
			}
			tool := hooks.ToolOf(ev)
			if tool.Kind() != tc.wantKind || (tool.InputErr != nil) != tc.wantErr {
				t.Fatalf("kind %s InputErr %v; want %s, error %v", tool.Kind(), tool.InputErr, tc.wantKind, tc.wantErr)
			}
			if tc.wantKind != hooks.KindOther && !tc.wantErr && !slices.Equal(writes.Paths(tool), []string{path}) {
				t.Errorf("writes.Paths %q, want %q", writes.Paths(tool), path)
			}
		})
	}
	// The known Write tool is unchanged.
	ev, err := New().Parse(readShape(t, "preToolUse-write.json", nil))
	if err != nil {
		t.Fatal(err)
	}
	if tool := hooks.ToolOf(ev); tool.Kind() != hooks.KindWrite || tool.InputErr != nil {
		t.Errorf("Write: kind %s InputErr %v", tool.Kind(), tool.InputErr)
	}
}

// An MCP call's server is read from mcp_server_name, on the tool events
// and on the MCP events, so that a per-server rule works on Cursor.
func TestMCPServerName(t *testing.T) {
	for _, set := range []map[string]any{
		{"mcp_server_name": "playwright"},
		{"mcp_server_name": "playwright", "hook_event_name": "preToolUse"},
		{"mcp_server_name": "playwright", "hook_event_name": "beforeMCPExecution", "tool_name": "browser_navigate", "tool_input": `{"url":"about:blank"}`},
	} {
		ev, err := New().Parse(readShape(t, "postToolUse-mcp.json", set))
		if err != nil {
			t.Fatal(err)
		}
		m, ok := hooks.ToolOf(ev).Input.(*hooks.MCPInput)
		if !ok || m.Server != "playwright" || m.Tool != "browser_navigate" {
			t.Errorf("%v: input %#v; want server playwright, tool browser_navigate", set, hooks.ToolOf(ev).Input)
		}
	}
	// Absent, as in every capture so far: no server.
	ev, err := New().Parse(readShape(t, "postToolUse-mcp.json", nil))
	if err != nil {
		t.Fatal(err)
	}
	if m := hooks.ToolOf(ev).Input.(*hooks.MCPInput); m.Server != "" {
		t.Errorf("server %q, want none", m.Server)
	}
}
