package cursor

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// gateEvents are the native events where Cursor waits for a permission.
var gateEvents = []string{EventPreToolUse, EventBeforeShellExecution, EventBeforeMCPExecution, EventBeforeReadFile,
	EventSubagentStart, EventBeforeTabFileRead}

func serialize(t *testing.T, native string, r hooks.Response) (hooks.Output, map[string]any) {
	t.Helper()
	ev := &hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: native}}
	out, err := New().Serialize(ev, r)
	if err != nil {
		t.Fatalf("%s: %v", native, err)
	}
	hosttest.CheckHygiene(t, Host, out)
	var m map[string]any
	if len(out.Stdout) > 0 {
		if err := json.Unmarshal(out.Stdout, &m); err != nil {
			t.Fatalf("%s: %v", native, err)
		}
	}
	return out, m
}

// TestGatesAlwaysAnswer: with failClosed, Cursor blocks on empty stdout, so
// every gate prints a permission, exit 0, whatever the response.
func TestGatesAlwaysAnswer(t *testing.T) {
	for _, native := range gateEvents {
		for _, r := range []hooks.Response{{}, hooks.Allow(), hooks.Deny("x"), {Halt: true}, {UserMessage: "u"}, {Context: "c"}} {
			out, m := serialize(t, native, r)
			if out.ExitCode != 0 {
				t.Errorf("%s %+v: exit %d", native, r, out.ExitCode)
			}
			want := "allow"
			if r.Decision == hooks.DecisionDeny || r.Halt {
				want = "deny"
			}
			if m["permission"] != want {
				t.Errorf("%s %+v: permission %v, want %s", native, r, m["permission"], want)
			}
		}
	}
	out, m := serialize(t, EventBeforeSubmitPrompt, hooks.Response{})
	if out.ExitCode != 0 || m["continue"] != true {
		t.Errorf("beforeSubmitPrompt no opinion: %s", out.Stdout)
	}
}

// TestDenyReasonReachesModel: the model reads user_message, so a deny's
// reason is always in it, also when the handler set its own UserMessage.
func TestDenyReasonReachesModel(t *testing.T) {
	for _, native := range []string{EventPreToolUse, EventBeforeShellExecution, EventBeforeMCPExecution, EventBeforeReadFile, EventSubagentStart} {
		for _, r := range []hooks.Response{
			hooks.Deny("REASON"),
			hooks.Deny("REASON").WithUserMessage("USER"),
			{Halt: true, Reason: "REASON"},
			{Decision: hooks.DecisionDeny, Halt: true, Reason: "REASON", UserMessage: "USER"},
		} {
			_, m := serialize(t, native, r)
			user, _ := m["user_message"].(string)
			if !strings.Contains(user, "REASON") {
				t.Errorf("%s %+v: user_message %q lacks the reason", native, r, user)
			}
			if r.UserMessage != "" && !strings.HasPrefix(user, "USER") {
				t.Errorf("%s %+v: user_message %q does not start with the user's message", native, r, user)
			}
			if agent, ok := m["agent_message"]; ok && agent != "REASON" {
				t.Errorf("%s: agent_message %v", native, agent)
			}
		}
	}
}

func TestBlockMessages(t *testing.T) {
	for _, tc := range []struct {
		r           hooks.Response
		user, agent string
	}{
		{hooks.Deny(""), defaultBlock, defaultBlock},
		{hooks.Response{Halt: true}, defaultHalt, defaultHalt},
		{hooks.Deny("r"), "r", "r"},
		{hooks.Deny("").WithUserMessage("u"), "u", "u"},
		{hooks.Deny("r").WithUserMessage("r"), "r", "r"},
		{hooks.Deny("r").WithUserMessage("u"), "u\n\nr", "r"},
	} {
		user, agent := blockMessages(tc.r)
		if user != tc.user || agent != tc.agent {
			t.Errorf("%+v: %q %q, want %q %q", tc.r, user, agent, tc.user, tc.agent)
		}
	}
}

func TestStopNeverExits2(t *testing.T) {
	for _, native := range []string{EventStop, EventSubagentStop} {
		out, m := serialize(t, native, hooks.Deny("run the tests again"))
		if out.ExitCode != 0 || m["followup_message"] != "run the tests again" || len(m) != 1 {
			t.Errorf("%s: exit %d %s", native, out.ExitCode, out.Stdout)
		}
		out, _ = serialize(t, native, hooks.Response{})
		if len(out.Stdout) != 0 || out.ExitCode != 0 {
			t.Errorf("%s no opinion: %+v", native, out)
		}
	}
}

func TestUnknownEvent(t *testing.T) {
	out, _ := serialize(t, "somethingNew", hooks.Deny("line one\nline two"))
	if out.ExitCode != 2 || out.Stderr != "line one line two" || len(out.Stdout) != 0 {
		t.Errorf("deny on an unknown event: %+v", out)
	}
	out, _ = serialize(t, "", hooks.Deny(""))
	if out.ExitCode != 2 || out.Stderr == "" {
		t.Errorf("bare deny on an unparsed event: %+v", out)
	}
	out, _ = serialize(t, "somethingNew", hooks.Response{Context: "c"})
	if out.ExitCode != 0 || len(out.Stdout) != 0 {
		t.Errorf("no deny on an unknown event: %+v", out)
	}
	// A known observe-only event stays silent even when handed a deny
	// directly (the fail-closed path skips Fit for such events).
	out, _ = serialize(t, EventAfterAgentResponse, hooks.Deny("x"))
	if out.ExitCode != 0 || len(out.Stdout) != 0 {
		t.Errorf("deny on afterAgentResponse: %+v", out)
	}
}

func TestUpdatedInputNeedsATool(t *testing.T) {
	ev := &hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: EventPreToolUse}}
	if _, err := New().Serialize(ev, hooks.Rewrite(&hooks.ShellInput{Command: "ls"})); err == nil {
		t.Error("updated input on an event without a tool: no error")
	}
}

// TestFailClosedOnCursor runs the fail-closed path end to end: a handler
// error on a gate event must print a deny that Cursor reads (exit 0, JSON).
func TestFailClosedOnCursor(t *testing.T) {
	h := hooks.Handlers{Fail: hooks.FailClosed, PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Response{}, errors.New("policy store unreachable")
	}}
	res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: New(), Payload: []byte(`{"hook_event_name":"beforeShellExecution","command":"ls"}`)})
	var m map[string]any
	if err := json.Unmarshal(res.Output.Stdout, &m); err != nil || res.Output.ExitCode != 0 || m["permission"] != "deny" {
		t.Errorf("fail closed: %+v (%v)", res.Output, err)
	}
	// A malformed payload of a gate event is denied the same way.
	res = (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: New(), Payload: []byte(`{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":"[1]"}`)})
	if err := json.Unmarshal(res.Output.Stdout, &m); err != nil || res.Output.ExitCode != 0 || m["permission"] != "deny" || res.Err == nil {
		t.Errorf("fail closed on a bad payload: %+v (%v)", res.Output, err)
	}
}
