package cursor

import (
	"encoding/json"

	"github.com/agenthooks/hooks"
)

// The fields below are sent by Cursor alone, so they are not in the
// unified events: read them from a Cursor event with these functions
// (each decodes the event's Raw payload; they return the zero value for
// an event of another host).

// Version returns the Cursor build that sent ev (cursor_version, on every
// event): "3.9.16" for the IDE, "2026.07.23-e383d2b" for the CLI (not
// semver; see [AskOn]).
func Version(ev hooks.Event) string {
	var v struct {
		Version string `json:"cursor_version"`
	}
	decodeRaw(ev, &v)
	return v.Version
}

// UserEmail returns the signed-in user's e-mail address (user_email), ""
// when Cursor sends none (null when nobody is signed in).
func UserEmail(ev hooks.Event) string {
	var v struct {
		Email *string `json:"user_email"`
	}
	if decodeRaw(ev, &v) && v.Email != nil {
		return *v.Email
	}
	return ""
}

// Sandbox reports whether Cursor runs the command of a
// beforeShellExecution or afterShellExecution event in its sandbox
// (sandbox), and false for ok when the event carries no such field.
func Sandbox(ev hooks.Event) (sandbox, ok bool) {
	var v struct {
		Sandbox *bool `json:"sandbox"`
	}
	if !decodeRaw(ev, &v) || v.Sandbox == nil {
		return false, false
	}
	return *v.Sandbox, true
}

// MCPServer returns how the MCP server of a beforeMCPExecution or
// afterMCPExecution event is reached: url for a remote server, command
// (its launch command line, not something the agent runs) for a local
// one. Both are "" for any other event.
func MCPServer(ev hooks.Event) (url, command string) {
	b := ev.Common()
	if b.NativeEvent != EventBeforeMCPExecution && b.NativeEvent != EventAfterMCPExecution {
		return "", ""
	}
	var v struct {
		URL     string `json:"url"`
		Command string `json:"command"`
	}
	decodeRaw(ev, &v)
	return v.URL, v.Command
}

// decodeRaw decodes the Raw payload of a Cursor event into v.
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
