package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
)

// Outcomes of issue 22: the guard's reasons for a recursive delete and a
// git command that discards uncommitted work.
const (
	guardRule1 = "guard: rule 1 "
	guardRule2 = "guard: rule 2 "
)

// testGuardOutcomes runs examples/guard (built, registered by the
// installer) on the outcomes of issue 22 in a git repository whose
// tracked.txt has an uncommitted change: `rm -r dir` (no -f) and
// `git checkout -- .` must be denied (dir survives, the change survives,
// the model is told the guard's rule), and `rm -rf node_modules`, scratch,
// must run. A control run without the hook comes first: the client must
// do all three, so that the guard run proves the guard. Codex refuses
// rm -f style commands on its own (it runs `rm -r dir`, as its control
// run shows); there the scratch delete is spelled `command rm -rf …`.
func testGuardOutcomes(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "guard-outcomes")
	if h.ID == "copilot-pascal" {
		table.na(t, h.ID, "guard-outcomes", pascalByInstaller)
	}
	table.check(t, h.ID, "guard-outcomes")
	rm, checkout, clean := "rm -r dir", "git checkout -- .", "rm -rf node_modules"
	if h.Name == "codex" {
		clean = "command rm -rf node_modules"
	}
	spec := harness.Spec{Host: h, Prompt: "run the e2e guard outcomes scenario", Quiet: true,
		Prepare: prepareOutcomes,
		Script: func(*harness.Run) fakemodel.Script {
			return fakemodel.Script{shell(h.Name, rm), shell(h.Name, checkout), shell(h.Name, clean), fakemodel.Say(firstAnswer)}
		}}
	control := runRaw(t, spec, nil)
	if got, ok := control.file("dir/f.txt"); ok {
		t.Errorf("control: without the guard the client did not run %s (dir/f.txt = %q); the model saw %q", rm, got, control.toolResult(t, 0).Text)
	}
	if got, _ := control.file("tracked.txt"); got != "committed\n" {
		t.Errorf("control: without the guard the client did not run %s (tracked.txt = %q); the model saw %q", checkout, got, control.toolResult(t, 1).Text)
	}
	if _, ok := control.file("node_modules/pkg/index.js"); ok {
		t.Errorf("control: without the guard the client did not run %s; the model saw %q", clean, control.toolResult(t, 2).Text)
	}
	if t.Failed() {
		t.Fatal("the control run does not show what the guard run would prove")
	}

	spec.Hook = []string{buildExample(t, "guard")}
	spec.Register = installerRegister(t, h, false)
	o := runRaw(t, spec, nil)
	if got, ok := o.file("dir/f.txt"); !ok || got != "kept\n" {
		t.Errorf("THE GUARD DID NOT BLOCK %s: dir/f.txt = %q, present %v", rm, got, ok)
	}
	if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, guardRule1) {
		t.Errorf("the model was not told the guard's rule 1 for %s; it saw %q", rm, tr.Text)
	}
	if got, _ := o.file("tracked.txt"); got != "uncommitted\n" {
		t.Errorf("THE GUARD DID NOT BLOCK %s: tracked.txt = %q, want the uncommitted change", checkout, got)
	}
	if tr := o.toolResult(t, 1); !strings.Contains(tr.Text, guardRule2) {
		t.Errorf("the model was not told the guard's rule 2 for %s; it saw %q", checkout, tr.Text)
	}
	if _, ok := o.file("node_modules/pkg/index.js"); ok {
		t.Errorf("the guard blocked %s, which deletes scratch; the model saw %q", clean, o.toolResult(t, 2).Text)
	}
	t.Logf("tool results the model saw: %q | %q | %q", o.toolResult(t, 0).Text, o.toolResult(t, 1).Text, o.toolResult(t, 2).Text)
}

// prepareOutcomes makes the project a git repository with tracked.txt
// committed and then changed, plus dir/f.txt and node_modules/pkg.
func prepareOutcomes(r *harness.Run) error {
	for name, content := range map[string]string{"dir/f.txt": "kept\n", "node_modules/pkg/index.js": "x\n", "tracked.txt": "committed\n"} {
		p := filepath.Join(r.Project, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "tracked.txt"},
		{"-c", "user.name=e2e", "-c", "user.email=e2e@example.com", "commit", "-q", "-m", "base"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = r.Project
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return os.WriteFile(filepath.Join(r.Project, "tracked.txt"), []byte("uncommitted\n"), 0o644)
}
