package codex

import (
	"encoding/json"
	"errors"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// The readers: Codex's payloads read, and answers written, without
// reflection. Codex writes its payloads with serde_json: keys are read
// exactly (unescaped, never case-folded), and the last of duplicate keys
// wins in the envelope, which Codex never duplicates (see
// internal/fastjson); fast_test.go checks the readers against a reference
// with those rules.

// fastInput decodes payload into in as a json.Decoder followed by a check
// for trailing data would, with exact, case-sensitive keys. It returns
// false when payload is not one JSON object or a field has the wrong
// type; in may then be partly filled.
func fastInput(payload []byte, in *Input) bool {
	// Validated as it is read: what the members set is dropped when the
	// payload turns out not to be one JSON object.
	return fastjson.ObjectMembers(payload, func(k string, v fastjson.Value) bool {
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
		}
		return true
	})
}

// readToolInput reads a Bash or apply_patch tool_input: its "command",
// the field a policy judges, and for Bash the "description". Codex builds
// this object itself (from the model's exec_command or apply_patch call),
// so a duplicate or a case variant of "command" never comes from Codex:
// the command is read in fastjson.Unique mode, and such an input gets an
// error (the hooks.Tool.InputErr) as does a missing or non-string command.
func readToolInput(raw json.RawMessage) (command, description string, err error) {
	cmd := fastjson.Field{Key: "command", Mode: fastjson.Unique}
	if !fastjson.Args(raw, func(k string, v fastjson.Value) {
		if k == "description" {
			description, _ = v.String()
		}
	}, &cmd) {
		return "", "", errors.New("tool_input is not a JSON object")
	}
	return cmd.Value, description, cmd.Err()
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
