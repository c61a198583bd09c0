package cursor

import (
	"path/filepath"

	"github.com/agenthooks/hooks/internal/sample"
)

// SamplePayload implements hostfacts.Sampler: a payload of the native event as Cursor sends it.
func (*Adapter) SamplePayload(native, dir string) []byte {
	return sample.Render(samplePayload(native, dir))
}

func samplePayload(ev, dir string) sample.Obj {
	kv := sample.KVOf
	shell := sample.Obj{kv("command", sample.Command), kv("cwd", ""), kv("timeout", 30000)}
	var o sample.Obj
	switch ev {
	case "sessionStart":
		o = sample.Obj{kv("is_background_agent", false), kv("composer_mode", "agent")}
	case "sessionEnd":
		o = sample.Obj{kv("reason", "user_close"), kv("duration_ms", 0), kv("is_background_agent", false),
			kv("final_status", "completed")}
	case "beforeSubmitPrompt":
		o = sample.Obj{kv("prompt", sample.Prompt), kv("attachments", []any{}), kv("composer_mode", "agent")}
	case "preToolUse":
		o = sample.Obj{kv("tool_name", "Grep"), kv("tool_input", sample.Obj{kv("pattern", "hello"), kv("file_path", dir)}),
			kv("tool_use_id", "tool_d0c7")}
	case "beforeShellExecution":
		o = sample.Obj{kv("command", sample.Command), kv("cwd", ""), kv("sandbox", false)}
	case "beforeMCPExecution":
		o = sample.Obj{kv("tool_name", "echo"), kv("tool_input", `{"text":"hello"}`), kv("command", "npx -y @example/echo-mcp")}
	case "beforeReadFile":
		o = sample.Obj{kv("file_path", filepath.Join(dir, "README.md")), kv("content", "hello\n"), kv("attachments", []any{})}
	case "postToolUse":
		o = sample.Obj{kv("tool_name", "Shell"), kv("tool_input", shell), kv("tool_output", `{"output":"hello\n","exitCode":0}`),
			kv("duration", sample.Raw("12.5")), kv("tool_use_id", "d0c7d0c7-0000-4000-8000-000000000001"), kv("cwd", "")}
	case "postToolUseFailure":
		o = sample.Obj{kv("tool_name", "Shell"), kv("tool_input", shell), kv("error_message", "Command failed with exit code 1"),
			kv("failure_type", "error"), kv("duration", sample.Raw("10.5")), kv("is_interrupt", false),
			kv("tool_use_id", "d0c7d0c7-0000-4000-8000-000000000001"), kv("cwd", "")}
	case "stop":
		o = sample.Obj{kv("status", "completed"), kv("loop_count", 0)}
	case "subagentStart":
		o = sample.Obj{kv("subagent_id", "tool_d0c7"), kv("subagent_type", "general-purpose"), kv("task", "Say hello"),
			kv("parent_conversation_id", sample.Session), kv("tool_call_id", "tool_d0c7"), kv("subagent_model", "default"),
			kv("is_parallel_worker", false)}
	case "subagentStop":
		o = sample.Obj{kv("subagent_id", "tool_d0c7"), kv("subagent_type", "general-purpose"), kv("status", "completed"),
			kv("duration_ms", 1200), kv("parent_conversation_id", sample.Session), kv("message_count", 2),
			kv("tool_call_count", 0), kv("loop_count", 0), kv("task", "Say hello"), kv("description", "Say hello"),
			kv("agent_transcript_path", nil)}
	case "preCompact":
		o = sample.Obj{kv("trigger", "manual"), kv("context_usage_percent", sample.Raw("50.5")), kv("context_tokens", 101000),
			kv("context_window_size", 200000), kv("message_count", 12), kv("messages_to_compact", 10),
			kv("is_first_compaction", true)}
	default:
		return nil
	}
	head := sample.Obj{kv("conversation_id", sample.Session), kv("generation_id", sample.Turn), kv("model", "default")}
	tail := sample.Obj{kv("session_id", sample.Session), kv("hook_event_name", ev), kv("cursor_version", "3.9.16"),
		kv("workspace_roots", []any{dir}), kv("user_email", "dev@example.com"), kv("transcript_path", nil)}
	return append(append(head, o...), tail...)
}
