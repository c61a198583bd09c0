package hooks_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
)

const (
	codexBash  = `{"session_id":"s-1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"cat .env"},"tool_use_id":"call_1"}`
	claudeBash = `{"session_id":"s-2","transcript_path":"/home/dev/t.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"toolu_1"}`
	claudeRead = `{"session_id":"s-3","transcript_path":"/home/dev/t.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/home/dev/project/.env"},"tool_use_id":"toolu_2"}`
)

func askAll(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
	return hooks.Ask("secrets?"), nil
}

// serveRecord serves payload with h and returns the one record OnResult
// received, the exit code and stdout.
func serveRecord(t *testing.T, h hooks.Handlers, req hooks.Request, payload string) (hooks.Record, int, string) {
	t.Helper()
	var recs []hooks.Record
	h.OnResult = func(r hooks.Record) { recs = append(recs, r) }
	srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: h}
	var stdout, stderr bytes.Buffer
	code := srv.Serve(context.Background(), req, strings.NewReader(payload), &stdout, &stderr)
	if len(recs) != 1 {
		t.Fatalf("OnResult called %d times, want 1", len(recs))
	}
	return recs[0], code, stdout.String()
}

func TestOnResultAskOnCodexIsSentAsDeny(t *testing.T) {
	r, code, stdout := serveRecord(t, hooks.Handlers{PreToolUse: askAll}, hooks.Request{Host: "codex"}, codexBash)
	if r.Decision != hooks.DecisionAsk || r.Sent != "deny" {
		t.Errorf("decision %q sent %q, want ask sent as deny", r.Decision, r.Sent)
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], "sent as deny") {
		t.Errorf("warnings %q, want the ask fallback", r.Warnings)
	}
	if r.Host != "codex" || r.NativeEvent != "PreToolUse" || r.Event != hooks.PreToolUse || r.SessionID != "s-1" ||
		r.Cwd != "/home/dev/project" || r.ToolKind != hooks.KindShell || r.ToolName != "Bash" || r.Command != "cat .env" {
		t.Errorf("record %+v", r)
	}
	if r.Reason != "secrets?" || r.Fail != "" || r.Observe || r.Time.IsZero() || r.Duration <= 0 || r.Program == "" {
		t.Errorf("record %+v", r)
	}
	if r.ExitCode != code || !strings.Contains(stdout, "deny") {
		t.Errorf("exit %d (record %d), stdout %q", code, r.ExitCode, stdout)
	}
}

func TestOnResultFailPolicy(t *testing.T) {
	fails := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Response{}, errors.New("policy store down")
	}
	r, _, _ := serveRecord(t, hooks.Handlers{PreToolUse: fails, Fail: hooks.FailClosed}, hooks.Request{Host: "claude"}, claudeBash)
	if r.Sent != "deny" || r.Decision != hooks.NoDecision || !strings.Contains(r.Fail, "policy store down") || r.Command != "rm -rf build" {
		t.Errorf("record %+v", r)
	}
	r, _, _ = serveRecord(t, hooks.Handlers{PreToolUse: fails}, hooks.Request{Host: "claude"}, claudeBash)
	if r.Sent != "none" || !strings.Contains(r.Fail, "policy store down") {
		t.Errorf("fail-open record %+v", r)
	}
	// Input that cannot be read: the fail policy, with what is known.
	r, _, _ = serveRecord(t, hooks.Handlers{PreToolUse: denyRm, Fail: hooks.FailClosed}, hooks.Request{Host: "claude"}, `{"hook_event_name":`)
	if r.Sent != "deny" || r.Fail == "" || r.Host != "claude" {
		t.Errorf("bad input record %+v", r)
	}
}

func TestOnResultBoundsModelText(t *testing.T) {
	long := strings.Repeat("é", 5000)
	payload := strings.Replace(claudeRead, "/home/dev/project/.env", long, 1)
	deny := func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Deny("no " + long), nil
	}
	r, _, _ := serveRecord(t, hooks.Handlers{PreToolUse: deny}, hooks.Request{Host: "claude"}, payload)
	if len(r.Paths) != 1 || len(r.Paths[0]) > hooks.MaxRecordText || !strings.HasSuffix(r.Paths[0], "…") {
		t.Errorf("paths not bounded: %d bytes", len(r.Paths[0]))
	}
	if len(r.Reason) > hooks.MaxRecordText || r.Sent != "deny" || r.ToolKind != hooks.KindRead {
		t.Errorf("reason of %d bytes, sent %q", len(r.Reason), r.Sent)
	}
}

func TestObserveSendsNoOpinion(t *testing.T) {
	halt := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Halt("stop").WithContext("ctx"), nil
	}
	rewrite := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Rewrite(&hooks.ShellInput{Command: "ls"}), nil
	}
	panics := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) { panic("boom") }
	for _, c := range []struct {
		name, host, payload string
		h                   hooks.Handlers
		would               string
	}{
		{"deny", "claude", claudeBash, hooks.Handlers{PreToolUse: denyRm}, "deny"},
		{"ask on codex", "codex", codexBash, hooks.Handlers{PreToolUse: askAll}, "deny"},
		{"halt", "claude", claudeBash, hooks.Handlers{PreToolUse: halt}, "halt"},
		{"rewrite", "claude", claudeBash, hooks.Handlers{PreToolUse: rewrite}, "rewrite"},
		{"fail-closed", "claude", claudeBash, hooks.Handlers{PreToolUse: panics, Fail: hooks.FailClosed}, "deny"},
		{"bad input fail-closed", "claude", `{"hook_event_name":"PreToolUse","tool_name":`, hooks.Handlers{PreToolUse: denyRm, Fail: hooks.FailClosed}, "deny"},
	} {
		t.Run(c.name, func(t *testing.T) {
			none, _, want := serveRecord(t, hooks.Handlers{}, hooks.Request{Host: hooks.Host(c.host)}, c.payload)
			if none.Sent != "none" {
				t.Fatalf("no handler sent %q", none.Sent)
			}
			h := c.h
			h.Observe = true
			r, code, stdout := serveRecord(t, h, hooks.Request{Host: hooks.Host(c.host)}, c.payload)
			if code != 0 || stdout != want {
				t.Errorf("observe mode answered exit %d %q, want the no-hook answer %q", code, stdout, want)
			}
			if !r.Observe || r.Sent != "none" || r.Would != c.would {
				t.Errorf("record observe %v sent %q would %q, want would %q", r.Observe, r.Sent, r.Would, c.would)
			}
		})
	}
}

func TestObserveInlineLate(t *testing.T) {
	slow := func(ctx context.Context, _ *hooks.PreToolUseEvent) (hooks.Response, error) {
		<-ctx.Done()
		return hooks.Deny("late"), nil
	}
	var recs []hooks.Record
	h := hooks.Handlers{PreToolUse: slow, Fail: hooks.FailClosed, Observe: true, Timeout: 1,
		OnResult: func(r hooks.Record) { recs = append(recs, r) }}
	srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: h, Inline: true}
	var stdout, stderr bytes.Buffer
	code := srv.Serve(context.Background(), hooks.Request{Host: "claude"}, strings.NewReader(claudeBash), &stdout, &stderr)
	if code != 0 || stdout.Len() != 0 || len(recs) != 1 || recs[0].Would != "deny" || recs[0].Fail == "" {
		t.Errorf("exit %d stdout %q records %+v", code, stdout.String(), recs)
	}
}

// The observer costs no allocation when unset: Serve without OnResult
// allocates less than Serve with an observer that does nothing (whose
// record and check log cost 2 allocations), so none of the observer's
// work is done when it is unset. Counted with testing.AllocsPerRun, not
// timed.
func TestOnResultUnsetAllocs(t *testing.T) {
	allocs := func(on func(hooks.Record)) float64 {
		srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: hooks.Handlers{PreToolUse: denyRm, OnResult: on}, Inline: true}
		ctx := context.Background()
		var stdin strings.Reader
		var stdout, stderr bytes.Buffer
		return testing.AllocsPerRun(100, func() {
			stdin.Reset(claudeBash)
			stdout.Reset()
			if srv.Serve(ctx, hooks.Request{Host: "claude"}, &stdin, &stdout, &stderr) != 0 || stdout.Len() == 0 {
				t.Fatalf("no answer: %s", stderr.String())
			}
		})
	}
	unset, set := allocs(nil), allocs(func(hooks.Record) {})
	if unset >= set {
		t.Errorf("Serve allocates %v times per event with OnResult unset, %v with an empty OnResult: the unset observer costs allocations", unset, set)
	}
}

// BenchmarkServeOnResult reports Serve's time and allocations with
// OnResult unset and set to an empty function.
func BenchmarkServeOnResult(b *testing.B) {
	for _, c := range []struct {
		name string
		on   func(hooks.Record)
	}{{"unset", nil}, {"set", func(hooks.Record) {}}} {
		b.Run(c.name, func(b *testing.B) {
			srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: hooks.Handlers{PreToolUse: denyRm, OnResult: c.on}, Inline: true}
			ctx := context.Background()
			var stdin strings.Reader
			var stdout, stderr bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				stdin.Reset(claudeBash)
				stdout.Reset()
				srv.Serve(ctx, hooks.Request{Host: "claude"}, &stdin, &stdout, &stderr)
			}
		})
	}
}

func TestOnResultChecks(t *testing.T) {
	checked := func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if !hooks.ChecksLogged(ctx) {
			t.Error("ChecksLogged is false in a handler whose checks OnResult records")
		}
		hooks.ReportCheck(ctx, hooks.Check{Name: "rm-rf", Decision: hooks.DecisionDeny, Duration: 3})
		hooks.ReportCheck(ctx, hooks.Check{Name: "env-write", Duration: 2})
		return hooks.Deny("no"), nil
	}
	r, _, _ := serveRecord(t, hooks.Handlers{PreToolUse: checked}, hooks.Request{Host: "claude"}, claudeBash)
	if len(r.Checks) != 2 || r.Checks[0] != (hooks.Check{Name: "rm-rf", Decision: hooks.DecisionDeny, Duration: 3}) || r.Checks[1].Name != "env-write" {
		t.Errorf("checks %+v", r.Checks)
	}
	// Without a CheckLog, ReportCheck does nothing.
	hooks.ReportCheck(context.Background(), hooks.Check{Name: "x"})
	if hooks.ChecksLogged(context.Background()) {
		t.Error("ChecksLogged is true without a CheckLog")
	}
	if ctx, _ := hooks.WithCheckLog(context.Background()); !hooks.ChecksLogged(ctx) {
		t.Error("ChecksLogged is false with WithCheckLog's context")
	}
}

// BenchmarkServeProcess is Serve as a hook process runs it (Inline, with
// Exit), with OnResult unset and set: the exit guard that bounds the
// answer's write and the observer must not cost the common path more
// than a timer.
func BenchmarkServeProcess(b *testing.B) {
	for _, c := range []struct {
		name string
		on   func(hooks.Record)
	}{{"unset", nil}, {"set", func(hooks.Record) {}}} {
		b.Run(c.name, func(b *testing.B) {
			srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: hooks.Handlers{PreToolUse: denyRm, OnResult: c.on}, Inline: true, Exit: func(int) {}}
			ctx := context.Background()
			var stdin strings.Reader
			var stdout, stderr bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				stdin.Reset(claudeBash)
				stdout.Reset()
				srv.Serve(ctx, hooks.Request{Host: "claude"}, &stdin, &stdout, &stderr)
			}
		})
	}
}
