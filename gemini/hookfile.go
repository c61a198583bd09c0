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
		JSON: hostfacts.JSONSettings{JSONC: true}}
}

const trust = "Gemini CLI runs hooks only in trusted folders; doctor checks the project's trust"

// HookEnv implements hostfacts.HookEnver: Gemini CLI gives its hooks the
// project's directory (under its own names and Claude Code's) and the
// session's identifier.
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"GEMINI_PROJECT_DIR=" + project, "GEMINI_CWD=" + project, "CLAUDE_PROJECT_DIR=" + project,
		"GEMINI_SESSION_ID=" + session}
}
