package codex

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// The fast path: Codex's payloads and answers read and written without
// reflection. Each function does exactly what encoding/json would do, or
// returns false for the caller to use encoding/json (see
// internal/fastjson); fast_test.go checks that against encoding/json.

// inputKeys are the JSON names of Input's fields.
var inputKeys = [...]string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model",
	"permission_mode", "source", "reason", "prompt", "tool_name", "tool_input", "tool_response", "tool_use_id",
	"stop_hook_active", "last_assistant_message", "agent_id", "agent_type", "agent_transcript_path", "trigger"}

// fastInput decodes payload into in as a json.Decoder followed by a check
// for trailing data would. On false, in may be partly filled and must be
// reset.
func fastInput(payload []byte, in *Input) bool {
	d, ok := fastjson.Object(payload)
	if !ok {
		return false
	}
	return d.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "session_id":
			return v.SetString(&in.SessionID)
		case "turn_id":
			return v.SetString(&in.TurnID)
		case "transcript_path":
			return v.SetStringPtr(&in.TranscriptPath)
		case "cwd":
			return v.SetString(&in.Cwd)
		case "hook_event_name":
			return v.SetString(&in.HookEventName)
		case "model":
			return v.SetString(&in.Model)
		case "permission_mode":
			return v.SetString(&in.PermissionMode)
		case "source":
			return v.SetString(&in.Source)
		case "reason":
			return v.SetString(&in.Reason)
		case "prompt":
			return v.SetString(&in.Prompt)
		case "tool_name":
			return v.SetString(&in.ToolName)
		case "tool_input":
			in.ToolInput = v.Raw()
		case "tool_response":
			in.ToolResponse = v.Raw()
		case "tool_use_id":
			return v.SetString(&in.ToolUseID)
		case "stop_hook_active":
			return v.SetBool(&in.StopHookActive)
		case "last_assistant_message":
			return v.SetStringPtr(&in.LastAssistantMessage)
		case "agent_id":
			return v.SetString(&in.AgentID)
		case "agent_type":
			return v.SetString(&in.AgentType)
		case "agent_transcript_path":
			return v.SetStringPtr(&in.AgentTranscriptPath)
		case "trigger":
			return v.SetString(&in.Trigger)
		default:
			return !fastjson.FoldsTo(k, inputKeys[:])
		}
		return true
	})
}

var (
	shellKeys = [...]string{"command", "description"}
	patchKeys = [...]string{"command"}
)

// fastToolInput decodes raw into v (a *ShellToolInput or *PatchToolInput)
// as decodeToolInput does when it succeeds: it returns false, with v left
// zero, unless raw is an object whose command is a string and whose other
// fields have their types.
func fastToolInput(raw json.RawMessage, v any) bool {
	var cmd *string
	var desc string
	keys := shellKeys[:]
	if _, ok := v.(*PatchToolInput); ok {
		keys = patchKeys[:]
	} else if _, ok := v.(*ShellToolInput); !ok {
		return false
	}
	d, ok := fastjson.Object(raw)
	if !ok {
		return false
	}
	ok = d.Members(func(k string, val fastjson.Value) bool {
		switch {
		case k == "command":
			return val.SetStringPtr(&cmd)
		case k == "description" && len(keys) == 2:
			return val.SetString(&desc)
		}
		return !fastjson.FoldsTo(k, keys)
	})
	if !ok || cmd == nil {
		return false
	}
	switch in := v.(type) {
	case *ShellToolInput:
		in.Command, in.Description = *cmd, desc
	case *PatchToolInput:
		in.Command = *cmd
	}
	return true
}

// appendOutput writes o as json.Encoder with SetEscapeHTML(false) does,
// without the newline. It returns false for an output with an updated
// input (a raw JSON value encoding/json re-compacts), which it leaves to
// encoding/json.
func appendOutput(dst []byte, o *Output) ([]byte, bool) {
	s := o.HookSpecificOutput
	if s != nil && s.UpdatedInput != nil {
		return nil, false
	}
	w := fastjson.Writer{Buf: dst}
	w.Open("")
	if o.Continue != nil {
		w.Bool("continue", *o.Continue)
	}
	w.OptString("stopReason", o.StopReason)
	w.OptString("systemMessage", o.SystemMessage)
	w.OptString("decision", o.Decision)
	w.OptString("reason", o.Reason)
	if s != nil {
		w.Open("hookSpecificOutput")
		w.String("hookEventName", s.HookEventName)
		w.OptString("permissionDecision", s.PermissionDecision)
		w.OptString("permissionDecisionReason", s.PermissionDecisionReason)
		w.OptString("additionalContext", s.AdditionalContext)
		if d := s.Decision; d != nil {
			w.Open("decision")
			w.String("behavior", d.Behavior)
			w.OptString("message", d.Message)
			w.Close()
		}
		w.Close()
	}
	w.Close()
	return w.Buf, true
}

// outputSize is the buffer an answer is written into: room for a deny
// with a reason of a few lines, so that the buffer is allocated once.
const outputSize = 512
