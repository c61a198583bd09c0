package harness

import (
	"os"
	"path/filepath"

	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/pi"
)

// PkgPi is Pi's npm package.
const PkgPi = "@mariozechner/pi-coding-agent"

// Pi is Pi (pi -p, a custom openai-completions provider on the fake Chat
// Completions server in ~/.pi/agent/models.json), with this module's
// extension in the project's .pi/extensions/ running the hook. Pi has no
// command hooks: Events are the extension's events.
func Pi() *Host {
	return &Host{
		Name: "pi", ID: "pi", Package: PkgPi, Protocol: fakemodel.Chat,
		Events: []string{pi.EventSessionStart, pi.EventToolCall, pi.EventToolResult, pi.EventAgentEnd},
		Register: func(r *Run, hook []string) error {
			return writeExtension(filepath.Join(r.Project, ".pi", "extensions", "e2e.js"), hook, r.Events())
		},
		// The runs proven on Pi so far (a client being added, issue 41).
		Runs: []string{"baseline", "guard", "control", "context", "fail-closed", "fail-open", "installer", "allow-bypass",
			"guard-binary", "guard-shell", "gofmt-binary", "prompt-deny", "codex-trust", "permission-request",
			"permission-request-plain", "guard-outcomes", "portable-command", "guard-install", "skill-shell",
			"subagent", "model", "native", "plugin", "guard-write-tools", "fail-closed-typed", "gateway", "gateway-late", "gateway-binary",
			"gateway-down", "guard-tamper", "guard-secrets"},
		setup: func(r *Run) error {
			return writeJSONFile(filepath.Join(r.Home, ".pi", "agent", "models.json"), map[string]any{
				"providers": map[string]any{"fake": map[string]any{
					"baseUrl": r.Server.URL() + "/v1", "api": "openai-completions", "apiKey": "dummy-key",
					"compat": map[string]any{"supportsDeveloperRole": false, "supportsReasoningEffort": false},
					"models": []any{map[string]any{"id": "fake-model"}},
				}},
			})
		},
		command: func(r *Run, prompt string) ([]string, []string) {
			argv := []string{r.Clients.Bin("pi"), "-p", "--no-session", "--model", "fake/fake-model", prompt}
			// PI_OFFLINE: no update check, no telemetry.
			return argv, []string{"PI_OFFLINE=1", "PI_SKIP_VERSION_CHECK=1", "TERM=dumb", "NO_COLOR=1"}
		},
	}
}

// writeExtension writes this module's Pi extension, running hook on
// events, as path.
func writeExtension(path string, hook, events []string) error {
	data, err := pi.Extension(pi.ExtensionConfig{Argv: hook, Events: events})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
