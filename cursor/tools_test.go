package cursor

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/google/go-cmp/cmp"
)

func TestKindOf(t *testing.T) {
	for name, want := range map[string]hooks.ToolKind{
		"Shell": hooks.KindShell, "Read": hooks.KindRead, "Write": hooks.KindWrite, "StrReplace": hooks.KindEdit,
		"MCP:browser_navigate": hooks.KindMCP, "MCP:": hooks.KindMCP,
		"Delete": hooks.KindDelete, "Grep": hooks.KindOther, "Task": hooks.KindOther, "TabRead": hooks.KindOther,
		// Cursor's names are case-sensitive, and Claude's names are not Cursor's.
		"shell": hooks.KindOther, "Bash": hooks.KindOther, "Edit": hooks.KindOther, "mcp:x": hooks.KindOther,
		"mcp__srv__tool": hooks.KindOther, "": hooks.KindOther,
	} {
		if got := kindOf(name); got != want {
			t.Errorf("kindOf(%q) = %s, want %s", name, got, want)
		}
	}
}

func TestTypedInput(t *testing.T) {
	for _, tc := range []struct {
		name, tool, input string
		want              hooks.ToolInput
	}{
		{"shell", "Shell", `{"command":"ls","cwd":"/home/dev/project","timeout":30000}`,
			&hooks.ShellInput{Command: "ls", Cwd: "/home/dev/project", Timeout: 30 * time.Second}},
		{"shell fractional ms", "Shell", `{"command":"ls","timeout":1.5}`, &hooks.ShellInput{Command: "ls", Timeout: 1500 * time.Microsecond}},
		{"shell negative timeout", "Shell", `{"command":"ls","timeout":-1}`, &hooks.ShellInput{Command: "ls"}},
		{"shell huge timeout", "Shell", `{"command":"ls","timeout":1e300}`, &hooks.ShellInput{Command: "ls"}},
		{"read", "Read", `{"file_path":"/a"}`, &hooks.ReadInput{Path: "/a"}},
		{"read path key", "Read", `{"path":"/b"}`, &hooks.ReadInput{Path: "/b"}},
		{"write captured keys", "Write", `{"file_path":"/a","content":"x"}`, &hooks.WriteInput{Path: "/a", Content: "x"}},
		{"write peer keys", "Write", `{"path":"/a","contents":"y"}`, &hooks.WriteInput{Path: "/a", Content: "y"}},
		{"write both path keys agree", "Write", `{"file_path":"/a","path":"/a","content":"","contents":"z"}`, &hooks.WriteInput{Path: "/a"}},
		{"wrong-typed side fields", "Shell", `{"command":"rm -rf keepdir","DESCRIPTION":5,"cwd":1,"timeout":"x"}`, &hooks.ShellInput{Command: "rm -rf keepdir"}},
		{"escaped key", "Shell", `{"comm\u0061nd":"rm -rf keepdir"}`, &hooks.ShellInput{Command: "rm -rf keepdir"}},
		{"write content wrong type", "Write", `{"file_path":"/a/.env","CONTENT":5,"content":true}`, &hooks.WriteInput{Path: "/a/.env"}},
		{"strreplace", "StrReplace", `{"path":"/a","old_string":"o","new_string":"n"}`,
			&hooks.EditInput{Path: "/a", Edits: []hooks.TextEdit{{Old: "o", New: "n"}}}},
		{"mcp", "MCP:search", `{"q":"x"}`, &hooks.MCPInput{Tool: "search", Arguments: json.RawMessage(`{"q":"x"}`)}},
		{"mcp no args", "MCP:search", ``, &hooks.MCPInput{Tool: "search"}},
		// Delete's shape is unverified (no capture): path as peers report
		// it, file_path as Cursor's other file tools send it.
		{"delete", "Delete", `{"path":"/a/.env"}`, &hooks.DeleteInput{Path: "/a/.env"}},
		{"delete file_path key", "Delete", `{"file_path":"/b"}`, &hooks.DeleteInput{Path: "/b"}},
		{"other", "Grep", `{"pattern":"x"}`, hooks.RawInput(`{"pattern":"x"}`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			obj, err := object("tool_input", json.RawMessage(tc.input))
			if err != nil {
				t.Fatal(err)
			}
			got, err := typedInput(tc.tool, obj)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestTypedInputUnreadable: what a policy needs is missing, mistyped or
// ambiguous (how Cursor resolves a duplicate is not known): the typed
// input holds what could be read and InputErr says why.
func TestTypedInputUnreadable(t *testing.T) {
	for _, tc := range []struct {
		tool, input string
		want        hooks.ToolInput
		err         string
	}{
		{"Shell", `{}`, &hooks.ShellInput{}, `"command" is missing`},
		{"Shell", `{"command":["rm"]}`, &hooks.ShellInput{}, `"command" is an array`},
		{"Shell", `{"command":"rm -rf keepdir","description":"x","Command":"echo safe"}`, &hooks.ShellInput{Command: "rm -rf keepdir"}, `case variant "Command"`},
		{"Shell", `{"command":"rm -rf keepdir","command":"echo safe"}`, &hooks.ShellInput{Command: "echo safe"}, `appears 2 times`},
		{"Write", `{"file_path":"/a","path":"/b"}`, &hooks.WriteInput{Path: "/a"}, `differ`},
		{"Write", `{"path":"/b","PATH":"/c"}`, &hooks.WriteInput{Path: "/b"}, `case variant "PATH"`},
		{"Write", `{"file_path":"/b","Path":"/c"}`, &hooks.WriteInput{Path: "/b"}, `case variant "Path"`},
		{"Read", `{"file_path":null}`, &hooks.ReadInput{}, `"file_path" is null`},
	} {
		got, err := typedInput(tc.tool, json.RawMessage(tc.input))
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s %s: (-want +got)\n%s", tc.tool, tc.input, diff)
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s %s: error %v, want %q", tc.tool, tc.input, err, tc.err)
		}
	}
}

func TestObject(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:        `{"a":1}`,
		`"{\"a\":1}"`:    `{"a":1}`, // Cursor's MCP tool_input
		`" {\"a\":1} "`:  `{"a":1}`,
		`null`:           ``,
		``:               ``,
		`""`:             ``,
		"  {\"b\":2}\n ": `{"b":2}`,
	} {
		got, err := object("f", json.RawMessage(in))
		if err != nil || string(got) != want {
			t.Errorf("object(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{`[1]`, `3`, `true`, `"not json"`, `"[1,2]"`, `"{\"a\":"`} {
		if got, err := object("f", json.RawMessage(in)); err == nil {
			t.Errorf("object(%s) = %s, want an error", in, got)
		}
	}
}

// TestUpdatedInputRoundTrip checks that sending a tool's own parsed input
// back gives Cursor its original tool_input, for every kind.
func TestUpdatedInputRoundTrip(t *testing.T) {
	for _, tc := range []struct{ tool, input string }{
		{"Shell", `{"command":"ls -la","cwd":"","timeout":30000}`},
		{"Shell", `{"command":"ls","cwd":"/home/dev/project","timeout":1000,"is_background":false}`},
		{"Read", `{"file_path":"/home/dev/project/a"}`},
		{"Read", `{"path":"/home/dev/project/a","limit":10}`},
		{"Write", `{"file_path":"/home/dev/project/a","content":"x\n"}`},
		{"Write", `{"path":"/home/dev/project/a","contents":""}`},
		{"StrReplace", `{"path":"/home/dev/project/a","old_string":"o","new_string":""}`},
		{"StrReplace", `{"file_path":"/home/dev/project/a","old_string":"o","new_string":"n","replace_all":true}`},
		{"MCP:browser_navigate", `{"url":"about:blank","nested":{"k":[1,2]}}`},
		{"Grep", `{"pattern":"x","file_path":"/home/dev/project"}`},
	} {
		in := json.RawMessage(tc.input)
		typed, err := typedInput(tc.tool, in)
		if err != nil {
			t.Fatal(err)
		}
		tool := &hooks.Tool{Name: tc.tool, Input: typed, RawInput: in}
		got, err := nativeInput(tool, typed)
		if err != nil {
			t.Errorf("%s %s: %v", tc.tool, tc.input, err)
			continue
		}
		var want, have any
		json.Unmarshal(in, &want)
		json.Unmarshal(got, &have)
		if diff := cmp.Diff(want, have); diff != "" {
			t.Errorf("%s: round trip changed the input (-want +got)\n%s", tc.tool, diff)
		}
	}
}

func TestUpdatedInputChanges(t *testing.T) {
	tool := func(name, input string) *hooks.Tool {
		return &hooks.Tool{Name: name, RawInput: json.RawMessage(input)}
	}
	for _, tc := range []struct {
		name string
		tool *hooks.Tool
		in   hooks.ToolInput
		want string
	}{
		{"shell keeps unmodelled fields and unset ones", tool("Shell", `{"command":"a","cwd":"","timeout":30000,"x":1}`),
			&hooks.ShellInput{Command: "b", Description: "not a Cursor field"}, `{"command":"b","cwd":"","timeout":30000,"x":1}`},
		{"shell timeout in ms", tool("Shell", `{"command":"a"}`),
			&hooks.ShellInput{Command: "a", Cwd: "/home/dev/project", Timeout: 90 * time.Second}, `{"command":"a","cwd":"/home/dev/project","timeout":90000}`},
		{"shell without original", tool("Shell", ``), &hooks.ShellInput{Command: "a"}, `{"command":"a"}`},
		{"write empties the file", tool("Write", `{"file_path":"/a","content":"x"}`),
			&hooks.WriteInput{Path: "/a"}, `{"file_path":"/a","content":""}`},
		{"write keeps peer keys", tool("Write", `{"path":"/a","contents":"x"}`),
			&hooks.WriteInput{Path: "/b", Content: "y"}, `{"path":"/b","contents":"y"}`},
		{"edit keeps file_path key", tool("StrReplace", `{"file_path":"/a","old_string":"o","new_string":"n"}`),
			&hooks.EditInput{Path: "/b", Edits: []hooks.TextEdit{{Old: "o", New: "m"}}}, `{"file_path":"/b","old_string":"o","new_string":"m"}`},
		{"mcp merges arguments", tool("MCP:nav", `{"url":"a","keep":true}`),
			&hooks.MCPInput{Tool: "nav", Arguments: json.RawMessage(`{"url":"b"}`)}, `{"url":"b","keep":true}`},
		{"mcp without tool name", tool("MCP:nav", `{"url":"a"}`),
			&hooks.MCPInput{Arguments: json.RawMessage(`{"url":"b"}`)}, `{"url":"b"}`},
		{"raw replaces", tool("Read", `{"file_path":"/a"}`), hooks.RawInput(`{"file_path":"/b","offset":3}`), `{"file_path":"/b","offset":3}`},
		{"raw for any tool", tool("Grep", `{"pattern":"a"}`), hooks.RawInput(`{"pattern":"b"}`), `{"pattern":"b"}`},
	} {
		got, err := nativeInput(tc.tool, tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var want, have any
		json.Unmarshal([]byte(tc.want), &want)
		json.Unmarshal(got, &have)
		if diff := cmp.Diff(want, have); diff != "" {
			t.Errorf("%s (-want +got)\n%s", tc.name, diff)
		}
	}
}

func TestUpdatedInputErrors(t *testing.T) {
	tool := func(name, input string) *hooks.Tool {
		return &hooks.Tool{Name: name, RawInput: json.RawMessage(input)}
	}
	for _, tc := range []struct {
		name string
		tool *hooks.Tool
		in   hooks.ToolInput
	}{
		{"read input for shell", tool("Shell", `{"command":"a"}`), &hooks.ReadInput{Path: "/a"}},
		{"shell input for write", tool("Write", `{}`), &hooks.ShellInput{Command: "a"}},
		{"patch anywhere", tool("Write", `{}`), &hooks.PatchInput{Patch: "x"}},
		{"typed input for a raw tool", tool("Grep", `{}`), &hooks.ShellInput{Command: "a"}},
		{"two edits", tool("StrReplace", `{}`), &hooks.EditInput{Path: "/a", Edits: []hooks.TextEdit{{Old: "a"}, {Old: "b"}}}},
		{"no edit", tool("StrReplace", `{}`), &hooks.EditInput{Path: "/a"}},
		{"replace_all Cursor lacks", tool("StrReplace", `{"path":"/a"}`), &hooks.EditInput{Edits: []hooks.TextEdit{{Old: "a", ReplaceAll: true}}}},
		{"other mcp tool", tool("MCP:a", `{}`), &hooks.MCPInput{Tool: "b"}},
		{"mcp arguments not an object", tool("MCP:a", `{}`), &hooks.MCPInput{Tool: "a", Arguments: json.RawMessage(`[1]`)}},
		{"raw array", tool("Grep", `{}`), hooks.RawInput(`[1]`)},
		{"raw empty", tool("Grep", `{}`), hooks.RawInput(nil)},
		{"raw invalid", tool("Grep", `{}`), hooks.RawInput(`{"a":`)},
	} {
		if got, err := nativeInput(tc.tool, tc.in); err == nil {
			t.Errorf("%s: got %s, want an error", tc.name, got)
		} else if !errors.Is(err, ErrWrongInput) {
			t.Errorf("%s: error %v does not wrap ErrWrongInput", tc.name, err)
		}
	}
	// A broken original input is an error too, not a panic.
	if _, err := nativeInput(tool("Shell", `[1]`), &hooks.ShellInput{Command: "a"}); err == nil {
		t.Error("array original input: no error")
	}
}

func TestToolOutput(t *testing.T) {
	for _, tc := range []struct {
		name, in, text, raw string
	}{
		{"shell", `"{\"output\":\"hi\\n\",\"exitCode\":0}"`, "hi\n", `{"output":"hi\n","exitCode":0}`},
		{"shell empty output", `"{\"output\":\"\",\"exitCode\":1}"`, "", `{"output":"","exitCode":1}`},
		{"mcp text parts", `"{\"content\":[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"image\",\"data\":\"x\"},{\"type\":\"text\",\"text\":\"b\"}]}"`, "a\nb",
			`{"content":[{"type":"text","text":"a"},{"type":"image","data":"x"},{"type":"text","text":"b"}]}`},
		{"read", `"{\"file_path\":\"/a\",\"content_length\":3}"`, "", `{"file_path":"/a","content_length":3}`},
		{"plain text", `"not json"`, "not json", `"not json"`},
		{"object, not a string", `{"output":"x"}`, "x", `{"output":"x"}`},
		{"odd shape", `"{\"output\":5}"`, "", `{"output":5}`},
		{"array", `"[1,2]"`, "", `[1,2]`},
		{"number", `5`, "", `5`},
		{"absent", ``, "", ``},
		{"null", `null`, "", ``},
	} {
		got := toolOutput(json.RawMessage(tc.in))
		if got.Text != tc.text || string(got.Raw) != tc.raw {
			t.Errorf("%s: got text %q raw %s; want %q %s", tc.name, got.Text, got.Raw, tc.text, tc.raw)
		}
	}
}
