package copilot

import (
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/claudewire"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a Copilot payload into a unified event. The event is the one
// the adapter is bound to (ForEvent), else the one the payload names
// (hook_event_name, hookName), else the one its fields show (see sniff).
// sessionStart, sessionEnd, userPromptSubmitted, preToolUse,
// permissionRequest, postToolUse, postToolUseFailure, agentStop,
// subagentStart, subagentStop, preCompact and notification (and their
// PascalCase names) become their *hooks.XxxEvent; userPromptTransformed,
// errorOccurred and unknown names become *hooks.OtherEvent.
//
// Keys are read exactly as Copilot writes them (no case folding; a repeated
// key keeps its last value). A tool argument a policy reads that is
// missing or of the wrong type sets Tool.InputErr; the event still parses.
func (a *Adapter) Parse(payload []byte) (hooks.Event, error) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return nil, fmt.Errorf("copilot payload: %w", fastjson.ObjectErr(payload))
	}
	var vals [len(payloadKeys)]fastjson.Value
	var found [len(payloadKeys)]bool
	o := d.Value().Pick(payloadKeys[:], vals[:], found[:])
	named := o.StringAt("hook_event_name")
	if named == "" {
		named = o.StringAt("hookName")
	}
	native := a.event
	switch {
	case native == "" && named != "":
		native = named
	case native == "":
		if native = sniff(&o); native == "" {
			return nil, errors.New("copilot payload names no event and its fields match none; register the hook with --event NAME")
		}
	case named != "":
		want, _ := camelEvent(native)
		if got, _ := camelEvent(named); got != want {
			return nil, fmt.Errorf("copilot payload is a %s event, but the hook was registered for %s", named, native)
		}
	}
	event, known := camelEvent(native)
	base := hooks.Base{
		Host:           Host,
		NativeEvent:    native,
		SessionID:      either(&o, "sessionId", "session_id"),
		Cwd:            o.StringAt("cwd"),
		TranscriptPath: either(&o, "transcriptPath", "transcript_path"),
		Raw:            payload,
	}
	agent := hooks.Agent{ID: either(&o, "agentId", "agent_id"), Type: either(&o, "agentType", "agent_type")}
	switch event {
	case EventSessionStart:
		return &hooks.SessionStartEvent{Base: base, Source: o.StringAt("source")}, nil
	case EventSessionEnd:
		return &hooks.SessionEndEvent{Base: base, Reason: o.StringAt("reason")}, nil
	case EventUserPromptSubmitted:
		return &hooks.UserPromptSubmitEvent{Base: base, Prompt: o.StringAt("prompt")}, nil
	case EventPreToolUse, EventPermissionRequest, EventPostToolUse, EventPostToolUseFailure:
		tool, err := parseTool(&o, event)
		if err != nil {
			return nil, fmt.Errorf("copilot %s payload: %w", native, err)
		}
		switch event {
		case EventPreToolUse:
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		case EventPermissionRequest:
			return &hooks.PermissionRequestEvent{Base: base, Tool: tool}, nil
		case EventPostToolUse:
			return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: toolOutput(&o)}, nil
		}
		return &hooks.PostToolUseFailureEvent{Base: base, Tool: tool, Error: o.StringAt("error")}, nil
	case EventAgentStop:
		active := o.BoolAt("stop_hook_active")
		return &hooks.StopEvent{Base: base, Active: active, LoopCount: claudewire.Loops(active)}, nil
	case EventSubagentStart:
		return &hooks.SubagentStartEvent{Base: base, Agent: agent}, nil
	case EventSubagentStop:
		active := o.BoolAt("stop_hook_active")
		return &hooks.SubagentStopEvent{Base: base, Agent: agent, Active: active, LoopCount: claudewire.Loops(active),
			LastMessage: either(&o, "response", "last_assistant_message")}, nil
	case EventPreCompact:
		return &hooks.PreCompactEvent{Base: base, Trigger: o.StringAt("trigger")}, nil
	case EventNotification:
		return &hooks.NotificationEvent{Base: base, Kind: o.StringAt("notification_type"), Message: o.StringAt("message")}, nil
	}
	return &hooks.OtherEvent{Base: base, Unknown: !known}, nil
}

// sniff infers the camelCase event of a payload that names none, from the
// fields each event carries (Copilot 1.0.102). It returns "" when nothing
// fits. The model cannot add top-level fields, so it cannot steer this.
func sniff(o *fastjson.Picked) string {
	tool := o.Has("toolName") || o.Has("tool_name") || o.Has("toolArgs") || o.Has("toolInput") || o.Has("tool_input")
	switch {
	case tool && (o.Has("toolResult") || o.Has("tool_result")):
		return EventPostToolUse
	case tool && o.Has("error"):
		return EventPostToolUseFailure
	case tool && (o.Has("toolInput") || o.Has("permissionSuggestions")):
		return EventPermissionRequest
	case tool && (o.Has("toolArgs") || o.Has("tool_input")):
		return EventPreToolUse
	case o.Has("transformedPrompt"):
		return EventUserPromptTransformed
	case o.Has("prompt"):
		return EventUserPromptSubmitted
	case o.Has("stopReason") && (o.Has("response") || o.Has("agentName")):
		return EventSubagentStop
	case o.Has("stopReason"):
		return EventAgentStop
	case o.Has("agentName"):
		return EventSubagentStart
	case o.Has("trigger"):
		return EventPreCompact
	case o.Has("errorContext") || o.Has("error"):
		return EventErrorOccurred
	case o.Has("initialPrompt") || o.Has("source"):
		return EventSessionStart
	case o.Has("notification_type"):
		return EventNotification
	case o.Has("reason"):
		return EventSessionEnd
	}
	return ""
}

// either returns the string field camel, else snake: Copilot spells the
// common fields one way or the other depending on the registration form.
func either(o *fastjson.Picked, camel, snake string) string {
	if s := o.StringAt(camel); s != "" {
		return s
	}
	return o.StringAt(snake)
}

// toolOutput lifts a postToolUse result: camelCase toolResult
// {resultType, textResultForLlm} or snake_case tool_result.
func toolOutput(o *fastjson.Picked) hooks.ToolOutput {
	if r, ok := o.ObjectAt("toolResult"); ok {
		return hooks.ToolOutput{Text: r.StringAt("textResultForLlm"), Raw: r.Raw()}
	}
	if r, ok := o.ObjectAt("tool_result"); ok {
		return hooks.ToolOutput{Text: r.StringAt("text_result_for_llm"), Raw: r.Raw()}
	}
	return hooks.ToolOutput{}
}

// payloadKeys are the top-level fields Parse reads, picked in one pass.
var payloadKeys = [...]string{"hook_event_name", "hookName", "sessionId", "session_id", "cwd", "transcriptPath", "transcript_path", "agentId", "agent_id", "agentType", "agent_type", "source", "reason", "prompt", "toolName", "tool_name", "toolArgs", "toolInput", "tool_input", "toolResult", "tool_result", "error", "stop_hook_active", "response", "last_assistant_message", "trigger", "notification_type", "message", "permissionSuggestions", "transformedPrompt", "stopReason", "agentName", "errorContext", "initialPrompt"}
