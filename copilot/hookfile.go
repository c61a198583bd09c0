package copilot

import (
	"path/filepath"
	"time"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/sample"
)

// HookFile implements hostfacts.HookFiler: Copilot CLI reads every JSON file
// of .github/hooks (in a project) and of $COPILOT_HOME/hooks (the user's,
// ~/.copilot/hooks), so each binary gets its own file, named after it,
// with "version": 1 and flat entries {"type":"command","bash":…,
// "timeoutSec":…} under the native camelCase events. Their payloads do
// not name the event, so the command passes it: --event preToolUse.
// $COPILOT_HOME also holds config.json, where the folders the user
// trusted are saved (without that trust a repository's hooks are skipped
// without a word), and settings.json, whose "hooks" block Copilot runs
// too (measured: user_settings_hooks) and whose disableAllHooks its
// documentation names: both are in the footing (TrustFiles).
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"copilot"}, Title: "Copilot CLI", Dir: ".github/hooks",
		UserDir: ".copilot/hooks", HomeEnv: "COPILOT_HOME", TimeoutUnit: time.Second,
		EventFlag: true,
		Trust: "Copilot CLI loads a repository's hooks only in a trusted folder, and in copilot -p only with " +
			"--trust-folder or COPILOT_ALLOW_ALL=true (exactly); otherwise it skips them without a word: " +
			"install with --scope user to have them everywhere",
		ProjectDir: `"$COPILOT_PROJECT_DIR"`, TrustFiles: []string{"config.json", "settings.json"},
		JSON: hostfacts.JSONSettings{PerBinary: true, Flat: true, Version: true, CommandKey: "bash", TimeoutKey: "timeoutSec"}}
}

// HookEnv implements hostfacts.HookEnver: Copilot CLI 1.0.102 gives its
// hooks the project's root under its own name and Claude Code's (and runs
// them there, with bash, replacing nothing in the command: measured, e2e
// row portable-command).
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"COPILOT_PROJECT_DIR=" + project, "CLAUDE_PROJECT_DIR=" + project}
}

// SamplePayload implements hostfacts.Sampler: a payload of the native event
// as Copilot CLI sends it (without its event's name: the command passes
// --event).
func (*Adapter) SamplePayload(native, dir string) []byte {
	return sample.Render(samplePayload(native, dir))
}

func samplePayload(ev, dir string) sample.Obj {
	kv := sample.KVOf
	o := sample.Obj{kv("sessionId", sample.Session), kv("timestamp", 1767225600000), kv("cwd", dir)}
	transcript := filepath.Join(dir, ".copilot-doctor", "events.jsonl")
	args := sample.Obj{kv("command", sample.Command), kv("description", "Print hello")}
	switch ev {
	case "sessionStart":
		return append(o, kv("source", "new"), kv("initialPrompt", sample.Prompt))
	case "sessionEnd":
		return append(o, kv("reason", "complete"))
	case "userPromptSubmitted":
		return append(o, kv("prompt", sample.Prompt))
	case "preToolUse":
		return append(o, kv("toolName", "bash"), kv("toolArgs", args))
	case "permissionRequest":
		return append(sample.Obj{kv("hookName", ev)}, append(o, kv("toolName", "bash"),
			kv("toolInput", sample.Obj{kv("command", sample.Command)}), kv("permissionSuggestions", []any{}))...)
	case "postToolUse":
		return append(o, kv("toolName", "bash"), kv("toolArgs", args),
			kv("toolResult", sample.Obj{kv("resultType", "success"), kv("textResultForLlm", "hello")}))
	case "postToolUseFailure":
		return append(o, kv("toolName", "bash"), kv("toolArgs", args), kv("error", "exit code 1"))
	case "agentStop":
		return append(o, kv("transcriptPath", transcript), kv("stopReason", "end_turn"), kv("stop_hook_active", false))
	case "subagentStart":
		return append(o, kv("transcriptPath", transcript), kv("agentName", "explore"), kv("agentId", "agent-d0c7"),
			kv("agentType", "explore"), kv("parentAgentId", nil))
	case "subagentStop":
		return append(o, kv("transcriptPath", transcript), kv("agentId", "agent-d0c7"), kv("agentType", "explore"),
			kv("agentName", "explore"), kv("response", "Done."), kv("stopReason", "end_turn"), kv("stop_hook_active", false),
			kv("parentAgentId", nil))
	case "preCompact":
		return append(o, kv("transcriptPath", transcript), kv("trigger", "auto"), kv("customInstructions", ""))
	case "notification":
		return append(o, kv("message", "Shell command completed"), kv("title", "Shell"), kv("hook_event_name", "Notification"),
			kv("notification_type", "shell_completed"))
	}
	return nil
}
