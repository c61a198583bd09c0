package hookstest

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/agenthooks/hooks"
)

// answerSpec mirrors testdata/answerhook's $HOOKSTEST_ANSWER.
type answerSpec struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason,omitempty"`
	Context  string `json:"context,omitempty"`
	Error    string `json:"error,omitempty"`
}

// handlers are the Handlers answerhook runs for a.
func (a answerSpec) handlers() hooks.Handlers {
	return hooks.Handlers{Any: func(context.Context, hooks.Event) (hooks.Response, error) {
		if a.Error != "" {
			return hooks.Response{}, errors.New(a.Error)
		}
		r := hooks.Response{Reason: a.Reason, Context: a.Context}
		switch a.Decision {
		case "deny":
			r.Decision = hooks.DecisionDeny
		case "allow":
			r.Decision = hooks.DecisionAllow
		case "ask":
			r.Decision = hooks.DecisionAsk
		}
		return r, nil
	}}
}

// TestRunBinaryMatchesRun builds a hook program and checks that RunBinary
// gives, case for case, the verdicts, warnings, output and fail-policy
// errors Run gives for the same Handlers in process.
func TestRunBinaryMatchesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program; run without -short")
	}
	bin := Build(t, "./testdata/answerhook")
	// Not rm -rf /: hookmain.Run guards the hook's own footing (every file
	// that keeps it running) before the handlers run, and / holds all of
	// it, so the binary denies that whatever its handlers say.
	all := []Scenario{Shell("rm -rf build"), Write("config/.env", "x"), Prompt("hi"), StopAgain(),
		PostShell("ls", "a\n"), Shell("ls").AsPermissionRequest()}
	shell := all[:1]
	runs := []struct {
		answer    answerSpec
		args      []string
		scenarios []Scenario
	}{
		{answerSpec{}, nil, shell},
		{answerSpec{Decision: "deny", Reason: "policy says no"}, nil, all},
		{answerSpec{Decision: "deny"}, nil, shell},
		{answerSpec{Decision: "ask", Reason: "confirm"}, nil, all},
		{answerSpec{Decision: "allow"}, nil, shell},
		{answerSpec{Context: "remember the style guide"}, nil, all},
		{answerSpec{Error: "rules file missing"}, nil, shell},
		{answerSpec{Error: "rules file missing"}, []string{"--fail-closed"}, shell},
	}
	for _, r := range runs {
		a, args := r.answer, r.args
		spec, _ := json.Marshal(a)
		t.Setenv("HOOKSTEST_ANSWER", string(spec))
		for _, s := range r.scenarios {
			want := Run(t, a.handlers(), s, Args(args...))
			got := RunBinary(t, bin, s, Args(args...))
			if len(got.Cases) != len(want.Cases) {
				t.Fatalf("%s %s: %d cases from the binary, %d in process", spec, s, len(got.Cases), len(want.Cases))
			}
			for i := range want.Cases {
				g, w := got.Cases[i], want.Cases[i]
				name := string(spec) + " " + s.String() + " " + w.String()
				if !reflect.DeepEqual(g.Verdict, w.Verdict) {
					t.Errorf("%s: binary verdict %s, in process %s", name, g.Verdict, w.Verdict)
				}
				if !reflect.DeepEqual(g.Warnings, w.Warnings) {
					t.Errorf("%s: binary warnings %v, in process %v", name, g.Warnings, w.Warnings)
				}
				if string(g.Output.Stdout) != string(w.Output.Stdout) || g.Output.ExitCode != w.Output.ExitCode || g.Output.Stderr != w.Output.Stderr {
					t.Errorf("%s: binary output %+v, in process %+v", name, g.Output, w.Output)
				}
				if (g.Err == nil) != (w.Err == nil) || (g.Err != nil && g.Err.Error() != w.Err.Error()) {
					t.Errorf("%s: binary error %v, in process %v", name, g.Err, w.Err)
				}
			}
		}
	}
}

// TestParseStderr reads a program's stderr as hooks.Result.Write writes it.
func TestParseStderr(t *testing.T) {
	stderr := "debug: loaded 3 rules\n" +
		"hooks: cursor does not honour context|halt on preToolUse: dropped\n" +
		"hooks: cursor does not honour deny on an unknown event: dropped\n" +
		"hooks: fail-closed: handler: boom\n" +
		"blocked by policy\n"
	an := parseStderr("cursor", stderr)
	want := []hooks.Warning{
		{Host: "cursor", Event: "preToolUse", Field: hooks.FieldContext | hooks.FieldHalt, Note: "dropped"},
		{Host: "cursor", Event: "", Field: hooks.FieldDeny, Note: "dropped"},
	}
	if !reflect.DeepEqual(an.warnings, want) {
		t.Errorf("warnings %+v, want %+v", an.warnings, want)
	}
	if an.err == nil || an.err.Error() != "handler: boom" {
		t.Errorf("err %v", an.err)
	}
	if an.out.Stderr != "debug: loaded 3 rules\nblocked by policy" {
		t.Errorf("stderr %q", an.out.Stderr)
	}
	if an.log != stderr {
		t.Errorf("log %q", an.log)
	}
	for _, w := range want {
		if got, ok := parseWarning(w.Host, w.String()); !ok || !reflect.DeepEqual(got, w) {
			t.Errorf("parseWarning(%q) = %+v, %v", w.String(), got, ok)
		}
	}
}

// TestBadOptions: options the kit cannot honour are an error, not a
// silent change of what runs.
func TestBadOptions(t *testing.T) {
	h := hooks.Handlers{}
	for _, opts := range [][]Option{
		{Args("--host", "claude")},
		{Args("--timeout", "soon")},
		{Hosts("vscode")},
	} {
		if _, err := Answers(h, Shell("ls"), opts...); err == nil {
			t.Errorf("options %v: no error", opts)
		}
	}
	if _, err := Answers(h, Scenario{}); err == nil {
		t.Error("the zero Scenario: no error")
	}
	if _, err := Answers(h, Shell(" ")); err == nil {
		t.Error("an empty command: no error")
	}
	if _, err := Answers(h, Read("x").AsPermissionRequest()); err == nil {
		t.Error("a read as a permission request: no error")
	}
}
