package kimi

import (
	"time"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/sample"
)

// HookFile implements hostfacts.HookFiler: Kimi Code reads its hooks from
// the user's ~/.kimi-code/config.toml ($KIMI_CODE_HOME/config.toml when
// set), one [[hooks]] table per entry (event, command, and optionally
// matcher, a regular expression over the tool name, and timeout, 1 to 600
// seconds). There is no project scope (measured: [[hooks]] tables in a
// project's .kimi-code/local.toml or .kimi-code/config.toml never run,
// the same table in the user's file does; the bundle's project file
// schema holds workspace.additional_dir alone).
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"kimi"}, Title: "Kimi Code", Dir: ".kimi-code",
		Name: "config.toml", TimeoutUnit: time.Second, MaxTimeout: 600 * time.Second,
		HomeEnv: "KIMI_CODE_HOME",
		UserOnly: "Kimi Code reads hooks only from the user's config.toml (its project file .kimi-code/local.toml " +
			"holds workspace.additional_dir alone): install with --scope user",
		Format: hostfacts.FormatTOML}
}

// SamplePayload implements hostfacts.Sampler: the payloads of Kimi Code
// 2.1.0, with client_type, a tool_call_id, and the prompt as content
// parts.
func (*Adapter) SamplePayload(native, dir string) []byte {
	kv := sample.KVOf
	o := sample.Obj{kv("hook_event_name", native), kv("session_id", "session_"+sample.Session), kv("cwd", dir),
		kv("client_type", ClientType)}
	shell := sample.Obj{kv("command", sample.Command)}
	switch native {
	case EventSessionStart:
		return sample.Render(append(o, kv("source", "startup"), kv("model", "kimi-for-coding"), kv("profile", "agent")))
	case EventSessionEnd:
		return sample.Render(append(o, kv("reason", "exit")))
	case EventUserPromptSubmit:
		return sample.Render(append(o, kv("prompt", []any{sample.Obj{kv("type", "text"), kv("text", sample.Prompt)}}), kv("is_steer", false)))
	case EventPreToolUse, EventPermissionRequest:
		return sample.Render(append(o, kv("tool_name", ToolBash), kv("tool_input", shell), kv("tool_call_id", "call_d0c7")))
	case EventPostToolUse:
		return sample.Render(append(o, kv("tool_name", ToolBash), kv("tool_input", shell), kv("tool_call_id", "call_d0c7"),
			kv("tool_output", "hello\n")))
	case EventPostToolUseFailure:
		return sample.Render(append(o, kv("tool_name", ToolBash), kv("tool_input", shell), kv("tool_call_id", "call_d0c7"),
			kv("error", sample.Obj{kv("name", "Error"), kv("message", "exit code 1")})))
	case EventStop:
		return sample.Render(append(o, kv("stop_hook_active", false)))
	case EventSubagentStart:
		return sample.Render(append(o, kv("agent_name", "coder"), kv("prompt", sample.Prompt)))
	case EventSubagentStop:
		return sample.Render(append(o, kv("agent_name", "coder"), kv("response", "Done.")))
	case EventPreCompact:
		return sample.Render(append(o, kv("trigger", "manual"), kv("token_count", 1000)))
	case EventNotification:
		return sample.Render(append(o, kv("sink", "context"), kv("notification_type", "task")))
	}
	return nil
}
