package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a Claude Code hook payload into a unified event. The twelve
// events with a unified counterpart (same names) become their *XxxEvent;
// PreSkillShellCommand becomes a *hooks.PreToolUseEvent whose Origin names
// the skill or slash command; any other event name (PostToolBatch,
// StopFailure, ConfigChange, PreModelSwitch, …) becomes a
// *hooks.OtherEvent. Parse fails on anything that is not one
// JSON object with a string hook_event_name, and on fields of the wrong
// type that the event needs.
func (a *Adapter) Parse(payload []byte) (hooks.Event, error) {
	trimmed := bytes.TrimLeft(payload, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, errors.New("payload is not a JSON object")
	}
	var in Input
	var toolInput fastjson.Value
	if !readInput(payload, &in, &toolInput) {
		// Not one JSON object, or a field of the wrong type: encoding/json
		// says which (its decoded value is not used: it folds keys' case).
		err := json.Unmarshal(payload, new(Input))
		var typeErr *json.UnmarshalTypeError
		if err == nil || !errors.As(err, &typeErr) {
			return nil, fmt.Errorf("payload: %w", orUnreadable(err))
		}
		// A field of an unexpected type: fatal for an event we map, but
		// host-only events need only the common fields.
		c, ok := readCommon(payload)
		if !ok || c.HookEventName == "" || unified(c.HookEventName) != "" {
			return nil, fmt.Errorf("payload: %w", err)
		}
		toolInput = fastjson.Value{}
		in = Input{SessionID: c.SessionID, TranscriptPath: c.TranscriptPath, Cwd: c.Cwd, HookEventName: c.HookEventName, Model: c.Model}
	}
	if in.HookEventName == "" {
		return nil, errors.New("payload has no hook_event_name")
	}
	base := hooks.Base{
		Host:           Host,
		NativeEvent:    in.HookEventName,
		SessionID:      in.SessionID,
		Cwd:            in.Cwd,
		TranscriptPath: in.TranscriptPath,
		Model:          modelName(in.Model),
		PermissionMode: in.PermissionMode,
		Raw:            json.RawMessage(payload),
	}
	agent := hooks.Agent{ID: in.AgentID, Type: in.AgentType}
	switch in.HookEventName {
	case "SessionStart":
		return &hooks.SessionStartEvent{Base: base, Source: in.Source}, nil
	case "SessionEnd":
		return &hooks.SessionEndEvent{Base: base, Reason: in.Reason}, nil
	case "UserPromptSubmit":
		return &hooks.UserPromptSubmitEvent{Base: base, Prompt: in.Prompt}, nil
	case "PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure", SkillShell:
		tool, err := parseTool(&in, toolInput)
		if err != nil {
			return nil, err
		}
		switch in.HookEventName {
		case "PreToolUse":
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		case SkillShell:
			origin := &hooks.CommandOrigin{Command: in.CommandName, Source: in.CommandSource, InvokedBy: in.InvokedBy}
			return &hooks.PreToolUseEvent{Base: base, Tool: tool, Origin: origin}, nil
		case "PermissionRequest":
			return &hooks.PermissionRequestEvent{Base: base, Tool: tool}, nil
		case "PostToolUse":
			out := hooks.ToolOutput{Text: outputText(in.ToolName, in.ToolResponse), Raw: orNil(in.ToolResponse)}
			return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: out}, nil
		}
		return &hooks.PostToolUseFailureEvent{Base: base, Tool: tool, Error: in.Error, Interrupted: in.IsInterrupt}, nil
	case "Stop":
		return &hooks.StopEvent{Base: base, Active: in.StopHookActive, LoopCount: claudewire.Loops(in.StopHookActive), LastMessage: in.LastAssistantMessage}, nil
	case "SubagentStart":
		return &hooks.SubagentStartEvent{Base: base, Agent: agent}, nil
	case "SubagentStop":
		return &hooks.SubagentStopEvent{Base: base, Agent: agent, Active: in.StopHookActive, LoopCount: claudewire.Loops(in.StopHookActive), LastMessage: in.LastAssistantMessage}, nil
	case "PreCompact":
		return &hooks.PreCompactEvent{Base: base, Trigger: in.Trigger}, nil
	case "Notification":
		return &hooks.NotificationEvent{Base: base, Kind: in.NotificationType, Message: in.Message}, nil
	}
	return &hooks.OtherEvent{Base: base, Unknown: !knownEvent(base.NativeEvent)}, nil
}

// unified returns the unified name of a native event, or "" when it has
// none. Claude's names are the unified names.
func unified(native string) hooks.EventName {
	switch n := hooks.EventName(native); n {
	case hooks.SessionStart, hooks.SessionEnd, hooks.UserPromptSubmit, hooks.PreToolUse, hooks.PostToolUse,
		hooks.PostToolUseFailure, hooks.PermissionRequest, hooks.Stop, hooks.SubagentStart, hooks.SubagentStop,
		hooks.PreCompact, hooks.Notification:
		return n
	case SkillShell:
		return hooks.PreToolUse
	}
	return ""
}

func parseTool(in *Input, toolInput fastjson.Value) (hooks.Tool, error) {
	if in.ToolName == "" {
		return hooks.Tool{}, fmt.Errorf("%s payload has no tool_name", in.HookEventName)
	}
	typed, inputErr := parseToolInput(in.ToolName, in.ToolInput, toolInput)
	return hooks.Tool{Name: in.ToolName, ID: in.ToolUseID, Input: typed, RawInput: orNil(in.ToolInput), InputErr: inputErr}, nil
}

// orUnreadable is err, or an error when the fast reader refused a payload
// encoding/json accepts (which should not happen).
func orUnreadable(err error) error {
	if err == nil {
		return errors.New("payload could not be read")
	}
	return err
}

// readCommon reads the fields every event carries, exactly; ok is false
// when one has the wrong type.
func readCommon(payload []byte) (c commonInput, ok bool) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return c, false
	}
	return c, d.Members(func(k string, v fastjson.Value) bool {
		switch k {
		case "session_id":
			return v.SetString(&c.SessionID)
		case "transcript_path":
			return v.SetString(&c.TranscriptPath)
		case "cwd":
			return v.SetString(&c.Cwd)
		case "hook_event_name":
			return v.SetString(&c.HookEventName)
		case "model":
			c.Model = v.Raw()
		}
		return true
	})
}

// modelName reads "model" as a string, or as an object's "id" (the shape
// Claude uses outside hooks); anything else is "".
func modelName(raw json.RawMessage) string {
	if isNull(raw) {
		return ""
	}
	v, ok := fastjson.Parse(raw)
	if !ok {
		return ""
	}
	if s, ok := v.String(); ok {
		return s
	}
	if id, ok := v.Get("id"); ok {
		s, _ := id.String()
		return s
	}
	return ""
}
