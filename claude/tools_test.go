package claude

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
	"github.com/google/go-cmp/cmp"
)

func TestSplitMCPName(t *testing.T) {
	cases := []struct {
		name, server, tool string
		ok                 bool
	}{
		{"mcp__fake__echo", "fake", "echo", true},
		{"mcp__my_server__do_it", "my_server", "do_it", true},
		{"mcp__github__create__issue", "github", "create__issue", true},
		{"mcp__server", "", "", false},
		{"mcp__server__", "", "", false},
		{"mcp____tool", "", "", false},
		{"Bash", "", "", false},
		{"MCP__a__b", "", "", false},
	}
	for _, c := range cases {
		s, tl, ok := SplitMCPName(c.name)
		if s != c.server || tl != c.tool || ok != c.ok {
			t.Errorf("SplitMCPName(%q) = %q %q %v", c.name, s, tl, ok)
		}
		if ok && MCPName(s, tl) != c.name {
			t.Errorf("MCPName(%q, %q) = %q", s, tl, MCPName(s, tl))
		}
	}
}

func TestParseToolInput(t *testing.T) {
	cases := []struct {
		tool, input string
		want        hooks.ToolInput
	}{
		{"Bash", `{"command":"make","description":"build","timeout":90000,"run_in_background":true}`,
			&hooks.ShellInput{Command: "make", Description: "build", Timeout: 90 * time.Second}},
		{"Bash", `{"command":"ls","timeout":1.5}`, &hooks.ShellInput{Command: "ls", Timeout: 1500 * time.Microsecond}},
		{"Bash", `{"command":"ls","timeout":-5}`, &hooks.ShellInput{Command: "ls"}},
		{"Write", `{"file_path":"/p/a","content":""}`, &hooks.WriteInput{Path: "/p/a"}},
		{"Edit", `{"file_path":"/p/a","old_string":"x","new_string":"y","replace_all":true}`,
			&hooks.EditInput{Path: "/p/a", Edits: []hooks.TextEdit{{Old: "x", New: "y", ReplaceAll: true}}}},
		{"MultiEdit", `{"file_path":"/p/a","edits":[{"old_string":"a","new_string":"b"},{"old_string":"c","new_string":"d","replace_all":true}]}`,
			&hooks.EditInput{Path: "/p/a", Edits: []hooks.TextEdit{{Old: "a", New: "b"}, {Old: "c", New: "d", ReplaceAll: true}}}},
		{"Read", `{"file_path":"/p/a","offset":3}`, &hooks.ReadInput{Path: "/p/a"}},
		{"mcp__fake__echo", `{"text":"ping"}`, &hooks.MCPInput{Server: "fake", Tool: "echo", Arguments: json.RawMessage(`{"text":"ping"}`)}},
		{"Agent", `{"prompt":"x"}`, hooks.RawInput(`{"prompt":"x"}`)},
		{"mcp__onlyserver", `{"a":1}`, hooks.RawInput(`{"a":1}`)},
		{"Glob", ``, hooks.RawInput(nil)},
		// Read as Claude Code reads it (JSON.parse): exact keys, the last
		// duplicate wins, escapes in keys unescaped; side fields of the
		// wrong type are ignored.
		{"Bash", `{"command":"rm -rf keepdir","description":"x","Command":"echo safe"}`, &hooks.ShellInput{Command: "rm -rf keepdir", Description: "x"}},
		{"Bash", `{"command":"echo safe","command":"rm -rf keepdir"}`, &hooks.ShellInput{Command: "rm -rf keepdir"}},
		{"Bash", `{"comm\u0061nd":"rm -rf keepdir","COMMAND":"echo safe"}`, &hooks.ShellInput{Command: "rm -rf keepdir"}},
		{"Bash", `{"command":"rm -rf keepdir","DESCRIPTION":5,"description":5,"timeout":"x","run_in_background":"y"}`, &hooks.ShellInput{Command: "rm -rf keepdir"}},
		{"Write", `{"file_path":"/p/.env","CONTENT":5,"content":{"a":1}}`, &hooks.WriteInput{Path: "/p/.env"}},
		{"Write", `{"FILE_PATH":"/p/safe","file_path":"/p/.env"}`, &hooks.WriteInput{Path: "/p/.env"}},
		{"MultiEdit", `{"file_path":"/p/a","edits":5}`, &hooks.EditInput{Path: "/p/a", Edits: []hooks.TextEdit{}}},
	}
	for _, c := range cases {
		got, err := parseBoth(t, c.tool, json.RawMessage(c.input))
		if err != nil {
			t.Errorf("%s %s: %v", c.tool, c.input, err)
			continue
		}
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%s %s: (-want +got)\n%s", c.tool, c.input, d)
		}
	}
	for _, bad := range []struct{ tool, input string }{
		{"Bash", `"ls"`}, {"Bash", `{"command":5}`}, {"Bash", `{"timeout":"10"}`}, {"Agent", `[1]`}, {"Bash", `null`},
		{"Bash", `{"command":"ls","command":null}`}, {"Bash", `{"Command":"rm -rf keepdir"}`}, {"Write", `{"content":"x"}`},
		{"MultiEdit", `{"edits":{}}`}, {"Edit", `{"replace_all":"yes"}`}, {"mcp__a__b", `7`},
	} {
		if _, err := parseBoth(t, bad.tool, json.RawMessage(bad.input)); err == nil {
			t.Errorf("%s %s: no error", bad.tool, bad.input)
		}
	}
}

func TestNativeInput(t *testing.T) {
	tool := func(name, raw string) *hooks.Tool { return &hooks.Tool{Name: name, RawInput: json.RawMessage(raw)} }
	cases := []struct {
		name string
		tool *hooks.Tool
		in   hooks.ToolInput
		want string
	}{
		{"bash keeps unmodelled fields", tool("Bash", `{"command":"rm -rf /","description":"d","timeout":1000,"run_in_background":true}`),
			&hooks.ShellInput{Command: "echo no"}, `{"command":"echo no","description":"d","run_in_background":true,"timeout":1000}`},
		{"bash timeout in ms", tool("Bash", `{"command":"x"}`),
			&hooks.ShellInput{Command: "y", Timeout: 2500 * time.Millisecond, Description: "new"}, `{"command":"y","description":"new","timeout":2500}`},
		{"bash sub-ms timeout rounds up", tool("Bash", `{"command":"x"}`),
			&hooks.ShellInput{Command: "y", Timeout: time.Microsecond}, `{"command":"y","timeout":1}`},
		{"bash no original", tool("Bash", ``), &hooks.ShellInput{Command: "y"}, `{"command":"y"}`},
		{"write empty content is kept", tool("Write", `{"file_path":"/a","content":"secret"}`),
			&hooks.WriteInput{Path: "/a"}, `{"content":"","file_path":"/a"}`},
		{"read keeps offset", tool("Read", `{"file_path":"/a","offset":5,"limit":2}`),
			&hooks.ReadInput{Path: "/b"}, `{"file_path":"/b","limit":2,"offset":5}`},
		{"edit", tool("Edit", `{"file_path":"/a","old_string":"x","new_string":"y","replace_all":false}`),
			&hooks.EditInput{Path: "/a", Edits: []hooks.TextEdit{{Old: "x", New: "z", ReplaceAll: true}}},
			`{"file_path":"/a","new_string":"z","old_string":"x","replace_all":true}`},
		{"multiedit", tool("MultiEdit", `{"file_path":"/a","edits":[{"old_string":"x","new_string":"y"}]}`),
			&hooks.EditInput{Path: "/a", Edits: []hooks.TextEdit{{Old: "1", New: "2"}, {Old: "3", New: "4", ReplaceAll: true}}},
			`{"edits":[{"old_string":"1","new_string":"2"},{"old_string":"3","new_string":"4","replace_all":true}],"file_path":"/a"}`},
		{"mcp arguments replace the input", tool("mcp__fake__echo", `{"text":"ping","extra":1}`),
			&hooks.MCPInput{Server: "fake", Tool: "echo", Arguments: json.RawMessage(`{"text":"pong"}`)}, `{"text":"pong"}`},
		{"mcp without arguments keeps them", tool("mcp__fake__echo", `{"text":"ping"}`),
			&hooks.MCPInput{}, `{"text":"ping"}`},
		{"raw input is sent unchanged", tool("Agent", `{"prompt":"a"}`), hooks.RawInput(`{"prompt":"b"}`), `{"prompt":"b"}`},
		{"raw input for a typed tool", tool("Bash", `{"command":"a"}`), hooks.RawInput(`{"command":"b"}`), `{"command":"b"}`},
	}
	for _, c := range cases {
		got, err := nativeInput(c.tool, c.in)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}

	bad := []struct {
		name string
		tool *hooks.Tool
		in   hooks.ToolInput
		kind bool // wraps errKind
	}{
		{"write for bash", tool("Bash", `{}`), &hooks.WriteInput{Path: "/a"}, true},
		{"nil shell", tool("Bash", `{}`), (*hooks.ShellInput)(nil), true},
		{"shell for read", tool("Read", `{}`), &hooks.ShellInput{Command: "x"}, true},
		{"shell for mcp", tool("mcp__a__b", `{}`), &hooks.ShellInput{Command: "x"}, true},
		{"typed for untyped tool", tool("Agent", `{}`), &hooks.ShellInput{Command: "x"}, true},
		{"patch for edit", tool("Edit", `{}`), &hooks.PatchInput{}, true},
		{"empty command", tool("Bash", `{}`), &hooks.ShellInput{}, false},
		{"cwd on bash", tool("Bash", `{}`), &hooks.ShellInput{Command: "x", Cwd: "/home/dev/other"}, false},
		{"empty write path", tool("Write", `{}`), &hooks.WriteInput{Content: "x"}, false},
		{"two edits for Edit", tool("Edit", `{}`), &hooks.EditInput{Path: "/a", Edits: make([]hooks.TextEdit, 2)}, false},
		{"no edits for MultiEdit", tool("MultiEdit", `{}`), &hooks.EditInput{Path: "/a"}, false},
		{"other mcp tool", tool("mcp__a__b", `{}`), &hooks.MCPInput{Server: "a", Tool: "c"}, false},
		{"mcp arguments not object", tool("mcp__a__b", `{}`), &hooks.MCPInput{Arguments: json.RawMessage(`[1]`)}, false},
		{"raw not object", tool("Agent", `{}`), hooks.RawInput(`"x"`), false},
		{"raw invalid", tool("Agent", `{}`), hooks.RawInput(`{"x"`), false},
		{"original not object", tool("Bash", `[1]`), &hooks.ShellInput{Command: "x"}, false},
	}
	for _, c := range bad {
		_, err := nativeInput(c.tool, c.in)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if errors.Is(err, errKind) != c.kind {
			t.Errorf("%s: errKind = %v (%v)", c.name, !c.kind, err)
		}
	}
}

// TestRoundTrip parses native inputs and renders them back unchanged.
func TestRoundTrip(t *testing.T) {
	for tool, raw := range map[string]string{
		"Bash":            `{"command":"echo hi","description":"say hi","timeout":120000}`,
		"Write":           `{"content":"x\n","file_path":"/a"}`,
		"Edit":            `{"file_path":"/a","new_string":"y","old_string":"x","replace_all":false}`,
		"MultiEdit":       `{"edits":[{"old_string":"x","new_string":"y"}],"file_path":"/a"}`,
		"Read":            `{"file_path":"/a","limit":3}`,
		"mcp__fake__echo": `{"text":"ping"}`,
		"Agent":           `{"prompt":"p"}`,
	} {
		in, err := parseBoth(t, tool, json.RawMessage(raw))
		if err != nil {
			t.Fatal(err)
		}
		got, err := nativeInput(&hooks.Tool{Name: tool, RawInput: json.RawMessage(raw)}, in)
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		if string(got) != raw {
			t.Errorf("%s: %s, want %s", tool, got, raw)
		}
	}
}

func TestOutputText(t *testing.T) {
	cases := []struct{ tool, raw, want string }{
		{"Bash", `{"stdout":"hi","stderr":"","interrupted":false}`, "hi"},
		{"Bash", `{"stdout":"hi","stderr":"oops"}`, "hi\noops"},
		{"Bash", `{"stdout":"","stderr":"oops"}`, "\noops"},
		{"Bash", `"plain"`, "plain"},
		{"Read", `{"type":"text","file":{"filePath":"/a","content":"abc\n"}}`, "abc\n"},
		{"Read", `"x"`, ""},
		{"Write", `{"type":"create","content":"secret"}`, ""},
		{"Edit", `{"newString":"x"}`, ""},
		{"mcp__fake__echo", `[{"type":"text","text":"a"},{"type":"image","data":"x"},{"type":"text","text":"b"}]`, "a\nb"},
		{"mcp__fake__echo", `{"content":[{"type":"text","text":"a"}]}`, "a"},
		{"mcp__fake__echo", `"s"`, "s"},
		{"Agent", `{"status":"completed","content":[{"type":"text","text":"x"}]}`, ""},
		{"WebFetch", `"page"`, "page"},
		{"Other", ``, ""},
		{"Other", `42`, ""},
	}
	for _, c := range cases {
		if got := outputText(c.tool, json.RawMessage(c.raw)); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.tool, c.raw, got, c.want)
		}
	}
}

// parseBoth is parseToolInput on raw as encoding/json's fallback gives it
// (no fastjson.Value) and as the fast reader does (raw inside the
// payload's text); the two must agree.
func parseBoth(t *testing.T, tool string, raw json.RawMessage) (hooks.ToolInput, error) {
	t.Helper()
	got, err := parseToolInput(tool, raw, fastjson.Value{})
	if v, ok := fastjson.Parse(raw); ok {
		fast, fastErr := parseToolInput(tool, raw, v)
		if d := cmp.Diff(got, fast); d != "" || fmt.Sprint(err) != fmt.Sprint(fastErr) {
			t.Errorf("%s %s: read from the payload differs (-copied +in place)\n%s\nerrors %v, %v", tool, raw, d, err, fastErr)
		}
	}
	return got, err
}
