package codex

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a Codex payload into a unified event. Events with no unified
// counterpart (PostCompact, Interrupt, and any name Codex may add) become
// *hooks.OtherEvent. It fails on anything but exactly one JSON object with
// a hook_event_name, on fields of the wrong type, and on a tool event whose
// tool_name is missing or whose shell or patch input lacks its command.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	in, err := decodeInput(payload)
	if err != nil {
		return nil, err
	}
	base := hooks.Base{
		Host:        Host,
		NativeEvent: in.HookEventName,
		SessionID:   in.SessionID,
		Cwd:         in.Cwd,
		Model:       in.Model,
		Raw:         json.RawMessage(payload),
		// The same words as Claude Code's.
		PermissionMode: in.PermissionMode,
	}
	if in.TranscriptPath != nil {
		base.TranscriptPath = *in.TranscriptPath
	}
	switch in.HookEventName {
	case EventSessionStart:
		return &hooks.SessionStartEvent{Base: base, Source: in.Source}, nil
	case EventSessionEnd:
		return &hooks.SessionEndEvent{Base: base, Reason: in.Reason}, nil
	case EventUserPromptSubmit:
		return &hooks.UserPromptSubmitEvent{Base: base, Prompt: in.Prompt}, nil
	case EventPreToolUse, EventPermissionRequest, EventPostToolUse:
		tool, err := parseTool(in)
		if err != nil {
			return nil, err
		}
		switch in.HookEventName {
		case EventPreToolUse:
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		case EventPermissionRequest:
			return &hooks.PermissionRequestEvent{Base: base, Tool: tool}, nil
		}
		return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: toolOutput(in.ToolResponse)}, nil
	case EventStop:
		return &hooks.StopEvent{Base: base, Active: in.StopHookActive, LoopCount: claudewire.Loops(in.StopHookActive),
			LastMessage: deref(in.LastAssistantMessage)}, nil
	case EventSubagentStart:
		return &hooks.SubagentStartEvent{Base: base, Agent: hooks.Agent{ID: in.AgentID, Type: in.AgentType}}, nil
	case EventSubagentStop:
		return &hooks.SubagentStopEvent{Base: base, Agent: hooks.Agent{ID: in.AgentID, Type: in.AgentType},
			Active: in.StopHookActive, LoopCount: claudewire.Loops(in.StopHookActive), LastMessage: deref(in.LastAssistantMessage)}, nil
	case EventPreCompact:
		return &hooks.PreCompactEvent{Base: base, Trigger: in.Trigger}, nil
	}
	return &hooks.OtherEvent{Base: base, Unknown: base.NativeEvent != EventPostCompact && base.NativeEvent != EventInterrupt}, nil
}

// decodeInput decodes exactly one JSON object with a hook_event_name.
func decodeInput(payload []byte) (*Input, error) {
	trimmed := bytes.TrimLeft(payload, " \t\r\n")
	if len(trimmed) == 0 {
		return nil, errors.New("codex: empty payload")
	}
	if trimmed[0] != '{' {
		return nil, errors.New("codex: payload is not a JSON object")
	}
	in := new(Input)
	if fastInput(payload, in) {
		if in.HookEventName == "" {
			return nil, errors.New("codex: payload has no hook_event_name")
		}
		return in, nil
	}
	// Not one JSON object, or a field of the wrong type: encoding/json says
	// which (its decoded value is not used: it folds keys' case).
	dec := json.NewDecoder(bytes.NewReader(payload))
	if err := dec.Decode(new(Input)); err != nil {
		return nil, fmt.Errorf("codex: bad payload: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("codex: payload has data after its JSON object")
	}
	return nil, errors.New("codex: bad payload")
}

// toolOutput lifts tool_response: Codex sends a string; anything else is
// kept raw only.
func toolOutput(raw json.RawMessage) hooks.ToolOutput {
	out := hooks.ToolOutput{Raw: raw}
	if len(raw) > 0 && raw[0] == '"' {
		if s, ok := fastjson.StringValue(raw); ok {
			out.Text = s
		} else if json.Unmarshal(raw, &s) == nil {
			out.Text = s
		}
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
