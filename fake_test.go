package hooks_test

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/agenthooks/hooks"
)

// fake is a minimal adapter for testing the core: payloads are
// {"hook_event_name": NAME, "host": "fake", "tool": CMD?}; answers are
// {"decision": ..., "reason": ..., "context": ...}.
type fake struct {
	host    hooks.Host
	timeout time.Duration
}

var fakeCaps = [...]hooks.Capability{
	{Native: "Pre", Event: hooks.PreToolUse, Honours: hooks.FieldDeny | hooks.FieldAllow | hooks.FieldReason | hooks.FieldUpdatedInput},
	{Native: "Pre2", Event: hooks.PreToolUse, Honours: hooks.FieldDeny | hooks.FieldReason},
	{Native: "Stop", Event: hooks.Stop, Honours: hooks.FieldDeny | hooks.FieldReason},
	{Native: "Start", Event: hooks.SessionStart, Honours: hooks.FieldContext},
}

func (f fake) Host() hooks.Host { return f.host }

func (f fake) Detect(fields map[string]json.RawMessage) float64 {
	var h string
	json.Unmarshal(fields["host"], &h)
	if hooks.Host(h) == f.host {
		return 1
	}
	return 0
}

func (f fake) Parse(p []byte) (hooks.Event, error) {
	var in struct {
		Name   string `json:"hook_event_name"`
		Tool   string `json:"tool"`
		Active bool   `json:"active"`
	}
	if err := json.Unmarshal(p, &in); err != nil {
		return nil, err
	}
	b := hooks.Base{Host: f.host, NativeEvent: in.Name, Raw: p}
	switch in.Name {
	case "":
		return nil, errors.New("no hook_event_name")
	case "Pre", "Pre2":
		switch in.Tool {
		case "":
			in.Tool = "true"
		case "-": // a shell call with no command
			in.Tool = ""
		}
		return &hooks.PreToolUseEvent{Base: b, Tool: hooks.Tool{Name: "sh", Input: &hooks.ShellInput{Command: in.Tool}}}, nil
	case "Stop":
		return &hooks.StopEvent{Base: b, Active: in.Active}, nil
	case "Start":
		return &hooks.SessionStartEvent{Base: b}, nil
	}
	return &hooks.OtherEvent{Base: b, Unknown: in.Name == "Mystery"}, nil
}

func (f fake) Capabilities() []hooks.Capability { return fakeCaps[:] }

func (f fake) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if hooks.Supports(fakeCaps[:], ev.Common().NativeEvent) == 0 {
		if r.Decision == hooks.DecisionDeny {
			return hooks.Output{ExitCode: 2, Stderr: r.Reason}, nil
		}
		return hooks.Output{}, nil
	}
	if r.IsZero() {
		return hooks.Output{}, nil
	}
	out := map[string]string{"event": ev.Common().NativeEvent}
	if d := r.Decision.String(); d != "" {
		out["decision"] = d
	}
	if r.Reason != "" {
		out["reason"] = r.Reason
	}
	if r.Context != "" {
		out["context"] = r.Context
	}
	if s, ok := r.UpdatedInput.(*hooks.ShellInput); ok {
		out["command"] = s.Command
	} else if r.UpdatedInput != nil {
		return hooks.Output{}, errors.New("wrong input kind")
	}
	b, _ := json.Marshal(out)
	return hooks.Output{Stdout: append(b, '\n')}, nil
}

func (f fake) Timeout() time.Duration {
	if f.timeout > 0 {
		return f.timeout
	}
	return time.Minute
}
