package opencode

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestBackgroundProcess: Kilo Code CLI's background_process runs its
// command (action "start") as a shell command, so a call carrying one is
// a ShellInput; one without (list, stop, …) runs nothing new.
func TestBackgroundProcess(t *testing.T) {
	for _, c := range []struct {
		args      string
		cmd, dir  string
		raw, fail bool
	}{
		{args: `{"action":"start","command":"printf x > .env","workdir":"sub","description":"d"}`, cmd: "printf x > .env", dir: "sub"},
		{args: `{"action":"start","command":"npm run dev"}`, cmd: "npm run dev"},
		{args: `{"action":"restart","id":"bp_1","command":"rm -rf x"}`, cmd: "rm -rf x"},
		{args: `{"action":"list"}`, raw: true},
		{args: `{"action":"stop","id":"bp_1"}`, raw: true},
		{args: `{"action":"start"}`},
		{args: `{"action":"start","command":5}`, fail: true},
	} {
		payload, _ := json.Marshal(map[string]any{"opencode_hook": CallbackBefore, "wire": 1, "directory": "/home/dev/project",
			"tool": ToolBackgroundProcess, "session_id": "ses_1", "call_id": "call_1", "args": json.RawMessage(c.args)})
		ev, err := New().Parse(payload)
		if err != nil {
			t.Fatal(err)
		}
		tool := hooks.ToolOf(ev)
		if (tool.InputErr != nil) != c.fail {
			t.Errorf("%s: InputErr %v", c.args, tool.InputErr)
		}
		if c.raw {
			if _, ok := tool.Input.(hooks.RawInput); !ok {
				t.Errorf("%s: %T, want RawInput", c.args, tool.Input)
			}
			continue
		}
		sh, ok := tool.Input.(*hooks.ShellInput)
		if !ok || sh.Command != c.cmd || sh.Cwd != c.dir {
			t.Errorf("%s: %T %+v", c.args, tool.Input, tool.Input)
		}
	}
}

// TestKiloNewTools: Kilo Code CLI 7.7.9's goal, cron and link_pr tools,
// with arguments of the shapes its binary's schemas declare, are
// RawInput (kind other) with their arguments kept whole, never an input
// error: a policy sees each by name.
func TestKiloNewTools(t *testing.T) {
	for _, c := range []struct{ tool, args string }{
		{ToolGoal, `{"action":"start","objective":"make the tests pass"}`},
		{ToolGoal, `{"action":"resume"}`},
		{ToolCronCreate, `{"prompt":"run rm -rf build and report","cron":"*/5 * * * *"}`},
		{ToolCronCreate, `{"prompt":"check the deploy","delay":"30m"}`},
		{ToolCronList, `{}`},
		{ToolCronDelete, `{"id":"cron_1"}`},
		{ToolLinkPR, `{"url":"https://github.com/agenthooks/hooks/pull/41"}`},
	} {
		payload, _ := json.Marshal(map[string]any{"opencode_hook": CallbackBefore, "wire": 1, "directory": "/home/dev/project",
			"tool": c.tool, "session_id": "ses_1", "call_id": "call_1", "args": json.RawMessage(c.args)})
		ev, err := New().Parse(payload)
		if err != nil {
			t.Fatal(err)
		}
		tool := hooks.ToolOf(ev)
		raw, ok := tool.Input.(hooks.RawInput)
		if !ok || tool.InputErr != nil || tool.Kind() != hooks.KindOther || string(raw) != c.args || tool.Name != c.tool {
			t.Errorf("%s %s: %T %q kind %s err %v", c.tool, c.args, tool.Input, raw, tool.Kind(), tool.InputErr)
		}
	}
}
