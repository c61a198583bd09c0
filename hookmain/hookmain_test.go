package hookmain

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

func TestWithEvents(t *testing.T) {
	pre := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) { return hooks.Response{}, nil }
	stop := func(context.Context, *hooks.StopEvent) (hooks.Response, error) { return hooks.Response{}, nil }
	any := func(context.Context, hooks.Event) (hooks.Response, error) { return hooks.Response{}, nil }
	for _, tc := range []struct {
		args     []string
		h        hooks.Handlers
		want     []string
		editsOwn bool
	}{
		// The footing's protection runs on PreToolUse, which install
		// registers for a hook without a PreToolUse handler too, unless
		// the hook opts out (Options.EditsOwnFooting).
		{[]string{"install"}, hooks.Handlers{Stop: stop}, []string{"install", "--events=PreToolUse,Stop"}, false},
		{[]string{"install"}, hooks.Handlers{Stop: stop}, []string{"install", "--events=Stop"}, true},
		{[]string{"install"}, hooks.Handlers{PreToolUse: pre, Stop: stop}, []string{"install", "--events=PreToolUse,Stop"}, false},
		{[]string{"install", "--dir"}, hooks.Handlers{PreToolUse: pre}, []string{"install", "--events=PreToolUse", "--dir"}, false},
		{[]string{"install", "--events", "Stop"}, hooks.Handlers{PreToolUse: pre}, []string{"install", "--events", "Stop"}, false},
		{[]string{"install", "--events=Stop"}, hooks.Handlers{PreToolUse: pre}, []string{"install", "--events=Stop"}, false},
		{[]string{"install"}, hooks.Handlers{PreToolUse: pre, Any: any}, []string{"install"}, false},
		{[]string{"install"}, hooks.Handlers{}, []string{"install"}, false},
		{[]string{"uninstall"}, hooks.Handlers{PreToolUse: pre}, []string{"uninstall"}, false},
		{[]string{"doctor"}, hooks.Handlers{PreToolUse: pre}, []string{"doctor"}, false},
	} {
		if got := withEvents(tc.args, tc.h, !tc.editsOwn); !slices.Equal(got, tc.want) {
			t.Errorf("withEvents(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

func TestGatewayWithoutBridgeFails(t *testing.T) {
	payload := `{"session_id":"01a2283a-24e9-7582-b172-a4f6f2251a6c","turn_id":"t","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"c"}`
	allow := hooks.Handlers{Fail: hooks.FailClosed, PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Allow(), nil
	}}
	var stdout, stderr strings.Builder
	code := Main(context.Background(), allow, []string{"--host", "codex", "--gateway", "https://policy.example", "--gateway-timeout=5s"},
		strings.NewReader(payload), &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), `"permissionDecision":"deny"`) {
		t.Fatalf("exit %d stdout %q: want codex's deny from the fail-closed policy", code, stdout.String())
	}
	if !strings.Contains(stderr.String(), "no gateway bridge") || strings.Count(stderr.String(), "\n") != 1 {
		t.Fatalf("stderr %q: want one line naming the missing bridge", stderr.String())
	}
}

// Run answers with hooks.Server.Inline (the handler on the calling
// goroutine): a handler stuck past its deadline is answered by the
// watchdog, which calls exit with the fail policy's code while the handler
// still runs. Without Inline, Exit would never be called.
func TestRunAnswersInline(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	stuck := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		<-release
		return hooks.Allow(), nil
	}
	h := hooks.Handlers{PreToolUse: stuck, Fail: hooks.FailClosed, Timeout: 50 * time.Millisecond}
	payload := `{"session_id":"s","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	exited := make(chan int, 1)
	var stdout, stderr strings.Builder
	go run(context.Background(), h, Options{}, []string{"--host", "claude"}, strings.NewReader(payload), &stdout, &stderr, func(code int) { exited <- code })
	select {
	case code := <-exited:
		if code != 0 || !strings.Contains(stdout.String(), `"permissionDecision":"deny"`) {
			t.Errorf("watchdog exit %d, stdout %q; want 0 and the fail-closed deny", code, stdout.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("exit was not called at the deadline: Run does not answer inline")
	}
}
