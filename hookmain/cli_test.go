package hookmain

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// A hook binary built by these tests: with HOOKMAIN_TEST_RUN set, the test
// binary is a hook program made with Run whose policy prints to stdout
// (as a careless fmt.Println would) before it denies.
func TestMain(m *testing.M) {
	switch os.Getenv("HOOKMAIN_TEST_RUN") {
	case "1":
		Run(hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
			os.Stdout.WriteString("debug: checking the command\n")
			return hooks.Deny("no"), nil
		}})
	case "guard":
		Run(processGuard) // process_test.go
	}
	os.Exit(m.Run())
}

const claudePre = `{"session_id":"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d","transcript_path":"/home/dev/.claude/projects/-home-dev-project/5b1d2c3e.jsonl","cwd":"/home/dev/project","prompt_id":"7e6f5a4b-3c2d-4e1f-a0b9-c8d7e6f5a4b3","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"toolu_01"}`

// SECURITY.md: a handler that prints to stdout cannot corrupt the answer,
// since Run sends os.Stdout to stderr. Without that redirect the host
// would read a stray line before the JSON (Gemini CLI and Cursor read that
// as plain text and fail open).
func TestRunHandlerPrintCannotCorruptAnswer(t *testing.T) {
	cmd := exec.Command(os.Args[0], "--host", "claude")
	cmd.Env = append(os.Environ(), "HOOKMAIN_TEST_RUN=1")
	cmd.Stdin = strings.NewReader(claudePre)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("hook: %v (stderr %q)", err, stderr.String())
	}
	want := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}` + "\n"
	if stdout.String() != want {
		t.Errorf("stdout = %q, want only the answer %q", stdout.String(), want)
	}
	if !strings.Contains(stderr.String(), "debug: checking the command") {
		t.Errorf("stderr = %q, want the handler's print there", stderr.String())
	}
}

func runMain(h hooks.Handlers, stdin string, args ...string) (stdout, stderr string, code int) {
	var o, e strings.Builder
	code = Main(context.Background(), h, args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), code
}

var allowAll = hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
	return hooks.Allow(), nil
}}

// A command line the grammar does not accept is answered as fail-closed
// would, in the host's dialect, naming the argument; the policy (fail-open
// here, and an allow) is not run. Before the one grammar,
// --gateway-timeout without --gateway made hookmain answer fail-open.
func TestBadArgumentsFailClosed(t *testing.T) {
	deny := `"permissionDecision":"deny"`
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--host", "claude", "--fail-closd"}, `unknown argument \"--fail-closd\"`},
		{[]string{"--host", "claude", "--gateway-timeout=5s"}, "--gateway-timeout given without --gateway"},
		{[]string{"--host", "claude", "--gateway", "https://policy.example"}, "no gateway bridge"},
		{[]string{"--host=claude", "--fail-open", "--timeout", "ten"}, `--timeout: \"ten\" is not a duration`},
	} {
		o, e, code := runMain(allowAll, claudePre, tc.args...)
		if code != 0 || !strings.Contains(o, deny) || !strings.Contains(o, tc.want) {
			t.Errorf("%q: exit %d stdout %q; want Claude's deny naming %s", tc.args, code, o, tc.want)
		}
		if !strings.Contains(e, "fail-closed") || strings.Count(e, "\n") != 1 {
			t.Errorf("%q: stderr %q; want one fail-closed line", tc.args, e)
		}
	}
	// Without --host, detection still gives the host's dialect.
	o, _, _ := runMain(allowAll, claudePre, "--bogus")
	if !strings.Contains(o, deny) {
		t.Errorf("--bogus without --host: stdout %q, want Claude's deny", o)
	}
	// Undetectable and no --host: the universal block, exit 2.
	_, e, code := runMain(allowAll, `{"x":1}`, "--bogus")
	if code != 2 || !strings.Contains(e, `unknown argument "--bogus"`) {
		t.Errorf("undetectable: exit %d stderr %q; want 2 naming --bogus", code, e)
	}
}

// --event reaches the adapter: one that cannot take it (its payloads name
// their event) refuses, fail-closed.
func TestEventArgument(t *testing.T) {
	o, _, _ := runMain(allowAll, claudePre, "--host", "claude", "--event", "PreToolUse")
	if !strings.Contains(o, `"permissionDecision":"deny"`) || !strings.Contains(o, "--event") {
		t.Errorf("stdout %q: want a deny saying --event is not for claude", o)
	}
}

func TestHelpAndVersion(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"--host", "claude", "--help"}} {
		o, _, code := runMain(allowAll, "", args...)
		if code != 0 || !strings.HasPrefix(o, "usage: ") || !strings.Contains(o, "--fail-closed") {
			t.Errorf("%q: exit %d stdout %q; want usage", args, code, o)
		}
	}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		o, _, code := runMain(allowAll, "", args...)
		// A test binary's main module is this one, in development.
		if code != 0 || !strings.Contains(o, "github.com/agenthooks/hooks") {
			t.Errorf("%q: exit %d stdout %q; want the module's version", args, code, o)
		}
	}
}

// With stdin a terminal (a character device, as the null device is) and
// no arguments, usage is printed at once instead of waiting for an event.
func TestTerminalPrintsUsage(t *testing.T) {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var o, e strings.Builder
	code := Main(context.Background(), allowAll, nil, f, &o, &e)
	if code != 2 || !strings.HasPrefix(e.String(), "usage: ") || o.Len() != 0 {
		t.Errorf("exit %d stdout %q stderr %q; want usage on stderr, exit 2", code, o.String(), e.String())
	}
}
