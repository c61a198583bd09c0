package opencode

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

func before(tool, args string) []byte {
	return []byte(`{"opencode_hook":"tool.execute.before","wire":1,"directory":"/home/dev/project","worktree":"/home/dev/project","tool":"` +
		tool + `","session_id":"ses_1","call_id":"call_1","args":` + args + `}`)
}

// Each tool's arguments read into its typed input; what cannot be read is
// Tool.InputErr.
func TestParseTools(t *testing.T) {
	for _, tc := range []struct {
		tool, args string
		want       string // the typed input as JSON
		err        string // a part of InputErr ("" for none)
	}{
		{"bash", `{"command":"ls","workdir":"sub","timeout":1500,"description":"d"}`, `{"command":"ls","cwd":"sub","timeout":1500000000,"description":"d"}`, ""},
		{"bash", `{"description":"d"}`, `{"command":""`, `"command" is missing`},
		{"write", `{"filePath":"/home/dev/project/.env","content":"A=1"}`, `{"path":"/home/dev/project/.env","content":"A=1"}`, ""},
		{"edit", `{"filePath":"a.go","oldString":"x","newString":"y","replaceAll":true}`, `{"path":"a.go","edits":[{"old":"x","new":"y","replace_all":true}]}`, ""},
		{"read", `{"filePath":"a.go","offset":2}`, `{"path":"a.go"}`, ""},
		{"read", `{"filePath":7}`, `{"path":""}`, `"filePath"`},
		{"apply_patch", `{"patchText":"*** Begin Patch\n*** Add File: b.txt\n+hi\n*** End Patch"}`, `"files":[{"op":"add","path":"b.txt"`, ""},
		{"apply_patch", `{"patchText":"not a patch"}`, `{"patch":"not a patch"`, "apply_patch"},
		{"glob", `{"pattern":"*.go"}`, `{"pattern":"*.go"}`, ""},
		{"bash", `"ls"`, `{"command":""`, "not a JSON object"},
	} {
		ev, err := New().Parse(before(tc.tool, tc.args))
		if err != nil {
			t.Fatalf("%s %s: %v", tc.tool, tc.args, err)
		}
		tool := hooks.ToolOf(ev)
		got, _ := json.Marshal(tool.Input)
		if !strings.Contains(string(got), tc.want) {
			t.Errorf("%s %s: input %s, want %s", tc.tool, tc.args, got, tc.want)
		}
		if tc.err == "" && tool.InputErr != nil || tc.err != "" && (tool.InputErr == nil || !strings.Contains(tool.InputErr.Error(), tc.err)) {
			t.Errorf("%s %s: InputErr %v, want %q", tc.tool, tc.args, tool.InputErr, tc.err)
		}
	}
}

// A rewrite is the complete arguments: the call's own, with the typed
// input's fields replaced; a deny always carries a reason; no opinion is
// no output.
func TestSerialize(t *testing.T) {
	a := New()
	ev, err := a.Parse(before("bash", `{"command":"rm -rf /","description":"clean","timeout":5000}`))
	if err != nil {
		t.Fatal(err)
	}
	sh := *hooks.ToolOf(ev).Input.(*hooks.ShellInput)
	sh.Command = "echo safe"
	for _, tc := range []struct {
		r    hooks.Response
		want string
	}{
		{hooks.Deny("no"), `{"decision":"block","reason":"no"}`},
		{hooks.Deny(""), `{"decision":"block","reason":"Blocked by hook"}`},
		{hooks.Rewrite(&sh), `{"args":{"command":"echo safe","description":"clean","timeout":5000}}`},
		{hooks.Rewrite(hooks.RawInput(`{"command":"true"}`)), `{"args":{"command":"true"}}`},
		{hooks.Response{}, ``},
	} {
		out, _, _, err := hooks.Serialize(a, ev, tc.r, hooks.FitOptions{})
		if err != nil {
			t.Fatalf("%+v: %v", tc.r, err)
		}
		if got := strings.TrimSpace(string(out.Stdout)); got != tc.want || out.ExitCode != 0 {
			t.Errorf("%+v: %q exit %d, want %q", tc.r, got, out.ExitCode, tc.want)
		}
	}
	if _, _, _, err := hooks.Serialize(a, ev, hooks.Rewrite(&hooks.WriteInput{Path: "x"}), hooks.FitOptions{}); err == nil {
		t.Error("a write input for bash was rendered")
	}
	// A payload the hook could not read: the universal block.
	other := &hooks.OtherEvent{Base: hooks.Base{Host: Host}}
	out, err := a.Serialize(other, hooks.Deny("stop"))
	if err != nil || out.ExitCode != 2 || out.Stderr != "stop" {
		t.Errorf("deny outside the matrix: %+v %v", out, err)
	}
}

// Plugin bakes the configuration in, and PluginConfigOf reads it back;
// arguments that look like the end of the configuration or of a line
// stay inside their JavaScript strings.
func TestPluginConfig(t *testing.T) {
	argv := []string{"/home/dev/bin/guard */ /*END*/ alert(1) //", "--host", "opencode", "</script>\u2028\n"}
	data, err := Plugin(PluginConfig{Argv: argv, Callbacks: []string{CallbackBefore}})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := PluginConfigOf(data)
	if !ok || strings.Join(c.Argv, "|") != strings.Join(argv, "|") || c.Timeout != DefaultTimeout || len(c.Callbacks) != 1 {
		t.Errorf("read back %+v %v", c, ok)
	}
	if strings.Contains(string(data), "\u2028") || strings.Contains(string(data), "</script>") {
		t.Errorf("the argv is not escaped:\n%s", data)
	}
	for _, bad := range []PluginConfig{{}, {Argv: []string{""}}, {Argv: []string{"/x"}, Timeout: -1}, {Argv: []string{"/x"}, Callbacks: []string{"chat.message"}}} {
		if _, err := Plugin(bad); err == nil {
			t.Errorf("Plugin(%+v) did not fail", bad)
		}
	}
	if _, ok := PluginConfigOf([]byte("export const X = 1")); ok {
		t.Error("a foreign file read as ours")
	}
}
