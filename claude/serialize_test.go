package claude

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// allEvents is every event Claude Code 2.1.197 fires.
var allEvents = []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification",
	"UserPromptSubmit", "UserPromptExpansion", "SessionStart", "SessionEnd", "Stop", "StopFailure",
	"SubagentStart", "SubagentStop", "PreCompact", "PostCompact", "PermissionRequest", "PermissionDenied",
	"Setup", "TeammateIdle", "TaskCreated", "TaskCompleted", "Elicitation", "ElicitationResult",
	"ConfigChange", "WorktreeCreate", "WorktreeRemove", "InstructionsLoaded", "CwdChanged", "FileChanged",
	"MessageDisplay"}

// specificKeys lists, per event, the keys Claude's output schema accepts
// in hookSpecificOutput (protocols/claude.md §7). Anything else would be
// dropped by Claude as unrecognised.
var specificKeys = map[string]string{
	"PreToolUse":         "hookEventName permissionDecision permissionDecisionReason updatedInput additionalContext",
	"PermissionRequest":  "hookEventName decision",
	"UserPromptSubmit":   "hookEventName additionalContext",
	"PostToolUse":        "hookEventName additionalContext updatedToolOutput updatedMCPToolOutput",
	"PostToolUseFailure": "hookEventName additionalContext",
	"PostToolBatch":      "hookEventName additionalContext",
	"SessionStart":       "hookEventName additionalContext",
	"SubagentStart":      "hookEventName additionalContext",
	"Notification":       "hookEventName additionalContext",
	// Stop and SubagentStop accept additionalContext too, but it continues
	// the agent there: the adapter must never write it.
	"Stop":         "hookEventName",
	"SubagentStop": "hookEventName",
}

const topKeys = "continue stopReason suppressOutput decision reason systemMessage hookSpecificOutput"

// payloadFor returns a Claude payload for event native (a Bash call for
// tool events).
func payloadFor(native string) []byte {
	p := map[string]any{
		"session_id": "5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d", "cwd": "/home/dev/project", "prompt_id": "p1",
		"transcript_path": "/home/dev/.claude/projects/-home-dev-project/5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d.jsonl",
		"hook_event_name": native,
	}
	switch native {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest":
		p["tool_name"] = "Bash"
		p["tool_input"] = map[string]any{"command": "echo hi", "description": "say hi"}
		p["tool_use_id"] = "toolu_1"
	}
	b, _ := json.Marshal(p)
	return b
}

// responses returns every response that sets a subset of the fields, with
// at most one decision.
func responses() []hooks.Response {
	var out []hooks.Response
	fields := hooks.AllFields()
	for mask := 0; mask < 1<<len(fields); mask++ {
		var r hooks.Response
		n := 0
		for i, f := range fields {
			if mask&(1<<i) == 0 {
				continue
			}
			switch f {
			case hooks.FieldAllow:
				r.Decision, n = hooks.DecisionAllow, n+1
			case hooks.FieldDeny:
				r.Decision, n = hooks.DecisionDeny, n+1
			case hooks.FieldAsk:
				r.Decision, n = hooks.DecisionAsk, n+1
			case hooks.FieldReason:
				r.Reason = "REASON"
			case hooks.FieldUserMessage:
				r.UserMessage = "USER"
			case hooks.FieldUpdatedInput:
				r.UpdatedInput = &hooks.ShellInput{Command: "echo changed"}
			case hooks.FieldContext:
				r.Context = "CONTEXT"
			case hooks.FieldSystemMessage:
				r.SystemMessage = "SYSTEM"
			case hooks.FieldHalt:
				r.Halt = true
			}
		}
		if n <= 1 {
			out = append(out, r)
		}
	}
	return out
}

// TestHookEventNameAlwaysMatches renders every response on every Claude
// event, through Fit (as hooks.Server does) and straight into Serialize, and
// checks what Claude would accept: hookSpecificOutput.hookEventName is the
// running event, only schema keys are written, a fitted deny is never
// lost, and Stop/SubagentStop never get additionalContext.
func TestHookEventNameAlwaysMatches(t *testing.T) {
	a := New()
	rs := responses()
	checked := 0
	for _, native := range allEvents {
		payload := payloadFor(native)
		ev, err := a.Parse(payload)
		if err != nil {
			t.Fatalf("%s: %v", native, err)
		}
		for _, r := range rs {
			h := hooks.Handlers{RepeatStopBlocks: true, Any: func(context.Context, hooks.Event) (hooks.Response, error) { return r, nil }}
			res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: payload})
			if res.Err != nil {
				t.Fatalf("%s %+v: %v", native, r, res.Err)
			}
			checkOutput(t, native, res.Output, res.Response)
			// Unfitted, as an embedder calling Serialize directly might.
			out, err := a.Serialize(ev, r)
			if err != nil {
				t.Fatalf("%s %+v: serialize: %v", native, r, err)
			}
			if !inMatrix(native) {
				// Outside the matrix only a deny says anything: the
				// universal block.
				deny := r.Decision == hooks.DecisionDeny
				if len(out.Stdout) != 0 || (out.ExitCode == 2) != deny || (out.Stderr != "") != deny {
					t.Errorf("%s %+v: got %+v", native, r, out)
				}
			} else {
				checkOutput(t, native, out, mask(r, hooks.Supports(a.Capabilities(), native)))
			}
			checked++
		}
	}
	if checked < len(allEvents)*200 {
		t.Errorf("only %d combinations checked", checked)
	}
}

func checkOutput(t *testing.T, native string, out hooks.Output, fitted hooks.Response) {
	t.Helper()
	if out.ExitCode != 0 {
		t.Errorf("%s %+v: exit %d", native, fitted, out.ExitCode)
	}
	if len(out.Stdout) == 0 {
		// A reason alone (no decision, no halt) has nothing to explain.
		said := fitted
		if said.Decision == hooks.NoDecision && !said.Halt {
			said.Reason = ""
		}
		if !said.IsZero() {
			t.Errorf("%s %+v: claimed fields wrote nothing", native, fitted)
		}
		return
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(out.Stdout, &top); err != nil {
		t.Fatalf("%s: %v in %s", native, err, out.Stdout)
	}
	for k := range top {
		if !strings.Contains(" "+topKeys+" ", " "+k+" ") {
			t.Errorf("%s: unknown top-level key %q in %s", native, k, out.Stdout)
		}
	}
	var o HookOutput
	if err := json.Unmarshal(out.Stdout, &o); err != nil {
		t.Fatal(err)
	}
	if raw, ok := top["hookSpecificOutput"]; ok {
		var spec map[string]json.RawMessage
		if err := json.Unmarshal(raw, &spec); err != nil {
			t.Fatal(err)
		}
		if o.HookSpecificOutput.HookEventName != native {
			t.Errorf("%s: hookEventName %q in %s", native, o.HookSpecificOutput.HookEventName, out.Stdout)
		}
		allowed, ok := specificKeys[native]
		if !ok {
			t.Errorf("%s: hookSpecificOutput on an event that takes none: %s", native, out.Stdout)
		}
		for k := range spec {
			if !strings.Contains(" "+allowed+" ", " "+k+" ") {
				t.Errorf("%s: key %q not accepted in hookSpecificOutput: %s", native, k, out.Stdout)
			}
		}
	}
	if o.Decision != "" && o.Decision != "block" {
		t.Errorf("%s: decision %q", native, o.Decision)
	}
	if fitted.Decision == hooks.DecisionDeny {
		switch native {
		case "PreToolUse":
			if s := o.HookSpecificOutput; s == nil || s.PermissionDecision != "deny" || s.PermissionDecisionReason == "" {
				t.Errorf("%s: deny lost: %s", native, out.Stdout)
			}
		case "PermissionRequest":
			if s := o.HookSpecificOutput; s == nil || s.Decision == nil || s.Decision.Behavior != "deny" || s.Decision.Message == "" {
				t.Errorf("%s: deny lost: %s", native, out.Stdout)
			}
		default:
			if o.Decision != "block" || o.Reason == "" {
				t.Errorf("%s: deny lost: %s", native, out.Stdout)
			}
		}
	}
	if fitted.Halt && (o.Continue == nil || *o.Continue) {
		t.Errorf("%s: halt lost: %s", native, out.Stdout)
	}
}

func TestSerializeUnparsedEvent(t *testing.T) {
	a := New()
	// Parse failed on a PreToolUse: a deny is still PreToolUse's deny.
	ev := &hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: "PreToolUse"}}
	out, err := a.Serialize(ev, hooks.Deny(""))
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Blocked by hook"}}` + "\n"
	if err != nil || string(out.Stdout) != want || out.ExitCode != 0 {
		t.Errorf("got %q %v, want %q", out.Stdout, err, want)
	}
	// With no tool, an updated input cannot be rendered.
	if _, err := a.Serialize(ev, hooks.Rewrite(&hooks.ShellInput{Command: "ls"})); err == nil {
		t.Error("updated input without a tool: no error")
	}
	// Unknown event: the universal block, reason on one line.
	out, err = a.Serialize(&hooks.OtherEvent{Base: hooks.Base{Host: Host}}, hooks.Deny("no\nway"))
	if err != nil || out.ExitCode != 2 || out.Stderr != "no way" || len(out.Stdout) != 0 {
		t.Errorf("unknown deny = %+v, %v", out, err)
	}
	out, _ = a.Serialize(&hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: "StopFailure"}}, hooks.Deny(""))
	if out.ExitCode != 2 || out.Stderr != defaultDenyReason {
		t.Errorf("unknown deny without reason = %+v", out)
	}
	out, _ = a.Serialize(&hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: "StopFailure"}}, hooks.AddContext("x"))
	if out.ExitCode != 0 || len(out.Stdout) != 0 {
		t.Errorf("unknown context = %+v", out)
	}
	if _, err := a.Serialize(nil, hooks.Deny("x")); err == nil {
		t.Error("nil event: no error")
	}
}

func TestSerializeHaltMessages(t *testing.T) {
	a := New()
	ev, err := a.Parse(payloadFor("PostToolUse"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		r    hooks.Response
		want string
	}{
		{hooks.Halt("why"), `{"continue":false,"stopReason":"why"}`},
		{hooks.Response{Halt: true, UserMessage: "told"}, `{"continue":false,"stopReason":"told"}`},
		{hooks.Response{Halt: true, Reason: "why", UserMessage: "told", SystemMessage: "sys"}, `{"continue":false,"stopReason":"why","systemMessage":"sys\ntold"}`},
		{hooks.Response{Halt: true}, `{"continue":false}`},
	}
	for _, c := range cases {
		out, err := a.Serialize(ev, c.r)
		if err != nil || string(out.Stdout) != c.want+"\n" {
			t.Errorf("%+v: got %q %v, want %s", c.r, out.Stdout, err, c.want)
		}
	}
}
