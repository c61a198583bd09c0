package cline

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Parse turns a Cline payload into a unified event, by its hookName:
// agent_start (TaskStart) and agent_resume (TaskResume) are
// *hooks.SessionStartEvent ("startup", "resume"), tool_call (PreToolUse)
// *hooks.PreToolUseEvent, tool_result (PostToolUse)
// *hooks.PostToolUseEvent (or *hooks.PostToolUseFailureEvent when the
// record has an error), prompt_submit (UserPromptSubmit)
// *hooks.UserPromptSubmitEvent, agent_end (TaskComplete)
// *hooks.StopEvent, session_shutdown (SessionShutdown)
// *hooks.SessionEndEvent; agent_abort (TaskCancel) and agent_error
// (TaskError) are *hooks.OtherEvent, and so is any other name, marked
// Unknown.
//
// Base.NativeEvent is the hook file's name (PreToolUse, …), SessionID
// sessionContext.rootSessionId, the session (the id cline --id resumes;
// else the taskId, which names one conversation and changes when the
// session is resumed: measured) and Cwd workspaceInfo.rootPath (else the
// first of
// workspaceRoots). The tool of a tool event is read from tool_call (or
// tool_result): {id, name, input}, input being the object the tool runs
// with.
func (*Adapter) Parse(payload []byte) (hooks.Event, error) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return nil, fmt.Errorf("cline payload: %w", fastjson.ObjectErr(payload))
	}
	v := d.Value()
	hook, _ := stringMember(v, "hookName")
	if hook == "" {
		return nil, errors.New("cline payload has no hookName")
	}
	native, known := eventOf(hook)
	if !known {
		native = hook
	}
	base := hooks.Base{Host: Host, NativeEvent: native, Raw: payload}
	if sc, ok := v.Get("sessionContext"); ok {
		base.SessionID, _ = stringMember(sc, "rootSessionId")
	}
	if base.SessionID == "" {
		base.SessionID, _ = stringMember(v, "taskId")
	}
	if info, ok := v.Get("workspaceInfo"); ok {
		base.Cwd, _ = stringMember(info, "rootPath")
	}
	if roots, ok := v.Get("workspaceRoots"); ok && base.Cwd == "" {
		roots.Elements(func(e fastjson.Value) bool { base.Cwd, _ = e.String(); return false })
	}
	switch hook {
	case hookAgentStart:
		return &hooks.SessionStartEvent{Base: base, Source: "startup"}, nil
	case hookAgentResume:
		return &hooks.SessionStartEvent{Base: base, Source: "resume"}, nil
	case hookPromptSubmit:
		var prompt string
		if p, ok := v.Get("userPromptSubmit"); ok {
			prompt, _ = stringMember(p, "prompt")
		}
		return &hooks.UserPromptSubmitEvent{Base: base, Prompt: prompt}, nil
	case hookToolCall, hookToolResult:
		rec, ok := v.Get(hook)
		if !ok || !rec.IsObject() {
			return nil, fmt.Errorf("cline %s payload has no %s object", native, hook)
		}
		name, _ := stringMember(rec, "name")
		if name == "" {
			return nil, fmt.Errorf("cline %s payload has no tool name", native)
		}
		id, _ := stringMember(rec, "id")
		raw := []byte("null")
		if in, ok := rec.Get("input"); ok {
			raw = in.Raw()
		}
		tool := parseTool(name, id, raw)
		if hook == hookToolCall {
			return &hooks.PreToolUseEvent{Base: base, Tool: tool}, nil
		}
		if e, has := rec.Get("error"); has && !e.IsNull() {
			msg, _ := e.String()
			return &hooks.PostToolUseFailureEvent{Base: base, Tool: tool, Error: msg}, nil
		}
		var output hooks.ToolOutput
		if out, ok := rec.Get("output"); ok {
			output = toolOutput(out)
		}
		return &hooks.PostToolUseEvent{Base: base, Tool: tool, Output: output}, nil
	case hookAgentEnd:
		var last string
		if turn, ok := v.Get("turn"); ok {
			last, _ = stringMember(turn, "outputText")
		}
		return &hooks.StopEvent{Base: base, LastMessage: last}, nil
	case hookSessionShutdown:
		reason, _ := stringMember(v, "reason")
		return &hooks.SessionEndEvent{Base: base, Reason: reason}, nil
	case hookAgentAbort, hookAgentError:
		return &hooks.OtherEvent{Base: base}, nil
	}
	return &hooks.OtherEvent{Base: base, Unknown: true}, nil
}

// toolOutput lifts a tool_result's output: Raw is it as sent; Text the
// "result" strings of its records ([{query, result, …}] or {query,
// result, …}), one a line, or the output itself when it is a string.
func toolOutput(out fastjson.Value) hooks.ToolOutput {
	o := hooks.ToolOutput{Raw: out.Raw()}
	if s, ok := out.String(); ok {
		o.Text = s
		return o
	}
	var parts []string
	one := func(e fastjson.Value) {
		if s, ok := stringMember(e, "result"); ok {
			parts = append(parts, s)
		}
		if s, ok := stringMember(e, "error"); ok && s != "" {
			parts = append(parts, s)
		}
	}
	if out.IsObject() {
		one(out)
	} else {
		out.Elements(func(e fastjson.Value) bool { one(e); return true })
	}
	o.Text = strings.Join(parts, "\n")
	if o.Text == "" {
		o.Text = string(o.Raw)
	}
	return o
}
