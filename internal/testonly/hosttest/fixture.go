// Package hosttest is the conformance suite every adapter runs: golden
// txtar fixtures (native payload -> unified event; unified responses ->
// native output, exit code and warnings) regenerated with -update, and
// generic checks of the capability matrix and of output hygiene.
package hosttest

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/agenthooks/hooks"
)

// Response is the JSON form of a hooks.Response in fixtures.
type Response struct {
	Decision      string          `json:"decision,omitempty"` // allow, deny, ask
	Reason        string          `json:"reason,omitempty"`
	UserMessage   string          `json:"user_message,omitempty"`
	UpdatedInput  json.RawMessage `json:"updated_input,omitempty"` // {"kind":"shell",...fields of the input type}
	Context       string          `json:"context,omitempty"`
	SystemMessage string          `json:"system_message,omitempty"`
	Halt          bool            `json:"halt,omitempty"`
	// UpdatedOutput replaces a PostToolUse output: {"text":…} or {"raw":…}.
	UpdatedOutput *hooks.ToolOutput `json:"updated_output,omitempty"`
	// The model-level answers, in the JSON form of their hooks types.
	ModelRequest  *hooks.ModelRequest  `json:"model_request,omitempty"`
	ModelResponse *hooks.ModelResponse `json:"model_response,omitempty"`
	ToolChoice    *hooks.ToolChoice    `json:"tool_choice,omitempty"`
	// Native are host-only answers: {"host":…,"name":…,"value":…}.
	Native []hooks.Native `json:"native,omitempty"`
}

// ToHooks converts the fixture form to a hooks.Response.
func (r Response) ToHooks() (hooks.Response, error) {
	out := hooks.Response{Reason: r.Reason, UserMessage: r.UserMessage, Context: r.Context, SystemMessage: r.SystemMessage, Halt: r.Halt,
		UpdatedOutput: r.UpdatedOutput, ModelRequest: r.ModelRequest, ModelResponse: r.ModelResponse, ToolChoice: r.ToolChoice, Native: r.Native}
	switch r.Decision {
	case "":
	case "allow":
		out.Decision = hooks.DecisionAllow
	case "deny":
		out.Decision = hooks.DecisionDeny
	case "ask":
		out.Decision = hooks.DecisionAsk
	default:
		return out, fmt.Errorf("unknown decision %q", r.Decision)
	}
	if len(r.UpdatedInput) > 0 {
		in, err := DecodeInput(r.UpdatedInput)
		if err != nil {
			return out, err
		}
		out.UpdatedInput = in
	}
	return out, nil
}

// DecodeInput decodes {"kind":K, ...fields} into the typed input of kind
// K; kind "other" takes {"kind":"other","raw":{...}}. A shell timeout is in
// milliseconds ("timeout_ms").
func DecodeInput(data []byte) (hooks.ToolInput, error) {
	var head struct {
		Kind      hooks.ToolKind  `json:"kind"`
		Raw       json.RawMessage `json:"raw"`
		TimeoutMS int64           `json:"timeout_ms"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, err
	}
	var in hooks.ToolInput
	switch head.Kind {
	case hooks.KindShell:
		s := &hooks.ShellInput{}
		if err := json.Unmarshal(data, s); err != nil {
			return nil, err
		}
		s.Timeout = time.Duration(head.TimeoutMS) * time.Millisecond
		return s, nil
	case hooks.KindRead:
		in = &hooks.ReadInput{}
	case hooks.KindWrite:
		in = &hooks.WriteInput{}
	case hooks.KindEdit:
		in = &hooks.EditInput{}
	case hooks.KindPatch:
		in = &hooks.PatchInput{}
	case hooks.KindDelete:
		in = &hooks.DeleteInput{}
	case hooks.KindMCP:
		in = &hooks.MCPInput{}
	case hooks.KindOther:
		return hooks.RawInput(head.Raw), nil
	default:
		return nil, fmt.Errorf("unknown input kind %q", head.Kind)
	}
	if err := json.Unmarshal(data, in); err != nil {
		return nil, err
	}
	return in, nil
}

// DumpEvent renders an event for a golden file: its Go type and its JSON
// form, indented.
func DumpEvent(ev hooks.Event) []byte {
	b, err := json.MarshalIndent(struct {
		Type  string      `json:"type"`
		Event hooks.Event `json:"event"`
	}{fmt.Sprintf("%T", ev), ev}, "", "  ")
	if err != nil {
		return []byte("error: " + err.Error() + "\n")
	}
	b = append(b, '\n')
	if t := hooks.ToolOf(ev); t != nil && t.InputErr != nil {
		// The adapter's InputErr, which the JSON form leaves out.
		b = append(b, "input_err: "+t.InputErr.Error()+"\n"...)
	}
	if err := readErr(ev); err != nil {
		// A model-level event's ReadErr, which the JSON form leaves out.
		b = append(b, "read_err: "+err.Error()+"\n"...)
	}
	return b
}

// DumpResult renders what a host receives for a golden file: exit code,
// stdout, stderr and warnings, one per line.
func DumpResult(res hooks.Result) []byte {
	s := fmt.Sprintf("exit %d\n", res.Output.ExitCode)
	if len(res.Output.Stdout) > 0 {
		s += "stdout " + string(res.Output.Stdout)
		if res.Output.Stdout[len(res.Output.Stdout)-1] != '\n' {
			s += "\n(no final newline)\n"
		}
	}
	if res.Output.Stderr != "" {
		s += "stderr " + res.Output.Stderr + "\n"
	}
	for _, w := range res.Warnings {
		s += "warning " + w.String() + "\n"
	}
	if res.Err != nil {
		s += "error " + res.Err.Error() + "\n"
	}
	return []byte(s)
}

// readErr returns the ReadErr of a model-level event.
func readErr(ev hooks.Event) error {
	switch e := ev.(type) {
	case *hooks.ModelRequestEvent:
		return e.ReadErr
	case *hooks.ModelResponseEvent:
		return e.ReadErr
	case *hooks.ToolSelectionEvent:
		return e.ReadErr
	}
	return nil
}
