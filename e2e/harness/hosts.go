package harness

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenthooks/hooks/e2e/fakemodel"
)

// Host is one client the suite can run.
type Host struct {
	// Name is the host name, as given to --host.
	Name string
	// ID names this client in test names and CONFORMANCE.md columns:
	// Name, or Name with a suffix for a second pinned version of the same
	// client ("claude-next").
	ID string
	// Package is the client's npm package (or npm alias, for a second
	// version of the same client).
	Package string
	// Protocol is the model API the client speaks.
	Protocol fakemodel.Protocol
	// Events are the native hook events registered for a run.
	Events []string
	// Noisy are the Events a quiet run leaves out: host-only events that
	// fire around every model call (Gemini's BeforeModel, …).
	Noisy []string
	// Register writes the hook registration for a run: hook is the argv
	// of the hook command. It is the one place that knows each client's
	// hook configuration format, so that an installer can replace it.
	Register func(r *Run, hook []string) error
	// Runs, when set, are the only runs of the suite on this client (a
	// client being added, run only where it is proven so far);
	// CONFORMANCE.md prints "not run" for the rows of the others. No
	// client sets it now: every run decides, per client, pass, FAIL, n/a
	// (with the evidence) or not run (with the reason).
	Runs []string
	// RunTimeout, when set, is how long one run of this client may take
	// when that is longer than the suite's limit: a client slow to start
	// (OpenCode loads a 185 MB binary and its database before the first
	// model call) under a loaded machine.
	RunTimeout time.Duration

	// setup writes the client's configuration other than hooks (auth,
	// model provider, telemetry off, trust).
	setup func(r *Run) error
	// command returns the client's argv and environment (on top of
	// Run.baseEnv) for a prompt.
	command func(r *Run, prompt string) (argv, env []string)
	// hookFailures, when set, returns the lines of the client's own log
	// that report a hook as failed, once the run is over.
	hookFailures func(r *Run) []string
	// after, when set, runs once the client's process group is killed:
	// it stops what the client left running outside it (Cline's hub
	// daemon).
	after func(r *Run)
}

// Hosts returns the clients that run here: Claude Code twice (the oldest
// version supported and the newest pinned), Gemini CLI, Codex, Copilot CLI
// twice (camelCase and PascalCase registrations), Qwen Code, Factory
// Droid, Kimi Code, Cline CLI, OpenCode and its fork Kilo Code CLI, Pi
// and Auggie.
func Hosts() []*Host {
	return []*Host{Claude(), ClaudeNext(), Gemini(), Codex(), Copilot(), CopilotPascal(), Qwen(), Droid(), Kimi(), Cline(), OpenCode(), Kilo(), Pi(), Auggie()}
}

// Claude is the oldest Claude Code supported (package PkgClaude; headless
// -p, stream-json), hooks in the project's .claude/settings.json.
func Claude() *Host { return claudeHost("claude", PkgClaude) }

// ClaudeNext is the newest Claude Code pinned (package PkgClaudeNext, an
// npm alias), run as Claude.
func ClaudeNext() *Host { return claudeHost("claude-next", PkgClaudeNext) }

// claudeEvents are the events registered on Claude Code: all it fires,
// those of newer versions included (an older version ignores a name it
// does not know; the installer row checks that on the oldest).
var claudeEvents = []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification",
	"UserPromptSubmit", "UserPromptExpansion", "SessionStart", "SessionEnd", "Stop", "StopFailure",
	"SubagentStart", "SubagentStop", "PreCompact", "PostCompact", "PermissionRequest", "PermissionDenied",
	"TaskCreated", "TaskCompleted", "ConfigChange", "InstructionsLoaded", "CwdChanged", "FileChanged", "MessageDisplay",
	"DirectoryAdded", "PreModelSwitch", "PostModelSwitch", "PreSkillShellCommand"}

func claudeHost(id, pkg string) *Host {
	return &Host{
		Name: "claude", ID: id, Package: pkg, Protocol: fakemodel.Anthropic,
		Events:   claudeEvents,
		Register: RegisterClaude,
		setup:    func(r *Run) error { return nil },
		command: func(r *Run, prompt string) ([]string, []string) {
			bin := r.Clients.ClaudeBin(pkg)
			argv := []string{bin, "-p", prompt, "--output-format", "stream-json", "--verbose"}
			if r.Permissions {
				// SDK mode: PermissionRequest hooks fire only here (in plain
				// -p mode a tool not allowed is refused at once).
				msg, _ := json.Marshal(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": prompt}})
				// The result line: it starts with {"type":"result" up to
				// 2.1.217, and has that member further in from 2.1.218.
				r.stdin, r.stdinUntil = string(msg)+"\n", `"type":"result"`
				argv = []string{bin, "-p", "--input-format", "stream-json", "--permission-prompt-tool", "stdio",
					"--output-format", "stream-json", "--verbose"}
			} else if !r.Strict {
				argv = append(argv, "--allowedTools", "Bash,Write,Edit,Read")
			}
			env := []string{
				"CLAUDE_CONFIG_DIR=" + filepath.Join(r.Home, ".claude"),
				"ANTHROPIC_BASE_URL=" + r.Server.URL(),
				"ANTHROPIC_API_KEY=sk-ant-api03-fake-key-for-loopback-only",
				"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1",
				"DISABLE_ERROR_REPORTING=1", "DISABLE_BUG_COMMAND=1",
			}
			return argv, env
		},
	}
}

// claudeToolEvents take a tool-name matcher.
var claudeToolEvents = map[string]bool{"PreToolUse": true, "PostToolUse": true, "PostToolUseFailure": true,
	"PermissionRequest": true, "PermissionDenied": true}

// RegisterClaude registers hook for every event of the run (Run.Events)
// in <project>/.claude/settings.json.
func RegisterClaude(r *Run, hook []string) error {
	cmd := ShellJoin(hook)
	hooks := map[string]any{}
	for _, ev := range r.Events() {
		group := map[string]any{"hooks": []any{map[string]any{"type": "command", "command": cmd, "timeout": 30}}}
		if claudeToolEvents[ev] {
			group["matcher"] = "*"
		}
		hooks[ev] = []any{group}
	}
	return writeJSONFile(filepath.Join(r.Project, ".claude", "settings.json"), map[string]any{"hooks": hooks})
}

// Gemini is Gemini CLI (headless -p, --approval-mode yolo), hooks in the
// project's .gemini/settings.json.
func Gemini() *Host {
	return &Host{
		Name: "gemini", ID: "gemini", Package: PkgGemini, Protocol: fakemodel.Gemini,
		Events: []string{"SessionStart", "SessionEnd", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel",
			"BeforeToolSelection", "BeforeTool", "AfterTool", "PreCompress", "Notification"},
		Noisy:    []string{"BeforeModel", "AfterModel", "BeforeToolSelection", "PreCompress"},
		Register: RegisterGemini,
		setup: func(r *Run) error {
			return writeJSONFile(filepath.Join(r.Home, ".gemini", "settings.json"), map[string]any{
				"general":   map[string]any{"enableAutoUpdate": false, "enableAutoUpdateNotification": false},
				"privacy":   map[string]any{"usageStatisticsEnabled": false},
				"telemetry": map[string]any{"enabled": false},
				"security":  map[string]any{"auth": map[string]any{"selectedType": "gemini-api-key"}},
			})
		},
		command: func(r *Run, prompt string) ([]string, []string) {
			argv := []string{r.Clients.Bin("gemini"), "-p", prompt, "-m", "gemini-2.5-flash",
				"--output-format", "json", "--approval-mode", "yolo"}
			env := []string{
				"TERM=dumb", "NO_COLOR=1",
				"GEMINI_API_KEY=dummy-key",
				"GOOGLE_GEMINI_BASE_URL=" + r.Server.URL(),
				"GEMINI_CLI_TRUST_WORKSPACE=true",
				"GEMINI_CLI_NO_RELAUNCH=true",
			}
			return argv, env
		},
	}
}

// RegisterGemini registers hook for every event of the run (Run.Events)
// in <project>/.gemini/settings.json (timeouts in milliseconds).
func RegisterGemini(r *Run, hook []string) error {
	cmd := ShellJoin(hook)
	hooks := map[string]any{}
	for _, ev := range r.Events() {
		hooks[ev] = []any{map[string]any{"hooks": []any{map[string]any{
			"type": "command", "name": "e2e-" + ev, "command": cmd, "timeout": 30000}}}}
	}
	return writeJSONFile(filepath.Join(r.Project, ".gemini", "settings.json"),
		map[string]any{"hooksConfig": map[string]any{"enabled": true}, "hooks": hooks})
}

// Codex is Codex CLI (codex exec --json) with a custom Responses API
// provider, hooks in $CODEX_HOME/hooks.json, hook trust bypassed.
func Codex() *Host {
	return &Host{
		Name: "codex", ID: "codex", Package: PkgCodex, Protocol: fakemodel.OpenAI,
		Events: []string{"SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PermissionRequest",
			"PostToolUse", "PreCompact", "PostCompact", "Stop", "SubagentStart", "SubagentStop"},
		Register: RegisterCodex,
		setup: func(r *Run) error {
			toml := fmt.Sprintf(`model = "gpt-5.5"
model_provider = "fake"
approval_policy = "never"
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false

[model_providers.fake]
name = "fake"
base_url = %q
wire_api = "responses"
env_key = "FAKE_API_KEY"
request_max_retries = 0
stream_max_retries = 0
supports_websockets = false

[analytics]
enabled = false

[feedback]
enabled = false

[features]
plugins = false
apps = false
remote_plugin = false

[projects.%q]
trust_level = "trusted"
`, r.Server.URL()+"/v1", r.Project)
			dir := filepath.Join(r.Home, ".codex")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, "config.toml"), []byte(toml), 0o644)
		},
		command: func(r *Run, prompt string) ([]string, []string) {
			argv := []string{r.Clients.Bin("codex"), "exec", "--json", "--color", "never", "-C", r.Workdir, "--skip-git-repo-check"}
			if r.Permissions {
				// The sandbox in force and approvals by the auto-reviewer:
				// an escalated command first goes through PermissionRequest
				// hooks (codex exec forces approval "never" otherwise).
				argv = append(argv, "--approve-for-me", "-c", `sandbox_mode="workspace-write"`)
			}
			if !r.Untrusted {
				argv = append(argv, "--dangerously-bypass-hook-trust")
			}
			argv = append(argv, prompt)
			env := []string{
				"CODEX_HOME=" + filepath.Join(r.Home, ".codex"),
				"SHELL=/bin/sh", "FAKE_API_KEY=dummy", "RUST_LOG=warn", "NO_COLOR=1",
			}
			return argv, env
		},
	}
}

// codexShortEvents have their hook timeout clamped to 3 s by Codex.
var codexShortEvents = map[string]bool{"SessionEnd": true, "Interrupt": true}

// RegisterCodex registers hook for every event of the run (Run.Events)
// in $CODEX_HOME/hooks.json (timeouts in seconds).
func RegisterCodex(r *Run, hook []string) error {
	cmd := ShellJoin(hook)
	hooks := map[string]any{}
	for _, ev := range r.Events() {
		timeout := 30
		if codexShortEvents[ev] {
			timeout = 3
		}
		hooks[ev] = []any{map[string]any{"hooks": []any{map[string]any{"type": "command", "command": cmd, "timeout": timeout}}}}
	}
	return writeJSONFile(filepath.Join(r.Home, ".codex", "hooks.json"), map[string]any{"hooks": hooks})
}

// ShellJoin quotes argv for a POSIX shell.
func ShellJoin(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,") == "" {
			q[i] = a
			continue
		}
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

func writeJSONFile(path string, v any) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
