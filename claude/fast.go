package claude

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// The fast path: Claude's payloads and answers read and written without
// reflection. Each function does exactly what encoding/json would do, or
// returns false for the caller to use encoding/json (see
// internal/fastjson); fast_test.go checks that against encoding/json.

// inputKeys are the JSON names of Input's fields.
var inputKeys = [...]string{"session_id", "transcript_path", "cwd", "hook_event_name", "prompt_id",
	"permission_mode", "agent_id", "agent_type", "effort", "model", "tool_name", "tool_input",
	"tool_response", "tool_use_id", "duration_ms", "error", "is_interrupt", "permission_suggestions",
	"command_name", "command_source", "invoked_by", "prompt", "source", "reason", "stop_hook_active", "last_assistant_message", "agent_transcript_path",
	"background_tasks", "session_crons", "trigger", "custom_instructions", "notification_type", "message",
	"title"}

// fastInput decodes payload into in as json.Unmarshal would. On false, in
// may be partly filled and must be reset.
func fastInput(payload []byte, in *Input) bool {
	d, ok := fastjson.Object(payload)
	if !ok {
		return false
	}
	return d.Members(func(k string, v fastjson.Value) bool {
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
			in.ToolInput = v.Raw()
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
		default:
			return !fastjson.FoldsTo(k, inputKeys[:])
		}
		return true
	})
}

// The JSON names of the tool inputs' fields.
var (
	bashKeys  = [...]string{"command", "description", "timeout", "run_in_background"}
	writeKeys = [...]string{"file_path", "content"}
	editKeys  = [...]string{"file_path", "old_string", "new_string", "replace_all"}
	readKeys  = [...]string{"file_path"}
)

// fastToolInput decodes raw, a tool_input object, into v (a *BashInput,
// *WriteInput, *EditInput or *ReadInput) as json.Unmarshal would. On
// false, v is left zero.
func fastToolInput(raw json.RawMessage, v any) bool {
	switch v.(type) {
	case *BashInput, *WriteInput, *EditInput, *ReadInput:
	default:
		return false
	}
	d, ok := fastjson.Object(raw)
	if !ok {
		return false
	}
	ok = d.Members(func(k string, val fastjson.Value) bool {
		switch in := v.(type) {
		case *BashInput:
			switch k {
			case "command":
				return val.SetString(&in.Command)
			case "description":
				return val.SetString(&in.Description)
			case "timeout":
				return val.SetFloat(&in.Timeout)
			case "run_in_background":
				return val.SetBool(&in.RunInBackground)
			}
			return !fastjson.FoldsTo(k, bashKeys[:])
		case *WriteInput:
			switch k {
			case "file_path":
				return val.SetString(&in.FilePath)
			case "content":
				return val.SetString(&in.Content)
			}
			return !fastjson.FoldsTo(k, writeKeys[:])
		case *EditInput:
			switch k {
			case "file_path":
				return val.SetString(&in.FilePath)
			case "old_string":
				return val.SetString(&in.OldString)
			case "new_string":
				return val.SetString(&in.NewString)
			case "replace_all":
				return val.SetBool(&in.ReplaceAll)
			}
			return !fastjson.FoldsTo(k, editKeys[:])
		case *ReadInput:
			if k == "file_path" {
				return val.SetString(&in.FilePath)
			}
			return !fastjson.FoldsTo(k, readKeys[:])
		}
		return false
	})
	if !ok {
		switch in := v.(type) {
		case *BashInput:
			*in = BashInput{}
		case *WriteInput:
			*in = WriteInput{}
		case *EditInput:
			*in = EditInput{}
		case *ReadInput:
			*in = ReadInput{}
		}
	}
	return ok
}

// bashOutputKeys are the JSON names of bashOutput's fields.
var bashOutputKeys = [...]string{"stdout", "stderr"}

// fastBashOutput decodes raw, the Bash tool's result, into b as
// json.Unmarshal would. On false, b is left zero.
func fastBashOutput(raw json.RawMessage, b *bashOutput) bool {
	d, ok := fastjson.Object(raw)
	if !ok {
		return false
	}
	ok = d.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "stdout":
			return v.SetString(&b.Stdout)
		case "stderr":
			return v.SetString(&b.Stderr)
		}
		return !fastjson.FoldsTo(k, bashOutputKeys[:])
	})
	if !ok {
		*b = bashOutput{}
	}
	return ok
}

// appendOutput writes o as json.Encoder with SetEscapeHTML(false) does,
// newline included. It returns false for an output with an updated input
// (a raw JSON value encoding/json re-compacts), which it leaves to
// encoding/json.
func appendOutput(dst []byte, o *HookOutput) ([]byte, bool) {
	s := o.HookSpecificOutput
	if s != nil && (s.UpdatedInput != nil || s.Decision != nil && s.Decision.UpdatedInput != nil) {
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

// outputSize is the buffer an answer is written into: room for a deny
// with a reason of a few lines, so that the buffer is allocated once.
const outputSize = 512
