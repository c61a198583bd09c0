package gemini

import (
	"encoding/json"
	"time"

	"github.com/agenthooks/hooks"
)

// The fields below are sent by Gemini CLI alone, so they are not in the
// unified events: read them from a Gemini event with these functions
// (each decodes the event's Raw payload; they return the zero value for
// an event of another host).

// Timestamp returns when Gemini CLI fired ev (the timestamp field every
// event carries, ISO-8601 UTC with milliseconds), and false when ev is
// not a Gemini event or its timestamp is missing or malformed.
func Timestamp(ev hooks.Event) (time.Time, bool) {
	var v struct {
		Timestamp string `json:"timestamp"`
	}
	if !decodeRaw(ev, &v) || v.Timestamp == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, v.Timestamp)
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

// OriginalRequestName returns, for the BeforeTool or AfterTool of a tail
// call (a tool an AfterTool hook asked for with [TailToolCall]), the name
// of the tool whose hook asked for it (original_request_name), and "" for
// any other event. Measured on 0.61.0 (at_tail).
func OriginalRequestName(ev hooks.Event) string {
	var v struct {
		Name string `json:"original_request_name"`
	}
	decodeRaw(ev, &v)
	return v.Name
}

// NotificationDetails is the details object of a Gemini Notification
// (notification_type "ToolPermission"): what the confirmation asks for.
// Which fields are set depends on Type: "exec" (Command, RootCommand),
// "edit" (FileName, FilePath, FileDiff, OriginalContent, NewContent,
// IsModifying), "mcp" (ServerName, ToolName, ToolDisplayName), "info"
// (Prompt, URLs). Raw holds the object as sent.
type NotificationDetails struct {
	Type            string          `json:"type"`
	Title           string          `json:"title,omitempty"`
	Command         string          `json:"command,omitempty"`
	RootCommand     string          `json:"rootCommand,omitempty"`
	FileName        string          `json:"fileName,omitempty"`
	FilePath        string          `json:"filePath,omitempty"`
	FileDiff        string          `json:"fileDiff,omitempty"`
	OriginalContent string          `json:"originalContent,omitempty"`
	NewContent      string          `json:"newContent,omitempty"`
	IsModifying     bool            `json:"isModifying,omitempty"`
	ServerName      string          `json:"serverName,omitempty"`
	ToolName        string          `json:"toolName,omitempty"`
	ToolDisplayName string          `json:"toolDisplayName,omitempty"`
	Prompt          string          `json:"prompt,omitempty"`
	URLs            []string        `json:"urls,omitempty"`
	Raw             json.RawMessage `json:"-"`
}

// Details returns the details of a Gemini Notification event, and false
// for any other event or a Notification without an object there.
// Measured on 0.61.0: an "exec" confirmation carries title, command and
// rootCommand.
func Details(ev hooks.Event) (NotificationDetails, bool) {
	if _, ok := ev.(*hooks.NotificationEvent); !ok {
		return NotificationDetails{}, false
	}
	var v struct {
		Details json.RawMessage `json:"details"`
	}
	if !decodeRaw(ev, &v) || len(v.Details) == 0 || v.Details[0] != '{' {
		return NotificationDetails{}, false
	}
	var d NotificationDetails
	if json.Unmarshal(v.Details, &d) != nil {
		// A field of an unexpected type: the raw object is still there.
		d = NotificationDetails{}
	}
	d.Raw = v.Details
	return d, true
}

// decodeRaw decodes the Raw payload of a Gemini event into v.
func decodeRaw(ev hooks.Event, v any) bool {
	if ev == nil {
		return false
	}
	b := ev.Common()
	if b.Host != Host || len(b.Raw) == 0 {
		return false
	}
	return json.Unmarshal(b.Raw, v) == nil
}
