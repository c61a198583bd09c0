package hooks_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/qwen"
)

var adapters = []hooks.Adapter{fake{host: "one"}, fake{host: "two"}}

func denyRm(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
	if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
		return hooks.Deny("no rm -rf"), nil
	}
	return hooks.Response{}, nil
}

// denyUnreadable denies a tool call whose input could not be read.
func denyUnreadable(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
	if ev.Tool.InputErr != nil {
		return hooks.Deny("unreadable: " + ev.Tool.InputErr.Error()), nil
	}
	return hooks.Response{}, nil
}

func TestServe(t *testing.T) {
	panics := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) { panic("boom") }
	fails := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Response{}, errors.New("policy store down")
	}
	slow := func(ctx context.Context, _ *hooks.PreToolUseEvent) (hooks.Response, error) {
		<-ctx.Done()
		time.Sleep(10 * time.Millisecond)
		return hooks.Deny("too late"), nil
	}
	tests := []struct {
		name       string
		h          hooks.Handlers
		req        hooks.Request
		stdin      string
		wantExit   int
		wantStdout string
		wantStderr []string // substrings, in order of lines
	}{
		{name: "deny by --host", h: hooks.Handlers{PreToolUse: denyRm}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre","tool":"rm -rf /"}`, wantStdout: `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"},
		{name: "deny by detection", h: hooks.Handlers{PreToolUse: denyRm},
			stdin: `{"host":"two","hook_event_name":"Pre","tool":"rm -rf /"}`, wantStdout: `{"decision":"deny","event":"Pre","reason":"no rm -rf"}` + "\n"},
		{name: "no opinion", h: hooks.Handlers{PreToolUse: denyRm}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre","tool":"ls"}`},
		{name: "no handler", req: hooks.Request{Host: "one"}, stdin: `{"hook_event_name":"Pre","tool":"rm -rf /"}`},
		{name: "any handler gets other events", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{Any: func(_ context.Context, ev hooks.Event) (hooks.Response, error) {
				if _, ok := ev.(*hooks.OtherEvent); !ok {
					t.Errorf("Any got %T", ev)
				}
				return hooks.Deny("other " + ev.Common().NativeEvent), nil
			}},
			stdin: `{"hook_event_name":"BeforeModel"}`, wantStderr: []string{"does not honour deny on BeforeModel: dropped", "does not honour reason on BeforeModel: dropped"}},
		{name: "dropped field warns once", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{SessionStart: func(context.Context, *hooks.SessionStartEvent) (hooks.Response, error) {
				return hooks.Deny("x").WithContext("ctx"), nil
			}},
			stdin: `{"hook_event_name":"Start"}`, wantStdout: `{"context":"ctx","event":"Start"}` + "\n",
			wantStderr: []string{`hooks: one does not honour deny on Start: dropped`, `hooks: one does not honour reason on Start: dropped`}},
		{name: "ask falls back to deny", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
				return hooks.Ask("sure?"), nil
			}},
			stdin: `{"hook_event_name":"Pre"}`, wantStdout: `{"decision":"deny","event":"Pre","reason":"sure?"}` + "\n",
			wantStderr: []string{"hooks: one does not honour ask on Pre: sent as deny"}},
		{name: "ask fallback allow", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{AskFallback: hooks.DecisionAllow, PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
				return hooks.Ask("sure?"), nil
			}},
			stdin: `{"hook_event_name":"Pre"}`, wantStdout: `{"decision":"allow","event":"Pre","reason":"sure?"}` + "\n",
			wantStderr: []string{"sent as allow"}},
		{name: "stop loop guard", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{Stop: func(context.Context, *hooks.StopEvent) (hooks.Response, error) {
				return hooks.Deny("keep going"), nil
			}},
			stdin: `{"hook_event_name":"Stop","active":true}`, wantStderr: []string{"loop guard"}},
		{name: "stop loop guard catches ask too", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{Stop: func(context.Context, *hooks.StopEvent) (hooks.Response, error) {
				return hooks.Ask("keep going?"), nil
			}},
			stdin: `{"hook_event_name":"Stop","active":true}`, wantStderr: []string{"loop guard"}},
		{name: "stop first block", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{Stop: func(context.Context, *hooks.StopEvent) (hooks.Response, error) {
				return hooks.Deny("keep going"), nil
			}},
			stdin: `{"hook_event_name":"Stop"}`, wantStdout: `{"decision":"deny","event":"Stop","reason":"keep going"}` + "\n"},
		{name: "stop repeat allowed", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{RepeatStopBlocks: true, Stop: func(context.Context, *hooks.StopEvent) (hooks.Response, error) {
				return hooks.Deny("keep going"), nil
			}},
			stdin: `{"hook_event_name":"Stop","active":true}`, wantStdout: `{"decision":"deny","event":"Stop","reason":"keep going"}` + "\n"},
		{name: "rewrite", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
				return hooks.Rewrite(&hooks.ShellInput{Command: "echo safe"}), nil
			}},
			stdin: `{"hook_event_name":"Pre","tool":"rm"}`, wantStdout: `{"command":"echo safe","decision":"allow","event":"Pre"}` + "\n"},
		{name: "rewrite the host cannot do is a deny", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
				return hooks.Rewrite(&hooks.ShellInput{Command: "echo safe"}), nil
			}},
			stdin:      `{"hook_event_name":"Pre2","tool":"rm"}`,
			wantStdout: `{"decision":"deny","event":"Pre2","reason":"blocked: the hook needed to rewrite this call, which one cannot do on Pre2"}` + "\n",
			wantStderr: []string{"hooks: one does not honour updated_input on Pre2: sent as deny: the host cannot rewrite the input here"}},
		{name: "halt the host cannot do is a deny of the call", req: hooks.Request{Host: "one"},
			h: hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
				return hooks.Halt("stop now"), nil
			}},
			stdin:      `{"hook_event_name":"Pre2","tool":"rm"}`,
			wantStdout: `{"decision":"deny","event":"Pre2","reason":"stop now"}` + "\n",
			wantStderr: []string{"hooks: one does not honour halt on Pre2: sent as deny of this call; the agent is not stopped"}},
		// What the model leaves out of a tool's input is not the fail
		// policy's business: the handler sees it as Tool.InputErr, under
		// either policy.
		{name: "shell call without a command reaches the handler", h: hooks.Handlers{PreToolUse: denyUnreadable, Fail: hooks.FailOpen}, req: hooks.Request{Host: "one"},
			stdin:      `{"hook_event_name":"Pre","tool":"-"}`,
			wantStdout: `{"decision":"deny","event":"Pre","reason":"unreadable: shell tool \"sh\" has no command"}` + "\n"},
		{name: "shell call without a command, handler ignores InputErr", h: hooks.Handlers{PreToolUse: denyRm, Fail: hooks.FailClosed}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre","tool":"-"}`},
		{name: "unknown event fail open", h: hooks.Handlers{PreToolUse: denyRm}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Mystery"}`, wantStderr: []string{`hooks: fail-open: unknown one event "Mystery" and no Any handler`}},
		{name: "unknown event fail closed", h: hooks.Handlers{PreToolUse: denyRm, Fail: hooks.FailClosed}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Mystery"}`, wantExit: 2, wantStderr: []string{`hook failed, blocked by its fail-closed policy: unknown one event "Mystery" and no Any handler`}},
		{name: "deny on an unknown event is the generic block", req: hooks.Request{Host: "one"},
			h:     hooks.Handlers{Any: func(context.Context, hooks.Event) (hooks.Response, error) { return hooks.Deny("new gate"), nil }},
			stdin: `{"hook_event_name":"Mystery"}`, wantExit: 2,
			wantStderr: []string{"hooks: one does not honour deny on Mystery: unknown event: sent as the host's generic block (exit code 2)", "new gate"}},
		{name: "unknown event goes to Any", req: hooks.Request{Host: "one"},
			h:     hooks.Handlers{Fail: hooks.FailClosed, Any: func(context.Context, hooks.Event) (hooks.Response, error) { return hooks.Response{}, nil }},
			stdin: `{"hook_event_name":"Mystery"}`},

		// Failures, open and closed.
		{name: "panic fail open", h: hooks.Handlers{PreToolUse: panics}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre"}`, wantStderr: []string{"hooks: fail-open: handler: panic: boom"}},
		{name: "panic fail closed", h: hooks.Handlers{PreToolUse: panics, Fail: hooks.FailClosed}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre"}`, wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: handler: panic: boom"}` + "\n",
			wantStderr: []string{"hooks: fail-closed: handler: panic: boom"}},
		{name: "error fail closed", h: hooks.Handlers{PreToolUse: fails, Fail: hooks.FailClosed}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre"}`, wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: handler: policy store down"}` + "\n",
			wantStderr: []string{"fail-closed: handler: policy store down"}},
		{name: "error fail open", h: hooks.Handlers{PreToolUse: fails}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre"}`, wantStderr: []string{"fail-open: handler: policy store down"}},
		// The process mode's exit guard fires limit/18 after the deadline: a
		// limit of a few tens of ms left a loaded machine too little time.
		{name: "deadline fail closed", h: hooks.Handlers{PreToolUse: slow, Fail: hooks.FailClosed, Timeout: 400 * time.Millisecond}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre"}`, wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: handler did not answer in time: context deadline exceeded"}` + "\n",
			wantStderr: []string{"did not answer in time"}},
		{name: "host timeout bounds the handler", h: hooks.Handlers{PreToolUse: slow, Fail: hooks.FailClosed}, req: hooks.Request{Host: "one", HostTimeout: 800 * time.Millisecond},
			stdin: `{"hook_event_name":"Pre"}`, wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: handler did not answer in time: context deadline exceeded"}` + "\n",
			wantStderr: []string{"did not answer in time"}},
		{name: "malformed fail open", h: hooks.Handlers{PreToolUse: denyRm}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre"`, wantStderr: []string{"fail-open: parse one payload"}},
		{name: "malformed known event fail closed", h: hooks.Handlers{PreToolUse: denyRm, Fail: hooks.FailClosed}, req: hooks.Request{Host: "one"},
			stdin:      `{"hook_event_name":"Pre","tool":5}`,
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: parse one payload: json: cannot unmarshal number into Go struct field .tool of type string"}` + "\n",
			wantStderr: []string{"fail-closed"}},
		{name: "truncated fail closed", h: hooks.Handlers{Fail: hooks.FailClosed}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre"`, wantExit: 2, wantStderr: []string{"hook failed, blocked by its fail-closed policy: parse one payload: unexpected end of JSON input"}},
		{name: "empty stdin fail closed", h: hooks.Handlers{Fail: hooks.FailClosed}, req: hooks.Request{Host: "one"},
			stdin: ``, wantExit: 2, wantStderr: []string{"fail-closed"}},
		{name: "unknown host fail closed", h: hooks.Handlers{Fail: hooks.FailClosed}, req: hooks.Request{Host: "nope"},
			stdin: `{"hook_event_name":"Pre"}`, wantExit: 2, wantStderr: []string{`unknown host "nope" (known: one, two)`}},
		// A configuration error, whatever the policy.
		{name: "unknown host fail open is closed", h: hooks.Handlers{PreToolUse: denyRm}, req: hooks.Request{Host: "nope"},
			stdin: `{"hook_event_name":"Pre"}`, wantExit: 2, wantStderr: []string{`hook failed, blocked by its fail-closed policy: cannot tell which host sent this payload: unknown host "nope" (known: one, two)`}},
		{name: "unknown host answered in the detected host's dialect", h: hooks.Handlers{PreToolUse: denyRm}, req: hooks.Request{Host: "nope"},
			stdin:      `{"host":"two","hook_event_name":"Pre","tool":"ls"}`,
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: cannot tell which host sent this payload: unknown host \"nope\" (known: one, two)"}` + "\n",
			wantStderr: []string{`hooks: fail-closed: cannot tell which host sent this payload: unknown host "nope"`}},
		{name: "undetectable fail open", h: hooks.Handlers{PreToolUse: denyRm},
			stdin: `{"hook_event_name":"Pre","tool":"rm -rf /"}`, wantStderr: []string{"cannot tell which host sent this payload"}},
		{name: "oversize fail closed", h: hooks.Handlers{Fail: hooks.FailClosed, MaxInput: 16}, req: hooks.Request{Host: "one"},
			stdin: `{"hook_event_name":"Pre","tool":"0123456789"}`, wantExit: 2, wantStderr: []string{"payload too large: more than 16 bytes"}},
		{name: "request error fail closed", h: hooks.Handlers{PreToolUse: denyRm, Fail: hooks.FailClosed}, req: hooks.Request{Host: "one", Err: errors.New("gateway down")},
			stdin:      `{"hook_event_name":"Pre","tool":"ls"}`,
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: gateway down"}` + "\n", wantStderr: []string{"fail-closed: gateway down"}},
		{name: "event given to an adapter that cannot take it fails closed", h: hooks.Handlers{PreToolUse: denyRm}, req: hooks.Request{Host: "one", Event: "Pre"},
			stdin:      `{"hook_event_name":"Pre","tool":"ls"}`,
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: --event \"Pre\" given, but one payloads name their own event"}` + "\n",
			wantStderr: []string{`fail-closed: --event "Pre" given`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			srv := &hooks.Server{Adapters: adapters, Handlers: tc.h}
			code := srv.Serve(context.Background(), tc.req, strings.NewReader(tc.stdin), &stdout, &stderr)

			// The process mode (handler inline, watchdog) must answer
			// exactly the same, calling Exit only on a deadline.
			var mout, merr bytes.Buffer
			exited := -1
			inline := &hooks.Server{Adapters: adapters, Handlers: tc.h, Inline: true, Exit: func(c int) { exited = c }}
			mcode := inline.Serve(context.Background(), tc.req, strings.NewReader(tc.stdin), &mout, &merr)
			if mcode != code || mout.String() != stdout.String() || merr.String() != stderr.String() {
				t.Errorf("inline answered %d %q %q, not inline %d %q %q", mcode, mout.String(), merr.String(), code, stdout.String(), stderr.String())
			}
			if deadline := strings.Contains(stderr.String(), "did not answer in time"); deadline != (exited >= 0) || (deadline && exited != code) {
				t.Errorf("Exit called with %d (deadline case: %v)", exited, deadline)
			}
			if code != tc.wantExit {
				t.Errorf("exit = %d, want %d (stderr %q)", code, tc.wantExit, stderr.String())
			}
			if stdout.String() != tc.wantStdout {
				t.Errorf("stdout = %q, want %q", stdout.String(), tc.wantStdout)
			}
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if stderr.Len() == 0 {
				lines = nil
			}
			if len(lines) != len(tc.wantStderr) {
				t.Fatalf("stderr has %d lines, want %d: %q", len(lines), len(tc.wantStderr), stderr.String())
			}
			for i, want := range tc.wantStderr {
				if !strings.Contains(lines[i], want) {
					t.Errorf("stderr line %d = %q, want it to contain %q", i, lines[i], want)
				}
			}
		})
	}
}

func TestDetectAmbiguous(t *testing.T) {
	_, err := hooks.Detect([]hooks.Adapter{fake{host: "one"}, fake{host: "one"}}, []byte(`{"host":"one"}`))
	if !errors.Is(err, hooks.ErrNoHost) || !strings.Contains(err.Error(), "ambiguous") {
		t.Fatalf("err = %v, want ambiguous ErrNoHost", err)
	}
	_, err = hooks.Detect(adapters, []byte(`[1]`))
	if !errors.Is(err, hooks.ErrNoHost) {
		t.Fatalf("err = %v, want ErrNoHost", err)
	}
}

// clamped is a fake adapter whose host limits "Pre" to 40 ms.
type clamped struct{ fake }

func (clamped) EventTimeout(native string) time.Duration {
	if native == "Pre" {
		return 40 * time.Millisecond
	}
	return 0
}

func TestEventTimeout(t *testing.T) {
	h := hooks.Handlers{Fail: hooks.FailClosed, PreToolUse: func(ctx context.Context, _ *hooks.PreToolUseEvent) (hooks.Response, error) {
		<-ctx.Done()
		return hooks.Response{}, nil
	}}
	start := time.Now()
	srv := &hooks.Server{Handlers: h}
	res := srv.Answer(context.Background(), hooks.Request{Adapter: clamped{fake{host: "one"}}, Payload: []byte(`{"hook_event_name":"Pre"}`)})
	if res.Response.Decision != hooks.DecisionDeny || res.Err == nil {
		t.Fatalf("want a fail-closed deny after the clamped deadline, got %+v", res)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("the event's clamp was not applied (took %v)", d)
	}
}

// failWriter is a stdout the host closed.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// An answer that cannot be written is not exit 0: 2 when it blocks or the
// policy is closed, else 1, with a line on stderr.
func TestServeAnswerNotWritten(t *testing.T) {
	allow := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) { return hooks.Allow(), nil }
	for _, tc := range []struct {
		name string
		h    hooks.Handlers
		tool string
		want int
	}{
		{"deny", hooks.Handlers{PreToolUse: denyRm}, "rm -rf /", 2},
		{"allow, fail-open", hooks.Handlers{PreToolUse: allow}, "ls", 1},
		{"allow, fail-closed", hooks.Handlers{PreToolUse: allow, Fail: hooks.FailClosed}, "ls", 2},
	} {
		for _, inline := range []bool{false, true} {
			var stderr bytes.Buffer
			srv := &hooks.Server{Adapters: adapters, Handlers: tc.h, Inline: inline}
			code := srv.Serve(context.Background(), hooks.Request{Host: "one"}, strings.NewReader(`{"hook_event_name":"Pre","tool":"`+tc.tool+`"}`), failWriter{}, &stderr)
			if code != tc.want || !strings.Contains(stderr.String(), fmt.Sprintf("hooks: the answer could not be written to stdout (broken pipe): exit %d", tc.want)) {
				t.Errorf("%s (inline %v): exit %d stderr %q; want %d and a line saying so", tc.name, inline, code, stderr.String(), tc.want)
			}
		}
	}
	// An event the host acts on no answer to (Qwen Code's MessageDisplay,
	// whose hook runs with stdout on the null device): the answer's own
	// exit code, whatever the fail policy, and a line saying why.
	for _, fail := range []hooks.FailPolicy{hooks.FailOpen, hooks.FailClosed} {
		var stderr bytes.Buffer
		srv := &hooks.Server{Adapters: []hooks.Adapter{&qwen.Adapter{}}, Handlers: hooks.Handlers{Fail: fail}}
		code := srv.Serve(context.Background(), hooks.Request{Host: qwen.Host}, strings.NewReader(`{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"MessageDisplay","message_id":"m","displayed_text":"All done.","is_final":true}`), failWriter{}, &stderr)
		if code != 0 || !strings.Contains(stderr.String(), "qwen acts on no answer to MessageDisplay: exit 0") {
			t.Errorf("MessageDisplay (fail %v): exit %d stderr %q; want 0 and a line saying Qwen reads no answer", fail, code, stderr.String())
		}
	}
	// A lost answer that blocks still exits 2 there (the fail-closed
	// answer of a handler that failed), and so does a lost answer of no
	// opinion on a unified event that honours nothing (Qwen's
	// PermissionRequest, not measured) under fail-closed.
	failing := func(context.Context, hooks.Event) (hooks.Response, error) {
		return hooks.Response{}, errors.New("broken")
	}
	for _, tc := range []struct {
		h       hooks.Handlers
		payload string
	}{
		{hooks.Handlers{Any: failing, Fail: hooks.FailClosed}, `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"MessageDisplay","message_id":"m","displayed_text":"x","is_final":true}`},
		{hooks.Handlers{Fail: hooks.FailClosed}, `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PermissionRequest","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`},
	} {
		var stderr bytes.Buffer
		srv := &hooks.Server{Adapters: []hooks.Adapter{&qwen.Adapter{}}, Handlers: tc.h}
		if code := srv.Serve(context.Background(), hooks.Request{Host: qwen.Host}, strings.NewReader(tc.payload), failWriter{}, &stderr); code != 2 {
			t.Errorf("%s: exit %d stderr %q; want 2", tc.payload, code, stderr.String())
		}
	}
	// No answer to write (no opinion on a host that reads nothing as
	// such): nothing was lost.
	srv := &hooks.Server{Adapters: adapters, Handlers: hooks.Handlers{PreToolUse: denyRm}}
	if code := srv.Serve(context.Background(), hooks.Request{Host: "one"}, strings.NewReader(`{"hook_event_name":"Pre","tool":"ls"}`), failWriter{}, io.Discard); code != 0 {
		t.Errorf("no opinion: exit %d, want 0", code)
	}
}

// stalled is a stdin that never ends.
type stalled struct{ data io.Reader }

func (s stalled) Read(p []byte) (int, error) {
	if n, _ := s.data.Read(p); n > 0 {
		return n, nil
	}
	select {} // held open
}

// A stdin that does not end is answered with the fail policy by the
// invocation's deadline (the host's time limit, here 100 ms), in
// the host's dialect.
func TestServeStdinDeadline(t *testing.T) {
	for _, inline := range []bool{false, true} {
		var stdout, stderr bytes.Buffer
		srv := &hooks.Server{Adapters: adapters, Handlers: hooks.Handlers{PreToolUse: denyRm, Fail: hooks.FailClosed}, Inline: inline}
		code := srv.Serve(context.Background(), hooks.Request{Host: "one", HostTimeout: 100 * time.Millisecond},
			stalled{strings.NewReader(`{"hook_event_name":"Pre","tool":"ls"}`)}, &stdout, &stderr)
		if code != 2 || !oneLineWith(stderr.String(), "stdin did not end in time") {
			t.Errorf("inline %v: exit %d stdout %q stderr %q; want the fail-closed block naming stdin", inline, code, stdout.String(), stderr.String())
		}
	}
}

func oneLineWith(s, sub string) bool {
	return strings.Count(s, "\n") == 1 && strings.Contains(s, sub)
}

// gate is a stdin that gives data, then blocks until it is opened.
type gate struct {
	data io.Reader
	open chan struct{}
}

func (g gate) Read(p []byte) (int, error) {
	if n, _ := g.data.Read(p); n > 0 {
		return n, nil
	}
	<-g.open
	return 0, io.EOF
}

// A hook process (Inline with Exit) reads stdin on its own goroutine: at
// the deadline the watchdog answers once, with the fail policy, and calls
// Exit; when reading ends later, nothing more is written. A stdin that
// ends in time is answered as usual, and Exit is not called.
func TestServeStdinDeadlineExit(t *testing.T) {
	g := gate{strings.NewReader(`{"hook_event_name":"Pre","tool":"rm -rf /"}`), make(chan struct{})}
	var stdout, stderr bytes.Buffer
	var exits []int
	srv := &hooks.Server{Adapters: adapters, Handlers: hooks.Handlers{PreToolUse: denyRm, Fail: hooks.FailClosed}, Inline: true,
		Exit: func(code int) { exits = append(exits, code); close(g.open) }}
	code := srv.Serve(context.Background(), hooks.Request{Host: "one", HostTimeout: time.Second}, g, &stdout, &stderr) // the exit guard has limit/18 past the deadline
	if code != 2 || !slices.Equal(exits, []int{2}) || !oneLineWith(stderr.String(), "stdin did not end in time") {
		t.Errorf("exit %d, Exit calls %v, stdout %q, stderr %q; want 2, one Exit(2), the fail-closed block naming stdin once",
			code, exits, stdout.String(), stderr.String())
	}

	stdout.Reset()
	stderr.Reset()
	exits = nil
	srv.Exit = func(code int) { exits = append(exits, code) }
	pipe := struct{ io.Reader }{strings.NewReader(`{"hook_event_name":"Pre","tool":"rm -rf /"}`)} // no Len: watched
	code = srv.Serve(context.Background(), hooks.Request{Host: "one", HostTimeout: time.Minute}, pipe, &stdout, &stderr)
	if code != 0 || exits != nil || stdout.String() != `{"decision":"deny","event":"Pre","reason":"no rm -rf"}`+"\n" || stderr.Len() != 0 {
		t.Errorf("in time: exit %d, Exit calls %v, stdout %q, stderr %q; want the handler's deny, no Exit", code, exits, stdout.String(), stderr.String())
	}
}

// ActsOnNoAnswer: only a host-only row that honours nothing; a unified
// event's row, or an event with no row, may be stopped by a deny.
func TestActsOnNoAnswer(t *testing.T) {
	caps := []hooks.Capability{
		{Native: "MessageDisplay"},
		{Native: "SessionEnd", Event: hooks.SessionEnd},
		{Native: "Audit", Honours: hooks.FieldContext},
	}
	for native, want := range map[string]bool{"MessageDisplay": true, "SessionEnd": false, "Audit": false, "Unknown": false} {
		if got := hooks.ActsOnNoAnswer(caps, native); got != want {
			t.Errorf("ActsOnNoAnswer(%q) = %v; want %v", native, got, want)
		}
	}
}
