package e2e

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/e2e/scenario"
)

// subDenyReason is the reason of the PreToolUse deny a subagent's shell
// call gets in subagentGate.
const subDenyReason = "E2E_SUBAGENT_DENY not from a subagent"

// subagentGate runs a subagent (Cline: spawn_agent; OpenCode and Kilo
// Code CLI: task) whose shell call `echo ran > sub_target.txt` a
// PreToolUse deny answers, on a client with no subagent hook event: the
// deny must keep the command from running, and the subagent must be told
// our reason. It returns what was measured, for the rows' note; a
// subagent whose tool calls bypass the hook fails the run.
func subagentGate(t *testing.T, h *harness.Host) string {
	t.Helper()
	agent, tool := fakemodel.Call("task", map[string]any{"description": "e2e subagent", "prompt": subPrompt, "subagent_type": "general"}), "task"
	if h.Name == "cline" {
		agent, tool = fakemodel.Call("spawn_agent", map[string]any{"systemPrompt": "You are the e2e subagent.", "task": subPrompt}), "spawn_agent"
	}
	sc := &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PreToolUse, Kind: hooks.KindShell, Contains: "sub_target.txt",
		Response: scenario.Response{Decision: "deny", Reason: subDenyReason}}}}
	script := func(*harness.Run) fakemodel.Script {
		return fakemodel.Script{agent, fakemodel.Say(firstAnswer),
			fakemodel.Subagent(subPrompt, shell(h.Name, "echo ran > sub_target.txt"), fakemodel.Say("subagent done"))}
	}
	o := runClient(t, h, sc, "run the e2e subagent scenario", script)
	var sub []string
	for _, req := range o.res.Main() {
		if req.Sub {
			sub = append(sub, fakemodel.Conversation(h.Protocol, req))
		}
	}
	if len(sub) == 0 {
		t.Fatalf("no subagent ran (%s): no model request of its script:\n%s", tool, o.res.Summary())
	}
	if got, ok := o.file("sub_target.txt"); ok {
		t.Fatalf("A SUBAGENT'S DENIED COMMAND RAN (%s): sub_target.txt = %q", tool, got)
	}
	answered := false
	for _, e := range o.entries(expectOf(h).pre) {
		answered = answered || e.Rule == 0
	}
	if !answered {
		t.Fatalf("our deny rule answered no %s of the subagent's call", expectOf(h).pre)
	}
	if len(sub) < 2 || !strings.Contains(sub[1], subDenyReason) {
		t.Fatalf("the subagent was not told our reason (its %d requests): %s", len(sub), clip(strings.Join(sub, "\n---\n"), 3000))
	}
	return "measured: a subagent's (" + tool + ") shell call passes " + expectOf(h).pre +
		", where our deny keeps it from running and the subagent is told our reason"
}
