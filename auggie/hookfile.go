package auggie

import (
	"time"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/sample"
)

// HookFile implements hostfacts.HookFiler: Auggie 0.36.0 reads the
// "hooks" of /etc/augment/settings.json (system: its hooks cannot be
// removed by the others), ~/.augment/settings.json (the user's),
// <workspace>/.augment/settings.local.json and
// <workspace>/.augment/settings.json, in that order, and runs every entry
// of every file (an entry repeated with the same command and args runs
// once). The workspace is the git root, or --workspace-root. Auggie reads
// the files as JSON5 (comments, trailing commas, single quotes) and skips
// one it cannot parse whole, and an event key it does not know with a
// warning, the others kept. The installer reads and writes plain JSON
// (JSONC unset: it would add Gemini CLI's "name" to each entry, a member
// Auggie warns about) and refuses a file it cannot read. Entries are
// matcher groups
// ({"matcher": regex, "hooks": [{"type": "command", "command", "args",
// "timeout"}]}); no matcher (or ".*") matches every tool, MCP tools
// included. Timeouts are in MILLISECONDS.
//
// Auggie asks for no trust before it runs a workspace's hooks (measured:
// the project's file ran with no prompt), and runs them at all only when
// its tenant enables the feature (the enable_hooks feature flag of
// /get-models): a tenant without it runs no hook and says nothing.
// It runs a command without a shell unless it holds one of | & ; < > $ `
// or a newline, or starts with ~ (then bash -c), in the workspace root,
// with AUGMENT_PROJECT_DIR set to it; it replaces ${NAME} in the command
// from its own environment first, but not $NAME.
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"auggie"}, Title: "Auggie", Dir: ".augment", Name: "settings.json",
		Local: "settings.local.json", TimeoutUnit: time.Millisecond, WindowsShell: hostfacts.ShellCmd, SplitsQuotes: true,
		Managed: hostfacts.Managed{Linux: "/etc/augment/settings.json",
			Evidence: "read in Auggie 0.36.0's shipped code (augment.mjs reads /etc/augment/settings.json as its system settings); install --scope managed not run in the real client"},
		ProjectDir: `"$AUGMENT_PROJECT_DIR"`}
}

// HookEnv implements hostfacts.HookEnver: Auggie gives its hooks the
// workspace root in AUGMENT_PROJECT_DIR, the conversation in
// AUGMENT_CONVERSATION_ID (and the event in AUGMENT_HOOK_EVENT, the tool
// in AUGMENT_TOOL_NAME), with its own environment.
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"AUGMENT_PROJECT_DIR=" + project, "AUGMENT_CONVERSATION_ID=" + session}
}

// SamplePayload implements hostfacts.Sampler: a payload of the native
// event as Auggie 0.36.0 sends it, about the shell command "echo hello".
func (*Adapter) SamplePayload(native, dir string) []byte {
	kv := sample.KVOf
	o := sample.Obj{kv("hook_event_name", native), kv("conversation_id", sample.Session), kv("workspace_roots", []any{dir})}
	shell := sample.Obj{kv("command", sample.Command), kv("wait", true), kv("max_wait_seconds", 30), kv("cwd", dir)}
	switch native {
	case EventPreToolUse:
		o = append(o, kv("tool_name", ToolLaunchProcess), kv("tool_input", shell), kv("tool_output", "[undefined]"),
			kv("tool_error", nil), kv("is_mcp_tool", false))
	case EventPostToolUse:
		o = append(o, kv("tool_name", ToolLaunchProcess), kv("tool_input", shell),
			kv("tool_output", "Here are the results from executing the command.\n<return-code>\n0\n</return-code>\n<output>\nhello\n\n</output>"),
			kv("tool_error", nil), kv("is_mcp_tool", false))
	case EventPromptSubmit:
		o = append(o, kv("user_prompt", sample.Prompt))
	case EventStop:
		o = append(o, kv("agent_stop_cause", "end_turn"))
	case EventNotification:
		o = append(o, kv("notification_type", "info"), kv("notification_message", "hello"))
	case EventSessionStart, EventSessionEnd:
	default:
		return nil
	}
	return sample.Render(o)
}
