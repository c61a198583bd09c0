package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
)

// Made-up credentials, valid in form (package secrets finds both), that
// the project's files hold and no prompt or tool call ever names: a
// GitLab token in a build log a shell command prints, and an AWS secret
// key line in a configuration file the client's read tool reads. Both are
// letters and digits after their prefix, so that no JSON encoding of a
// request can hide one from a plain byte search. Not a GitHub token:
// Copilot CLI 1.0.102 masks one (ghp_…) in shell output itself, "******"
// in its control run, which would leave its row nothing to prove.
const (
	e2eGitLabToken = "glpat-Vq8nR2xL5tK9wZ3mB7cJ"
	e2eAWSSecret   = "Xq3L9vB2mN7pR4tY8wK1zD6fH0jS5aC2eG9iU3oM"
)

// The text around each secret, which the model must still read.
const (
	secretLogKept    = "E2E_BUILD_OK"
	secretConfigKept = "E2E_REPLICAS"
)

// testGuardSecrets runs examples/guard (built, registered by the
// installer) on issue 37's "secrets never reach the model": the model
// runs `cat build.log`, whose output holds a GitLab token, and reads
// config/deploy.yml, which holds an AWS secret key line, with the client's
// read tool (Codex, which has none: `cat`). No request the fake model
// server receives may hold either secret, whole or its first half, and
// the model must read the rest of each output with the secret replaced
// by rule 7's marker. A control run without the hook comes first: both
// secrets must reach the model there, so that the row can fail.
//
// On Claude Code the answer is hookSpecificOutput.updatedToolOutput in
// the tool's own shape (Bash and Read); on Gemini CLI, Codex and Copilot
// CLI a PostToolUse block whose reason the model reads in place of the
// result. Hosts whose adapter claims no replacement of a tool's output
// nor a halt on their post-tool event are n/a, with that claim.
func testGuardSecrets(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "guard-secrets")
	if h.ID == "copilot-pascal" {
		table.na(t, h.ID, "guard-secrets", pascalByInstaller)
	}
	post := expectOf(h).post
	if f := hooks.Supports(adapterFor(t, h.Name).Capabilities(), post); !f.Has(hooks.FieldUpdatedOutput) {
		table.na(t, h.ID, "guard-secrets", "the adapter claims no replacement of a tool's output on "+post+
			" (the capability matrix): the guard's redaction is dropped with a warning there")
	}
	table.check(t, h.ID, "guard-secrets")
	spec := harness.Spec{Host: h, Prompt: "run the e2e secrets scenario", Quiet: true,
		Prepare: prepareSecrets,
		Script: func(r *harness.Run) fakemodel.Script {
			return fakemodel.Script{shell(h.Name, "cat build.log"), readStep(h.Name, r, "config/deploy.yml"), fakemodel.Say(firstAnswer)}
		}}
	control := runRaw(t, spec, nil)
	for _, s := range []string{e2eGitLabToken, e2eAWSSecret} {
		if !anyRequestHolds(control.res, s) {
			t.Errorf("control: without the guard no model request holds %s…: nothing to prove; the model saw %q | %q",
				s[:8], control.toolResult(t, 0).Text, control.toolResult(t, 1).Text)
		}
	}
	if t.Failed() {
		t.Fatal("the control run does not show what the guard run would prove")
	}

	spec.Hook = []string{buildExample(t, "guard")}
	spec.Register = installerRegister(t, h, false)
	o := runRaw(t, spec, nil)
	for _, s := range []string{e2eGitLabToken, e2eAWSSecret} {
		for _, part := range []string{s, s[:len(s)/2], s[len(s)/2:]} {
			if anyRequestHolds(o.res, part) {
				t.Errorf("A SECRET REACHED THE MODEL: a request holds %q (of %s…)", part, s[:8])
			}
		}
	}
	for i, want := range []struct{ kept, marker string }{
		{secretLogKept, "[REDACTED gitlab-token]"},
		{secretConfigKept, "[REDACTED aws-secret-access-key]"},
	} {
		tr := o.toolResult(t, i)
		if !strings.Contains(tr.Text, want.kept) || !strings.Contains(tr.Text, want.marker) {
			t.Errorf("tool call %d: the model did not read the output with the secret redacted and the rest kept (want %q and %q); it saw %q",
				i, want.kept, want.marker, tr.Text)
		}
	}
	t.Logf("tool results the model saw: %q | %q", o.toolResult(t, 0).Text, o.toolResult(t, 1).Text)
}

// prepareSecrets writes the project's build.log and config/deploy.yml,
// each with a secret between lines the model must still read.
func prepareSecrets(r *harness.Run) error {
	files := map[string]string{
		"build.log":         "step 1: compile\nstep 2: release with " + e2eGitLabToken + "\n" + secretLogKept + "\n",
		"config/deploy.yml": "region: eu-west-1\naws_secret_access_key: " + e2eAWSSecret + "\n" + secretConfigKept + ": 3\n",
	}
	for name, content := range files {
		p := filepath.Join(r.Project, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readStep is a model turn that reads the project file rel with the
// host's read tool (Codex, which has none: cat).
func readStep(host string, r *harness.Run, rel string) fakemodel.Step {
	p := filepath.Join(r.Project, rel)
	switch host {
	case "claude", "droid":
		return fakemodel.Call("Read", map[string]any{"file_path": p})
	case "gemini":
		return fakemodel.Call("read_file", map[string]any{"file_path": rel})
	case "qwen":
		return fakemodel.Call("read_file", map[string]any{"file_path": p})
	case "copilot":
		return fakemodel.Call("view", map[string]any{"path": p})
	case "kimi":
		return fakemodel.Call("Read", map[string]any{"path": p})
	case "cline":
		return fakemodel.Call("read_files", map[string]any{"files": []any{map[string]any{"path": p}}})
	case "opencode":
		return fakemodel.Call("read", map[string]any{"filePath": p})
	case "pi":
		return fakemodel.Call("read", map[string]any{"path": p})
	}
	return shell(host, "cat "+rel)
}

// anyRequestHolds reports whether any request the fake model server
// received holds s.
func anyRequestHolds(res *harness.Result, s string) bool {
	for _, r := range res.Requests {
		if bytes.Contains(r.Body, []byte(s)) {
			return true
		}
	}
	return false
}
