package gemini

import (
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// HookFile implements hostfacts.HookFiler: .gemini/settings.json, read as
// JSONC, matcher groups, timeouts in milliseconds. PreCompress (unified
// PreCompact) and the model-level events (BeforeModel, AfterModel,
// BeforeToolSelection) are registered only when asked for: Gemini CLI
// fires them on every model call (AfterModel on every streamed chunk),
// PreCompress whether it compresses or not.
//
// A command names the project as $GEMINI_PROJECT_DIR, unquoted: before
// bash runs a command, Gemini CLI 0.61 replaces $GEMINI_PROJECT_DIR (and
// $CLAUDE_PROJECT_DIR, $GEMINI_CWD) in it with the project's directory
// already quoted for the shell (its expandCommand, read in the bundle), so
// "$GEMINI_PROJECT_DIR" would put those quotes into the path of a
// project whose path needs them. Measured: e2e row portable-command, a
// clone at a path with a space.
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"gemini"}, Title: "Gemini CLI", ErrorBlocks: true,
		Dir: ".gemini", Name: "settings.json",
		TimeoutUnit:  time.Millisecond,
		NotByDefault: []hooks.EventName{hooks.PreCompact, hooks.PreModel, hooks.PostModel, hooks.PreToolSelection},
		Trust:        trust, UserTrust: trust, ProjectDir: "$GEMINI_PROJECT_DIR",
		ProjectDirReplaced: true, TrustFiles: []string{"trustedFolders.json"},
		JSON: hostfacts.JSONSettings{JSONC: true}, Managed: managedSettings()}
}

// managedSettings is Gemini CLI's system settings file, which wins over
// the user's and the workspace's: its path per system and the variable
// that replaces it, read in the bundle of 0.61 (getSystemSettingsPath).
// Its hooks are concatenated with the user's and the project's, and
// 0.61's hook registry loads the merged set as the project's, under the
// same folder-trust rule (processHooksFromConfig, read in the bundle): a
// doctor checks the folder's trust for the system file's entries as for
// the project's. Not measured untrusted: GEMINI_CLI_TRUST_WORKSPACE=false
// in a headless run still ran them (e2e, 0.61).
func managedSettings() hostfacts.Managed {
	return hostfacts.Managed{
		Linux: "/etc/gemini-cli/settings.json", Darwin: "/Library/Application Support/GeminiCli/settings.json",
		Windows: `C:\ProgramData\gemini-cli\settings.json`, Env: "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
		Needs: "Gemini CLI loads the system file's hooks with the project's, under its folder-trust rule (read in 0.61's code)",
		Evidence: "paths and GEMINI_CLI_SYSTEM_SETTINGS_PATH read in the bundle of 0.61; the trust rule read in its hook registry; " +
			"a system-file hook's deny measured on Linux (e2e TestManagedScope)",
	}
}

const trust = "Gemini CLI runs hooks only in trusted folders; doctor checks the project's trust"

// HookEnv implements hostfacts.HookEnver: Gemini CLI gives its hooks the
// project's directory (under its own names and Claude Code's) and the
// session's identifier.
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"GEMINI_PROJECT_DIR=" + project, "GEMINI_CWD=" + project, "CLAUDE_PROJECT_DIR=" + project,
		"GEMINI_SESSION_ID=" + session}
}
