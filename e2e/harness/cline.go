package harness

import (
	"net"
	"os"
	"path/filepath"
	"strconv"

	"github.com/agenthooks/hooks/e2e/fakemodel"
)

// PkgCline is Cline CLI's platform package: the cline package pins the
// other platforms' packages, which the registry here does not serve, so
// its lock cannot be installed; this one holds the whole (native)
// executable.
const PkgCline = "@cline/cli-linux-x64"

// ClineEvents are the hook file names Cline CLI 3.0.65 reads (one
// executable file per event; PreCompact maps to no runtime event).
var ClineEvents = []string{"TaskStart", "TaskResume", "TaskCancel", "TaskComplete", "TaskError", "PreToolUse",
	"PostToolUse", "UserPromptSubmit", "PreCompact", "SessionShutdown"}

// Cline is Cline CLI (cline --json with an openai-compatible provider set
// by cline auth), hooks as executable files in the project's
// .clinerules/hooks, one per event. Every run gets a hub port of its own
// (CLINE_HUB_PORT): Cline starts a hub daemon that outlives the run,
// which Execute stops by its PID.
func Cline() *Host {
	return &Host{
		Name: "cline", ID: "cline", Package: PkgCline, Protocol: fakemodel.Chat,
		Events:   ClineEvents,
		Register: RegisterCline,
		// The runs proven on Cline so far.
		Runs: []string{"baseline", "guard", "control", "context", "fail-closed", "fail-open", "fail-closed-typed",
			"allow-bypass", "prompt-deny", "installer", "guard-binary", "guard-shell", "guard-outcomes", "gofmt-binary",
			"gateway", "gateway-late", "gateway-binary", "gateway-down", "guard-install", "guard-tricks", "guard-tamper",
			// n/a here, each with its reason (the skill-shell and
			// subagent runs measure what their reason says).
			"codex-trust", "permission-request-plain", "model", "native", "plugin", "portable-command",
			"permission-request", "skill-shell", "subagent", "guard-write-tools", "guard-secrets"},
		setup: func(r *Run) error {
			port, err := freePort()
			if err != nil {
				return err
			}
			r.clineHubPort = port
			// What `cline auth -p openai-compatible -b URL -k KEY -m MODEL`
			// writes (3.0.65), without its 30 s start under load.
			return writeJSONFile(filepath.Join(r.Home, ".cline", "data", "settings", "providers.json"), map[string]any{
				"version": 1, "lastUsedProvider": "openai-compatible", "modes": map[string]any{},
				"providers": map[string]any{"openai-compatible": map[string]any{
					"settings": map[string]any{"provider": "openai-compatible", "apiKey": "dummy-key",
						"model": "fake-model", "baseUrl": r.Server.URL() + "/v1"},
					"updatedAt": "2026-12-01T00:00:00.000Z", "tokenSource": "manual"}},
			})
		},
		command: func(r *Run, prompt string) ([]string, []string) {
			return []string{r.Clients.Bin("cline"), "--json", prompt}, r.clineEnv()
		},
		after: func(r *Run) { r.stopClineHub() },
	}
}

// clineEnv is the environment of every cline process of the run.
func (r *Run) clineEnv() []string {
	return []string{"CLINE_HUB_PORT=" + strconv.Itoa(r.clineHubPort), "CLINE_NO_AUTO_UPDATE=1", "TERM=dumb", "NO_COLOR=1"}
}

// RegisterCline registers hook for every event of the run as an
// executable file <project>/.clinerules/hooks/<Event> that execs it.
func RegisterCline(r *Run, hook []string) error {
	dir := filepath.Join(r.Project, ".clinerules", "hooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	script := "#!/bin/sh\nexec " + ShellJoin(hook) + "\n"
	for _, ev := range r.Events() {
		if err := os.WriteFile(filepath.Join(dir, ev), []byte(script), 0o755); err != nil {
			return err
		}
	}
	return nil
}

// freePort returns a TCP port of 127.0.0.1 that nothing listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
