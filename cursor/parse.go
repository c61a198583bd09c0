package cursor

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// Parse turns a Cursor payload into a unified event. See the package
// documentation for the mapping. Events with no unified counterpart
// (afterAgentResponse, the Tab events, workspaceOpen, names it does not
// know) are *hooks.OtherEvent.
func (a *Adapter) Parse(payload []byte) (hooks.Event, error) {
	if t := bytes.TrimSpace(payload); len(t) == 0 || t[0] != '{' {
		return nil, errors.New("cursor payload is not a JSON object")
	}
	var in Input
	if !fastInput(payload, &in) {
		// Not one JSON object, or a field of the wrong type: encoding/json
		// says which (its decoded value is not used: it folds keys' case).
		err := json.Unmarshal(payload, new(Input))
		if err == nil {
			err = errors.New("payload could not be read")
		}
		return nil, fmt.Errorf("cursor payload: %w", err)
	}
	if in.HookEventName == "" {
		return nil, errors.New("cursor payload has no hook_event_name")
	}
	b := hooks.Base{
		Host:           Host,
		NativeEvent:    in.HookEventName,
		SessionID:      in.ConversationID,
		Cwd:            in.Cwd,
		TranscriptPath: in.TranscriptPath,
		Model:          in.Model,
		Raw:            payload,
	}
	if b.SessionID == "" {
		b.SessionID = in.SessionID
	}
	if b.Cwd == "" && len(in.WorkspaceRoots) > 0 {
		b.Cwd = in.WorkspaceRoots[0]
	}

	switch in.HookEventName {
	case EventSessionStart:
		return &hooks.SessionStartEvent{Base: b}, nil
	case EventSessionEnd:
		return &hooks.SessionEndEvent{Base: b, Reason: in.Reason}, nil
	case EventBeforeSubmitPrompt:
		return &hooks.UserPromptSubmitEvent{Base: b, Prompt: in.Prompt}, nil
	case EventPreToolUse:
		t, err := tool(&in)
		if err != nil {
			return nil, err
		}
		return &hooks.PreToolUseEvent{Base: b, Tool: t}, nil
	case EventBeforeShellExecution:
		// An empty command reaches the handler with Tool.InputErr set.
		return &hooks.PreToolUseEvent{Base: b, Tool: shellTool(&in)}, nil
	case EventBeforeMCPExecution:
		t, err := mcpTool(&in)
		if err != nil {
			return nil, err
		}
		return &hooks.PreToolUseEvent{Base: b, Tool: t}, nil
	case EventBeforeReadFile:
		raw, _ := json.Marshal(struct {
			FilePath string `json:"file_path"`
		}{in.FilePath})
		t := hooks.Tool{Name: ToolRead, Input: &hooks.ReadInput{Path: in.FilePath}, RawInput: raw}
		return &hooks.PreToolUseEvent{Base: b, Tool: t}, nil
	case EventPostToolUse:
		t, err := tool(&in)
		if err != nil {
			return nil, err
		}
		return &hooks.PostToolUseEvent{Base: b, Tool: t, Output: toolOutput(in.ToolOutput)}, nil
	case EventAfterShellExecution:
		var out hooks.ToolOutput
		if o := bytes.TrimSpace(in.Output); len(o) > 0 && string(o) != "null" {
			if err := json.Unmarshal(o, &out.Text); err != nil {
				return nil, fmt.Errorf("cursor %s output: %w", in.HookEventName, err)
			}
			out.Raw = o
		}
		return &hooks.PostToolUseEvent{Base: b, Tool: shellTool(&in), Output: out}, nil
	case EventAfterMCPExecution:
		t, err := mcpTool(&in)
		if err != nil {
			return nil, err
		}
		return &hooks.PostToolUseEvent{Base: b, Tool: t, Output: toolOutput(in.ResultJSON)}, nil
	case EventAfterFileEdit:
		return &hooks.PostToolUseEvent{Base: b, Tool: editTool(&in)}, nil
	case EventPostToolUseFailure:
		t, err := tool(&in)
		if err != nil {
			return nil, err
		}
		return &hooks.PostToolUseFailureEvent{Base: b, Tool: t, Error: in.ErrorMessage, Interrupted: in.IsInterrupt}, nil
	case EventStop:
		return &hooks.StopEvent{Base: b, Active: in.LoopCount > 0, LoopCount: in.LoopCount}, nil
	case EventSubagentStart:
		return &hooks.SubagentStartEvent{Base: b, Agent: agent(&in)}, nil
	case EventSubagentStop:
		return &hooks.SubagentStopEvent{Base: b, Agent: agent(&in), Active: in.LoopCount > 0, LoopCount: in.LoopCount}, nil
	case EventPreCompact:
		return &hooks.PreCompactEvent{Base: b, Trigger: in.Trigger}, nil
	}
	return &hooks.OtherEvent{Base: b, Unknown: !knownEvent(b.NativeEvent)}, nil
}

// knownEvent reports whether name is one of Cursor's documented hook events.
func knownEvent(name string) bool {
	switch name {
	case EventSessionStart, EventSessionEnd, EventBeforeSubmitPrompt, EventPreToolUse, EventPostToolUse,
		EventPostToolUseFailure, EventBeforeShellExecution, EventAfterShellExecution, EventBeforeMCPExecution,
		EventAfterMCPExecution, EventBeforeReadFile, EventAfterFileEdit, EventStop, EventSubagentStart,
		EventSubagentStop, EventPreCompact, EventAfterAgentResponse, EventAfterAgentThought,
		EventBeforeTabFileRead, EventAfterTabFileEdit, EventWorkspaceOpen:
		return true
	}
	return false
}

// tool reads the tool of preToolUse, postToolUse and postToolUseFailure.
func tool(in *Input) (hooks.Tool, error) {
	if in.ToolName == "" {
		return hooks.Tool{}, fmt.Errorf("cursor %s payload has no tool_name", in.HookEventName)
	}
	obj, err := object("tool_input", in.ToolInput)
	if err != nil {
		return hooks.Tool{}, fmt.Errorf("cursor %s: %w", in.HookEventName, err)
	}
	typed, inputErr := typedInput(in.ToolName, obj)
	if m, ok := typed.(*hooks.MCPInput); ok {
		m.Server = in.MCPServerName
	}
	return hooks.Tool{Name: in.ToolName, ID: in.ToolUseID, Input: typed, RawInput: obj, InputErr: inputErr}, nil
}

// shellTool is the Shell tool of before/afterShellExecution, which carry
// the command at the top level.
func shellTool(in *Input) hooks.Tool {
	raw, _ := json.Marshal(struct {
		Command string `json:"command"`
		Cwd     string `json:"cwd"`
	}{in.Command, in.Cwd})
	return hooks.Tool{Name: ToolShell, Input: &hooks.ShellInput{Command: in.Command, Cwd: in.Cwd}, RawInput: raw}
}

// mcpTool is the tool of before/afterMCPExecution: tool_name is the
// server's own tool name (prefixed with "MCP:" for the unified Tool.Name,
// as on preToolUse) and tool_input a JSON-encoded string.
func mcpTool(in *Input) (hooks.Tool, error) {
	args, err := object("tool_input", in.ToolInput)
	if err != nil {
		return hooks.Tool{}, fmt.Errorf("cursor %s: %w", in.HookEventName, err)
	}
	bare := strings.TrimPrefix(in.ToolName, MCPPrefix)
	return hooks.Tool{Name: MCPPrefix + bare, ID: in.ToolUseID, Input: &hooks.MCPInput{Server: in.MCPServerName, Tool: bare, Arguments: args}, RawInput: args}, nil
}

// editTool is the file edit of afterFileEdit. Cursor's agent edits are the
// Write tool.
func editTool(in *Input) hooks.Tool {
	edits := make([]hooks.TextEdit, 0, len(in.Edits))
	for _, e := range in.Edits {
		edits = append(edits, hooks.TextEdit{Old: e.OldString, New: e.NewString})
	}
	native := in.Edits
	if native == nil {
		native = []FileEdit{}
	}
	raw, _ := json.Marshal(struct {
		FilePath string     `json:"file_path"`
		Edits    []FileEdit `json:"edits"`
	}{in.FilePath, native})
	return hooks.Tool{Name: ToolWrite, Input: &hooks.EditInput{Path: in.FilePath, Edits: edits}, RawInput: raw}
}

func agent(in *Input) hooks.Agent {
	return hooks.Agent{ID: in.SubagentID, Type: in.SubagentType, Task: in.Task}
}
