// Package sample builds the small payloads the adapters state as samples
// of what their host sends (hostfacts.Sampler): objects whose members keep
// their order, rendered as compact JSON. It is separate from the
// installer's JSONC editor so that a hook binary does not link that.
package sample

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
)

// The identifiers and the harmless action the samples carry.
const (
	Session = "00000000-0000-4000-8000-00000000d0c7"
	Turn    = "00000000-0000-4000-8000-00000000d0c8"
	Prompt  = "hello"
	Command = "echo hello"
)

// Obj is an object, its members in order.
type Obj []KV

// KV is one member of an Obj.
type KV struct {
	K string
	V any
}

// Raw is JSON text rendered as is (a number such as 12.5).
type Raw string

// KVOf returns the member k: v.
func KVOf(k string, v any) KV { return KV{K: k, V: v} }

// Render returns o as compact JSON, or nil for a nil o.
func Render(o Obj) []byte {
	if o == nil {
		return nil
	}
	var b strings.Builder
	render(&b, o)
	return []byte(b.String())
}

func render(b *strings.Builder, v any) {
	switch v := v.(type) {
	case Obj:
		b.WriteByte('{')
		for i, kv := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(quote(kv.K))
			b.WriteByte(':')
			render(b, kv.V)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			render(b, e)
		}
		b.WriteByte(']')
	case string:
		b.WriteString(quote(v))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int:
		b.WriteString(strconv.Itoa(v))
	case Raw:
		b.WriteString(string(v))
	case nil:
		b.WriteString("null")
	default:
		panic("sample.Render: unsupported type")
	}
}

func quote(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// Claude is a payload of Claude Code's event ev in project dir, in the
// shape Qwen Code and Factory Droid also send (their own shell tool and
// transcript are set by [ClaudeLike]); skillShell names Claude Code's
// skill-preamble event. It returns nil for an event it has no sample of.
func Claude(ev, dir, skillShell string) Obj {
	kv := KVOf
	o := Obj{kv("session_id", Session),
		kv("transcript_path", filepath.Join(dir, ".claude", "doctor-transcript.jsonl")), kv("cwd", dir)}
	shell := Obj{kv("command", Command), kv("description", "Print hello")}
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
		return append(o, kv("prompt", Prompt))
	case "PreToolUse":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell), kv("tool_use_id", "toolu_d0c7"))
	case "PermissionRequest":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell))
	case "PostToolUse":
		return append(o, kv("tool_name", "Bash"), kv("tool_input", shell),
			kv("tool_response", Obj{kv("stdout", "hello"), kv("stderr", ""), kv("interrupted", false), kv("isImage", false)}),
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
	if skillShell != "" && ev == skillShell {
		return append(o, kv("tool_name", "Bash"), kv("tool_input", Obj{kv("command", Command)}),
			kv("tool_use_id", "d0c7:inner:preamble-0"), kv("command_name", "doctor"),
			kv("command_source", "projectSettings"), kv("invoked_by", "user"))
	}
	return nil
}

// ClaudeLike turns a [Claude] payload into one of a host that sends the
// same shape under its own shell tool and transcript path.
func ClaudeLike(o Obj, shell, transcript string) Obj {
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
