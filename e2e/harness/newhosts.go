package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks/e2e/fakemodel"
)

// The npm packages of the clients added for issue 15.
const (
	PkgCopilot = "@github/copilot"
	PkgQwen    = "@qwen-code/qwen-code"
	// PkgDroid is Factory Droid's platform package: the @factory/cli shim
	// pins a platform version the registry does not serve, and installs
	// no binary.
	PkgDroid = "@factory/cli-linux-x64"
)

// Copilot is GitHub Copilot CLI (copilot -p, BYOK Chat Completions
// provider, --allow-all-tools, --trust-folder unless Untrusted), hooks in
// the project's .github/hooks/e2e.json under the camelCase events, each
// command passing --event.
func Copilot() *Host {
	return copilotHost("copilot", []string{"sessionStart", "sessionEnd", "userPromptSubmitted", "preToolUse",
		"postToolUse", "postToolUseFailure", "agentStop"}, RegisterCopilot)
}

// CopilotPascal is Copilot CLI with the hooks registered under the
// PascalCase event names (Claude-like payloads), with no --event.
func CopilotPascal() *Host {
	return copilotHost("copilot-pascal", []string{"SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse",
		"PostToolUse", "PostToolUseFailure", "Stop"}, RegisterCopilotPascal)
}

func copilotHost(id string, events []string, register func(*Run, []string) error) *Host {
	return &Host{
		Name: "copilot", ID: id, Package: PkgCopilot, Protocol: fakemodel.Chat,
		Events: events, Register: register,
		setup: func(r *Run) error { return nil },
		command: func(r *Run, prompt string) ([]string, []string) {
			argv := []string{r.Clients.Bin("copilot"), "-p", prompt, "--no-ask-user",
				"--output-format", "json", "--no-auto-update", "--disable-client-telemetry"}
			if !r.Strict {
				// Strict: without it, -p refuses every tool that is not
				// pre-approved (after preToolUse).
				argv = append(argv, "--allow-all-tools")
			}
			if !r.Untrusted {
				argv = append(argv, "--trust-folder")
			}
			env := []string{
				"COPILOT_HOME=" + filepath.Join(r.Home, ".copilot"),
				// The first run unpacks ~235 MB here: a cache shared by
				// every run, beside the installed clients.
				"XDG_CACHE_HOME=" + filepath.Join(filepath.Dir(r.Clients.Dir), "copilot-xdg-cache"),
				"COPILOT_PROVIDER_BASE_URL=" + r.Server.URL() + "/v1",
				"COPILOT_PROVIDER_API_KEY=dummy-key", "COPILOT_MODEL=gpt-4.1", "COPILOT_OFFLINE=true",
				"TERM=dumb", "NO_COLOR=1",
			}
			return argv, env
		},
	}
}

// RegisterCopilot registers hook for every event of the run in
// <project>/.github/hooks/e2e.json, camelCase, with --event NAME.
func RegisterCopilot(r *Run, hook []string) error {
	hooks := map[string]any{}
	for _, ev := range r.Events() {
		cmd := ShellJoin(append(append([]string(nil), hook...), "--event", ev))
		hooks[ev] = []any{map[string]any{"type": "command", "bash": cmd, "timeoutSec": 30}}
	}
	return writeJSONFile(filepath.Join(r.Project, ".github", "hooks", "e2e.json"), map[string]any{"version": 1, "hooks": hooks})
}

// RegisterCopilotPascal registers hook for every event of the run in
// <project>/.github/hooks/e2e.json under the PascalCase names, with no
// --event (the payloads name their event).
func RegisterCopilotPascal(r *Run, hook []string) error {
	cmd := ShellJoin(hook)
	hooks := map[string]any{}
	for _, ev := range r.Events() {
		hooks[ev] = []any{map[string]any{"type": "command", "bash": cmd, "timeoutSec": 30}}
	}
	return writeJSONFile(filepath.Join(r.Project, ".github", "hooks", "e2e.json"), map[string]any{"version": 1, "hooks": hooks})
}

// Qwen is Qwen Code (qwen -p, --auth-type openai against a Chat
// Completions fake, --approval-mode yolo), hooks in the project's
// .qwen/settings.json.
func Qwen() *Host {
	return &Host{
		Name: "qwen", ID: "qwen", Package: PkgQwen, Protocol: fakemodel.Chat,
		// MessageDisplay fires as the answer streams, its hook run by a
		// supervisor that outlives the client (stdin a file, stdout the
		// null device): the baseline proves the hook answers it cleanly.
		Events: []string{"SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "MessageDisplay"},
		Noisy:  []string{"UserPromptSubmit", "MessageDisplay"},
		Register: func(r *Run, hook []string) error {
			cmd := ShellJoin(hook)
			hooks := map[string]any{}
			for _, ev := range r.Events() {
				group := map[string]any{"hooks": []any{map[string]any{"type": "command", "name": "e2e", "command": cmd, "timeout": 30}}}
				if ev == "PreToolUse" || ev == "PostToolUse" {
					group["matcher"] = "*"
				}
				hooks[ev] = []any{group}
			}
			return writeJSONFile(filepath.Join(r.Project, ".qwen", "settings.json"), map[string]any{"hooks": hooks})
		},
		// general.preventSystemSleep off, as on a CI machine: otherwise
		// Qwen starts `systemd-inhibit … sleep infinity` as each tool
		// starts, which exits at once where no logind answers, and its
		// exit, reaped while a fast shell command ends, can make Qwen
		// drop that command's output (the model is shown "Output:
		// (empty)" with exit code 0; the note in package qwen).
		setup: func(r *Run) error {
			return writeJSONFile(filepath.Join(r.Home, ".qwen", "settings.json"), map[string]any{
				"security":  map[string]any{"auth": map[string]any{"selectedType": "openai"}},
				"model":     map[string]any{"name": "fake-model"},
				"general":   map[string]any{"enableAutoUpdate": false, "preventSystemSleep": false},
				"privacy":   map[string]any{"usageStatisticsEnabled": false},
				"telemetry": map[string]any{"enabled": false},
			})
		},
		command: func(r *Run, prompt string) ([]string, []string) {
			argv := []string{r.Clients.Bin("qwen"), "-p", prompt, "--auth-type", "openai", "-m", "fake-model",
				"--output-format", "json", "--approval-mode", "yolo"}
			env := []string{
				"OPENAI_API_KEY=dummy-key", "OPENAI_BASE_URL=" + r.Server.URL() + "/v1", "OPENAI_MODEL=fake-model",
				"QWEN_HOME=" + filepath.Join(r.Home, ".qwen"), "TERM=dumb", "NO_COLOR=1",
			}
			return argv, env
		},
		hookFailures: qwenHookFailures,
		// Each MessageDisplay hook starts a Node supervisor first, and a
		// run on a loaded machine (eight suites on two cores) was measured
		// not reaching the model in two minutes.
		RunTimeout: 4 * time.Minute,
	}
}

// qwenHookFailures returns the lines of Qwen Code's debug logs
// ($QWEN_HOME/debug/<session>.txt, one per session) that report a hook
// as failed: Qwen writes "Hook NAME ended for event EVENT: failed" for a
// hook that exited other than 0 (2, a block, included), timed out or
// could not start.
func qwenHookFailures(r *Run) []string {
	logs, _ := filepath.Glob(filepath.Join(r.Home, ".qwen", "debug", "*.txt"))
	var out []string
	for _, path := range logs {
		data, err := os.ReadFile(path)
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %v", filepath.Base(path), err))
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, " ended for event ") && strings.HasSuffix(strings.TrimSpace(line), ": failed") {
				out = append(out, strings.TrimSpace(line))
			}
		}
	}
	return out
}

// Droid is Factory Droid (droid exec --skip-permissions-unsafe, a custom
// Chat Completions model in ~/.factory/settings.json), hooks in the
// project's .factory/hooks.json with the events at the top level.
func Droid() *Host {
	return &Host{
		Name: "droid", ID: "droid", Package: PkgDroid, Protocol: fakemodel.Chat,
		Events: []string{"SessionStart", "SessionEnd", "PreToolUse", "PostToolUse", "Stop"},
		Register: func(r *Run, hook []string) error {
			cmd := ShellJoin(hook)
			events := map[string]any{}
			for _, ev := range r.Events() {
				events[ev] = []any{map[string]any{"hooks": []any{map[string]any{"type": "command", "command": cmd, "timeout": 30}}}}
			}
			return writeJSONFile(filepath.Join(r.Project, ".factory", "hooks.json"), events)
		},
		setup: func(r *Run) error {
			return writeJSONFile(filepath.Join(r.Home, ".factory", "settings.json"), map[string]any{
				"customModels": []any{map[string]any{"model": "fake-model", "id": "custom:fake-model-0", "index": 0,
					"displayName": "Fake Model", "baseUrl": r.Server.URL() + "/v1", "apiKey": "dummy-key",
					"provider": "generic-chat-completion-api", "maxOutputTokens": 4096}},
				"sessionDefaultSettings": map[string]any{"model": "custom:fake-model-0"},
			})
		},
		command: func(r *Run, prompt string) ([]string, []string) {
			argv := []string{r.Clients.DroidBin(), "exec", "--skip-permissions-unsafe", "-m", "custom:fake-model-0",
				"-o", "json", prompt}
			if r.Strict {
				// Droid's own autonomy in force: a command above its
				// level is refused.
				argv = slices.Delete(argv, 2, 3)
			}
			return argv, []string{"TERM=dumb", "NO_COLOR=1"}
		},
	}
}

// DroidBin returns Factory Droid's executable.
func (c *Clients) DroidBin() string {
	return filepath.Join(c.Dir, "node_modules", PkgDroid, "bin", "droid")
}
