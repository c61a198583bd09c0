package codex

import (
	"path/filepath"

	"github.com/agenthooks/hooks/internal/sample"
)

// SamplePayload implements hostfacts.Sampler: a payload of the native event as Codex sends it.
func (*Adapter) SamplePayload(native, dir string) []byte {
	return sample.Render(samplePayload(native, dir))
}

func samplePayload(ev, dir string) sample.Obj {
	kv := sample.KVOf
	transcript := filepath.Join(dir, ".codex", "doctor-rollout.jsonl")
	switch ev {
	case "SessionStart":
		return sample.Obj{kv("session_id", sample.Session), kv("transcript_path", transcript), kv("cwd", dir),
			kv("hook_event_name", ev), kv("model", "gpt-5.5"), kv("permission_mode", "default"), kv("source", "startup")}
	case "SessionEnd":
		return sample.Obj{kv("session_id", sample.Session), kv("transcript_path", transcript), kv("cwd", dir),
			kv("hook_event_name", ev), kv("reason", "other")}
	case "PreCompact":
		return sample.Obj{kv("session_id", sample.Session), kv("turn_id", sample.Turn), kv("transcript_path", transcript),
			kv("cwd", dir), kv("hook_event_name", ev), kv("model", "gpt-5.5"), kv("trigger", "manual")}
	}
	o := sample.Obj{kv("session_id", sample.Session), kv("turn_id", sample.Turn), kv("transcript_path", transcript),
		kv("cwd", dir), kv("hook_event_name", ev), kv("model", "gpt-5.5"), kv("permission_mode", "default")}
	shell := sample.Obj{kv("command", sample.Command)}
	switch ev {
	case "UserPromptSubmit":
		return append(o, kv("prompt", sample.Prompt))
	case "PreToolUse":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell), kv("tool_use_id", "call_d0c7"))
	case "PermissionRequest":
		return append(o, kv("tool_name", "Bash"),
			kv("tool_input", sample.Obj{kv("command", sample.Command), kv("description", "Print hello")}))
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
