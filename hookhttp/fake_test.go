package hookhttp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// fake is a minimal adapter: payloads are {"hook_event_name": NAME,
// "host": HOST, "tool": CMD, "boom": bool}; answers are
// {"decision":…,"event":…,"reason":…}. A payload with "boom" makes Parse
// panic (a buggy adapter).
type fake struct {
	host    hooks.Host
	timeout time.Duration
}

var fakeCaps = [...]hooks.Capability{
	{Native: "Pre", Event: hooks.PreToolUse, Honours: hooks.FieldDeny | hooks.FieldAllow | hooks.FieldReason},
	{Native: "Start", Event: hooks.SessionStart, Honours: hooks.FieldContext},
}

func (f fake) Host() hooks.Host { return f.host }

func (f fake) Detect(fields map[string]json.RawMessage) float64 {
	var h string
	json.Unmarshal(fields["host"], &h)
	if hooks.Host(h) == f.host {
		return 1
	}
	return 0
}

func (f fake) Parse(p []byte) (hooks.Event, error) {
	var in struct {
		Name string `json:"hook_event_name"`
		Tool string `json:"tool"`
		Boom bool   `json:"boom"`
	}
	if err := json.Unmarshal(p, &in); err != nil {
		return nil, err
	}
	if in.Boom {
		panic("adapter bug")
	}
	b := hooks.Base{Host: f.host, NativeEvent: in.Name, Raw: p}
	switch in.Name {
	case "":
		return nil, errors.New("no hook_event_name")
	case "Pre":
		return &hooks.PreToolUseEvent{Base: b, Tool: hooks.Tool{Name: "sh", Input: &hooks.ShellInput{Command: in.Tool}}}, nil
	case "Start":
		return &hooks.SessionStartEvent{Base: b}, nil
	}
	return &hooks.OtherEvent{Base: b}, nil
}

func (f fake) Capabilities() []hooks.Capability { return fakeCaps[:] }

func (f fake) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	if hooks.Supports(fakeCaps[:], ev.Common().NativeEvent) == 0 {
		if r.Decision == hooks.DecisionDeny {
			return hooks.Output{ExitCode: 2, Stderr: r.Reason}, nil
		}
		return hooks.Output{}, nil
	}
	if r.IsZero() {
		return hooks.Output{}, nil
	}
	out := map[string]string{"event": ev.Common().NativeEvent}
	if d := r.Decision.String(); d != "" {
		out["decision"] = d
	}
	if r.Reason != "" {
		out["reason"] = r.Reason
	}
	if r.Context != "" {
		out["context"] = r.Context
	}
	b, _ := json.Marshal(out)
	return hooks.Output{Stdout: append(b, '\n')}, nil
}

func (f fake) Timeout() time.Duration {
	if f.timeout > 0 {
		return f.timeout
	}
	return time.Minute
}

var fakes = []hooks.Adapter{fake{host: "one"}, fake{host: "two"}}

// guard denies `rm -rf` and answers "sleep" by waiting for its deadline,
// "panic" by panicking; SessionStart gets a context and a denial (the
// denial is dropped with a warning).
func guard() hooks.Handlers {
	return hooks.Handlers{
		PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
			cmd := ev.Tool.Input.(*hooks.ShellInput).Command
			switch {
			case strings.Contains(cmd, "rm -rf"):
				return hooks.Deny("no rm -rf"), nil
			case cmd == "sleep":
				<-ctx.Done()
				return hooks.Response{}, ctx.Err()
			case cmd == "panic":
				panic("handler bug")
			case cmd == "ask":
				return hooks.Ask("sure?"), nil
			}
			return hooks.Response{}, nil
		},
		SessionStart: func(context.Context, *hooks.SessionStartEvent) (hooks.Response, error) {
			return hooks.Deny("x").WithContext("be careful"), nil
		},
		Any: func(_ context.Context, ev hooks.Event) (hooks.Response, error) {
			return hooks.Deny("other events are blocked"), nil
		},
	}
}

// serveLocal runs hooks.Server.Serve as a command hook would.
func serveLocal(adapters []hooks.Adapter, h hooks.Handlers, payload string, args ...string) (stdout, stderr string, code int) {
	var o, e bytes.Buffer
	a, err := hookcli.Parse(args)
	srv := &hooks.Server{Adapters: adapters, Handlers: h}
	code = srv.Serve(context.Background(), hookcli.Request(a, err, &srv.Handlers), strings.NewReader(payload), &o, &e)
	return o.String(), e.String(), code
}
