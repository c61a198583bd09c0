package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/e2e/scenario"
)

// atLeast reports whether the installed client of h is version min or
// newer (dotted numbers, compared field by field).
func atLeast(h *harness.Host, min string) bool {
	have := strings.Split(clients.Versions[h.Package], ".")
	for i, w := range strings.Split(min, ".") {
		if i >= len(have) {
			return false
		}
		a, _ := strconv.Atoi(have[i])
		b, _ := strconv.Atoi(w)
		if a != b {
			return a > b
		}
	}
	return true
}

// skillCommand is a project slash command whose `!` line deletes the
// directory victim/ while Claude Code expands it, before the model sees
// anything.
const skillCommand = "---\ndescription: e2e skill shell line\nallowed-tools: Bash(rm:*)\n---\nCleaned up: !`rm -rf victim`\n\nSay done.\n"

// testSkillShell runs a slash command with a `!` shell line `rm -rf
// victim` (no PreToolUse fires for it on any version), with
// examples/guard registered by install.Install: from Claude Code 2.1.332
// the installer's PreSkillShellCommand registration lets the guard's
// shell policy, unchanged, keep the line from running, and the model is
// told why. A control run without the guard deletes the directory.
func testSkillShell(t *testing.T, h *harness.Host) {
	const row = "skill-shell-deny"
	table.expectRows(t, h.ID, row)
	switch h.Name {
	case "claude":
	case "copilot", "qwen", "droid":
		// Evidence: the event names each client knows (its adapter's
		// capability matrix, from the measured protocol).
		table.na(t, h.ID, row, map[string]string{
			"copilot": "Copilot CLI 1.0.102 has no hook event for a shell line run outside a tool call (its events are session, prompt, tool, permission, stop, subagent, compaction, error and notification ones); its skills are a model tool whose shell runs through bash and preToolUse",
			"qwen":    "Qwen Code 0.24.4 has no hook event for a shell line run outside a tool call (none of its 22 hook event names is one)",
			"droid":   "Factory Droid 0.225.2 has no hook event for a shell line run outside a tool call (its events: session, prompt, tool, stop, subagent-stop, compaction and notification ones)",
		}[h.Name])
	case "kimi":
		table.na(t, h.ID, row, "Kimi Code 2.1.0 has no hook event for a shell line run outside a tool call (none of the 20 hook events its bundle names is one)")
	case "cline", "opencode":
		table.na(t, h.ID, row, skillShellUnhooked(t, h))
	default:
		table.na(t, h.ID, row, "the client has no shell lines in commands run before the model")
	}
	if !atLeast(h, "2.1.332") {
		table.na(t, h.ID, row, "Claude Code before 2.1.332 has no PreSkillShellCommand: a `!` line of a command runs with no hook at all")
	}
	table.check(t, h.ID, row)
	prepare := func(r *harness.Run) error {
		if err := os.MkdirAll(filepath.Join(r.Project, "victim"), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(r.Project, "victim", "keep.txt"), []byte("kept\n"), 0o644); err != nil {
			return err
		}
		return writeFile(filepath.Join(r.Project, ".claude", "commands", "danger.md"), skillCommand)
	}
	spec := harness.Spec{Host: h, Prompt: "/danger", Quiet: true, Prepare: prepare,
		Script: func(*harness.Run) fakemodel.Script { return fakemodel.Script{fakemodel.Say(firstAnswer)} }}
	control := runWith(t, spec, nil)
	if _, ok := control.file("victim/keep.txt"); ok {
		t.Fatalf("control: the `!` line did not delete victim/ without a hook: nothing to prove\n%s", control.res.Summary())
	}
	spec.Hook = []string{buildExample(t, "guard")}
	spec.Register = installerRegister(t, h, false)
	o := runRaw(t, spec, nil)
	if got, ok := o.file("victim/keep.txt"); !ok || got != "kept\n" {
		t.Errorf("THE GUARD DID NOT BLOCK the skill's `rm -rf victim`: victim/keep.txt present %v", ok)
	}
	main := o.res.Main()
	if len(main) == 0 {
		t.Fatalf("the model was never called:\n%s", o.res.Summary())
	}
	conv := fakemodel.Conversation(h.Protocol, main[0])
	if !strings.Contains(conv, guardReason) {
		t.Errorf("the model was not told the guard's reason; its first request holds:\n%s", clip(conv, 3000))
	}
	if testing.Verbose() {
		i := strings.Index(conv, guardReason)
		t.Logf("the model sees: %q", conv[max(0, i-120):min(len(conv), i+len(guardReason)+40)])
	}
}

// testPermissionRequestPlain runs a Bash command not allowed, in plain -p
// mode (no --allowedTools, no SDK host): from Claude Code 2.1.268 the
// PermissionRequest hook decides it there. A deny keeps it from running
// and tells the model our reason; an allow runs it.
func testPermissionRequestPlain(t *testing.T, h *harness.Host) {
	const row = "permreq-plain"
	table.expectRows(t, h.ID, row)
	switch h.Name {
	case "claude":
	case "copilot":
		table.na(t, h.ID, row, "a Claude Code distinction (SDK mode or plain -p); Copilot CLI has the one -p mode, where permreq-deny and permreq-allow run")
	case "qwen", "droid":
		table.na(t, h.ID, row, "no PermissionRequest hook runs headless in this client (see permreq-deny)")
	default:
		table.na(t, h.ID, row, "Claude Code only: its plain -p mode refuses a tool not allowed")
	}
	if !atLeast(h, "2.1.268") {
		table.na(t, h.ID, row, "before 2.1.268 PermissionRequest fires only in SDK mode: plain -p refuses the tool with no hook")
	}
	table.check(t, h.ID, row)
	script := func(*harness.Run) fakemodel.Script {
		return fakemodel.Script{shell(h.Name, "echo ran > "+permFile), fakemodel.Say(firstAnswer)}
	}
	for _, resp := range []scenario.Response{{Decision: "deny", Reason: permDenyReason}, {Decision: "allow"}} {
		sc := &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PermissionRequest, Kind: hooks.KindShell, Contains: permFile, Response: resp}}}
		o := runWith(t, harness.Spec{Host: h, Prompt: "run the e2e permission scenario", Strict: true, Quiet: true, Script: script}, sc)
		checkEvents(t, o)
		if es := o.entries("PermissionRequest"); len(es) != 1 || es[0].Rule != 0 {
			t.Fatalf("%s: PermissionRequest was not answered once by our rule: %+v", resp.Decision, es)
		}
		got, ran := o.file(permFile)
		if resp.Decision == "deny" {
			if ran {
				t.Errorf("DENIED COMMAND RAN in plain -p: %s = %q", permFile, got)
			}
			if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, permDenyReason) {
				t.Errorf("the model was not told our reason; it saw %q", tr.Text)
			}
			continue
		}
		if got != "ran\n" {
			t.Errorf("the command we allowed did not run in plain -p: %s = %q; model saw %q", permFile, got, o.toolResult(t, 0).Text)
		}
	}
}

func writeFile(path, content string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(content), 0o644)
}
