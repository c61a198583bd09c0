package gemini

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// The fast path: Gemini's payloads and answers read and written without
// reflection. Each function does exactly what encoding/json would do, or
// returns false for the caller to use encoding/json (see
// internal/fastjson); fast_test.go checks that against encoding/json.

// inputKeys are the JSON names of Input's fields.
var inputKeys = [...]string{"session_id", "transcript_path", "cwd", "hook_event_name", "timestamp", "source",
	"reason", "prompt", "prompt_response", "stop_hook_active", "tool_name", "tool_input", "tool_response",
	"mcp_context", "original_request_name", "llm_request", "llm_response", "trigger", "notification_type",
	"message", "details"}

// fastInput decodes payload into in as json.Unmarshal would. An
// mcp_context other than null is left to encoding/json. On false, in may
// be partly filled and must be reset.
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
		case "timestamp":
			return v.SetString(&in.Timestamp)
		case "source":
			return v.SetString(&in.Source)
		case "reason":
			return v.SetString(&in.Reason)
		case "prompt":
			return v.SetString(&in.Prompt)
		case "prompt_response":
			return v.SetString(&in.PromptResponse)
		case "stop_hook_active":
			return v.SetBool(&in.StopHookActive)
		case "tool_name":
			return v.SetString(&in.ToolName)
		case "tool_input":
			in.ToolInput = v.Raw()
		case "tool_response":
			in.ToolResponse = v.Raw()
		case "mcp_context":
			if !v.IsNull() {
				return false
			}
			in.MCPContext = nil
		case "original_request_name":
			return v.SetString(&in.OriginalRequestName)
		case "llm_request":
			in.LLMRequest = v.Raw()
		case "llm_response":
			in.LLMResponse = v.Raw()
		case "trigger":
			return v.SetString(&in.Trigger)
		case "notification_type":
			return v.SetString(&in.NotificationType)
		case "message":
			return v.SetString(&in.Message)
		case "details":
			in.Details = v.Raw()
		default:
			return !fastjson.FoldsTo(k, inputKeys[:])
		}
		return true
	})
}

// The JSON names of the tool arguments' and the tool response's fields.
var (
	shellKeys    = [...]string{"command", "description", "dir_path"}
	writeKeys    = [...]string{"file_path", "content"}
	replaceKeys  = [...]string{"file_path", "old_string", "new_string", "allow_multiple"}
	readKeys     = [...]string{"file_path"}
	responseKeys = [...]string{"llmContent", "returnDisplay", "error"}
)

// fastDecode decodes raw, an object, into v (a *shellArgs, *writeArgs,
// *replaceArgs, *readArgs or *ToolResponse) as json.Unmarshal would. On
// false, v is left zero.
func fastDecode(raw json.RawMessage, v any) bool {
	switch v.(type) {
	case *shellArgs, *writeArgs, *replaceArgs, *readArgs, *ToolResponse:
	default:
		return false
	}
	d, ok := fastjson.Object(raw)
	if !ok {
		return false
	}
	ok = d.Members(func(k string, val fastjson.Value) bool {
		switch a := v.(type) {
		case *shellArgs:
			switch k {
			case "command":
				return val.SetString(&a.Command)
			case "description":
				return val.SetString(&a.Description)
			case "dir_path":
				return val.SetString(&a.DirPath)
			}
			return !fastjson.FoldsTo(k, shellKeys[:])
		case *writeArgs:
			switch k {
			case "file_path":
				return val.SetString(&a.FilePath)
			case "content":
				return val.SetString(&a.Content)
			}
			return !fastjson.FoldsTo(k, writeKeys[:])
		case *replaceArgs:
			switch k {
			case "file_path":
				return val.SetString(&a.FilePath)
			case "old_string":
				return val.SetString(&a.OldString)
			case "new_string":
				return val.SetString(&a.NewString)
			case "allow_multiple":
				return val.SetBool(&a.AllowMultiple)
			}
			return !fastjson.FoldsTo(k, replaceKeys[:])
		case *readArgs:
			if k == "file_path" {
				return val.SetString(&a.FilePath)
			}
			return !fastjson.FoldsTo(k, readKeys[:])
		case *ToolResponse:
			switch k {
			case "llmContent":
				a.LLMContent = val.Raw()
			case "returnDisplay":
				a.ReturnDisplay = val.Raw()
			case "error":
				a.Error = val.Raw()
			default:
				return !fastjson.FoldsTo(k, responseKeys[:])
			}
			return true
		}
		return false
	})
	if !ok {
		switch a := v.(type) {
		case *shellArgs:
			*a = shellArgs{}
		case *writeArgs:
			*a = writeArgs{}
		case *replaceArgs:
			*a = replaceArgs{}
		case *readArgs:
			*a = readArgs{}
		case *ToolResponse:
			*a = ToolResponse{}
		}
	}
	return ok
}

// appendOutput writes o as json.Encoder with SetEscapeHTML(false) does,
// without the newline. It returns false for an output holding a raw JSON
// value (encoding/json re-compacts those), which it leaves to
// encoding/json.
func appendOutput(dst []byte, o *Output) ([]byte, bool) {
	s := o.HookSpecificOutput
	if s != nil && (s.ToolInput != nil || s.TailToolCallRequest != nil || s.LLMRequest != nil ||
		s.LLMResponse != nil || s.ToolConfig != nil) {
		return nil, false
	}
	w := fastjson.Writer{Buf: dst}
	w.Open("")
	w.OptString("decision", o.Decision)
	w.OptString("reason", o.Reason)
	if o.Continue != nil {
		w.Bool("continue", *o.Continue)
	}
	w.OptString("stopReason", o.StopReason)
	w.OptString("systemMessage", o.SystemMessage)
	if o.SuppressOutput {
		w.Bool("suppressOutput", true)
	}
	if s != nil {
		w.Open("hookSpecificOutput")
		w.OptString("hookEventName", s.HookEventName)
		w.OptString("additionalContext", s.AdditionalContext)
		if s.ClearContext {
			w.Bool("clearContext", true)
		}
		w.Close()
	}
	w.Close()
	return w.Buf, true
}

// outputSize is the buffer an answer is written into: room for a deny
// with a reason of a few lines, so that the buffer is allocated once.
const outputSize = 512
