package droid

import (
	"path/filepath"
	"time"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/sample"
)

// HookFile implements hostfacts.HookFiler: .factory/hooks.json, whose
// top-level keys are the events (Droid ignores a "hooks" wrapper there),
// matcher groups without a matcher (Droid matches exact tool names and
// knows no wildcard alias), timeouts in seconds. Droid also runs the
// hooks of the "hooks" key of settings.json, the project's and the
// user's (measured: probe_project_settings, probe_user_settings), and
// takes the first hook's permissionDecision (read in the 0.225.2
// binary): a hook added there may allow before this one denies, so
// settings.json is in the footing (AlsoHooks).
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"droid"}, Title: "Factory Droid", Dir: ".factory",
		Name: "hooks.json", TimeoutUnit: time.Second, ProjectDir: `"$FACTORY_PROJECT_DIR"`,
		JSON: hostfacts.JSONSettings{TopLevel: true}, AlsoHooks: []string{"settings.json"}}
}

// HookEnv implements hostfacts.HookEnver: Factory Droid gives its hooks
// the project's directory under three names and runs them there, through
// a shell, replacing nothing in the command (its hook settings screen
// advises "$FACTORY_PROJECT_DIR" for project scripts; measured: e2e row
// portable-command).
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"FACTORY_PROJECT_DIR=" + project, "DROID_PROJECT_DIR=" + project, "CLAUDE_PROJECT_DIR=" + project}
}

// SamplePayload implements hostfacts.Sampler: Factory Droid sends Claude
// Code's payloads, with its own shell tool and transcript, and a tool's
// response as a JSON string.
func (*Adapter) SamplePayload(native, dir string) []byte {
	o := sample.ClaudeLike(sample.Claude(native, dir, ""), "Execute", filepath.Join(dir, ".factory", "doctor-session.jsonl"))
	for i := range o {
		if o[i].K == "tool_response" {
			o[i].V = `{"stdout":"hello\n","exitCode":0}`
		}
	}
	return sample.Render(o)
}
