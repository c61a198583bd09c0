package hookcli

import (
	"errors"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Args
	}{
		{nil, Args{}},
		{[]string{"--host", "claude", "--fail-closed", "--timeout", "10s"}, Args{Host: "claude", Fail: hooks.FailClosed, FailSet: true, Timeout: 10 * time.Second}},
		{[]string{"-host=codex", "-fail-open", "--timeout=2.5"}, Args{Host: "codex", FailSet: true, Timeout: 2500 * time.Millisecond}},
		{[]string{"--host", "copilot", "--event", "preToolUse"}, Args{Host: "copilot", Event: "preToolUse"}},
		{[]string{"--gateway", "https://g.example/hook", "--gateway-token-env", "TOK", "--gateway-token-file=/run/tok", "--gateway-timeout", "5s"},
			Args{Gateway: "https://g.example/hook", GatewaySet: true, GatewayTokenEnv: "TOK", GatewayTokenFile: "/run/tok", GatewayTimeout: 5 * time.Second}},
		{[]string{"--gateway="}, Args{GatewaySet: true}},
		{[]string{"--host", "claude", "--", "--fail-closd", "--help", "x"}, Args{Host: "claude"}},
	} {
		got, err := Parse(tc.args)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tc.args, got, err, tc.want)
		}
		if err == nil {
			// What the installer writes reads back the same.
			if back, err := Parse(got.Words()); err != nil || back != got {
				t.Errorf("Parse(%q.Words()) = %+v, %v", tc.args, back, err)
			}
		}
	}
}

// Every argument the grammar does not accept is an error that names it,
// and what could be read (the host, for the answer's dialect) is kept.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--host", "claude", "--fail-closd"}, `unknown argument "--fail-closd"`},
		{[]string{"--host", "claude", "--failclosed"}, `unknown argument "--failclosed"`},
		{[]string{"--host", "claude", "fail-closed"}, `unknown argument "fail-closed"`},
		{[]string{"--host", "claude", "--gateway-timeout=5s"}, "--gateway-timeout given without --gateway"},
		{[]string{"--host", "claude", "--gateway-token-env", "X"}, "--gateway-token-env given without --gateway"},
		{[]string{"--host", "claude", "--gateway-token-file", "/t"}, "--gateway-token-file given without --gateway"},
		{[]string{"--host", "claude", "--fail-open", "--fail-closed"}, "--fail-open and --fail-closed both given"},
		{[]string{"--host", "claude", "--host", "codex"}, "--host given twice"},
		{[]string{"--host", "claude", "--timeout"}, "--timeout needs a value"},
		{[]string{"--host", "claude", "--event", "--fail-closed"}, "--event needs a value"},
		{[]string{"--host", "claude", "--timeout", "soon"}, `--timeout: "soon" is not a duration`},
		{[]string{"--host", "claude", "--timeout", "-5"}, "--timeout needs a value"},
		{[]string{"--host", "claude", "--timeout=0"}, `--timeout: "0" is out of range`},
		{[]string{"--host", "claude", "--fail-closed=false"}, "--fail-closed takes no value"},
		{[]string{"--host", "claude", "--event="}, "--event: empty value"},
	} {
		a, err := Parse(tc.args)
		var e *Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) error = %v, want one containing %q", tc.args, err, tc.want)
		}
		if a.Host != "claude" {
			t.Errorf("Parse(%q).Host = %q, want claude kept for the answer's dialect", tc.args, a.Host)
		}
	}
}

// A configuration error fails closed whatever the policy says, and a
// good --fail-open or --fail-closed sets it.
func TestRequest(t *testing.T) {
	h := hooks.Handlers{Fail: hooks.FailOpen}
	a, err := Parse([]string{"--host", "claude", "--fail-open", "--bogus"})
	req := Request(a, err, &h)
	if h.Fail != hooks.FailClosed || req.Err == nil || req.Host != "claude" {
		t.Errorf("bad args: Fail %v, Err %v, Host %q; want closed, the error, claude", h.Fail, req.Err, req.Host)
	}
	h = hooks.Handlers{Fail: hooks.FailClosed}
	a, err = Parse([]string{"--fail-open", "--event", "agentStop", "--timeout", "3"})
	req = Request(a, err, &h)
	if h.Fail != hooks.FailOpen || req.Err != nil || req.Event != "agentStop" || req.HostTimeout != 3*time.Second {
		t.Errorf("good args: Fail %v, req %+v", h.Fail, req)
	}
}

func TestCommandOf(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Command
	}{
		{nil, Hook},
		{[]string{"--host", "claude"}, Hook},
		{[]string{"install", "--hosts", "claude"}, Install},
		{[]string{"uninstall"}, Uninstall},
		{[]string{"doctor"}, Doctor},
		{[]string{"help"}, Help},
		{[]string{"-h"}, Help},
		{[]string{"--host", "claude", "--help"}, Help},
		{[]string{"version"}, Version},
		{[]string{"--version"}, Version},
		{[]string{"--host", "install"}, Hook},
	} {
		if got := CommandOf(tc.args); got != tc.want {
			t.Errorf("CommandOf(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

func TestVersionLine(t *testing.T) {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "example.com/guard", Version: "v1.2.0"},
		Deps: []*debug.Module{{Path: "golang.org/x/text", Version: "v0.14.0"}, {Path: ModulePath, Version: "v0.3.1"}}}
	if got, want := versionLine("guard", bi), "guard example.com/guard v1.2.0, github.com/agenthooks/hooks v0.3.1"; got != want {
		t.Errorf("versionLine = %q, want %q", got, want)
	}
	bi = &debug.BuildInfo{Main: debug.Module{Path: ModulePath, Version: "(devel)"}}
	if got, want := versionLine("guard", bi), "guard github.com/agenthooks/hooks (devel, no revision recorded: build with -buildvcs=true)"; got != want {
		t.Errorf("versionLine = %q, want %q", got, want)
	}
	bi.Settings = []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "6840e26f3f2dc8b3a6d67f8d4f68c45f5b696698"},
		{Key: "vcs.time", Value: "2026-12-02T08:55:53Z"}, {Key: "vcs.modified", Value: "false"}}
	if got, want := versionLine("guard", bi), "guard github.com/agenthooks/hooks (devel) 6840e26f3f2d 2026-12-02T08:55:53Z"; got != want {
		t.Errorf("versionLine = %q, want %q", got, want)
	}
	bi.Settings[3].Value = "true"
	if got, want := versionLine("guard", bi), "guard github.com/agenthooks/hooks (devel) 6840e26f3f2d+dirty 2026-12-02T08:55:53Z"; got != want {
		t.Errorf("versionLine = %q, want %q", got, want)
	}
}

func TestUsageNamesEveryFlag(t *testing.T) {
	var b strings.Builder
	Usage(&b, "/usr/local/bin/guard")
	for _, f := range []string{flagHost, flagEvent, flagFailOpen, flagFailClosed, flagTimeout, flagGateway, flagGatewayTokenEnv, flagGatewayTokenFile, flagGatewayTimeout, "install", "version"} {
		if !strings.Contains(b.String(), f) {
			t.Errorf("usage does not mention %s", f)
		}
	}
	if !strings.HasPrefix(b.String(), "usage: guard ") {
		t.Errorf("usage starts %q", b.String()[:20])
	}
}

func TestParseObserveAndLog(t *testing.T) {
	for _, c := range []struct {
		args    []string
		log     string
		logSet  bool
		observe bool
		bad     bool
	}{
		{args: []string{"--host", "claude", "--log"}, logSet: true},
		{args: []string{"--log", "--host", "claude"}, logSet: true},
		{args: []string{"--log", "/var/log/h.jsonl", "--host", "claude"}, log: "/var/log/h.jsonl", logSet: true},
		{args: []string{"--log=/var/log/h.jsonl", "--observe"}, log: "/var/log/h.jsonl", logSet: true, observe: true},
		{args: []string{"--log="}, bad: true},
		{args: []string{"--observe=true"}, bad: true},
		{args: []string{"--log", "a", "--log", "b"}, bad: true, log: "a", logSet: true},
	} {
		a, err := Parse(c.args)
		if (err != nil) != c.bad || a.Log != c.log || a.LogSet != c.logSet || a.Observe != c.observe {
			t.Errorf("%q: %+v %v", c.args, a, err)
		}
		if err == nil {
			if b, err := Parse(a.Words()); err != nil || b.Log != a.Log || b.LogSet != a.LogSet || b.Observe != a.Observe {
				t.Errorf("%q: Words %q reads back as %+v %v", c.args, a.Words(), b, err)
			}
		}
	}
	var h hooks.Handlers
	a, err := Parse([]string{"--observe", "--bogus"})
	Request(a, err, &h)
	if h.Observe || h.Fail != hooks.FailClosed {
		t.Errorf("a configuration error in observe mode: %+v", h)
	}
}
