package harness

import (
	"encoding/json"
	"path/filepath"

	"github.com/agenthooks/hooks/auggie"
	"github.com/agenthooks/hooks/e2e/fakemodel"
)

// PkgAuggie is Auggie's npm package.
const PkgAuggie = "@augmentcode/auggie"

// Auggie is Auggie (auggie --print, --workspace-root the project),
// signed in through AUGMENT_SESSION_AUTH to the fake Augment tenant
// (fakemodel.Augment, which turns its enable_hooks flag on), hooks in
// the project's .augment/settings.json (timeouts in milliseconds).
func Auggie() *Host {
	return &Host{
		Name: "auggie", ID: "auggie", Package: PkgAuggie, Protocol: fakemodel.Augment,
		Events: []string{auggie.EventSessionStart, auggie.EventSessionEnd, auggie.EventPromptSubmit, auggie.EventPreToolUse,
			auggie.EventPostToolUse, auggie.EventStop, auggie.EventNotification},
		Register: RegisterAuggie,
		setup:    func(r *Run) error { return nil },
		command: func(r *Run, prompt string) ([]string, []string) {
			argv := []string{r.Clients.Bin("auggie"), "--print", "--workspace-root", r.Project, "--dont-save-session", prompt}
			session, _ := json.Marshal(map[string]any{"accessToken": "fake-token-for-loopback-only",
				"tenantURL": r.Server.URL() + "/", "scopes": []string{"email"}})
			return argv, []string{"AUGMENT_SESSION_AUTH=" + string(session), "TERM=dumb", "NO_COLOR=1"}
		},
	}
}

// RegisterAuggie registers hook for every event of the run in
// <project>/.augment/settings.json: matcher groups with no matcher (every
// tool), timeouts in milliseconds.
func RegisterAuggie(r *Run, hook []string) error {
	cmd := ShellJoin(hook)
	hooks := map[string]any{}
	for _, ev := range r.Events() {
		hooks[ev] = []any{map[string]any{"hooks": []any{map[string]any{"type": "command", "command": cmd, "timeout": 30000}}}}
	}
	return writeJSONFile(filepath.Join(r.Project, ".augment", "settings.json"), map[string]any{"hooks": hooks})
}
