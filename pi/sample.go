package pi

import "encoding/json"

// SamplePayload implements hostfacts.Sampler: what the extension sends
// about the shell command "echo hello" in project directory dir, on a
// tool event or a session event it forwards; nil for another native
// event.
func (*Adapter) SamplePayload(native, dir string) []byte {
	p := map[string]any{"pi_hook": native, "wire": WireVersion, "cwd": dir, "session_id": "01a242cb-0000-7000-8000-00000000d0c7"}
	switch native {
	case EventToolCall, EventToolResult:
		p["tool"], p["call_id"], p["input"] = ToolShell, "call_doctor", map[string]any{"command": "echo hello"}
		if native == EventToolResult {
			p["result"] = map[string]any{"content": []any{map[string]any{"type": "text", "text": "hello\n"}}, "isError": false}
		}
	case EventSessionStart:
		p["reason"] = "startup"
	case EventAgentEnd:
	default:
		return nil
	}
	data, err := json.Marshal(p)
	if err != nil {
		return nil
	}
	return data
}
