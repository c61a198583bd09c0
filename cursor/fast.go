package cursor

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// The readers: Cursor's payloads read, and answers written, without
// reflection. Keys are read exactly (unescaped, never case-folded) and the
// last of duplicate keys wins in the envelope; the fields of a tool's
// input that a policy judges are read in fastjson.Unique mode, since how
// Cursor resolves a duplicate there is not known (see internal/fastjson
// and the package documentation). fast_test.go checks the readers against
// a reference with those rules.

// fastInput decodes payload into in as json.Unmarshal would with exact,
// case-sensitive keys. It returns false when payload is not one JSON
// object or a field has the wrong type; in may then be partly filled.
func fastInput(payload []byte, in *Input) bool {
	// Validated as it is read: what the members set is dropped when the
	// payload turns out not to be one JSON object.
	return fastjson.ObjectMembers(payload, func(k string, v fastjson.Value) bool {
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
		case "mcp_server_name":
			return v.SetString(&in.MCPServerName)
		case "command":
			return v.SetString(&in.Command)
		case "output":
			in.Output = v.Raw()
		case "file_path":
			return v.SetString(&in.FilePath)
		case "edits":
			return readEdits(v, &in.Edits)
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
		}
		return true
	})
}

// readEdits reads afterFileEdit's edits (an array of objects, or null).
func readEdits(v fastjson.Value, p *[]FileEdit) bool {
	if v.IsNull() {
		*p = nil
		return true
	}
	edits := []FileEdit{}
	ok := v.Elements(func(el fastjson.Value) bool {
		var e FileEdit
		if el.IsNull() {
			edits = append(edits, e)
			return true
		}
		ok := el.Members(func(k string, v fastjson.Value) bool {
			switch k {
			case "old_string":
				return v.SetString(&e.OldString)
			case "new_string":
				return v.SetString(&e.NewString)
			}
			return true
		})
		edits = append(edits, e)
		return ok
	})
	*p = edits
	return ok
}

// readShell reads a Shell tool_input: the command a policy judges (in
// fastjson.Unique mode), cwd and timeout (read as empty when of another
// type).
func readShell(obj json.RawMessage) (s ShellToolInput, err error) {
	cmd := fastjson.Field{Key: "command", Mode: fastjson.Unique}
	fastjson.Args(obj, func(k string, v fastjson.Value) {
		switch k {
		case "cwd":
			s.Cwd, _ = v.String()
		case "timeout":
			s.Timeout, _ = v.Float()
		}
	}, &cmd)
	s.Command = cmd.Value
	return s, cmd.Err()
}

// readPath reads the tool_input of a file tool (Read, Write, StrReplace):
// the path a policy judges is file_path (seen in captures) or path (used
// by some builds, per peers), each in fastjson.Unique mode; both with
// different values is ambiguous. Content, old and new strings are read as
// empty when of another type.
func readPath(obj json.RawMessage) (p pathFields, err error) {
	fp := fastjson.Field{Key: "file_path", Mode: fastjson.Unique}
	alt := fastjson.Field{Key: "path", Mode: fastjson.Unique}
	fastjson.Args(obj, func(k string, v fastjson.Value) {
		switch k {
		case "content":
			p.Content = stringPtr(v)
		case "contents":
			p.Contents = stringPtr(v)
		case "old_string":
			p.OldString, _ = v.String()
		case "new_string":
			p.NewString, _ = v.String()
		case "replace_all":
			p.ReplaceAll, _ = v.Bool()
		}
	}, &fp, &alt)
	p.FilePath, p.Path = fp.Value, alt.Value
	switch {
	case fp.Ambiguous():
		err = fp.Err()
	case alt.Ambiguous():
		err = alt.Err()
	case fp.Present() && alt.Present():
		if err = fp.Err(); err == nil {
			err = alt.Err()
		}
		if err == nil && fp.Value != alt.Value {
			err = errors.New(`fields "file_path" and "path" differ (ambiguous: Cursor's choice is not known)`)
		}
	case alt.Present():
		err = alt.Err()
	default:
		err = fp.Err()
	}
	return p, err
}

// stringPtr returns a pointer to v's string, nil when v is not a string.
func stringPtr(v fastjson.Value) *string {
	s, ok := v.String()
	if !ok {
		return nil
	}
	return &s
}

// readOutput reads the body of a tool output object: its "output" string,
// else the text of the "text" parts of its "content" list.
func readOutput(raw []byte) string {
	d, ok := fastjson.Object(raw)
	if !ok {
		return ""
	}
	var output *string
	var parts []string
	d.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "output":
			output = stringPtr(v)
		case "content":
			parts = parts[:0]
			v.Elements(func(el fastjson.Value) bool {
				var typ, text string
				el.Members(func(k string, v fastjson.Value) bool {
					switch k {
					case "type":
						typ, _ = v.String()
					case "text":
						text, _ = v.String()
					}
					return true
				})
				if typ == "text" {
					parts = append(parts, text)
				}
				return true
			})
		}
		return true
	})
	if output != nil {
		return *output
	}
	return strings.Join(parts, "\n")
}

// appendOutput writes o as json.Marshal does (HTML characters escaped).
// It returns false for an output with an updated input or MCP output (a
// raw JSON value encoding/json re-compacts), which it leaves to
// encoding/json.
func appendOutput(dst []byte, o *Output) ([]byte, bool) {
	if o.UpdatedInput != nil || o.UpdatedMCPToolOutput != nil {
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
