package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
)

// clinePatchGate runs Cline's apply_patch, which Cline offers instead of
// its editor to a model whose id holds "gpt" or "codex" (bundle), with a
// patch that adds .env: a run without the hook must write it, a run with
// examples/guard registered by the installer must not, and must end
// aborted (a deny of a tool other than run_commands is a cancel). It
// returns what was measured, for the row's note.
func clinePatchGate(t *testing.T, h *harness.Host) string {
	t.Helper()
	const patch = "*** Begin Patch\n*** Add File: sub/../.env\n+TOKEN=x\n*** End Patch"
	spec := harness.Spec{Host: h, Prompt: "run the e2e patch scenario", Quiet: true,
		Prepare: clineModel("gpt-5-fake"),
		Script: func(*harness.Run) fakemodel.Script {
			return fakemodel.Script{fakemodel.Call("apply_patch", map[string]any{"input": patch}), fakemodel.Say(firstAnswer)}
		}}
	control := runRaw(t, spec, nil)
	// Cline writes the added lines without the last newline.
	if got, _ := control.file(".env"); strings.TrimSuffix(got, "\n") != "TOKEN=x" {
		t.Fatalf("control without the hook: the patch did not write .env (%q); the model saw %q", got, control.toolResult(t, 0).Text)
	}
	if tools := offeredTools(t, control); !slices.Contains(tools, "apply_patch") || slices.Contains(tools, "editor") {
		t.Fatalf("Cline did not offer apply_patch instead of its editor to a GPT model: %v", tools)
	}
	spec.Hook = []string{buildExample(t, "guard")}
	spec.Register = installerRegister(t, h, false)
	o := runRaw(t, spec, nil)
	if got, ok := o.file(".env"); ok {
		t.Fatalf("THE GUARD DID NOT BLOCK a patch adding .env on Cline: .env = %q", got)
	}
	if n := len(o.res.Main()); n != 1 || !strings.Contains(string(o.res.Stdout), `"finishReason":"aborted"`) {
		t.Fatalf("the run was not aborted at the patch: %d model requests, stdout %s", n, clip(string(o.res.Stdout), 2000))
	}
	return "measured: Cline's apply_patch, offered instead of its editor to a model id holding gpt or codex (bundle): " +
		"a patch adding sub/../.env, which a run without the hook writes, is denied by examples/guard (the run ends aborted, a cancel)"
}

// clineModel sets the model of Cline's openai-compatible provider.
func clineModel(model string) func(r *harness.Run) error {
	return func(r *harness.Run) error {
		p := filepath.Join(r.Home, ".cline", "data", "settings", "providers.json")
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var cfg struct {
			Providers map[string]map[string]any `json:"providers"`
		}
		var all map[string]any
		if err := json.Unmarshal(data, &cfg); err != nil {
			return err
		}
		if err := json.Unmarshal(data, &all); err != nil {
			return err
		}
		settings, ok := cfg.Providers["openai-compatible"]["settings"].(map[string]any)
		if !ok {
			return os.ErrNotExist
		}
		settings["model"] = model
		all["providers"] = cfg.Providers
		if data, err = json.MarshalIndent(all, "", "  "); err != nil {
			return err
		}
		return os.WriteFile(p, data, 0o600)
	}
}

// offeredTools returns the tools the client offered the model in its
// first request (Chat Completions).
func offeredTools(t *testing.T, o *outcome) []string {
	t.Helper()
	var req struct {
		Tools []struct {
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		} `json:"tools"`
	}
	if main := o.res.Main(); len(main) == 0 || json.Unmarshal(main[0].Body, &req) != nil {
		t.Fatal("no model request with tools to read")
	}
	var names []string
	for _, tool := range req.Tools {
		names = append(names, tool.Function.Name)
	}
	return names
}
