package auggie_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/auggie"
	"github.com/agenthooks/hooks/policies/guard"
)

// TestGuardOnAuggieTools: the guard judges every Auggie tool that runs a
// command or changes a file by what it would do: a recursive delete
// through launch-process, or typed into a shell launch-process left
// running (write-process), a .env written by save-file,
// str-replace-editor, apply_patch or deleted by remove-files, a call
// whose input cannot be read; the ordinary calls (look-alikes) pass.
func TestGuardOnAuggieTools(t *testing.T) {
	const cwd = "/home/dev/project"
	for _, c := range []struct {
		name, tool string
		args       string
		rule       string // the rule that denies, "" when the call passes
	}{
		{"shell rm -rf", "launch-process", `{"command":"rm -rf src","wait":true,"max_wait_seconds":30,"cwd":"` + cwd + `"}`, "rule 1"},
		{"shell nested", "launch-process", `{"command":"bash -c 'rm -rf src'","wait":true,"max_wait_seconds":30,"cwd":"` + cwd + `"}`, "rule 1"},
		{"shell ordinary", "launch-process", `{"command":"ls -la && go test ./...","wait":true,"max_wait_seconds":30,"cwd":"` + cwd + `"}`, ""},
		{"shell duplicate key", "launch-process", `{"command":"ls","command":"rm -rf src","wait":true,"max_wait_seconds":30}`, "rule 1"},
		{"shell command not a string", "launch-process", `{"command":["rm","-rf","src"],"wait":true,"max_wait_seconds":30}`, "rule 4"},
		{"typed into a running shell", "write-process", `{"terminal_id":1,"input_text":"rm -rf src\n"}`, "rule 1"},
		{"typed ordinary", "write-process", `{"terminal_id":1,"input_text":"ls\n"}`, ""},
		{"save .env", "save-file", `{"path":"sub/../.env","file_content":"TOKEN=x"}`, "rule 3"},
		{"save ordinary", "save-file", `{"path":"notes.txt","file_content":"x"}`, ""},
		{"edit .env", "str-replace-editor", `{"command":"str_replace","path":".env","str_replace_entries":[{"old_str":"a","new_str":"b","old_str_start_line_number":1,"old_str_end_line_number":1}]}`, "rule 3"},
		{"insert .env", "str-replace-editor", `{"command":"insert","path":"./.env","insert_line_entries":[{"insert_line":0,"new_str":"TOKEN=x"}]}`, "rule 3"},
		{"edit ordinary", "str-replace-editor", `{"command":"str_replace","path":"main.go","str_replace_entries":[{"old_str":"a","new_str":"b","old_str_start_line_number":1,"old_str_end_line_number":1}]}`, ""},
		{"edit entries not an array", "str-replace-editor", `{"command":"str_replace","path":"main.go","str_replace_entries":"x"}`, "rule 4"},
		{"patch adds .env", "apply_patch", `{"input":"*** Begin Patch\n*** Add File: .env\n+TOKEN=x\n*** End Patch"}`, "rule 3"},
		{"patch not a patch", "apply_patch", `{"input":"*** Begin Patch\n*** Frobnicate: .env\n*** End Patch"}`, "rule"},
		{"patch ordinary", "apply_patch", `{"input":"*** Begin Patch\n*** Add File: notes.txt\n+hi\n*** End Patch"}`, ""},
		{"remove .env", "remove-files", `{"file_paths":["notes.txt",".env"]}`, "rule 3"},
		{"remove element not a string", "remove-files", `{"file_paths":["notes.txt",5]}`, "rule 4"},
		{"remove ordinary", "remove-files", `{"file_paths":["notes.txt"]}`, ""},
		{"view ordinary", "view", `{"type":"file","path":"notes.txt"}`, ""},
		{"web-fetch", "web-fetch", `{"url":"https://example.com"}`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "conversation_id": "c1", "workspace_roots": []string{cwd},
				"tool_name": c.tool, "tool_input": json.RawMessage(c.args), "tool_output": "[undefined]", "tool_error": nil, "is_mcp_tool": false})
			ev, err := auggie.New().Parse(p)
			if err != nil {
				t.Fatal(err)
			}
			pre := ev.(*hooks.PreToolUseEvent)
			r := guard.Judge(context.Background(), pre.Cwd, &pre.Tool)
			switch {
			case c.rule == "" && r.Decision == hooks.DecisionDeny:
				t.Errorf("denied an ordinary call: %s", r.Reason)
			case c.rule != "" && (r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, c.rule)):
				t.Errorf("%v %q, want a deny by %s", r.Decision, r.Reason, c.rule)
			}
		})
	}
}
