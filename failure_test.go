package hooks_test

import (
	"context"
	"errors"
	"testing"

	"github.com/agenthooks/hooks"
)

func TestRequestErr(t *testing.T) {
	cause := errors.New("gateway unreachable")
	a := fake{host: "one"}
	tests := []struct {
		name       string
		fail       hooks.FailPolicy
		payload    string
		nilPayload bool
		wantStdout string
		wantExit   int
		wantDeny   bool
	}{
		{name: "closed, tool event gets the host's deny", fail: hooks.FailClosed, payload: `{"hook_event_name":"Pre","tool":"ls"}`,
			wantStdout: `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: gateway unreachable"}` + "\n", wantDeny: true},
		{name: "open, tool event says nothing", fail: hooks.FailOpen, payload: `{"hook_event_name":"Pre","tool":"ls"}`},
		{name: "closed, unparseable payload is the universal block", fail: hooks.FailClosed, payload: `{"hook_event_name":`, wantExit: 2, wantDeny: true},
		{name: "closed, nil payload is the universal block", fail: hooks.FailClosed, nilPayload: true, wantExit: 2, wantDeny: true},
		{name: "closed, non-gating event says nothing", fail: hooks.FailClosed, payload: `{"hook_event_name":"Start"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p []byte
			if !tt.nilPayload {
				p = []byte(tt.payload)
			}
			srv := &hooks.Server{Handlers: hooks.Handlers{Fail: tt.fail}}
			res := srv.Answer(context.Background(), hooks.Request{Adapter: a, Payload: p, Err: cause})
			if !errors.Is(res.Err, cause) {
				t.Errorf("Err = %v, want %v", res.Err, cause)
			}
			if got := string(res.Output.Stdout); got != tt.wantStdout {
				t.Errorf("stdout = %q, want %q", got, tt.wantStdout)
			}
			if res.Output.ExitCode != tt.wantExit {
				t.Errorf("exit = %d, want %d", res.Output.ExitCode, tt.wantExit)
			}
			if tt.wantExit == 2 && res.Output.Stderr != "hook failed, blocked by its fail-closed policy: gateway unreachable" {
				t.Errorf("stderr = %q", res.Output.Stderr)
			}
			if got := res.Response.Decision == hooks.DecisionDeny; got != tt.wantDeny {
				t.Errorf("deny = %v, want %v", got, tt.wantDeny)
			}
		})
	}
}
