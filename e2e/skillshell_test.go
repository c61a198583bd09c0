package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/e2e/scenario"
)

// skillShellUnhooked runs skillCommand's `!` line `rm -rf victim` on a
// client with no hook event for it, the suite's hook registered and set
// to deny any tool call that names victim: OpenCode and Kilo Code CLI as
// a project command (run --command danger), Cline as a workflow (prompt
// "/danger now": cline refuses a prompt with no space as an unknown
// command). It returns what was measured, for the row's note, and
// fails when the client does something the note would not say.
func skillShellUnhooked(t *testing.T, h *harness.Host) string {
	t.Helper()
	file := filepath.Join(map[string]string{"opencode": ".opencode", "kilo": ".kilo"}[h.ID], "command", "danger.md")
	spec := harness.Spec{Host: h, Prompt: "now", ClientArgs: []string{"--command", "danger"}, Quiet: true,
		Script: func(*harness.Run) fakemodel.Script { return fakemodel.Script{fakemodel.Say(firstAnswer)} }}
	if h.Name == "cline" {
		file, spec.Prompt, spec.ClientArgs = filepath.Join(".clinerules", "workflows", "danger.md"), "/danger now", nil
	}
	spec.Prepare = func(r *harness.Run) error {
		if err := os.MkdirAll(filepath.Join(r.Project, "victim"), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(r.Project, "victim", "keep.txt"), []byte("kept\n"), 0o644); err != nil {
			return err
		}
		return writeFile(filepath.Join(r.Project, file), skillCommand)
	}
	sc := &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PreToolUse, Contains: "victim",
		Response: scenario.Response{Decision: "deny", Reason: "E2E_SKILL_DENY no victim"}}}}
	o := runWith(t, spec, sc)
	for _, e := range o.log {
		if strings.Contains(e.Payload, "rm -rf victim") {
			t.Fatalf("a hook call (%s) carried the command's line: %s", e.Native, clip(e.Payload, 600))
		}
	}
	first := fakemodel.Conversation(h.Protocol, o.res.Main()[0])
	_, kept := o.file("victim/keep.txt")
	if h.Name == "cline" {
		if !kept {
			t.Fatalf("Cline ran the workflow's `!` line with no hook: victim/ is gone")
		}
		if !strings.Contains(first, "!`rm -rf victim`") {
			t.Fatalf("the workflow's text did not reach the model as written; its first request:\n%s", clip(first, 3000))
		}
		return "measured: " + clientName(h) + " runs no shell line of a workflow: /danger (.clinerules/workflows/danger.md) " +
			"hands the model the text with !`rm -rf victim` as written, and victim/ stays; a command the model then " +
			"runs is a run_commands call, through PreToolUse"
	}
	if kept {
		t.Fatalf("the command's `!` line did not run (victim/ is still there): the note would be wrong\n%s", o.res.Summary())
	}
	if !strings.Contains(first, "Cleaned up:") || strings.Contains(first, "!`rm -rf victim`") {
		t.Fatalf("the model was not given the expanded command; its first request:\n%s", clip(first, 3000))
	}
	return "measured: " + clientName(h) + " runs a command's !`…` line (run --command danger, from " + filepath.Dir(file) +
		"/) before any plugin hook: `rm -rf victim` deleted victim/ though our hook denies any call naming victim, and no " +
		"hook call carried it (bundle: command.execute.before fires after the lines ran, and the plugin does not register it); " +
		"as with Claude Code before 2.1.332, a command's `!` line runs with no hook at all"
}
