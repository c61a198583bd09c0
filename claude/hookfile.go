package claude

import (
	"time"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/sample"
)

// HookFile implements hostfacts.HookFiler: .claude/settings.json, matcher
// groups, timeouts in seconds. Claude Code also runs HTTP hooks, except on
// SessionStart (2.1.197 logs "HTTP hooks are not supported for
// SessionStart" and skips them; checked with the real client in e2e).
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"claude"}, Title: "Claude Code", Dir: ".claude",
		Name: "settings.json", TimeoutUnit: time.Second, HomeEnv: "CLAUDE_CONFIG_DIR",
		Local: "settings.local.json", WindowsShell: hostfacts.ShellBash,
		Managed: managedSettings(), ProjectDir: projectDir,
		JSON: hostfacts.JSONSettings{HTTP: true, MatchAll: "*", StatusMessage: true, Async: true,
			Plugin: "hooks/hooks.json", PluginOmits: []string{SkillShell},
			PluginNote: "PreSkillShellCommand is not registered in a plugin: Claude Code before 2.1.332 rejects a plugin's whole hooks/hooks.json " +
				"over an event name it does not know (measured on 2.1.197: no hook of the plugin ran), so a slash command's `!` lines run unchecked " +
				"by this plugin on 2.1.332 and later; register the hook in settings (--scope project or user) to cover them",
			NoHTTP: []string{"SessionStart"}}}
}

// projectDir names the project in a command: Claude Code runs a command
// with sh -c (Git Bash on Windows) in the project, with
// CLAUDE_PROJECT_DIR set to it and nothing replaced in the command
// (measured: e2e row portable-command, 2.1.197 and 2.1.332, a clone at
// a path with a space).
const projectDir = `"$CLAUDE_PROJECT_DIR"`

// managedSettings is Claude Code's managed settings file. Read in the
// shipped code of 2.1.197 and 2.1.332 (the path per system; the
// managed-settings.d folder of *.json drop-ins merged over it; the
// "allowManagedHooksOnly" switch, honoured from managed settings only):
// on Windows the folder is C:\Program Files\ClaudeCode, not ProgramData.
// Measured on Linux with both (e2e TestManagedScope): a hook in
// /etc/claude-code/managed-settings.json runs and its deny holds, and with
// allowManagedHooksOnly a project hook that would allow never runs.
func managedSettings() hostfacts.Managed {
	return hostfacts.Managed{
		Linux: "/etc/claude-code/managed-settings.json", Darwin: "/Library/Application Support/ClaudeCode/managed-settings.json",
		Windows: `C:\Program Files\ClaudeCode\managed-settings.json`, DropIns: "managed-settings.d", OnlyManaged: "allowManagedHooksOnly",
		Evidence: "paths, drop-in folder and allowManagedHooksOnly read in the shipped code of 2.1.197 and 2.1.332; " +
			"managed hooks' deny and the switch measured with both on Linux (e2e TestManagedScope)",
	}
}

// HookEnv implements hostfacts.HookEnver: Claude Code gives its hooks the
// project's directory in CLAUDE_PROJECT_DIR.
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"CLAUDE_PROJECT_DIR=" + project}
}

// SamplePayload implements hostfacts.Sampler: a payload of the native event
// as Claude Code sends it.
func (*Adapter) SamplePayload(native, dir string) []byte {
	return sample.Render(sample.Claude(native, dir, SkillShell))
}
