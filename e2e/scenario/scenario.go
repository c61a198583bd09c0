// Package scenario is the contract between the end-to-end tests and the
// test hook (e2e/testhook): what the hook answers in a run, and the log it
// keeps of every invocation.
//
// The test writes a Scenario as JSON and passes its path to the clients in
// the environment variable named by EnvVar; the clients pass their
// environment on to their hooks, so the hook finds it there.
package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
)

// EnvVar names the environment variable holding the scenario file's path.
const EnvVar = "HOOKS_E2E_SCENARIO"

// Scenario is what the test hook does in one run.
type Scenario struct {
	// Log is the file every invocation is appended to, as one Entry per
	// line.
	Log string `json:"log"`
	// Fail is the hook's fail policy: "open" (default) or "closed".
	Fail string `json:"fail,omitempty"`
	// Rules are tried in order; the first that matches an event answers
	// it. Events no rule matches get no opinion.
	Rules []Rule `json:"rules,omitempty"`
	// Typed makes the hook use one typed handler per unified event and no
	// Handlers.Any, as most real hooks do: host-only events then reach no
	// handler at all.
	Typed bool `json:"typed,omitempty"`
	// Corrupt lists native event names (hook_event_name) whose payload is
	// replaced by malformed JSON before the library reads it.
	Corrupt []string `json:"corrupt,omitempty"`
	// CorruptContains, when set, corrupts only those payloads of the
	// Corrupt events that contain it.
	CorruptContains string `json:"corrupt_contains,omitempty"`
}

// Rule answers the events it matches.
type Rule struct {
	// Event is the unified event name the rule applies to.
	Event hooks.EventName `json:"event"`
	// Kind, when set, restricts the rule to tools of that kind.
	Kind hooks.ToolKind `json:"kind,omitempty"`
	// Contains, when set, restricts the rule to tool calls whose command,
	// path or patch contains it.
	Contains string `json:"contains,omitempty"`
	// Panic makes the handler panic instead of answering.
	Panic bool `json:"panic,omitempty"`
	// Response is the answer.
	Response Response `json:"response"`
}

// Response is the JSON form of a hooks.Response.
type Response struct {
	Decision string `json:"decision,omitempty"` // allow, deny, ask
	Reason   string `json:"reason,omitempty"`
	Context  string `json:"context,omitempty"`
	// RewriteCommand replaces a shell tool's command.
	RewriteCommand string `json:"rewrite_command,omitempty"`
	SystemMessage  string `json:"system_message,omitempty"`
	// Native are host-only answers (hooks.Native).
	Native []hooks.Native `json:"native,omitempty"`
	// Redact, on PreModel, replaces it with [Redacted] in the request's
	// messages (a request override) and, on PostModel, in the response
	// chunk (a replacement); where it does not occur, no opinion.
	Redact string `json:"redact,omitempty"`
	// Answer, on PreModel, answers with this text instead of the model.
	Answer string `json:"answer,omitempty"`
	// ToolMode and AllowedTools restrict the tools on PreToolSelection.
	ToolMode     hooks.ToolMode `json:"tool_mode,omitempty"`
	AllowedTools []string       `json:"allowed_tools,omitempty"`
}

// Redacted replaces Response.Redact.
const Redacted = "[REDACTED]"

// For converts r for ev: [Response.Hooks] with the tool's input, and
// the model-level answers (Redact, Answer, ToolMode) on the model events.
func (r Response) For(ev hooks.Event) (hooks.Response, error) {
	var in hooks.ToolInput
	if t := hooks.ToolOf(ev); t != nil {
		in = t.Input
	}
	out, err := r.Hooks(in)
	if err != nil {
		return out, err
	}
	switch e := ev.(type) {
	case *hooks.ModelRequestEvent:
		if r.Answer != "" {
			resp := hooks.ReplaceText(r.Answer)
			out.ModelResponse = resp.ModelResponse
		}
		if r.Redact != "" {
			req, found := e.Request, false
			req.Messages = slices.Clone(req.Messages)
			for i, m := range req.Messages {
				if strings.Contains(m.Content, r.Redact) {
					req.Messages[i].Content, found = strings.ReplaceAll(m.Content, r.Redact, Redacted), true
				}
			}
			if found {
				out.ModelRequest = &req
			}
		}
	case *hooks.ModelResponseEvent:
		if text := e.Response.ResponseText(); r.Redact != "" && strings.Contains(text, r.Redact) {
			out.ModelResponse = &hooks.ModelResponse{Text: strings.ReplaceAll(text, r.Redact, Redacted)}
		}
	case *hooks.ToolSelectionEvent:
		if r.ToolMode != "" {
			out.ToolChoice = &hooks.ToolChoice{Mode: r.ToolMode, Allowed: r.AllowedTools}
		}
	}
	return out, nil
}

// Hooks converts r for a tool event whose input is in (nil for other
// events).
func (r Response) Hooks(in hooks.ToolInput) (hooks.Response, error) {
	out := hooks.Response{Reason: r.Reason, Context: r.Context, SystemMessage: r.SystemMessage, Native: r.Native}
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
	if r.RewriteCommand != "" {
		sh, ok := in.(*hooks.ShellInput)
		if !ok {
			return out, fmt.Errorf("rewrite_command on a %T input", in)
		}
		c := *sh
		c.Command = r.RewriteCommand
		out.UpdatedInput = &c
		if out.Decision == hooks.NoDecision {
			out.Decision = hooks.DecisionAllow
		}
	}
	return out, nil
}

// Match returns the first rule matching ev, or nil.
func (s *Scenario) Match(ev hooks.Event) *Rule {
	for i := range s.Rules {
		r := &s.Rules[i]
		if r.Event != ev.Name() {
			continue
		}
		t := hooks.ToolOf(ev)
		if r.Kind != "" && (t == nil || t.Kind() != r.Kind) {
			continue
		}
		if r.Contains != "" && (t == nil || !strings.Contains(Subject(t), r.Contains)) {
			continue
		}
		return r
	}
	return nil
}

// Subject is what Rule.Contains is matched against: a shell command, a
// file path, a patch text, or the raw input of any other tool.
func Subject(t *hooks.Tool) string {
	switch in := t.Input.(type) {
	case *hooks.ShellInput:
		return in.Command
	case *hooks.ReadInput:
		return in.Path
	case *hooks.WriteInput:
		return in.Path
	case *hooks.EditInput:
		return in.Path
	case *hooks.PatchInput:
		return in.Patch
	}
	return string(t.RawInput)
}

// Corrupts reports whether the scenario corrupts a payload of the native
// event.
func (s *Scenario) Corrupts(native string, payload []byte) bool {
	for _, n := range s.Corrupt {
		if n == native && native != "" {
			return s.CorruptContains == "" || bytes.Contains(payload, []byte(s.CorruptContains))
		}
	}
	return false
}

// Load reads a scenario file.
func Load(path string) (*Scenario, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s Scenario
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", path, err)
	}
	if s.Log == "" {
		return nil, errors.New("scenario " + path + ": no log file")
	}
	return &s, nil
}

// Save writes s to path.
func (s *Scenario) Save(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// Entry is one hook invocation as the test hook logged it.
type Entry struct {
	Time time.Time `json:"time"`
	Args []string  `json:"args"`
	// Native is the payload's hook_event_name.
	Native string `json:"native"`
	// Payload is the payload exactly as received on stdin.
	Payload string `json:"payload"`
	// Corrupted reports that the library was given malformed JSON instead.
	Corrupted bool `json:"corrupted,omitempty"`
	// Handled reports that a handler was called; Event and Kind are what
	// it was called with (unified event name, tool kind).
	Handled bool            `json:"handled"`
	Event   hooks.EventName `json:"event,omitempty"`
	Kind    hooks.ToolKind  `json:"kind,omitempty"`
	// Rule is the index of the rule that answered, or -1.
	Rule int `json:"rule"`
	// Exit, Stdout and Stderr are the hook's answer.
	Exit   int    `json:"exit"`
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
	// Dir is the hook's working directory, and ProjectEnv the variables
	// of its environment whose names end in _PROJECT_DIR (NAME=value,
	// sorted): what the client gives a hook to find the project.
	Dir        string   `json:"dir,omitempty"`
	ProjectEnv []string `json:"project_env,omitempty"`
}

// Append appends e to the log file as one line, in one write.
func Append(path string, e Entry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// ReadLog reads every entry of a log file (none when it does not exist).
func ReadLog(path string) ([]Entry, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var e Entry
		if err := json.Unmarshal(line, &e); err != nil {
			return out, fmt.Errorf("%s line %d: %w", path, i+1, err)
		}
		out = append(out, e)
	}
	return out, nil
}
