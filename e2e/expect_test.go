package e2e

import (
	"path/filepath"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
)

// expect is what the suite expects of one host's events and tools.
type expect struct {
	// events maps each native event the host may fire to its unified
	// event ("" for a host-only event, parsed as *hooks.OtherEvent). A
	// fired event missing here is an unknown event: a failure.
	events map[string]hooks.EventName
	// tools maps native tool names to their unified kind.
	tools map[string]hooks.ToolKind
	// permTools, when set, maps the tool names of PermissionRequest
	// payloads, where they differ from tools (Copilot CLI: a create or
	// edit asks as tool edit with a diff, typed as a patch).
	permTools map[string]hooks.ToolKind
	// baseline are the native events a baseline run must fire.
	baseline []string
	// native names of the unified events the behaviours use.
	sessionStart, prompt, pre, post, stop string
}

var expects = map[string]expect{
	"claude": {
		events: map[string]hooks.EventName{
			"SessionStart": hooks.SessionStart, "SessionEnd": hooks.SessionEnd, "UserPromptSubmit": hooks.UserPromptSubmit,
			"PreToolUse": hooks.PreToolUse, "PostToolUse": hooks.PostToolUse, "PostToolUseFailure": hooks.PostToolUseFailure,
			"PermissionRequest": hooks.PermissionRequest, "Stop": hooks.Stop, "SubagentStart": hooks.SubagentStart,
			"SubagentStop": hooks.SubagentStop, "PreCompact": hooks.PreCompact, "Notification": hooks.Notification,
			"PostToolBatch": "", "MessageDisplay": "", "InstructionsLoaded": "", "UserPromptExpansion": "", "StopFailure": "",
			"PostCompact": "", "TaskCreated": "", "TaskCompleted": "", "ConfigChange": "", "CwdChanged": "", "FileChanged": "",
			"PermissionDenied": "", "DirectoryAdded": "", "PreModelSwitch": "", "PostModelSwitch": "",
			"PreSkillShellCommand": hooks.PreToolUse,
		},
		tools:        map[string]hooks.ToolKind{"Bash": hooks.KindShell, "Write": hooks.KindWrite, "Edit": hooks.KindEdit, "Read": hooks.KindRead, "Agent": hooks.KindOther},
		baseline:     []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"},
		sessionStart: "SessionStart", prompt: "UserPromptSubmit", pre: "PreToolUse", post: "PostToolUse", stop: "Stop",
	},
	"gemini": {
		events: map[string]hooks.EventName{
			"SessionStart": hooks.SessionStart, "SessionEnd": hooks.SessionEnd, "BeforeAgent": hooks.UserPromptSubmit,
			"AfterAgent": hooks.Stop, "BeforeTool": hooks.PreToolUse, "AfterTool": hooks.PostToolUse,
			"PreCompress": hooks.PreCompact, "Notification": hooks.Notification,
			"BeforeModel": hooks.PreModel, "AfterModel": hooks.PostModel, "BeforeToolSelection": hooks.PreToolSelection,
		},
		tools: map[string]hooks.ToolKind{"run_shell_command": hooks.KindShell, "write_file": hooks.KindWrite,
			"replace": hooks.KindEdit, "read_file": hooks.KindRead},
		baseline: []string{"SessionStart", "BeforeAgent", "PreCompress", "BeforeModel", "BeforeToolSelection", "AfterModel",
			"BeforeTool", "AfterTool", "AfterAgent", "SessionEnd"},
		sessionStart: "SessionStart", prompt: "BeforeAgent", pre: "BeforeTool", post: "AfterTool", stop: "AfterAgent",
	},
	"codex": {
		events: map[string]hooks.EventName{
			"SessionStart": hooks.SessionStart, "SessionEnd": hooks.SessionEnd, "UserPromptSubmit": hooks.UserPromptSubmit,
			"PreToolUse": hooks.PreToolUse, "PostToolUse": hooks.PostToolUse, "PermissionRequest": hooks.PermissionRequest,
			"Stop": hooks.Stop, "SubagentStart": hooks.SubagentStart, "SubagentStop": hooks.SubagentStop,
			"PreCompact": hooks.PreCompact, "PostCompact": "", "Interrupt": "",
		},
		tools:        map[string]hooks.ToolKind{"Bash": hooks.KindShell, "apply_patch": hooks.KindPatch},
		baseline:     []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"},
		sessionStart: "SessionStart", prompt: "UserPromptSubmit", pre: "PreToolUse", post: "PostToolUse", stop: "Stop",
	},
	// Copilot CLI under the camelCase events (its native form).
	"copilot": {
		events: map[string]hooks.EventName{
			"sessionStart": hooks.SessionStart, "sessionEnd": hooks.SessionEnd, "userPromptSubmitted": hooks.UserPromptSubmit,
			"preToolUse": hooks.PreToolUse, "postToolUse": hooks.PostToolUse, "postToolUseFailure": hooks.PostToolUseFailure,
			"permissionRequest": hooks.PermissionRequest, "agentStop": hooks.Stop, "subagentStart": hooks.SubagentStart,
			"subagentStop": hooks.SubagentStop, "preCompact": hooks.PreCompact, "notification": hooks.Notification,
			"userPromptTransformed": "", "errorOccurred": "",
		},
		tools:        map[string]hooks.ToolKind{"bash": hooks.KindShell, "create": hooks.KindWrite, "edit": hooks.KindEdit, "view": hooks.KindRead, "task": hooks.KindOther},
		permTools:    copilotPermTools,
		baseline:     []string{"sessionStart", "userPromptSubmitted", "preToolUse", "postToolUse", "agentStop", "sessionEnd"},
		sessionStart: "sessionStart", prompt: "userPromptSubmitted", pre: "preToolUse", post: "postToolUse", stop: "agentStop",
	},
	// Copilot CLI under the PascalCase names: Claude's tool names in the
	// payloads.
	"copilot-pascal": {
		events: map[string]hooks.EventName{
			"SessionStart": hooks.SessionStart, "SessionEnd": hooks.SessionEnd, "UserPromptSubmit": hooks.UserPromptSubmit,
			"PreToolUse": hooks.PreToolUse, "PostToolUse": hooks.PostToolUse, "PostToolUseFailure": hooks.PostToolUseFailure,
			"PermissionRequest": hooks.PermissionRequest, "Stop": hooks.Stop, "SubagentStart": hooks.SubagentStart,
			"SubagentStop": hooks.SubagentStop, "PreCompact": hooks.PreCompact, "Notification": hooks.Notification,
			"ErrorOccurred": "",
			// Registered as PermissionRequest, its payload is the camelCase
			// one, named by hookName.
			"permissionRequest": hooks.PermissionRequest,
			// Registered as SubagentStart, its payload names no event and
			// parses as subagentStart.
			"subagentStart": hooks.SubagentStart,
		},
		tools: map[string]hooks.ToolKind{"Bash": hooks.KindShell, "Write": hooks.KindWrite, "Edit": hooks.KindEdit, "Read": hooks.KindRead, "Agent": hooks.KindOther},
		// The runtime names: its PermissionRequest payload is the
		// camelCase one.
		permTools:    copilotPermTools,
		baseline:     []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"},
		sessionStart: "SessionStart", prompt: "UserPromptSubmit", pre: "PreToolUse", post: "PostToolUse", stop: "Stop",
	},
	// Qwen Code: SessionEnd does not fire in -p.
	"qwen": {
		events: map[string]hooks.EventName{
			"SessionStart": hooks.SessionStart, "SessionEnd": hooks.SessionEnd, "UserPromptSubmit": hooks.UserPromptSubmit,
			"PreToolUse": hooks.PreToolUse, "PostToolUse": hooks.PostToolUse, "PostToolUseFailure": hooks.PostToolUseFailure,
			"PermissionRequest": hooks.PermissionRequest, "Stop": hooks.Stop, "SubagentStart": hooks.SubagentStart,
			"SubagentStop": hooks.SubagentStop, "PreCompact": hooks.PreCompact, "Notification": hooks.Notification,
			"PostToolBatch": "", "MessageDisplay": "", "InstructionsLoaded": "", "UserPromptExpansion": "", "PostCompact": "",
			"SessionDelete": "", "PermissionDenied": "", "StopFailure": "", "TodoCreated": "", "TodoCompleted": "",
		},
		tools: map[string]hooks.ToolKind{"run_shell_command": hooks.KindShell, "write_file": hooks.KindWrite,
			"edit": hooks.KindEdit, "read_file": hooks.KindRead, "agent": hooks.KindOther},
		baseline:     []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "MessageDisplay"},
		sessionStart: "SessionStart", prompt: "UserPromptSubmit", pre: "PreToolUse", post: "PostToolUse", stop: "Stop",
	},
	// Factory Droid: UserPromptSubmit does not fire in droid exec.
	"droid": {
		events: map[string]hooks.EventName{
			"SessionStart": hooks.SessionStart, "SessionEnd": hooks.SessionEnd, "UserPromptSubmit": hooks.UserPromptSubmit,
			"PreToolUse": hooks.PreToolUse, "PostToolUse": hooks.PostToolUse, "Stop": hooks.Stop,
			"SubagentStop": hooks.SubagentStop, "PreCompact": hooks.PreCompact, "Notification": hooks.Notification,
		},
		tools: map[string]hooks.ToolKind{"Execute": hooks.KindShell, "Create": hooks.KindWrite,
			"Edit": hooks.KindEdit, "Read": hooks.KindRead},
		baseline:     []string{"SessionStart", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"},
		sessionStart: "SessionStart", prompt: "UserPromptSubmit", pre: "PreToolUse", post: "PostToolUse", stop: "Stop",
	},
	// Cline CLI: UserPromptSubmit does not fire for the prompt of cline
	// --json; SessionShutdown fires after an aborted run.
	"cline": {
		events: map[string]hooks.EventName{
			"TaskStart": hooks.SessionStart, "TaskResume": hooks.SessionStart, "UserPromptSubmit": hooks.UserPromptSubmit,
			"PreToolUse": hooks.PreToolUse, "PostToolUse": hooks.PostToolUse, "TaskComplete": hooks.Stop,
			"SessionShutdown": hooks.SessionEnd, "PreCompact": hooks.PreCompact, "TaskCancel": "", "TaskError": "",
		},
		tools: map[string]hooks.ToolKind{"run_commands": hooks.KindShell, "editor": hooks.KindWrite,
			"read_files": hooks.KindRead},
		baseline:     []string{"TaskStart", "PreToolUse", "PostToolUse", "TaskComplete"},
		sessionStart: "TaskStart", prompt: "UserPromptSubmit", pre: "PreToolUse", post: "PostToolUse", stop: "TaskComplete",
	},
	// Kimi Code: every event its config.toml schema accepts is registered.
	"kimi": {
		events: map[string]hooks.EventName{
			"SessionStart": hooks.SessionStart, "SessionEnd": hooks.SessionEnd, "UserPromptSubmit": hooks.UserPromptSubmit,
			"PreToolUse": hooks.PreToolUse, "PostToolUse": hooks.PostToolUse, "PostToolUseFailure": hooks.PostToolUseFailure,
			"PermissionRequest": hooks.PermissionRequest, "Stop": hooks.Stop, "SubagentStart": hooks.SubagentStart,
			"SubagentStop": hooks.SubagentStop, "PreCompact": hooks.PreCompact, "Notification": hooks.Notification,
			"PermissionResult": "", "StopFailure": "", "Interrupt": "", "PostCompact": "",
		},
		tools: map[string]hooks.ToolKind{"Bash": hooks.KindShell, "Write": hooks.KindWrite, "Edit": hooks.KindEdit,
			"Read": hooks.KindRead, "Agent": hooks.KindOther},
		baseline:     []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"},
		sessionStart: "SessionStart", prompt: "UserPromptSubmit", pre: "PreToolUse", post: "PostToolUse", stop: "Stop",
	},
	// OpenCode through this module's plugin: its callbacks and the two
	// session events it forwards.
	"opencode": {
		events: map[string]hooks.EventName{
			"tool.execute.before": hooks.PreToolUse, "tool.execute.after": hooks.PostToolUse,
			"session.created": hooks.SessionStart, "session.idle": hooks.Stop,
		},
		tools: map[string]hooks.ToolKind{"bash": hooks.KindShell, "write": hooks.KindWrite, "edit": hooks.KindEdit,
			"read": hooks.KindRead},
		baseline:     []string{"session.created", "tool.execute.before", "tool.execute.after", "session.idle"},
		sessionStart: "session.created", pre: "tool.execute.before", post: "tool.execute.after", stop: "session.idle",
	},
	// Pi through this module's extension.
	"pi": {
		events: map[string]hooks.EventName{
			"tool_call": hooks.PreToolUse, "tool_result": hooks.PostToolUse,
			"session_start": hooks.SessionStart, "agent_end": hooks.Stop,
		},
		tools: map[string]hooks.ToolKind{"bash": hooks.KindShell, "write": hooks.KindWrite, "edit": hooks.KindEdit,
			"read": hooks.KindRead},
		baseline:     []string{"session_start", "tool_call", "tool_result", "agent_end"},
		sessionStart: "session_start", pre: "tool_call", post: "tool_result", stop: "agent_end",
	},
	// Auggie: PromptSubmit is its UserPromptSubmit.
	"auggie": {
		events: map[string]hooks.EventName{
			"SessionStart": hooks.SessionStart, "SessionEnd": hooks.SessionEnd, "PromptSubmit": hooks.UserPromptSubmit,
			"PreToolUse": hooks.PreToolUse, "PostToolUse": hooks.PostToolUse, "Stop": hooks.Stop, "Notification": hooks.Notification,
		},
		tools: map[string]hooks.ToolKind{"launch-process": hooks.KindShell, "save-file": hooks.KindWrite,
			"str-replace-editor": hooks.KindEdit, "view": hooks.KindRead},
		baseline:     []string{"SessionStart", "PromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"},
		sessionStart: "SessionStart", prompt: "PromptSubmit", pre: "PreToolUse", post: "PostToolUse", stop: "Stop",
	},
}

// copilotPermTools are the tools of Copilot CLI's permissionRequest
// payloads: bash with {command}; a create or an edit as edit with
// {file_path, diff}.
var copilotPermTools = map[string]hooks.ToolKind{"bash": hooks.KindShell, "edit": hooks.KindPatch}

// expectOf returns what the suite expects of h: by its column (Copilot's
// PascalCase form has its own), else by its host name.
func expectOf(h *harness.Host) expect {
	if e, ok := expects[h.ID]; ok {
		return e
	}
	return expects[h.Name]
}

// shell is a model turn that runs cmd with the host's shell tool.
func shell(host, cmd string) fakemodel.Step {
	switch host {
	case "claude":
		return fakemodel.Call("Bash", map[string]any{"command": cmd, "description": "e2e step"})
	case "gemini", "qwen":
		return fakemodel.Call("run_shell_command", map[string]any{"command": cmd, "description": "e2e step"})
	case "copilot", "opencode":
		return fakemodel.Call("bash", map[string]any{"command": cmd, "description": "e2e step"})
	case "pi":
		return fakemodel.Call("bash", map[string]any{"command": cmd})
	case "auggie":
		return fakemodel.Call("launch-process", map[string]any{"command": cmd, "wait": true, "max_wait_seconds": 60})
	case "droid":
		return fakemodel.Call("Execute", map[string]any{"command": cmd, "summary": "e2e step"})
	case "cline":
		return fakemodel.Call("run_commands", map[string]any{"commands": []string{cmd}})
	case "kimi":
		return fakemodel.Call("Bash", map[string]any{"command": cmd, "description": "e2e step"})
	}
	return fakemodel.Call("exec_command", map[string]any{"cmd": cmd})
}

// baselineScript runs a shell command, writes a file, edits it and reads
// it back (Codex: apply_patch add and update, then cat).
func baselineScript(host string, r *harness.Run) fakemodel.Script {
	switch host {
	case "claude":
		p := filepath.Join(r.Project, "hello.txt")
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("Write", map[string]any{"file_path": p, "content": "hello world\n"}),
			fakemodel.Call("Edit", map[string]any{"file_path": p, "old_string": "hello world", "new_string": "goodbye world"}),
			fakemodel.Call("Read", map[string]any{"file_path": p}),
			fakemodel.Say("all done"),
		}
	case "gemini":
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("write_file", map[string]any{"file_path": "hello.txt", "content": "hello world\n"}),
			fakemodel.Call("replace", map[string]any{"file_path": "hello.txt", "instruction": "change the greeting",
				"old_string": "hello world", "new_string": "goodbye world"}),
			fakemodel.Call("read_file", map[string]any{"file_path": "hello.txt"}),
			fakemodel.Say("all done"),
		}
	case "copilot":
		p := filepath.Join(r.Project, "hello.txt")
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("create", map[string]any{"path": p, "file_text": "hello world\n"}),
			fakemodel.Call("edit", map[string]any{"path": p, "old_str": "hello world", "new_str": "goodbye world"}),
			fakemodel.Call("view", map[string]any{"path": p}),
			fakemodel.Say("all done"),
		}
	case "qwen":
		p := filepath.Join(r.Project, "hello.txt")
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("write_file", map[string]any{"file_path": p, "content": "hello world\n"}),
			fakemodel.Call("edit", map[string]any{"file_path": p, "old_string": "hello world", "new_string": "goodbye world"}),
			fakemodel.Call("read_file", map[string]any{"file_path": p}),
			fakemodel.Say("all done"),
		}
	case "kimi":
		p := filepath.Join(r.Project, "hello.txt")
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("Write", map[string]any{"path": p, "content": "hello world\n"}),
			fakemodel.Call("Edit", map[string]any{"path": p, "old_string": "hello world", "new_string": "goodbye world"}),
			fakemodel.Call("Read", map[string]any{"path": p}),
			fakemodel.Say("all done"),
		}
	case "droid":
		p := filepath.Join(r.Project, "hello.txt")
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("Create", map[string]any{"file_path": p, "content": "hello world\n"}),
			fakemodel.Call("Edit", map[string]any{"file_path": p, "old_str": "hello world", "new_str": "goodbye world"}),
			fakemodel.Call("Read", map[string]any{"file_path": p}),
			fakemodel.Say("all done"),
		}
	case "cline":
		p := filepath.Join(r.Project, "hello.txt")
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("editor", map[string]any{"path": p, "new_text": "hello world\n"}),
			fakemodel.Call("editor", map[string]any{"path": p, "old_text": "hello world", "new_text": "goodbye world"}),
			fakemodel.Call("read_files", map[string]any{"files": []any{map[string]any{"path": p}}}),
			fakemodel.Say("all done"),
		}
	case "opencode":
		p := filepath.Join(r.Project, "hello.txt")
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("write", map[string]any{"filePath": p, "content": "hello world\n"}),
			fakemodel.Call("edit", map[string]any{"filePath": p, "oldString": "hello world", "newString": "goodbye world"}),
			fakemodel.Call("read", map[string]any{"filePath": p}),
			fakemodel.Say("all done"),
		}
	case "auggie":
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("save-file", map[string]any{"path": "hello.txt", "file_content": "hello world\n"}),
			fakemodel.Call("str-replace-editor", map[string]any{"command": "str_replace", "path": "hello.txt",
				"str_replace_entries": []any{map[string]any{"old_str": "hello world", "new_str": "goodbye world",
					"old_str_start_line_number": 1, "old_str_end_line_number": 1}}}),
			fakemodel.Call("view", map[string]any{"type": "file", "path": "hello.txt"}),
			fakemodel.Say("all done"),
		}
	case "pi":
		p := filepath.Join(r.Project, "hello.txt")
		return fakemodel.Script{
			shell(host, "echo hi > shell.txt"),
			fakemodel.Call("write", map[string]any{"path": p, "content": "hello world\n"}),
			fakemodel.Call("edit", map[string]any{"path": p, "edits": []any{map[string]any{"oldText": "hello world", "newText": "goodbye world"}}}),
			fakemodel.Call("read", map[string]any{"path": p}),
			fakemodel.Say("all done"),
		}
	}
	return fakemodel.Script{
		shell(host, "echo hi > shell.txt"),
		fakemodel.Custom("apply_patch", "*** Begin Patch\n*** Add File: hello.txt\n+hello world\n*** End Patch\n"),
		fakemodel.Custom("apply_patch", "*** Begin Patch\n*** Update File: hello.txt\n@@\n-hello world\n+goodbye world\n*** End Patch\n"),
		shell(host, "cat hello.txt"),
		fakemodel.Say("all done"),
	}
}
