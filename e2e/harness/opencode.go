package harness

import (
	"os"
	"path/filepath"
	"time"

	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/opencode"
)

// PkgOpenCode is OpenCode's platform package for linux-x64 (the npm shim
// opencode-ai 1.18.34 lists a platform package per system as optional
// dependencies, most of which the registry here does not serve, so that
// npm ci refuses its lock): the same opencode binary.
const PkgOpenCode = "opencode-linux-x64"

// OpenCode is OpenCode (opencode run, an @ai-sdk/openai-compatible
// provider on the fake Chat Completions server in the user's
// opencode.json, bash and edit allowed), with this module's plugin in the
// project's .opencode/plugin/ running the hook. OpenCode has no command
// hooks: Events are the plugin's callbacks.
func OpenCode() *Host {
	return openCodeHost(openCodeFork{id: "opencode", pkg: PkgOpenCode, bin: (*Clients).OpenCodeBin, dir: "opencode",
		project: ".opencode", config: "opencode.json", dep: "@opencode-ai/plugin", env: "OPENCODE_"})
}

// Kilo is Kilo Code CLI (kilo run, pinned at 7.7.9), a fork of OpenCode run as OpenCode is,
// with its own names: ~/.config/kilo/kilo.json, the project's
// .kilo/plugin/, KILO_ variables. The hook answers as host opencode.
func Kilo() *Host {
	return openCodeHost(openCodeFork{id: "kilo", pkg: PkgKilo, bin: (*Clients).KiloBin, dir: "kilo",
		project: ".kilo", config: "kilo.json", dep: "@kilocode/plugin", env: "KILO_"})
}

// openCodeFork names what differs between OpenCode and a fork.
type openCodeFork struct {
	id, pkg string
	bin     func(*Clients) string
	// dir is the user configuration directory's name under
	// $XDG_CONFIG_HOME, project the project's, config the file in dir.
	dir, project, config string
	// dep is the package the client installs into each configuration
	// directory at start-up, at the client's own version (the installed
	// platform package's, so that a newer client, e2e/newest's, skips it
	// too); env the prefix of its variables.
	dep, env string
}

func openCodeHost(f openCodeFork) *Host {
	return &Host{
		Name: "opencode", ID: f.id, Package: f.pkg, Protocol: fakemodel.Chat,
		Events: []string{opencode.CallbackBefore, opencode.CallbackAfter, opencode.CallbackEvent},
		Register: func(r *Run, hook []string) error {
			return writePlugin(filepath.Join(r.Project, f.project, "plugin", "e2e.js"), hook, r.Events())
		},
		// The runs proven on OpenCode so far: those that register the hook
		// with the suite's own writer, and those that register it (or the
		// gateway bridge) with the installer, which writes the plugin as
		// .opencode/plugin/<binary>.js (.kilo/plugin/ for Kilo, --hosts
		// kilo).
		Runs: []string{"baseline", "guard", "control", "context", "fail-closed", "fail-open", "fail-closed-typed", "guard-write-tools",
			"installer", "guard-binary", "guard-shell", "gofmt-binary", "gateway", "gateway-late", "gateway-binary", "gateway-down",
			"guard-outcomes", "portable-command", "guard-tricks", "guard-tamper",
			// n/a here, each with its reason (the skill-shell and subagent
			// runs measure what their reason says).
			"codex-trust", "prompt-deny", "permission-request-plain", "guard-install", "model", "native", "plugin",
			"allow-bypass", "permission-request", "skill-shell", "subagent", "guard-secrets"},
		RunTimeout: 6 * time.Minute,
		setup: func(r *Run) error {
			// At start-up the client installs its plugin package with npm
			// into each of its configuration directories that lacks it (a
			// minute or two of registry traffic here, every run, since
			// each run has its own HOME and project). It skips a directory
			// whose node_modules exists and whose package-lock.json lists
			// the package: say so. The plugin of this module imports
			// nothing from it.
			for _, d := range []string{filepath.Join(r.Home, ".config", f.dir), filepath.Join(r.Project, f.project)} {
				if err := os.MkdirAll(filepath.Join(d, "node_modules"), 0o755); err != nil {
					return err
				}
				lock := map[string]any{"lockfileVersion": 3, "packages": map[string]any{"": map[string]any{
					"dependencies": map[string]any{f.dep: r.Clients.Versions[f.pkg]}}}}
				if err := writeJSONFile(filepath.Join(d, "package-lock.json"), lock); err != nil {
					return err
				}
			}
			perm := map[string]any{"bash": "allow", "edit": "allow", "external_directory": "allow"}
			if r.Strict {
				perm = map[string]any{"bash": "deny", "edit": "deny"}
			}
			return writeJSONFile(filepath.Join(r.Home, ".config", f.dir, f.config), map[string]any{
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
			argv := []string{f.bin(r.Clients), "run", prompt}
			cache := filepath.Dir(r.Clients.Dir)
			env := []string{
				"XDG_CONFIG_HOME=" + filepath.Join(r.Home, ".config"),
				// The client installs the provider package from npm at run
				// time into its cache: one cache for every run, beside the
				// installed clients, so that only the first run fetches it.
				"XDG_CACHE_HOME=" + filepath.Join(cache, "opencode-xdg-cache"),
				"npm_config_cache=" + filepath.Join(cache, "npm-cache"), "npm_config_prefer_offline=true",
				"TERM=dumb", "NO_COLOR=1",
			}
			for _, v := range []string{"DISABLE_AUTOUPDATE", "DISABLE_MODELS_FETCH", "DISABLE_SHARE", "DISABLE_LSP_DOWNLOAD",
				"DISABLE_CLAUDE_CODE", "DISABLE_DEFAULT_PLUGINS"} {
				env = append(env, f.env+v+"=1")
			}
			return argv, env
		},
	}
}

// writePlugin writes this module's plugin, running hook on callbacks, as
// path.
func writePlugin(path string, hook, callbacks []string) error {
	data, err := opencode.Plugin(opencode.PluginConfig{Argv: hook, Callbacks: callbacks})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// PkgKilo is Kilo Code CLI's platform package for linux-x64 (as
// PkgOpenCode, for the shim @kilocode/cli 7.7.9): a fork of OpenCode with
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
