package gemini

import (
	"path/filepath"

	"github.com/agenthooks/hooks/internal/sample"
)

// SamplePayload implements hostfacts.Sampler: a payload of the native event as Gemini CLI sends it.
func (*Adapter) SamplePayload(native, dir string) []byte {
	return sample.Render(samplePayload(native, dir))
}

func samplePayload(ev, dir string) sample.Obj {
	kv := sample.KVOf
	o := sample.Obj{kv("session_id", sample.Session),
		kv("transcript_path", filepath.Join(dir, ".gemini", "doctor-session.jsonl")), kv("cwd", dir),
		kv("hook_event_name", ev), kv("timestamp", "2026-01-01T00:00:00.000Z")}
	shell := sample.Obj{kv("command", sample.Command), kv("description", "Print hello")}
	switch ev {
	case "SessionStart":
		return append(o, kv("source", "startup"))
	case "SessionEnd":
		return append(o, kv("reason", "exit"))
	case "BeforeAgent":
		return append(o, kv("prompt", sample.Prompt))
	case "AfterAgent":
		return append(o, kv("prompt", sample.Prompt), kv("prompt_response", "Done."), kv("stop_hook_active", false))
	case "BeforeTool":
		return append(o, kv("tool_name", "run_shell_command"), kv("tool_input", shell))
	case "AfterTool":
		return append(o, kv("tool_name", "run_shell_command"), kv("tool_input", shell),
			kv("tool_response", sample.Obj{kv("llmContent", "Output: hello"), kv("returnDisplay", "hello")}))
	case "PreCompress":
		return append(o, kv("trigger", "auto"))
	case "BeforeModel", "BeforeToolSelection":
		return append(o, kv("llm_request", sample.Raw(llmRequest)))
	case "AfterModel":
		return append(o, kv("llm_request", sample.Raw(llmRequest)), kv("llm_response", sample.Raw(
			`{"text":"Done.","candidates":[{"content":{"role":"model","parts":["Done."]},"finishReason":"STOP","index":0}],`+
				`"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":5,"totalTokenCount":15}}`)))
	case "Notification":
		return append(o, kv("notification_type", "ToolPermission"), kv("message", "Tool Confirm Shell Command requires execution"),
			kv("details", sample.Obj{kv("type", "exec"), kv("title", "Confirm Shell Command"), kv("command", sample.Command)}))
	}
	return nil
}

// llmRequest is the llm_request of the model-level samples (a constant:
// a package-level value built by a call would be start-up work).
const llmRequest = `{"model":"gemini-2.5-flash","messages":[{"role":"user","content":` +
	`"` + sample.Prompt + `"}],"config":{"temperature":1,"topP":0.95,"topK":64}}`
