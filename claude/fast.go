package claude

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// The readers: Claude's payloads read, and answers written, without
// reflection. Claude Code is a JavaScript program: it reads JSON with
// JSON.parse, so keys are read exactly (unescaped, never case-folded) and
// the last of duplicate keys wins (see internal/fastjson); fast_test.go
// checks the readers against a reference with those rules.

// fastInput decodes payload into in as json.Unmarshal would with exact,
// case-sensitive keys. It returns false when payload is not one JSON
// object or a field has the wrong type; in may then be partly filled.
func fastInput(payload []byte, in *Input) bool {
	var toolInput fastjson.Value
	return readInput(payload, in, &toolInput)
}

// readInput is fastInput, and sets toolInput to in.ToolInput as it lies
// in the payload's text, so that the tool's arguments are read from there
// without copying them again.
func readInput(payload []byte, in *Input, toolInput *fastjson.Value) bool {
	// Validated as it is read: what the members set is dropped when the
	// payload turns out not to be one JSON object.
	return fastjson.ObjectMembers(payload, func(k string, v fastjson.Value) bool {
		switch k {
		case "session_id":
			return v.SetString(&in.SessionID)
		case "transcript_path":
			return v.SetString(&in.TranscriptPath)
		case "cwd":
			return v.SetString(&in.Cwd)
		case "hook_event_name":
			return v.SetString(&in.HookEventName)
		case "prompt_id":
			return v.SetString(&in.PromptID)
		case "permission_mode":
			return v.SetString(&in.PermissionMode)
		case "agent_id":
			return v.SetString(&in.AgentID)
		case "agent_type":
			return v.SetString(&in.AgentType)
		case "effort":
			in.Effort = v.Raw()
		case "model":
			in.Model = v.Raw()
		case "tool_name":
			return v.SetString(&in.ToolName)
		case "tool_input":
			in.ToolInput, *toolInput = v.Raw(), v
		case "tool_response":
			in.ToolResponse = v.Raw()
		case "tool_use_id":
			return v.SetString(&in.ToolUseID)
		case "duration_ms":
			return v.SetFloat(&in.DurationMS)
		case "error":
			return v.SetString(&in.Error)
		case "is_interrupt":
			return v.SetBool(&in.IsInterrupt)
		case "permission_suggestions":
			in.PermissionSuggestions = v.Raw()
		case "command_name":
			return v.SetString(&in.CommandName)
		case "command_source":
			return v.SetString(&in.CommandSource)
		case "invoked_by":
			return v.SetString(&in.InvokedBy)
		case "prompt":
			return v.SetString(&in.Prompt)
		case "source":
			return v.SetString(&in.Source)
		case "reason":
			return v.SetString(&in.Reason)
		case "stop_hook_active":
			return v.SetBool(&in.StopHookActive)
		case "last_assistant_message":
			return v.SetString(&in.LastAssistantMessage)
		case "agent_transcript_path":
			return v.SetString(&in.AgentTranscriptPath)
		case "background_tasks":
			in.BackgroundTasks = v.Raw()
		case "session_crons":
			in.SessionCrons = v.Raw()
		case "trigger":
			return v.SetString(&in.Trigger)
		case "custom_instructions":
			return v.SetString(&in.CustomInstructions)
		case "notification_type":
			return v.SetString(&in.NotificationType)
		case "message":
			return v.SetString(&in.Message)
		case "title":
			return v.SetString(&in.Title)
		}
		return true
	})
}

// bashOutput reads raw, the Bash tool's result, exactly: stdout and
// stderr when they are strings.
func readBashOutput(raw json.RawMessage) (b bashOutput, ok bool) {
	d, ok := fastjson.Object(raw)
	if !ok {
		return b, false
	}
	d.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "stdout":
			b.Stdout, _ = v.String()
		case "stderr":
			b.Stderr, _ = v.String()
		}
		return true
	})
	return b, true
}

// appendOutput writes o as json.Encoder with SetEscapeHTML(false) does,
// newline included. It returns false for an output with an updated input
// (a raw JSON value encoding/json re-compacts), which it leaves to
// encoding/json.
func appendOutput(dst []byte, o *HookOutput) ([]byte, bool) {
	s := o.HookSpecificOutput
	if s != nil && (s.UpdatedInput != nil || s.UpdatedToolOutput != nil || s.UpdatedMCPToolOutput != nil || s.Decision != nil && s.Decision.UpdatedInput != nil) {
		return nil, false
	}
	w := fastjson.Writer{Buf: dst}
	w.Open("")
	if o.Continue != nil {
		w.Bool("continue", *o.Continue)
	}
	w.OptString("stopReason", o.StopReason)
	if o.SuppressOutput {
		w.Bool("suppressOutput", true)
	}
	w.OptString("decision", o.Decision)
	w.OptString("reason", o.Reason)
	w.OptString("systemMessage", o.SystemMessage)
	if s != nil {
		w.Open("hookSpecificOutput")
		w.String("hookEventName", s.HookEventName)
		w.OptString("permissionDecision", s.PermissionDecision)
		w.OptString("permissionDecisionReason", s.PermissionDecisionReason)
		w.OptString("additionalContext", s.AdditionalContext)
		w.OptString("classifierContext", s.ClassifierContext)
		if d := s.Decision; d != nil {
			w.Open("decision")
			w.String("behavior", d.Behavior)
			w.OptString("message", d.Message)
			if d.Interrupt {
				w.Bool("interrupt", true)
			}
			w.Close()
		}
		w.Close()
	}
	w.Close()
	return append(w.Buf, '\n'), true
}

// outputSize is the size of the buffer o is written into: its texts plus
// room for the names and punctuation (outputFrame), so that the buffer is
// allocated once, at its size, also for a long reason. Escapes may still
// grow it.
func outputSize(o *HookOutput) int {
	n := outputFrame + len(o.StopReason) + len(o.Decision) + len(o.Reason) + len(o.SystemMessage)
	if s := o.HookSpecificOutput; s != nil {
		n += len(s.HookEventName) + len(s.PermissionDecision) + len(s.PermissionDecisionReason) + len(s.AdditionalContext) + len(s.ClassifierContext)
		if d := s.Decision; d != nil {
			n += len(d.Behavior) + len(d.Message)
		}
	}
	return n
}

// outputFrame is the room outputSize gives the member names, quotes and
// braces of an answer.
const outputFrame = 192
