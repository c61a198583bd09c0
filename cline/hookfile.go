package cline

import (
	"time"

	"github.com/agenthooks/hooks/hostfacts"
)

// HookFile implements hostfacts.HookFiler: Cline reads no file of
// entries; each event is an executable file named after it in
// .clinerules/hooks (the project's, at the repository root) or
// ~/.cline/hooks (the user's), which the installer writes as a script
// that execs the binary ([hostfacts.FormatScripts]).
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"cline"}, Title: "Cline CLI", Dir: ".clinerules/hooks",
		UserDir: ".cline/hooks", TimeoutUnit: time.Second, Format: hostfacts.FormatScripts}
}

// SamplePayload implements hostfacts.Sampler: a payload of the native
// event as Cline CLI 3.0.65 sends it, about the shell command "echo
// hello" in project directory dir; nil for an event Cline sends no
// payload of (PreCompact).
func (*Adapter) SamplePayload(native, dir string) []byte {
	head := `{"clineVersion":"","timestamp":"2026-12-01T19:30:08.849Z","taskId":"conv_doctor","sessionContext":{"rootSessionId":"doctor"},` +
		`"workspaceRoots":[` + quoteJSON(dir) + `],"workspaceInfo":{"rootPath":` + quoteJSON(dir) + `,"hint":"project"},` +
		`"userId":"unknown","agent_id":"agent_doctor","parent_agent_id":null,"hookName":`
	call := `{"id":"call_doctor","name":"run_commands","input":{"commands":["echo hello"]}}`
	legacy := `{"toolName":"run_commands","parameters":{"commands":"[\"echo hello\"]"}}`
	switch native {
	case EventTaskStart:
		return []byte(head + `"agent_start","taskStart":{"taskMetadata":{}}}`)
	case EventTaskResume:
		return []byte(head + `"agent_resume","taskResume":{"taskMetadata":{},"previousState":{}}}`)
	case EventTaskCancel:
		return []byte(head + `"agent_abort","reason":"aborted","taskCancel":{"taskMetadata":{}}}`)
	case EventTaskComplete:
		return []byte(head + `"agent_end","iteration":2,"turn":{"outputText":"done","status":"completed"},"taskComplete":{"taskMetadata":{}}}`)
	case EventTaskError:
		return []byte(head + `"agent_error","iteration":1,"error":{"name":"Error","message":"failed"}}`)
	case EventPreToolUse:
		return []byte(head + `"tool_call","iteration":1,"tool_call":` + call + `,"preToolUse":` + legacy + `}`)
	case EventPostToolUse:
		return []byte(head + `"tool_result","iteration":1,"tool_result":{"id":"call_doctor","name":"run_commands","input":{"commands":["echo hello"]},` +
			`"output":[{"query":"echo hello","result":"hello\n","success":true}],"durationMs":5}}`)
	case EventUserPromptSubmit:
		return []byte(head + `"prompt_submit","userPromptSubmit":{"prompt":"hello","attachments":[]}}`)
	case EventSessionShutdown:
		return []byte(head + `"session_shutdown","reason":"done"}`)
	}
	return nil
}

func quoteJSON(s string) string {
	b, _ := marshal(s)
	return string(b)
}
