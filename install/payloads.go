package install

import (
	"path/filepath"

	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/copilot"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/droid"
	"github.com/agenthooks/hooks/internal/jsonc"
	"github.com/agenthooks/hooks/qwen"
)

// The identifiers doctor's synthetic payloads carry.
const (
	doctorSession = "00000000-0000-4000-8000-00000000d0c7"
	doctorTurn    = "00000000-0000-4000-8000-00000000d0c8"
	doctorPrompt  = "hello"
	doctorCommand = "echo hello"
)

// payload returns a small, realistic payload of the host's native event,
// modelled on what the real client sends, about a harmless action (the
// shell command "echo hello") in project directory dir. It returns nil for
// an event doctor does not know.
func payload(h *host, native, dir string) []byte {
	var o jsonc.Obj
	switch h.name {
	case claude.Host:
		o = claudePayload(native, dir)
	case codex.Host:
		o = codexPayload(native, dir)
	case cursor.Host:
		o = cursorPayload(native, dir)
	case copilot.Host:
		o = copilotPayload(native, dir)
	case qwen.Host:
		o = claudeLike(claudePayload(native, dir), "run_shell_command", filepath.Join(dir, ".qwen", "doctor-chat.jsonl"))
	case droid.Host:
		o = claudeLike(claudePayload(native, dir), "Execute", filepath.Join(dir, ".factory", "doctor-session.jsonl"))
		for i := range o {
			if o[i].K == "tool_response" {
				o[i].V = `{"stdout":"hello\n","exitCode":0}` // Droid sends it as a JSON string
			}
		}
	default:
		o = geminiPayload(native, dir)
	}
	if o == nil {
		return nil
	}
	return []byte(jsonc.Render(o, "", jsonc.Style{Compact: true}))
}

// copilotPayload is a payload of Copilot CLI's camelCase events, which
// do not name their event (the command passes --event).
func copilotPayload(ev, dir string) jsonc.Obj {
	o := jsonc.Obj{kv("sessionId", doctorSession), kv("timestamp", 1767225600000), kv("cwd", dir)}
	transcript := filepath.Join(dir, ".copilot-doctor", "events.jsonl")
	args := jsonc.Obj{kv("command", doctorCommand), kv("description", "Print hello")}
	switch ev {
	case "sessionStart":
		return append(o, kv("source", "new"), kv("initialPrompt", doctorPrompt))
	case "sessionEnd":
		return append(o, kv("reason", "complete"))
	case "userPromptSubmitted":
		return append(o, kv("prompt", doctorPrompt))
	case "preToolUse":
		return append(o, kv("toolName", "bash"), kv("toolArgs", args))
	case "permissionRequest":
		return append(jsonc.Obj{kv("hookName", ev)}, append(o, kv("toolName", "bash"),
			kv("toolInput", jsonc.Obj{kv("command", doctorCommand)}), kv("permissionSuggestions", []any{}))...)
	case "postToolUse":
		return append(o, kv("toolName", "bash"), kv("toolArgs", args),
			kv("toolResult", jsonc.Obj{kv("resultType", "success"), kv("textResultForLlm", "hello")}))
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

// claudeLike turns a Claude Code payload into one of a host that sends
// the same shape under its own shell tool and transcript path (Qwen Code,
// Factory Droid).
func claudeLike(o jsonc.Obj, shell, transcript string) jsonc.Obj {
	for i := range o {
		switch o[i].K {
		case "tool_name":
			o[i].V = shell
		case "transcript_path":
			o[i].V = transcript
		}
	}
	return o
}

func kv(k string, v any) jsonc.KV { return jsonc.KV{K: k, V: v} }

func claudePayload(ev, dir string) jsonc.Obj {
	o := jsonc.Obj{kv("session_id", doctorSession),
		kv("transcript_path", filepath.Join(dir, ".claude", "doctor-transcript.jsonl")), kv("cwd", dir)}
	shell := jsonc.Obj{kv("command", doctorCommand), kv("description", "Print hello")}
	switch ev {
	case "SessionStart":
		return append(o, kv("hook_event_name", ev), kv("source", "startup"))
	case "SessionEnd":
		return append(o, kv("hook_event_name", ev), kv("reason", "other"))
	case "PreCompact":
		return append(o, kv("hook_event_name", ev), kv("trigger", "manual"), kv("custom_instructions", nil))
	case "SubagentStart":
		return append(o, kv("agent_id", "a0d0c7"), kv("agent_type", "general-purpose"), kv("hook_event_name", ev))
	case "Notification":
		return append(o, kv("hook_event_name", ev), kv("message", "Claude is waiting for your input"),
			kv("notification_type", "idle_prompt"))
	}
	o = append(o, kv("permission_mode", "default"), kv("hook_event_name", ev))
	switch ev {
	case "UserPromptSubmit":
		return append(o, kv("prompt", doctorPrompt))
	case "PreToolUse":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell), kv("tool_use_id", "toolu_d0c7"))
	case "PermissionRequest":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell))
	case claude.SkillShell:
		return append(o, kv("tool_name", "Bash"), kv("tool_input", jsonc.Obj{kv("command", doctorCommand)}),
			kv("tool_use_id", "d0c7:inner:preamble-0"), kv("command_name", "doctor"),
			kv("command_source", "projectSettings"), kv("invoked_by", "user"))
	case "PostToolUse":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell),
			kv("tool_response", jsonc.Obj{kv("stdout", "hello"), kv("stderr", ""), kv("interrupted", false), kv("isImage", false)}),
			kv("tool_use_id", "toolu_d0c7"))
	case "PostToolUseFailure":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell), kv("tool_use_id", "toolu_d0c7"),
			kv("error", "Exit code 1"), kv("is_interrupt", false))
	case "Stop":
		return append(o, kv("stop_hook_active", false), kv("last_assistant_message", "Done."))
	case "SubagentStop":
		return append(o, kv("agent_id", "a0d0c7"), kv("agent_type", "general-purpose"), kv("stop_hook_active", false),
			kv("agent_transcript_path", filepath.Join(dir, ".claude", "doctor-agent.jsonl")),
			kv("last_assistant_message", "Done."))
	}
	return nil
}

func codexPayload(ev, dir string) jsonc.Obj {
	transcript := filepath.Join(dir, ".codex", "doctor-rollout.jsonl")
	switch ev {
	case "SessionStart":
		return jsonc.Obj{kv("session_id", doctorSession), kv("transcript_path", transcript), kv("cwd", dir),
			kv("hook_event_name", ev), kv("model", "gpt-5.5"), kv("permission_mode", "default"), kv("source", "startup")}
	case "SessionEnd":
		return jsonc.Obj{kv("session_id", doctorSession), kv("transcript_path", transcript), kv("cwd", dir),
			kv("hook_event_name", ev), kv("reason", "other")}
	case "PreCompact":
		return jsonc.Obj{kv("session_id", doctorSession), kv("turn_id", doctorTurn), kv("transcript_path", transcript),
			kv("cwd", dir), kv("hook_event_name", ev), kv("model", "gpt-5.5"), kv("trigger", "manual")}
	}
	o := jsonc.Obj{kv("session_id", doctorSession), kv("turn_id", doctorTurn), kv("transcript_path", transcript),
		kv("cwd", dir), kv("hook_event_name", ev), kv("model", "gpt-5.5"), kv("permission_mode", "default")}
	shell := jsonc.Obj{kv("command", doctorCommand)}
	switch ev {
	case "UserPromptSubmit":
		return append(o, kv("prompt", doctorPrompt))
	case "PreToolUse":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell), kv("tool_use_id", "call_d0c7"))
	case "PermissionRequest":
		return append(o, kv("tool_name", "Bash"),
			kv("tool_input", jsonc.Obj{kv("command", doctorCommand), kv("description", "Print hello")}))
	case "PostToolUse":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell), kv("tool_response", "hello\n"),
			kv("tool_use_id", "call_d0c7"))
	case "Stop":
		return append(o, kv("stop_hook_active", false), kv("last_assistant_message", "Done."))
	case "SubagentStart":
		return append(o, kv("agent_id", "agent_d0c7"), kv("agent_type", "default"))
	case "SubagentStop":
		return append(o, kv("agent_id", "agent_d0c7"), kv("agent_type", "default"),
			kv("agent_transcript_path", filepath.Join(dir, ".codex", "doctor-agent.jsonl")),
			kv("last_assistant_message", "Done."), kv("stop_hook_active", false))
	}
	return nil
}

func geminiPayload(ev, dir string) jsonc.Obj {
	o := jsonc.Obj{kv("session_id", doctorSession),
		kv("transcript_path", filepath.Join(dir, ".gemini", "doctor-session.jsonl")), kv("cwd", dir),
		kv("hook_event_name", ev), kv("timestamp", "2026-01-01T00:00:00.000Z")}
	shell := jsonc.Obj{kv("command", doctorCommand), kv("description", "Print hello")}
	switch ev {
	case "SessionStart":
		return append(o, kv("source", "startup"))
	case "SessionEnd":
		return append(o, kv("reason", "exit"))
	case "BeforeAgent":
		return append(o, kv("prompt", doctorPrompt))
	case "AfterAgent":
		return append(o, kv("prompt", doctorPrompt), kv("prompt_response", "Done."), kv("stop_hook_active", false))
	case "BeforeTool":
		return append(o, kv("tool_name", "run_shell_command"), kv("tool_input", shell))
	case "AfterTool":
		return append(o, kv("tool_name", "run_shell_command"), kv("tool_input", shell),
			kv("tool_response", jsonc.Obj{kv("llmContent", "Output: hello"), kv("returnDisplay", "hello")}))
	case "PreCompress":
		return append(o, kv("trigger", "auto"))
	case "Notification":
		return append(o, kv("notification_type", "ToolPermission"), kv("message", "Tool Confirm Shell Command requires execution"),
			kv("details", jsonc.Obj{kv("type", "exec"), kv("title", "Confirm Shell Command"), kv("command", doctorCommand)}))
	}
	return nil
}

func cursorPayload(ev, dir string) jsonc.Obj {
	shell := jsonc.Obj{kv("command", doctorCommand), kv("cwd", ""), kv("timeout", 30000)}
	var o jsonc.Obj
	switch ev {
	case "sessionStart":
		o = jsonc.Obj{kv("is_background_agent", false), kv("composer_mode", "agent")}
	case "sessionEnd":
		o = jsonc.Obj{kv("reason", "user_close"), kv("duration_ms", 0), kv("is_background_agent", false),
			kv("final_status", "completed")}
	case "beforeSubmitPrompt":
		o = jsonc.Obj{kv("prompt", doctorPrompt), kv("attachments", []any{}), kv("composer_mode", "agent")}
	case "preToolUse":
		o = jsonc.Obj{kv("tool_name", "Grep"), kv("tool_input", jsonc.Obj{kv("pattern", "hello"), kv("file_path", dir)}),
			kv("tool_use_id", "tool_d0c7")}
	case "beforeShellExecution":
		o = jsonc.Obj{kv("command", doctorCommand), kv("cwd", ""), kv("sandbox", false)}
	case "beforeMCPExecution":
		o = jsonc.Obj{kv("tool_name", "echo"), kv("tool_input", `{"text":"hello"}`), kv("command", "npx -y @example/echo-mcp")}
	case "beforeReadFile":
		o = jsonc.Obj{kv("file_path", filepath.Join(dir, "README.md")), kv("content", "hello\n"), kv("attachments", []any{})}
	case "postToolUse":
		o = jsonc.Obj{kv("tool_name", "Shell"), kv("tool_input", shell), kv("tool_output", `{"output":"hello\n","exitCode":0}`),
			kv("duration", jsonc.Raw("12.5")), kv("tool_use_id", "d0c7d0c7-0000-4000-8000-000000000001"), kv("cwd", "")}
	case "postToolUseFailure":
		o = jsonc.Obj{kv("tool_name", "Shell"), kv("tool_input", shell), kv("error_message", "Command failed with exit code 1"),
			kv("failure_type", "error"), kv("duration", jsonc.Raw("10.5")), kv("is_interrupt", false),
			kv("tool_use_id", "d0c7d0c7-0000-4000-8000-000000000001"), kv("cwd", "")}
	case "stop":
		o = jsonc.Obj{kv("status", "completed"), kv("loop_count", 0)}
	case "subagentStart":
		o = jsonc.Obj{kv("subagent_id", "tool_d0c7"), kv("subagent_type", "general-purpose"), kv("task", "Say hello"),
			kv("parent_conversation_id", doctorSession), kv("tool_call_id", "tool_d0c7"), kv("subagent_model", "default"),
			kv("is_parallel_worker", false)}
	case "subagentStop":
		o = jsonc.Obj{kv("subagent_id", "tool_d0c7"), kv("subagent_type", "general-purpose"), kv("status", "completed"),
			kv("duration_ms", 1200), kv("parent_conversation_id", doctorSession), kv("message_count", 2),
			kv("tool_call_count", 0), kv("loop_count", 0), kv("task", "Say hello"), kv("description", "Say hello"),
			kv("agent_transcript_path", nil)}
	case "preCompact":
		o = jsonc.Obj{kv("trigger", "manual"), kv("context_usage_percent", jsonc.Raw("50.5")), kv("context_tokens", 101000),
			kv("context_window_size", 200000), kv("message_count", 12), kv("messages_to_compact", 10),
			kv("is_first_compaction", true)}
	default:
		return nil
	}
	head := jsonc.Obj{kv("conversation_id", doctorSession), kv("generation_id", doctorTurn), kv("model", "default")}
	tail := jsonc.Obj{kv("session_id", doctorSession), kv("hook_event_name", ev), kv("cursor_version", "3.9.16"),
		kv("workspace_roots", []any{dir}), kv("user_email", "dev@example.com"), kv("transcript_path", nil)}
	return append(append(head, o...), tail...)
}
