package hooks_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/gemini"
)

// A policy is a Handlers value: one typed function per event.
func ExampleHandlers() {
	h := hooks.Handlers{
		PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
			if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
				return hooks.Deny("rm -rf is not allowed"), nil
			}
			return hooks.Response{}, nil
		},
		Fail: hooks.FailClosed,
	}
	payload := `{"session_id":"s1","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-11-29T16:52:25.551Z","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`
	srv := &hooks.Server{Adapters: []hooks.Adapter{gemini.New()}, Handlers: h}
	code := srv.Serve(context.Background(), hooks.Request{Host: gemini.Host}, strings.NewReader(payload), os.Stdout, os.Stdout)
	fmt.Println("exit", code)
	// Output:
	// {"decision":"deny","reason":"rm -rf is not allowed"}
	// exit 0
}

// Serve detects the host when the request names none, and answers in its
// dialect; the same policy gives Codex its own shape.
func ExampleServer_Serve() {
	h := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Deny("not today"), nil
	}}
	payload := `{"session_id":"01a2283a-24e9-7582-b172-a4f6f2251a6c","turn_id":"01a2283a-2518-75a3-9372-46ffe65635eb","transcript_path":null,"cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"make deploy"},"tool_use_id":"call_1"}`
	adapters := []hooks.Adapter{claude.New(), codex.New()}
	srv := &hooks.Server{Adapters: adapters, Handlers: h}
	srv.Serve(context.Background(), hooks.Request{}, strings.NewReader(payload), os.Stdout, os.Stderr)
	// Output:
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not today"}}
}

// Fit drops what a host cannot honour and says so: Codex takes no ask on
// PreToolUse, so it becomes a deny (Handlers.AskFallback).
func ExampleFit() {
	a := codex.New()
	ev, _ := a.Parse([]byte(`{"session_id":"01a2283a-24e9-7582-b172-a4f6f2251a6c","turn_id":"t","cwd":"/p","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"c"}`))
	r, warnings := hooks.Fit(a, ev, hooks.Ask("sure?"), hooks.FitOptions{})
	fmt.Println(r.Decision, r.Reason)
	for _, w := range warnings {
		fmt.Println(w)
	}
	// Output:
	// deny sure?
	// hooks: codex does not honour ask on PreToolUse: sent as deny
}

// Serialize fits and renders in one call: the ask Codex cannot take on
// PreToolUse goes out as a deny, with a warning, instead of as nothing.
func ExampleSerialize() {
	a := codex.New()
	ev, _ := a.Parse([]byte(`{"session_id":"01a2283a-24e9-7582-b172-a4f6f2251a6c","turn_id":"t","cwd":"/p","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"c"}`))
	out, _, warnings, err := hooks.Serialize(a, ev, hooks.Ask("sure?"), hooks.FitOptions{})
	fmt.Printf("exit %d, error %v: %s", out.ExitCode, err, out.Stdout)
	for _, w := range warnings {
		fmt.Println(w)
	}
	// Output:
	// exit 0, error <nil>: {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"sure?"}}
	// hooks: codex does not honour ask on PreToolUse: sent as deny
}

// Answer answers one payload for a transport that owns a goroutine per
// payload: with Inline the handler runs on it, and Late is called only if
// a watchdog had to answer at the handler's deadline.
func ExampleServer_Answer() {
	h := hooks.Handlers{
		PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
			return hooks.Deny("stop"), nil
		},
		Timeout: time.Second,
	}
	payload := []byte(`{"session_id":"s1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`)
	srv := &hooks.Server{Adapters: []hooks.Adapter{claude.New()}, Handlers: h, Inline: true}
	late := false
	res := srv.Answer(context.Background(), hooks.Request{Host: claude.Host, Payload: payload, Late: func(hooks.Result) { late = true }})
	fmt.Printf("late=%v exit=%d %s", late, res.Output.ExitCode, res.Output.Stdout)
	// Output:
	// late=false exit=0 {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"stop"}}
}

// A tool call the policy could not judge in time (too long or too costly
// to check, too many at once) gets Handlers.Unchecked's answer instead of
// the fail policy's: the model controls those, so a guard denies them.
func ExampleHandlers_unchecked() {
	h := hooks.Handlers{
		PreToolUse: func(ctx context.Context, _ *hooks.PreToolUseEvent) (hooks.Response, error) {
			<-ctx.Done() // a check that does not finish in time
			return hooks.Response{}, ctx.Err()
		},
		Unchecked: func(_ hooks.Event, err error) hooks.Response {
			return hooks.Deny("this call could not be checked in time; send a shorter one")
		},
		Timeout: 10 * time.Millisecond,
	}
	payload := `{"session_id":"s1","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-11-29T16:52:25.551Z","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`
	srv := &hooks.Server{Adapters: []hooks.Adapter{gemini.New()}, Handlers: h}
	res := srv.Answer(context.Background(), hooks.Request{Host: gemini.Host, Payload: []byte(payload)})
	fmt.Println(string(res.Output.Stdout))
	// Output:
	// {"decision":"deny","reason":"this call could not be checked in time; send a shorter one"}
}
