package copilot

import (
	"time"

	"github.com/agenthooks/hooks"
)

// HookFile implements hooks.HookFiler: Copilot CLI reads every JSON file
// of .github/hooks (in a project) and of $COPILOT_HOME/hooks (the user's,
// ~/.copilot/hooks), so each binary gets its own file, named after it,
// with "version": 1 and flat entries {"type":"command","bash":…,
// "timeoutSec":…} under the native camelCase events. Their payloads do
// not name the event, so the command passes it: --event preToolUse.
func (*Adapter) HookFile() hooks.HookFile {
	return hooks.HookFile{Title: "Copilot CLI", Dir: ".github/hooks", PerBinary: true, UserDir: ".copilot/hooks", HomeEnv: "COPILOT_HOME",
		Flat: true, Version: true, TimeoutUnit: time.Second, CommandKey: "bash", TimeoutKey: "timeoutSec", EventFlag: true,
		Trust: "Copilot CLI loads a repository's hooks only in a trusted folder, and in copilot -p only with " +
			"--trust-folder or COPILOT_ALLOW_ALL=true (exactly); otherwise it skips them without a word: " +
			"install with --scope user to have them everywhere"}
}
