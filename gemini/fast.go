package gemini

import (
	"encoding/json"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// The readers: Gemini's payloads read, and answers written, without
// reflection. Gemini CLI is a JavaScript program: it reads JSON with
// JSON.parse, so keys are read exactly (unescaped, never case-folded) and
// the last of duplicate keys wins (see internal/fastjson); fast_test.go
// checks the readers against a reference with those rules.

// fastInput decodes payload into in as json.Unmarshal would with exact,
// case-sensitive keys. It returns false when payload is not one JSON
// object or a field has the wrong type; in may then be partly filled.
func fastInput(payload []byte, in *Input) bool {
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
			return readMCPContext(v, &in.MCPContext)
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
		}
		return true
	})
}

// readMCPContext reads an mcp_context object (or null) into *p.
func readMCPContext(v fastjson.Value, p **MCPContext) bool {
	if v.IsNull() {
		*p = nil
		return true
	}
	c := new(MCPContext)
	ok := v.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "server_name":
			return v.SetString(&c.ServerName)
		case "tool_name":
			return v.SetString(&c.ToolName)
		case "command":
			return v.SetString(&c.Command)
		case "args":
			return v.SetStrings(&c.Args)
		case "cwd":
			return v.SetString(&c.Cwd)
		case "url":
			return v.SetString(&c.URL)
		case "tcp":
			return v.SetString(&c.TCP)
		}
		return true
	})
	*p = c
	return ok
}

// readResponse reads an AfterTool tool_response object exactly.
func readResponse(raw json.RawMessage) (r ToolResponse, ok bool) {
	d, ok := fastjson.Object(raw)
	if !ok {
		return r, false
	}
	d.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "llmContent":
			r.LLMContent = v.Raw()
		case "returnDisplay":
			r.ReturnDisplay = v.Raw()
		case "error":
			r.Error = v.Raw()
		}
		return true
	})
	return r, true
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
