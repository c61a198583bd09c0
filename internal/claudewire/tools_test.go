package claudewire

import (
	"testing"

	"github.com/agenthooks/hooks"
)

// testTools are made-up facts, so that a test shows each comes from the
// value and not from one host's names.
var testTools = Tools{Shell: "Sh", Write: "Put", Edit: "Fix", Read: "Get", Path: "p", Old: "o", New: "n", All: "every",
	ShellInput: func(raw []byte) (hooks.ToolInput, bool, error) {
		return &hooks.ShellInput{Command: string(raw)}, true, nil
	}}

func TestToolsInput(t *testing.T) {
	tool := testTools.Tool("Fix", "id1", []byte(`{"p":"/a","o":"x","n":"y","every":true,"file_path":"/b"}`))
	e, ok := tool.Input.(*hooks.EditInput)
	if !ok || tool.InputErr != nil || tool.ID != "id1" || e.Path != "/a" || len(e.Edits) != 1 ||
		e.Edits[0] != (hooks.TextEdit{Old: "x", New: "y", ReplaceAll: true}) {
		t.Fatalf("Fix: %+v %+v", tool, tool.Input)
	}
	if w, ok := testTools.Tool("Put", "", []byte(`{"p":"/a","content":"c"}`)).Input.(*hooks.WriteInput); !ok || w.Path != "/a" || w.Content != "c" {
		t.Errorf("Put: %+v", w)
	}
	if s, ok := testTools.Tool("Sh", "", []byte(`"raw"`)).Input.(*hooks.ShellInput); !ok || s.Command != `"raw"` {
		t.Errorf("Sh does not go to ShellInput: %+v", s)
	}
	if tool := testTools.Tool("Get", "", []byte(`{"file_path":"/a"}`)); tool.InputErr == nil {
		t.Error("Get without its path key: no InputErr")
	}
	if tool := testTools.Tool("Get", "", []byte(`[]`)); tool.InputErr == nil || tool.InputErr.Error() != "the tool_input of Get is not a JSON object" {
		t.Errorf("Get with an array: InputErr %v", tool.InputErr)
	}
	if m, ok := testTools.Tool("mcp__srv__do", "", []byte(`{"a":1}`)).Input.(*hooks.MCPInput); !ok || m.Server != "srv" || m.Tool != "do" {
		t.Errorf("MCP: %+v", m)
	}
	if tool := testTools.Tool("Other", "", []byte(`[]`)); tool.InputErr != nil || tool.Input.Kind() != (hooks.RawInput(nil)).Kind() {
		t.Errorf("another tool's input is raw whatever it is: %+v", tool)
	}
}
