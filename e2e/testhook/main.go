// Command testhook is the hook program the end-to-end suite registers in
// the real clients: a hooks.Handlers served by hookmain, whose answers come
// from the scenario file named by $HOOKS_E2E_SCENARIO (see package
// e2e/scenario). It appends every invocation (the raw payload, what the
// handler was called with, and the answer) to the scenario's log.
//
// Without the variable it answers "no opinion" to everything and logs
// nothing, which the suite reports as "the environment did not reach the
// hook".
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/e2e/scenario"
	"github.com/agenthooks/hooks/hookmain"
)

// malformed replaces the payload of a corrupted event.
const malformed = `{"hook_event_name": "PreToolUse", this is not JSON`

func main() {
	// As hookmain.Run: stdout carries only the answer.
	stdout := os.Stdout
	os.Stdout = os.Stderr
	os.Exit(run(os.Args[1:], os.Stdin, stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	payload, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintln(stderr, "testhook: read stdin:", err)
	}
	var sc *scenario.Scenario
	if path := os.Getenv(scenario.EnvVar); path == "" {
		fmt.Fprintln(stderr, "testhook: "+scenario.EnvVar+" is not set; answering no opinion")
	} else if sc, err = scenario.Load(path); err != nil {
		fmt.Fprintln(stderr, "testhook:", err)
		sc = nil
	}

	var head struct {
		Name string `json:"hook_event_name"`
		// Copilot's permissionRequest names itself here, in both forms.
		HookName string `json:"hookName"`
		// OpenCode's plugin names its callback, and a session event's type.
		OpenCode      string `json:"opencode_hook"`
		OpenCodeEvent string `json:"event"`
		// Pi's extension names its event.
		Pi string `json:"pi_hook"`
	}
	json.Unmarshal(payload, &head)
	if head.Name == "" && head.HookName != "" {
		// Cline's hookName is its own word for the event ("tool_call"):
		// the event is the adapter's native name ("PreToolUse").
		head.Name = head.HookName
		if a := builtin.Named(hooks.Host(flagArg(args, "--host"))); a != nil {
			if ev, err := a.Parse(payload); err == nil && ev.Common().NativeEvent != "" {
				head.Name = ev.Common().NativeEvent
			}
		}
	}
	if head.Name == "" && head.OpenCode != "" {
		head.Name = head.OpenCode
		if head.OpenCode == "event" {
			head.Name = head.OpenCodeEvent
		}
	}
	if head.Name == "" && head.Pi != "" {
		head.Name = head.Pi
	}
	if head.Name == "" {
		// Copilot's camelCase payloads name no event: the command does.
		head.Name = eventArg(args)
	}
	e := scenario.Entry{Time: time.Now(), Args: args, Native: head.Name, Payload: string(payload), Rule: -1}
	e.Dir, _ = os.Getwd()
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasSuffix(name, "_PROJECT_DIR") {
			e.ProjectEnv = append(e.ProjectEnv, kv)
		}
	}
	slices.Sort(e.ProjectEnv)
	input := payload
	if sc != nil && sc.Corrupts(head.Name, payload) {
		input, e.Corrupted = []byte(malformed), true
	}

	answer := func(ctx context.Context, ev hooks.Event) (hooks.Response, error) {
		e.Handled, e.Event = true, ev.Name()
		if e.Native == "" {
			// A payload that names its event nowhere (Copilot's
			// SubagentStart under its PascalCase name): the adapter's.
			e.Native = ev.Common().NativeEvent
		}
		t := hooks.ToolOf(ev)
		if t != nil {
			e.Kind = t.Kind()
		}
		if sc == nil {
			return hooks.Response{}, nil
		}
		r := sc.Match(ev)
		if r == nil {
			return hooks.Response{}, nil
		}
		e.Rule = ruleIndex(sc, r)
		if r.Panic {
			panic("e2e scenario: handler panics on " + string(ev.Name()))
		}
		return r.Response.For(ev)
	}
	var h hooks.Handlers
	if sc != nil && sc.Typed {
		h = typed(answer)
	} else {
		h.Any = answer
	}
	if sc != nil && sc.Fail == "closed" {
		h.Fail = hooks.FailClosed
	}

	var out, errs bytes.Buffer
	code := hookmain.Main(context.Background(), h, args, bytes.NewReader(input), &out, &errs)
	stdout.Write(out.Bytes())
	stderr.Write(errs.Bytes())
	e.Exit, e.Stdout, e.Stderr = code, out.String(), errs.String()
	if sc != nil {
		if err := scenario.Append(sc.Log, e); err != nil {
			fmt.Fprintln(stderr, "testhook: log:", err)
		}
	}
	return code
}

// typed returns Handlers with one typed handler per unified event, each
// calling answer, and no Any.
func typed(answer func(context.Context, hooks.Event) (hooks.Response, error)) hooks.Handlers {
	return hooks.Handlers{
		SessionStart: func(ctx context.Context, e *hooks.SessionStartEvent) (hooks.Response, error) { return answer(ctx, e) },
		SessionEnd:   func(ctx context.Context, e *hooks.SessionEndEvent) (hooks.Response, error) { return answer(ctx, e) },
		UserPromptSubmit: func(ctx context.Context, e *hooks.UserPromptSubmitEvent) (hooks.Response, error) {
			return answer(ctx, e)
		},
		PreToolUse:  func(ctx context.Context, e *hooks.PreToolUseEvent) (hooks.Response, error) { return answer(ctx, e) },
		PostToolUse: func(ctx context.Context, e *hooks.PostToolUseEvent) (hooks.Response, error) { return answer(ctx, e) },
		PostToolUseFailure: func(ctx context.Context, e *hooks.PostToolUseFailureEvent) (hooks.Response, error) {
			return answer(ctx, e)
		},
		PermissionRequest: func(ctx context.Context, e *hooks.PermissionRequestEvent) (hooks.Response, error) {
			return answer(ctx, e)
		},
		Stop:          func(ctx context.Context, e *hooks.StopEvent) (hooks.Response, error) { return answer(ctx, e) },
		SubagentStart: func(ctx context.Context, e *hooks.SubagentStartEvent) (hooks.Response, error) { return answer(ctx, e) },
		SubagentStop:  func(ctx context.Context, e *hooks.SubagentStopEvent) (hooks.Response, error) { return answer(ctx, e) },
		PreCompact:    func(ctx context.Context, e *hooks.PreCompactEvent) (hooks.Response, error) { return answer(ctx, e) },
		Notification:  func(ctx context.Context, e *hooks.NotificationEvent) (hooks.Response, error) { return answer(ctx, e) },
		PreModel:      func(ctx context.Context, e *hooks.ModelRequestEvent) (hooks.Response, error) { return answer(ctx, e) },
		PostModel:     func(ctx context.Context, e *hooks.ModelResponseEvent) (hooks.Response, error) { return answer(ctx, e) },
		PreToolSelection: func(ctx context.Context, e *hooks.ToolSelectionEvent) (hooks.Response, error) {
			return answer(ctx, e)
		},
	}
}

func ruleIndex(sc *scenario.Scenario, r *scenario.Rule) int {
	for i := range sc.Rules {
		if &sc.Rules[i] == r {
			return i
		}
	}
	return -1
}

// eventArg returns the value of --event NAME (or --event=NAME) in args.
func eventArg(args []string) string { return flagArg(args, "--event") }

// flagArg returns the value of a flag of args ("--name value" or
// "--name=value"), or "".
func flagArg(args []string, name string) string {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v
		}
		if a == name && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}
