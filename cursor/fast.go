package cursor

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// The fast path: Cursor's payloads and answers read and written without
// reflection. Each function does exactly what encoding/json would do, or
// returns false for the caller to use encoding/json (see
// internal/fastjson); fast_test.go checks that against encoding/json.

// inputKeys are the JSON names of Input's fields.
var inputKeys = [...]string{"conversation_id", "session_id", "model", "hook_event_name", "workspace_roots",
	"transcript_path", "cwd", "tool_name", "tool_input", "tool_use_id", "tool_output", "error_message",
	"is_interrupt", "result_json", "command", "output", "file_path", "edits", "prompt", "reason", "loop_count",
	"subagent_id", "subagent_type", "task", "trigger"}

// fastInput decodes payload into in as json.Unmarshal would. Edits other
// than null are left to encoding/json. On false, in may be partly filled
// and must be reset.
func fastInput(payload []byte, in *Input) bool {
	d, ok := fastjson.Object(payload)
	if !ok {
		return false
	}
	return d.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "conversation_id":
			return v.SetString(&in.ConversationID)
		case "session_id":
			return v.SetString(&in.SessionID)
		case "model":
			return v.SetString(&in.Model)
		case "hook_event_name":
			return v.SetString(&in.HookEventName)
		case "workspace_roots":
			return v.SetStrings(&in.WorkspaceRoots)
		case "transcript_path":
			return v.SetString(&in.TranscriptPath)
		case "cwd":
			return v.SetString(&in.Cwd)
		case "tool_name":
			return v.SetString(&in.ToolName)
		case "tool_input":
			in.ToolInput = v.Raw()
		case "tool_use_id":
			return v.SetString(&in.ToolUseID)
		case "tool_output":
			in.ToolOutput = v.Raw()
		case "error_message":
			return v.SetString(&in.ErrorMessage)
		case "is_interrupt":
			return v.SetBool(&in.IsInterrupt)
		case "result_json":
			in.ResultJSON = v.Raw()
		case "command":
			return v.SetString(&in.Command)
		case "output":
			in.Output = v.Raw()
		case "file_path":
			return v.SetString(&in.FilePath)
		case "edits":
			if !v.IsNull() || in.Edits != nil {
				return false
			}
		case "prompt":
			return v.SetString(&in.Prompt)
		case "reason":
			return v.SetString(&in.Reason)
		case "loop_count":
			return v.SetInt(&in.LoopCount)
		case "subagent_id":
			return v.SetString(&in.SubagentID)
		case "subagent_type":
			return v.SetString(&in.SubagentType)
		case "task":
			return v.SetString(&in.Task)
		case "trigger":
			return v.SetString(&in.Trigger)
		default:
			return !fastjson.FoldsTo(k, inputKeys[:])
		}
		return true
	})
}

// The JSON names of the tool inputs' fields.
var (
	shellKeys = [...]string{"command", "cwd", "timeout"}
	pathKeys  = [...]string{"file_path", "path", "content", "contents", "old_string", "new_string", "replace_all"}
)

// fastDecode decodes raw, an object, into v (a *ShellToolInput or a
// *pathFields) as json.Unmarshal would. On false, v is left zero.
func fastDecode(raw json.RawMessage, v any) bool {
	switch v.(type) {
	case *ShellToolInput, *pathFields:
	default:
		return false
	}
	d, ok := fastjson.Object(raw)
	if !ok {
		return false
	}
	ok = d.Members(func(k string, val fastjson.Value) bool {
		switch a := v.(type) {
		case *ShellToolInput:
			switch k {
			case "command":
				return val.SetString(&a.Command)
			case "cwd":
				return val.SetString(&a.Cwd)
			case "timeout":
				return val.SetFloat(&a.Timeout)
			}
			return !fastjson.FoldsTo(k, shellKeys[:])
		case *pathFields:
			switch k {
			case "file_path":
				return val.SetString(&a.FilePath)
			case "path":
				return val.SetString(&a.Path)
			case "content":
				return val.SetStringPtr(&a.Content)
			case "contents":
				return val.SetStringPtr(&a.Contents)
			case "old_string":
				return val.SetString(&a.OldString)
			case "new_string":
				return val.SetString(&a.NewString)
			case "replace_all":
				return val.SetBool(&a.ReplaceAll)
			}
			return !fastjson.FoldsTo(k, pathKeys[:])
		}
		return false
	})
	if !ok {
		switch a := v.(type) {
		case *ShellToolInput:
			*a = ShellToolInput{}
		case *pathFields:
			*a = pathFields{}
		}
	}
	return ok
}

// outputKeys are the JSON names of the tool output body toolOutput reads.
var outputKeys = [...]string{"output", "content"}

// fastOutputText reads the "output" string of a tool output object, as
// toolOutput's encoding/json decode would. ok is false when it cannot
// (a "content" list, wrong types): the caller then decodes with
// encoding/json.
func fastOutputText(raw []byte) (output *string, ok bool) {
	d, ok := fastjson.Object(raw)
	if !ok {
		return nil, false
	}
	ok = d.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "output":
			return v.SetStringPtr(&output)
		case "content":
			return v.IsNull()
		}
		return !fastjson.FoldsTo(k, outputKeys[:])
	})
	return output, ok
}

// appendOutput writes o as json.Marshal does (HTML characters escaped).
// It returns false for an output with an updated input (a raw JSON value
// encoding/json re-compacts), which it leaves to encoding/json.
func appendOutput(dst []byte, o *Output) ([]byte, bool) {
	if o.UpdatedInput != nil {
		return nil, false
	}
	w := fastjson.Writer{Buf: dst, EscapeHTML: true}
	w.Open("")
	w.OptString("permission", o.Permission)
	if o.Continue != nil {
		w.Bool("continue", *o.Continue)
	}
	w.OptString("user_message", o.UserMessage)
	w.OptString("agent_message", o.AgentMessage)
	w.OptString("additional_context", o.AdditionalContext)
	w.OptString("followup_message", o.FollowupMessage)
	w.Close()
	return w.Buf, true
}

// outputSize is the buffer an answer is written into: room for a deny
// with a reason of a few lines, so that the buffer is allocated once.
const outputSize = 512
