package install

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// claudeForeignTypes is a Claude Code settings file holding hooks of the
// types install never writes: prompt and agent (a model judges the event)
// and mcp_tool (a tool of a connected MCP server is called), beside the
// user's own command hook, on events install registers. Their keys are
// those of Claude Code 2.1.332's hook schema (its binary).
const claudeForeignTypes = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {"type": "prompt", "prompt": "Is this command safe? $ARGUMENTS", "timeout": 30},
          {"type": "mcp_tool", "server": "policy", "tool": "check", "input": {"cmd": "${tool_input.command}"}, "timeout": 10}
        ]
      }
    ],
    "Stop": [
      {"hooks": [{"type": "agent", "prompt": "Check that the tests pass", "model": "claude-haiku-4-5"}]}
    ],
    "PostToolUse": [
      {"matcher": "*", "hooks": [{"type": "command", "command": "echo done"}]}
    ]
  }
}
`

// TestForeignHookTypes: prompt, agent and mcp_tool entries are not ours:
// install adds its own beside them, doctor neither counts nor flags them,
// and uninstall gives the file back byte for byte (issue 41).
func TestForeignHookTypes(t *testing.T) {
	for _, gateway := range []bool{false, true} {
		dir := t.TempDir()
		write(t, dir, map[string][]byte{".claude/settings.json": []byte(claudeForeignTypes)})
		p := filepath.Join(dir, ".claude", "settings.json")
		o := Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{"claude"}, Dir: dir, Home: dir, Scope: Project,
			Events: []hooks.EventName{hooks.PreToolUse, hooks.PostToolUse, hooks.Stop}}
		if gateway {
			o.Gateway = "http://127.0.0.1:8765/hook"
		}
		if _, err := Install(o); err != nil {
			t.Fatalf("gateway %v: %v", gateway, err)
		}
		installed, _ := os.ReadFile(p)
		for _, keep := range []string{`{"type": "prompt", "prompt": "Is this command safe? $ARGUMENTS", "timeout": 30}`,
			`{"type": "mcp_tool", "server": "policy", "tool": "check", "input": {"cmd": "${tool_input.command}"}, "timeout": 10}`,
			`{"hooks": [{"type": "agent", "prompt": "Check that the tests pass", "model": "claude-haiku-4-5"}]}`,
			`{"type": "command", "command": "echo done"}`} {
			if !bytes.Contains(installed, []byte(keep)) {
				t.Errorf("gateway %v: install changed %s:\n%s", gateway, keep, installed)
			}
		}
		r, err := Doctor(t.Context(), o)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		r.Write(&buf)
		out := buf.String()
		for _, f := range r.Findings {
			if strings.Contains(f.Msg, "prompt") || strings.Contains(f.Msg, "mcp_tool") || strings.Contains(f.Msg, "agent") ||
				strings.Contains(f.Msg, "customised") || strings.Contains(f.Msg, "echo done") {
				t.Errorf("gateway %v: doctor took a foreign entry for one of ours: %s %s: %s", gateway, f.Level, f.Event, f.Msg)
			}
		}
		if !strings.Contains(out, "4 entries: PreToolUse, Stop, PostToolUse, PreSkillShellCommand") {
			t.Errorf("gateway %v: doctor does not count exactly install's 4 entries (PreToolUse brings PreSkillShellCommand):\n%s", gateway, out)
		}
		if _, err := Uninstall(o); err != nil {
			t.Fatal(err)
		}
		if back, _ := os.ReadFile(p); string(back) != claudeForeignTypes {
			t.Errorf("gateway %v: after uninstall:\n%s\nwant\n%s", gateway, back, claudeForeignTypes)
		}
	}
}
