package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/e2e/scenario"
)

// runTimeout bounds one client run; a run that loops (a stop hook
// continuing forever) is killed with its process group.
const runTimeout = 2 * time.Minute

// clineTimeout bounds a run of Cline CLI, which takes over a minute and a
// half for a few tool calls on a loaded machine.
const clineTimeout = 5 * time.Minute

// clientTimeout is how long one run of host may take: runTimeout, or
// the host's own longer limit (harness.Host.RunTimeout; Cline CLI's
// clineTimeout). Every run of the suite, the gateway's included, takes it.
func clientTimeout(host *harness.Host) time.Duration {
	d := max(runTimeout, host.RunTimeout)
	if host.Name == "cline" {
		d = max(d, clineTimeout)
	}
	return d
}

// outcome is what one client run left behind.
type outcome struct {
	host *harness.Host
	res  *harness.Result
	sc   *scenario.Scenario
	log  []scenario.Entry
}

// runClient runs host with the test hook answering as sc says (sc nil: a
// control run with no hook registered) and the model playing script. It
// fails t when the client does not finish cleanly, or when a hook was
// registered but never ran.
//
// The hook is registered on all the host's events only in the runs that
// check events (baseline, typed handlers); the others leave out the noisy
// per-model-call events (harness.Spec.Quiet), which they do not need.
func runClient(t *testing.T, host *harness.Host, sc *scenario.Scenario, prompt string, script func(*harness.Run) fakemodel.Script) *outcome {
	t.Helper()
	return runWith(t, harness.Spec{Host: host, Prompt: prompt, Script: script, Quiet: true}, sc)
}

// runAllEvents is runClient with the hook on every event of the host.
func runAllEvents(t *testing.T, host *harness.Host, sc *scenario.Scenario, prompt string, script func(*harness.Run) fakemodel.Script) *outcome {
	t.Helper()
	return runWith(t, harness.Spec{Host: host, Prompt: prompt, Script: script}, sc)
}

// runWith is runClient for a spec (Host, Prompt, Script, Strict, Quiet,
// Untrusted and Register are taken from it).
func runWith(t *testing.T, spec harness.Spec, sc *scenario.Scenario) *outcome {
	t.Helper()
	o := runRaw(t, spec, sc)
	if len(o.res.Main()) == 0 {
		t.Fatalf("%s never reached the fake model server:\n%s", o.host.Name, o.res.Summary())
	}
	if sc != nil && len(o.log) == 0 {
		t.Fatalf("%s ran no hook that saw %s: the hook is not registered right or the client does not pass its environment on\n%s",
			o.host.Name, scenario.EnvVar, o.res.Summary())
	}
	return o
}

// runRaw is runWith without the check that a hook ran.
func runRaw(t *testing.T, spec harness.Spec, sc *scenario.Scenario) *outcome {
	t.Helper()
	return runExit(t, spec, sc, 0)
}

// runExit is runRaw for a run that must end with exit code want (Copilot
// CLI exits 1 when a hook blocks the prompt).
func runExit(t *testing.T, spec harness.Spec, sc *scenario.Scenario, want int) *outcome {
	t.Helper()
	host := spec.Host
	dir := t.TempDir()
	spec.Clients, spec.Dir, spec.Timeout = clients, dir, clientTimeout(host)
	if sc != nil {
		sc.Log = filepath.Join(dir, "hooks.jsonl")
		path := filepath.Join(dir, "scenario.json")
		if err := sc.Save(path); err != nil {
			t.Fatal(err)
		}
		spec.Hook = []string{hookBin, "--host", host.Name}
		spec.Env = append(spec.Env, scenario.EnvVar+"="+path)
	}
	res, err := harness.Execute(context.Background(), spec)
	if err != nil {
		t.Fatalf("%s: %v", host.Name, err)
	}
	o := &outcome{host: host, res: res, sc: sc}
	if sc != nil {
		if o.log, err = scenario.ReadLog(sc.Log); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		if t.Failed() || os.Getenv("HOOKS_E2E_EVIDENCE") == "1" {
			t.Logf("evidence:\n%s", o.evidence())
		}
	})
	if res.Err != nil || res.ExitCode != want {
		t.Fatalf("%s did not finish with exit code %d:\n%s", host.Name, want, res.Summary())
	}
	return o
}

// evidence describes the run for a failure: hook invocations and what
// the model was shown.
func (o *outcome) evidence() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", o.res.Summary())
	for i, e := range o.log {
		fmt.Fprintf(&b, "hook %d: %s -> event %q kind %q rule %d corrupted=%v exit %d stdout %q stderr %q\n",
			i, e.Native, e.Event, e.Kind, e.Rule, e.Corrupted, e.Exit, strings.TrimSpace(e.Stdout), strings.TrimSpace(e.Stderr))
	}
	for i, r := range o.res.Main() {
		fmt.Fprintf(&b, "model request %d (step %d):", i, r.Step)
		for _, tr := range fakemodel.ToolResults(o.host.Protocol, r) {
			fmt.Fprintf(&b, "\n  tool result %s error=%v: %q", tr.ID, tr.IsError, clip(tr.Text, 400))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// toolResult returns what the model was shown for the call of step i.
func (o *outcome) toolResult(t *testing.T, i int) fakemodel.ToolResult {
	t.Helper()
	for _, r := range o.res.Main() {
		if trs := fakemodel.ToolResults(o.host.Protocol, r); len(trs) > i {
			return trs[i]
		}
	}
	t.Fatalf("no model request carries the result of tool call %d", i)
	return fakemodel.ToolResult{}
}

// failing reports whether the scenario makes the hook fail on e.
func (o *outcome) failing(e scenario.Entry) bool {
	return e.Corrupted || e.Rule >= 0 && o.sc.Rules[e.Rule].Panic
}

// entries returns the logged invocations of a native event.
func (o *outcome) entries(native string) []scenario.Entry {
	var out []scenario.Entry
	for _, e := range o.log {
		if e.Native == native {
			out = append(out, e)
		}
	}
	return out
}

// file returns the content of a project file and whether it exists.
func (o *outcome) file(name string) (string, bool) {
	data, err := os.ReadFile(filepath.Join(o.res.Run.Project, name))
	return string(data), err == nil
}

// parse parses a logged payload with the host's adapter.
func (o *outcome) parse(t *testing.T, e scenario.Entry) hooks.Event {
	t.Helper()
	ev, err := parseAs(adapterFor(t, o.host.Name), e)
	if err != nil {
		t.Fatalf("%s %s payload does not parse: %v\n%s", o.host.Name, e.Native, err, clip(e.Payload, 2000))
	}
	return ev
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// parseAs parses a logged payload as the hook did: with the event its
// command named (--event, Copilot's camelCase registration) when the
// payload names none.
func parseAs(a hooks.Adapter, e scenario.Entry) (hooks.Event, error) {
	if p, ok := a.(hooks.EventParser); ok && slices.Contains(e.Args, "--event") {
		return p.ParseEvent(e.Native, []byte(e.Payload))
	}
	return a.Parse([]byte(e.Payload))
}
