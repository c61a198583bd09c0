package gemini

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// beforeTool builds a BeforeTool payload.
func beforeTool(tool string, input string, extra string) []byte {
	return []byte(`{"session_id":"s1","transcript_path":"/home/dev/.gemini/tmp/project/chats/session-1.jsonl",` +
		`"cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-01-15T10:00:00.000Z",` +
		`"tool_name":"` + tool + `","tool_input":` + input + extra + `}`)
}

func parsedTool(t *testing.T, payload []byte) *hooks.Tool {
	t.Helper()
	ev, err := New().Parse(payload)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	tool := hooks.ToolOf(ev)
	if tool == nil {
		t.Fatalf("no tool in %T", ev)
	}
	return tool
}

func TestToolInputs(t *testing.T) {
	tests := []struct {
		name, tool, input, extra string
		want                     hooks.ToolInput
	}{
		{"shell", ToolShell, `{"command":"ls -la","description":"list","dir_path":"src","is_background":true}`, "",
			&hooks.ShellInput{Command: "ls -la", Cwd: "src", Description: "list"}},
		{"shell minimal", ToolShell, `{"command":"ls"}`, "", &hooks.ShellInput{Command: "ls"}},
		{"write", ToolWrite, `{"file_path":"a.txt","content":"x\n"}`, "", &hooks.WriteInput{Path: "a.txt", Content: "x\n"}},
		{"replace", ToolReplace, `{"file_path":"a.txt","old_string":"a","new_string":"b","instruction":"i","allow_multiple":true}`, "",
			&hooks.EditInput{Path: "a.txt", Edits: []hooks.TextEdit{{Old: "a", New: "b", ReplaceAll: true}}}},
		{"read", ToolRead, `{"file_path":"/home/dev/project/.env","start_line":3}`, "", &hooks.ReadInput{Path: "/home/dev/project/.env"}},
		{"mcp by name", "mcp_fake_echo", `{"text":"hi"}`, "",
			&hooks.MCPInput{Server: "fake", Tool: "echo", Arguments: json.RawMessage(`{"text":"hi"}`)}},
		{"mcp split on first underscore", "mcp_my_server_do_it", `{}`, "",
			&hooks.MCPInput{Server: "my", Tool: "server_do_it", Arguments: json.RawMessage(`{}`)}},
		{"mcp context wins", "mcp_my_server_do_it", `{}`, `,"mcp_context":{"server_name":"my_server","tool_name":"do_it","args":["-v"]}`,
			&hooks.MCPInput{Server: "my_server", Tool: "do_it", Arguments: json.RawMessage(`{}`)}},
		{"mcp without tool part", "mcp_server", `{}`, "", hooks.RawInput(`{}`)},
		{"mcp with empty server", "mcp__tool", `{}`, "", hooks.RawInput(`{}`)},
		{"mcp with empty tool", "mcp_server_", `{}`, "", hooks.RawInput(`{}`)},
		{"glob", "glob", `{"pattern":"*.go"}`, "", hooks.RawInput(`{"pattern":"*.go"}`)},
		{"read_many_files is not a single read", "read_many_files", `{"include":["a"]}`, "", hooks.RawInput(`{"include":["a"]}`)},
		{"grep_search", "grep_search", `{"pattern":"x"}`, "", hooks.RawInput(`{"pattern":"x"}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tool := parsedTool(t, beforeTool(tt.tool, tt.input, tt.extra))
			if tool.Name != tt.tool || string(tool.RawInput) != tt.input || tool.ID != "" {
				t.Errorf("tool %+v", tool)
			}
			if !reflect.DeepEqual(tool.Input, tt.want) {
				t.Errorf("input %#v, want %#v", tool.Input, tt.want)
			}
		})
	}
}

// TestToolInputWrongTypes: the model writes tool_input, so what is wrong
// in it reaches the handler with Tool.InputErr set (or is ignored when no
// policy reads it); only what Gemini itself writes fails the parse.
func TestToolInputWrongTypes(t *testing.T) {
	for _, c := range []struct {
		payload  string
		want     hooks.ToolInput
		inputErr string
	}{
		{beforeToolString(ToolShell, `{"command":["rm","-rf"]}`), &hooks.ShellInput{}, `field "command" is an array, not a string`},
		{beforeToolString(ToolWrite, `{"file_path":1,"content":"x"}`), &hooks.WriteInput{Content: "x"}, `field "file_path" is a number`},
		{beforeToolString(ToolReplace, `{"file_path":"a","old_string":"a","new_string":"b","allow_multiple":"yes"}`),
			&hooks.EditInput{Path: "a", Edits: []hooks.TextEdit{{Old: "a", New: "b"}}}, ""},
		{beforeToolString(ToolRead, `{"file_path":{"p":1}}`), &hooks.ReadInput{}, `field "file_path" is an object`},
		{beforeToolString(ToolShell, `"ls"`), &hooks.ShellInput{}, "not a JSON object"},
		{beforeToolString(ToolShell, `null`), &hooks.ShellInput{}, "not a JSON object"},
		// The tricks of issue 12.
		{beforeToolString(ToolShell, `{"command":"rm -rf keepdir","description":"x","Command":"echo safe"}`), &hooks.ShellInput{Command: "rm -rf keepdir", Description: "x"}, ""},
		{beforeToolString(ToolShell, `{"command":"rm -rf keepdir","DESCRIPTION":5}`), &hooks.ShellInput{Command: "rm -rf keepdir"}, ""},
		{beforeToolString(ToolShell, `{"command":"echo safe","comm\u0061nd":"rm -rf keepdir","dir_path":7}`), &hooks.ShellInput{Command: "rm -rf keepdir"}, ""},
		{beforeToolString(ToolWrite, `{"file_path":"/tmp/x/.env","content":"A=1","CONTENT":5}`), &hooks.WriteInput{Path: "/tmp/x/.env", Content: "A=1"}, ""},
		{beforeToolString(ToolReplace, `{"file_path":"/tmp/x/.env","old_string":5,"new_string":null}`), &hooks.EditInput{Path: "/tmp/x/.env", Edits: []hooks.TextEdit{{}}}, ""},
	} {
		ev, err := New().Parse([]byte(c.payload))
		if err != nil {
			t.Errorf("Parse(%s): %v", c.payload, err)
			continue
		}
		tool := hooks.ToolOf(ev)
		if !reflect.DeepEqual(tool.Input, c.want) {
			t.Errorf("Parse(%s): input %#v, want %#v", c.payload, tool.Input, c.want)
		}
		if c.inputErr == "" && tool.InputErr != nil || c.inputErr != "" && (tool.InputErr == nil || !strings.Contains(tool.InputErr.Error(), c.inputErr)) {
			t.Errorf("Parse(%s): InputErr %v, want %q", c.payload, tool.InputErr, c.inputErr)
		}
	}
	for _, p := range []string{
		beforeToolString("", `{}`),
		`{"hook_event_name":"AfterTool","tool_name":"read_file","tool_name":5}`,
	} {
		if ev, err := New().Parse([]byte(p)); err == nil {
			t.Errorf("Parse(%s) = %T, want an error", p, ev)
		}
	}
}

func beforeToolString(tool, input string) string { return string(beforeTool(tool, input, "")) }

// rewriteInput serializes a rewrite and returns the tool_input written.
func rewriteInput(t *testing.T, payload []byte, upd hooks.ToolInput) map[string]any {
	t.Helper()
	ev, err := New().Parse(payload)
	if err != nil {
		t.Fatal(err)
	}
	out, err := New().Serialize(ev, hooks.Rewrite(upd))
	if err != nil {
		t.Fatalf("serialize: %v", err)
	}
	var o struct {
		Decision           string `json:"decision"`
		HookSpecificOutput struct {
			HookEventName string         `json:"hookEventName"`
			ToolInput     map[string]any `json:"tool_input"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal(out.Stdout, &o); err != nil || out.ExitCode != 0 {
		t.Fatalf("output %q exit %d: %v", out.Stdout, out.ExitCode, err)
	}
	if o.Decision != "allow" || o.HookSpecificOutput.HookEventName != EventBeforeTool {
		t.Errorf("output %s", out.Stdout)
	}
	return o.HookSpecificOutput.ToolInput
}

// Gemini REPLACES the tool input with the hook's tool_input: fields the
// unified types do not model must be written back.
func TestRewriteKeepsUnmodelledFields(t *testing.T) {
	shell := beforeTool(ToolShell, `{"command":"rm -rf build","description":"clean","dir_path":"sub","is_background":false,"delay_ms":1500}`, "")
	got := rewriteInput(t, shell, &hooks.ShellInput{Command: "rm -rf ./build"})
	want := map[string]any{"command": "rm -rf ./build", "description": "clean", "dir_path": "sub", "is_background": false, "delay_ms": 1500.0}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("shell rewrite = %v, want %v", got, want)
	}
	got = rewriteInput(t, shell, &hooks.ShellInput{Command: "ls", Cwd: "other", Description: "list", Timeout: time.Second})
	want = map[string]any{"command": "ls", "description": "list", "dir_path": "other", "is_background": false, "delay_ms": 1500.0}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("shell rewrite with cwd = %v, want %v", got, want)
	}

	replace := beforeTool(ToolReplace, `{"file_path":"a.txt","old_string":"a","new_string":"b","instruction":"swap a for b"}`, "")
	got = rewriteInput(t, replace, &hooks.EditInput{Path: "a.txt", Edits: []hooks.TextEdit{{Old: "a", New: "c"}}})
	want = map[string]any{"file_path": "a.txt", "old_string": "a", "new_string": "c", "instruction": "swap a for b"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("replace rewrite = %v, want %v", got, want)
	}
	replaceAll := beforeTool(ToolReplace, `{"file_path":"a.txt","old_string":"a","new_string":"b","instruction":"i","allow_multiple":true}`, "")
	got = rewriteInput(t, replaceAll, &hooks.EditInput{Path: "a.txt", Edits: []hooks.TextEdit{{Old: "a", New: "b"}}})
	if got["allow_multiple"] != false {
		t.Errorf("allow_multiple not cleared: %v", got)
	}

	read := beforeTool(ToolRead, `{"file_path":".env","start_line":1,"end_line":9}`, "")
	got = rewriteInput(t, read, &hooks.ReadInput{Path: "README.md"})
	want = map[string]any{"file_path": "README.md", "start_line": 1.0, "end_line": 9.0}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read rewrite = %v, want %v", got, want)
	}

	mcp := beforeTool("mcp_gh_create", `{"title":"t","body":"b"}`, "")
	got = rewriteInput(t, mcp, &hooks.MCPInput{Arguments: json.RawMessage(`{"title":"t2"}`)})
	if !reflect.DeepEqual(got, map[string]any{"title": "t2"}) {
		t.Errorf("mcp rewrite = %v", got)
	}
}

// Large integers survive a rewrite exactly (no float64 round trip).
func TestRewriteKeepsNumbers(t *testing.T) {
	p := beforeTool(ToolShell, `{"command":"x","delay_ms":9007199254740993}`, "")
	ev, _ := New().Parse(p)
	out, err := New().Serialize(ev, hooks.Rewrite(&hooks.ShellInput{Command: "y"}))
	if err != nil || !strings.Contains(string(out.Stdout), `"delay_ms":9007199254740993`) {
		t.Errorf("got %s, %v", out.Stdout, err)
	}
}

func TestRewriteErrors(t *testing.T) {
	shell := beforeTool(ToolShell, `{"command":"ls"}`, "")
	tests := []struct {
		name    string
		payload []byte
		upd     hooks.ToolInput
	}{
		{"wrong kind", shell, &hooks.WriteInput{Path: "a", Content: "b"}},
		{"no command", shell, &hooks.ShellInput{Description: "d"}},
		{"nil shell", shell, (*hooks.ShellInput)(nil)},
		{"patch", shell, &hooks.PatchInput{Patch: "*** Begin Patch"}},
		{"raw not an object", shell, hooks.RawInput(`["ls"]`)},
		{"raw invalid", shell, hooks.RawInput(`{"command":`)},
		{"write without path", beforeTool(ToolWrite, `{"file_path":"a","content":""}`, ""), &hooks.WriteInput{Content: "x"}},
		{"read without path", beforeTool(ToolRead, `{"file_path":"a"}`, ""), &hooks.ReadInput{}},
		{"two edits", beforeTool(ToolReplace, `{"file_path":"a","old_string":"a","new_string":"b"}`, ""),
			&hooks.EditInput{Path: "a", Edits: []hooks.TextEdit{{Old: "a", New: "b"}, {Old: "c", New: "d"}}}},
		{"no edit", beforeTool(ToolReplace, `{"file_path":"a","old_string":"a","new_string":"b"}`, ""), &hooks.EditInput{Path: "a"}},
		{"other MCP tool", beforeTool("mcp_gh_create", `{}`, ""), &hooks.MCPInput{Server: "gh", Tool: "delete"}},
		{"other MCP server", beforeTool("mcp_gh_create", `{}`, ""), &hooks.MCPInput{Server: "gl", Tool: "create"}},
		{"MCP arguments not an object", beforeTool("mcp_gh_create", `{}`, ""), &hooks.MCPInput{Arguments: json.RawMessage(`[1]`)}},
		{"typed input for an unknown tool", beforeTool("glob", `{"pattern":"x"}`, ""), &hooks.ReadInput{Path: "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := New().Parse(tt.payload)
			if err != nil {
				t.Fatal(err)
			}
			if out, err := New().Serialize(ev, hooks.Rewrite(tt.upd)); err == nil {
				t.Errorf("Serialize = %q, want an error", out.Stdout)
			}
		})
	}
	// An updated input on an event other than BeforeTool.
	ev, err := New().Parse([]byte(`{"hook_event_name":"BeforeAgent","prompt":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New().Serialize(ev, hooks.Rewrite(hooks.RawInput(`{}`))); err == nil {
		t.Error("rewrite on BeforeAgent: want an error")
	}
}

// With a failed rewrite the fail policy decides: fail-closed denies.
func TestRewriteErrorFailClosed(t *testing.T) {
	h := hooks.Handlers{
		Any: func(_ context.Context, _ hooks.Event) (hooks.Response, error) {
			return hooks.Rewrite(&hooks.ReadInput{Path: "x"}), nil
		},
		Fail: hooks.FailClosed,
	}
	res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: New(), Payload: beforeTool(ToolShell, `{"command":"ls"}`, "")})
	if res.Err == nil || !strings.HasPrefix(string(res.Output.Stdout), `{"decision":"deny","reason":"hook failed`) || res.Output.ExitCode != 0 {
		t.Errorf("got %+v", res)
	}
}
