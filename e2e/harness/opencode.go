package harness

import (
	"os"
	"path/filepath"

	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/opencode"
)

// PkgOpenCode is OpenCode's platform package for linux-x64 (the npm shim
// opencode-ai 1.18.33 lists a platform package per system as optional
// dependencies, most of which the registry here does not serve, so that
// npm ci refuses its lock): the same opencode binary.
const PkgOpenCode = "opencode-linux-x64"

// OpenCode is OpenCode (opencode run, an @ai-sdk/openai-compatible
// provider on the fake Chat Completions server in the user's
// opencode.json, bash and edit allowed), with this module's plugin in the
// project's .opencode/plugin/ running the hook. OpenCode has no command
// hooks: Events are the plugin's callbacks.
func OpenCode() *Host {
	return &Host{
		Name: "opencode", ID: "opencode", Package: PkgOpenCode, Protocol: fakemodel.Chat,
		Events:   []string{opencode.CallbackBefore, opencode.CallbackAfter, opencode.CallbackEvent},
		Register: RegisterOpenCode,
		// The runs proven on OpenCode so far: those that register the hook
		// with the suite's own writer (the installer does not know OpenCode
		// yet).
		Runs: []string{"baseline", "guard", "control", "context", "fail-closed", "fail-open", "fail-closed-typed"},
		setup: func(r *Run) error {
			// At start-up OpenCode installs @opencode-ai/plugin with npm
			// into each of its configuration directories that lacks it (a
			// minute or two of registry traffic here, every run, since
			// each run has its own HOME and project). It skips a directory
			// whose node_modules exists and whose package-lock.json lists
			// the package: say so. The plugin of this module imports
			// nothing from it.
			for _, d := range []string{filepath.Join(r.Home, ".config", "opencode"), filepath.Join(r.Project, ".opencode")} {
				if err := os.MkdirAll(filepath.Join(d, "node_modules"), 0o755); err != nil {
					return err
				}
				lock := map[string]any{"lockfileVersion": 3, "packages": map[string]any{"": map[string]any{
					"dependencies": map[string]any{"@opencode-ai/plugin": "1.18.33"}}}}
				if err := writeJSONFile(filepath.Join(d, "package-lock.json"), lock); err != nil {
					return err
				}
			}
			perm := map[string]any{"bash": "allow", "edit": "allow", "external_directory": "allow"}
			if r.Strict {
				perm = map[string]any{"bash": "deny", "edit": "deny"}
			}
			return writeJSONFile(filepath.Join(r.Home, ".config", "opencode", "opencode.json"), map[string]any{
				"$schema":    "https://opencode.ai/config.json",
				"autoupdate": false,
				"share":      "disabled",
				"model":      "fake/fake-model",
				"provider": map[string]any{"fake": map[string]any{
					"npm": "@ai-sdk/openai-compatible", "name": "Fake",
					"options": map[string]any{"baseURL": r.Server.URL() + "/v1", "apiKey": "dummy-key"},
					"models":  map[string]any{"fake-model": map[string]any{"name": "Fake Model", "tool_call": true}},
				}},
				"permission": perm,
			})
		},
		command: func(r *Run, prompt string) ([]string, []string) {
			argv := []string{r.Clients.OpenCodeBin(), "run", prompt}
			env := []string{
				"XDG_CONFIG_HOME=" + filepath.Join(r.Home, ".config"),
				// OpenCode installs the provider package from npm at run
				// time into its cache: one cache for every run, beside the
				// installed clients, so that only the first run fetches it.
				"XDG_CACHE_HOME=" + filepath.Join(filepath.Dir(r.Clients.Dir), "opencode-xdg-cache"),
				"npm_config_cache=" + filepath.Join(filepath.Dir(r.Clients.Dir), "npm-cache"), "npm_config_prefer_offline=true",
				"OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_SHARE=1",
				"OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_CLAUDE_CODE=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1",
				"TERM=dumb", "NO_COLOR=1",
			}
			return argv, env
		},
	}
}

// RegisterOpenCode writes this module's plugin, running hook on the
// callbacks of the run (Run.Events), as <project>/.opencode/plugin/e2e.js.
func RegisterOpenCode(r *Run, hook []string) error {
	data, err := opencode.Plugin(opencode.PluginConfig{Argv: hook, Callbacks: r.Events()})
	if err != nil {
		return err
	}
	dir := filepath.Join(r.Project, ".opencode", "plugin")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "e2e.js"), data, 0o644)
}

// PkgKilo is Kilo Code CLI's platform package for linux-x64 (as
// PkgOpenCode, for the shim @kilocode/cli 7.7.7): a fork of OpenCode with
// the same plugins.
const PkgKilo = "@kilocode/cli-linux-x64"

// OpenCodeBin returns OpenCode's executable.
func (c *Clients) OpenCodeBin() string {
	return filepath.Join(c.Dir, "node_modules", PkgOpenCode, "bin", "opencode")
}

// KiloBin returns Kilo Code CLI's executable.
func (c *Clients) KiloBin() string {
	return filepath.Join(c.Dir, "node_modules", PkgKilo, "bin", "kilo")
}
