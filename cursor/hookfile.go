package cursor

import (
	"time"

	"github.com/agenthooks/hooks/hostfacts"
)

// HookFile implements hostfacts.HookFiler: .cursor/hooks.json with
// "version": 1, entries listed directly per event, timeouts in seconds.
// A command names the project as "$CURSOR_PROJECT_DIR": Cursor sets it
// (and CLAUDE_PROJECT_DIR) for every hook and runs a project's hooks in
// the project (its documentation, and an environment dump of IDE 3.9.16;
// not run here: the client cannot run on this machine). Which shell runs
// the command is not documented (sh -c-like on Linux and macOS; cmd.exe,
// which does not expand $NAME, on Windows).
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"cursor-agent", "cursor"}, Title: "Cursor", UserInDir: true,
		Dir: ".cursor", Name: "hooks.json", TimeoutUnit: time.Second,
		Trust:        "Cursor runs project hooks only in a trusted workspace",
		WindowsShell: hostfacts.ShellCmd, ProjectDir: `"$CURSOR_PROJECT_DIR"`,
		JSON: hostfacts.JSONSettings{FailClosed: true, Flat: true, Version: true}}
}

// HookEnv implements hostfacts.HookEnver: Cursor gives its hooks the
// project's directory under its own name and Claude Code's, and its
// version (3.9.16 as measured).
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"CURSOR_PROJECT_DIR=" + project, "CLAUDE_PROJECT_DIR=" + project, "CURSOR_VERSION=3.9.16"}
}
