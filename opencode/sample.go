package opencode

import "encoding/json"

// SamplePayload implements hostfacts.Sampler: what the plugin sends about
// the shell command "echo hello" in project directory dir, on a tool
// callback or a session event it forwards; nil for another native event.
func (*Adapter) SamplePayload(native, dir string) []byte {
	p := map[string]any{"wire": WireVersion, "directory": dir, "worktree": dir, "session_id": "ses_doctor"}
	args := map[string]any{"command": "echo hello", "description": "Say hello"}
	switch native {
	case EventToolBefore, EventToolAfter:
		p["opencode_hook"], p["tool"], p["call_id"], p["args"] = native, ToolShell, "call_doctor", args
		if native == EventToolAfter {
			p["result"] = map[string]any{"title": "echo hello", "output": "hello\n",
				"metadata": map[string]any{"output": "hello\n", "exit": 0, "truncated": false}}
		}
	case EventSessionCreated, EventSessionIdle:
		p["opencode_hook"], p["event"], p["properties"] = CallbackEvent, native, map[string]any{"sessionID": "ses_doctor"}
	default:
		return nil
	}
	data, err := json.Marshal(p)
	if err != nil {
		return nil
	}
	return data
}
