package hookstest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/claude"
)

// recorder is a testing.TB that records failures instead of failing, so
// that a test can assert that the kit failed, and how.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.TB.Helper()
	r.TB.Fatalf("unexpected Fatalf from the kit: "+format, args...)
}

// expect checks that rec recorded exactly one failure per case named in
// cases (and no other), each containing every one of want.
func expect(t *testing.T, rec *recorder, cases []string, want ...string) {
	t.Helper()
	if len(rec.errors) != len(cases) {
		t.Fatalf("kit reported %d failures, want %d (%q):\n%s", len(rec.errors), len(cases), cases, strings.Join(rec.errors, "\n"))
	}
	for i, msg := range rec.errors {
		if !strings.Contains(msg, ": "+cases[i]+": ") {
			t.Errorf("failure %d does not name %q:\n%s", i, cases[i], msg)
		}
		for _, w := range want {
			if !strings.Contains(msg, w) {
				t.Errorf("failure for %s does not say %q:\n%s", cases[i], w, msg)
			}
		}
	}
}

func answerAll(r hooks.Response) hooks.Handlers {
	return hooks.Handlers{Any: func(context.Context, hooks.Event) (hooks.Response, error) { return r, nil }}
}

var shellCases = []string{"claude PreToolUse(Bash)", "cursor preToolUse(Shell)", "cursor beforeShellExecution",
	"gemini BeforeTool(run_shell_command)", "codex PreToolUse(Bash)", "copilot preToolUse(bash: camelCase)",
	"copilot PreToolUse(Bash: PascalCase)", "qwen PreToolUse(run_shell_command)", "droid PreToolUse(Execute)",
	"kimi PreToolUse(Bash)", "cline PreToolUse(run_commands)", "opencode tool.execute.before(bash)", "pi tool_call(bash)",
	"auggie PreToolUse(launch-process)"}

// TestCatchesDenyWithoutReason: a handler that denies with an empty reason
// fails Denied on every host, because the model gets only a stand-in.
func TestCatchesDenyWithoutReason(t *testing.T) {
	res := Run(t, answerAll(hooks.Deny("")), Shell("rm -rf /"))
	rec := &recorder{TB: t}
	res.Denied(rec)
	expect(t, rec, shellCases, "denied, but the model only sees the stand-in", "Fix: return hooks.Deny with a reason")

	// Codex's PermissionRequest gets the stand-in too.
	res = Run(t, answerAll(hooks.Deny("")), Shell("rm -rf /").AsPermissionRequest())
	rec = &recorder{TB: t}
	res.Host("codex").Denied(rec)
	expect(t, rec, []string{"codex PermissionRequest(Bash)"}, "denied, but the model only sees the stand-in", "Fix: return hooks.Deny with a reason")

	// The same policy with a reason passes.
	Run(t, answerAll(hooks.Deny("rm -rf is not allowed")), Shell("rm -rf /")).DeniedWithReason(t, "not allowed")
}

// TestCatchesAskOnCursor: a handler that asks fails Asked on Cursor (and
// on every host that cannot ask) with the AskFallback explanation, and
// NoWarnings says the same; on Claude Code, Copilot CLI and Qwen Code
// (which deny an ask headless, with its reason) it passes.
func TestCatchesAskOnCursor(t *testing.T) {
	res := Run(t, answerAll(hooks.Ask("needs review")), Shell("git push --force"))
	asking := []hooks.Host{"claude", "copilot", "qwen"}
	for _, h := range asking {
		res.Host(h).Asked(t)
	}

	rec := &recorder{TB: t}
	res.Host("cursor").Asked(rec)
	expect(t, rec, []string{"cursor preToolUse(Shell)", "cursor beforeShellExecution"},
		"the user is never asked: Cursor does not honour ask", "Handlers.AskFallback turned it into a deny",
		"Fix: return hooks.Deny with a reason (or hooks.Allow) for cursor, or set Handlers.AskFallback")

	rec = &recorder{TB: t}
	res.Host("cursor").NoWarnings(rec)
	expect(t, rec, []string{"cursor preToolUse(Shell)", "cursor beforeShellExecution"},
		"does not honour ask", "return hooks.Deny with a reason (or hooks.Allow) where Cursor cannot ask the user", "set Handlers.AskFallback deliberately")

	// The fallback denies, with the ask's reason, where the host cannot ask.
	res.Except(asking...).DeniedWithReason(t, "needs review")

	// With AskFallback allow, the same hosts let the call go on.
	h := answerAll(hooks.Ask("needs review"))
	h.AskFallback = hooks.DecisionAllow
	Run(t, h, Shell("git push --force")).Except(asking...).Allowed(t)
}

// TestCatchesContextOnIgnoredEvent: context on PreToolUse reaches the model
// on Claude Code and Codex only. ContextDelivered accepts the warnings;
// ContextEverywhere fails on Cursor and Gemini CLI and says where context
// works there.
func TestCatchesContextOnIgnoredEvent(t *testing.T) {
	res := Run(t, answerAll(hooks.AddContext("use the staging database")), Shell("psql"))
	res.ContextDelivered(t, "staging")

	rec := &recorder{TB: t}
	res.ContextEverywhere(rec, "staging")
	noContext := []string{"cursor preToolUse(Shell)", "cursor beforeShellExecution", "gemini BeforeTool(run_shell_command)",
		"copilot preToolUse(bash: camelCase)", "copilot PreToolUse(Bash: PascalCase)", "qwen PreToolUse(run_shell_command)",
		"droid PreToolUse(Execute)", "kimi PreToolUse(Bash)", "opencode tool.execute.before(bash)", "pi tool_call(bash)",
		"auggie PreToolUse(launch-process)"}
	expect(t, rec, noContext, "the model never sees this context", "Fix: add the context on an event where")
	if !strings.Contains(rec.errors[2], "where Gemini CLI shows it: SessionStart, UserPromptSubmit (BeforeAgent), PostToolUse (AfterTool)") {
		t.Errorf("the Gemini fix does not list where Gemini shows context:\n%s", rec.errors[2])
	}
	if !strings.Contains(rec.errors[0], "where Cursor shows it: SessionStart (sessionStart), PostToolUse (postToolUse)") {
		t.Errorf("the Cursor fix does not list where Cursor shows context:\n%s", rec.errors[0])
	}

	rec = &recorder{TB: t}
	res.NoWarnings(rec)
	expect(t, rec, noContext, "does not honour context", "Fix: add the context on an event where")

	// Where every host shows context, the strict assertion passes (Kimi
	// Code shows none on SessionStart: only on UserPromptSubmit).
	Run(t, answerAll(hooks.AddContext("use the staging database")), SessionStart(),
		Hosts("claude", "cursor", "gemini", "codex", "copilot", "qwen", "droid")).ContextEverywhere(t, "staging")
	Run(t, answerAll(hooks.AddContext("use the staging database")), Prompt("hi"), Hosts("kimi")).ContextEverywhere(t, "staging")
	// Cline CLI does not wait for its TaskStart hook: it shows context
	// after a tool call.
	Run(t, answerAll(hooks.AddContext("use the staging database")), Shell("psql"), Hosts("cline")).ContextEverywhere(t, "staging")
}

// TestCatchesLostContext: a handler that gives no context fails
// ContextDelivered without any warning to excuse it.
func TestCatchesLostContext(t *testing.T) {
	rec := &recorder{TB: t}
	Run(t, hooks.Handlers{}, Prompt("hello")).ContextDelivered(rec, "x")
	expect(t, rec, []string{"claude UserPromptSubmit", "cursor beforeSubmitPrompt", "gemini BeforeAgent", "codex UserPromptSubmit",
		"copilot userPromptSubmitted(camelCase)", "copilot UserPromptSubmit(PascalCase)", "qwen UserPromptSubmit", "kimi UserPromptSubmit",
		"auggie PromptSubmit"},
		"no context reaches the model and no warning says why")
}

// TestAssertionsFailTheWrongVerdict checks each assertion against an
// answer that contradicts it.
func TestAssertionsFailTheWrongVerdict(t *testing.T) {
	deny := Run(t, answerAll(hooks.Deny("no")), Write("config/.env", "x"))
	none := Run(t, hooks.Handlers{}, Write("config/.env", "x"))
	n := len(deny.Cases)
	for name, check := range map[string]func(testing.TB){
		"Allowed on a deny":            deny.Allowed,
		"NoOpinion on a deny":          deny.NoOpinion,
		"Asked on a deny":              deny.Asked,
		"Halted on a deny":             deny.Halted,
		"Denied on no opinion":         none.Denied,
		"DeniedWithReason other text":  func(tb testing.TB) { deny.DeniedWithReason(tb, "other text") },
		"ContextEverywhere on no text": func(tb testing.TB) { none.ContextEverywhere(tb, "x") },
	} {
		rec := &recorder{TB: t}
		check(rec)
		want := n
		if name == "Halted on a deny" {
			want-- // Cline's only block of a write aborts the run: a halt
		}
		if len(rec.errors) != want {
			t.Errorf("%s: %d failures, want one per case (%d):\n%s", name, len(rec.errors), want, strings.Join(rec.errors, "\n"))
		}
	}
	none.Allowed(t)
	none.NoOpinion(t)
	none.NoWarnings(t)
	deny.Denied(t)
}

// TestCatchesHandlerFailure: a handler that errors is not counted as a
// decision, even when the fail policy happens to give the asserted one.
func TestCatchesHandlerFailure(t *testing.T) {
	h := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Response{}, fmt.Errorf("rules file missing")
	}}
	res := Run(t, h, Shell("ls"), Args("--fail-closed"))
	for _, c := range res.Cases {
		if c.Err == nil || !(c.Verdict.Decision == hooks.DecisionDeny) {
			t.Errorf("%s: fail-closed answer %s, err %v", &c, c.Verdict, c.Err)
		}
	}
	rec := &recorder{TB: t}
	res.Denied(rec)
	expect(t, rec, shellCases, "the hook could not decide (handler: rules file missing)")
}

// TestStopLoopGuard: a second stop block is dropped, and Denied says why.
func TestStopLoopGuard(t *testing.T) {
	h := hooks.Handlers{Stop: func(context.Context, *hooks.StopEvent) (hooks.Response, error) {
		return hooks.Deny("run the tests first"), nil
	}}
	// Cline's TaskComplete cannot continue the agent, nor can Auggie's
	// Stop (it discards the answer).
	Run(t, h, Stop()).Except("cline", "auggie").DeniedWithReason(t, "run the tests")
	rec := &recorder{TB: t}
	Run(t, h, StopAgain()).Denied(rec)
	expect(t, rec, []string{"claude Stop", "cursor stop", "gemini AfterAgent", "codex Stop",
		"copilot agentStop(camelCase)", "copilot Stop(PascalCase)", "qwen Stop", "droid Stop", "kimi Stop"},
		"loop guard", "Handlers.RepeatStopBlocks")
	h.RepeatStopBlocks = true
	Run(t, h, StopAgain()).Denied(t)
}

// TestNoHostRan: a scenario no selected host can do fails every assertion.
func TestNoHostRan(t *testing.T) {
	rec := &recorder{TB: t}
	Run(t, answerAll(hooks.Deny("no")), PatchMove("a", ".env"), Hosts("claude", "gemini")).Denied(rec)
	if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "no host ran this scenario (claude: Claude Code has no patch tool") ||
		!strings.Contains(rec.errors[0], "gemini: Gemini CLI has no patch tool") {
		t.Errorf("want one failure naming both skipped hosts, got %q", rec.errors)
	}
	// The host that can do it passes.
	Run(t, answerAll(hooks.Deny("no")), PatchMove("a", ".env")).Denied(t)
}

// brokenClaude is Claude Code's adapter with a serializer bug: it names
// the wrong event in hookSpecificOutput, which makes Claude Code discard
// the whole answer.
type brokenClaude struct{ *claude.Adapter }

func (b brokenClaude) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	out, err := b.Adapter.Serialize(ev, r)
	out.Stdout = []byte(strings.Replace(string(out.Stdout), `"hookEventName":"PreToolUse"`, `"hookEventName":"PostToolUse"`, 1))
	return out, err
}

// TestCatchesSerializerBug: the verdicts are read from the native output,
// not taken from the adapter, so a serializer bug fails the assertions.
func TestCatchesSerializerBug(t *testing.T) {
	defer func(orig func() []hooks.Adapter) { adapters = orig }(adapters)
	adapters = func() []hooks.Adapter {
		as := builtin.Adapters()
		as[0] = brokenClaude{claude.New()}
		return as
	}
	rec := &recorder{TB: t}
	Run(t, answerAll(hooks.Deny("rm -rf is not allowed")), Shell("rm -rf /")).Denied(rec)
	expect(t, rec, []string{"claude PreToolUse(Bash)"}, "Claude Code discards the hook's whole answer", "hookEventName is \"PostToolUse\"")
}

// bareAdapter is an adapter that states no host facts: it renders no
// scenarios and reads no answers.
type bareAdapter struct{ hooks.Adapter }

// TestAdapterWithoutFacts: the kit renders and reads only through the
// adapters, so an adapter without a renderer is a clear error, and one
// without a reader gives verdicts that say so.
func TestAdapterWithoutFacts(t *testing.T) {
	defer func(orig func() []hooks.Adapter) { adapters = orig }(adapters)
	adapters = func() []hooks.Adapter { return []hooks.Adapter{bareAdapter{claude.New()}} }
	if _, err := Answers(answerAll(hooks.Deny("no")), Shell("ls")); err == nil || !strings.Contains(err.Error(), "hostfacts.ScenarioRenderer") {
		t.Errorf("an adapter without a renderer: %v", err)
	}
	if v := read(bareAdapter{claude.New()}, "PreToolUse", hooks.Output{ExitCode: 2, Stderr: "no"}); !strings.Contains(v.Ignored, "hostfacts.AnswerReader") || v.Decision != hooks.NoDecision {
		t.Errorf("an adapter without a reader: %+v", v)
	}
}

// TestFixGivesTheHostsWord: a fix for a dropped deny or context quotes
// the host's own note on the event. Auggie does not wait for the answer
// to PromptSubmit, so no prompt hook can block or add context there.
func TestFixGivesTheHostsWord(t *testing.T) {
	for name, h := range map[string]hooks.Handlers{"deny": answerAll(hooks.Deny("no")), "context": answerAll(hooks.AddContext("ctx"))} {
		rec := &recorder{TB: t}
		res := Run(t, h, Prompt("hi"), Hosts("auggie"))
		if name == "deny" {
			res.Denied(rec)
		} else {
			res.ContextEverywhere(rec, "ctx")
		}
		if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "Auggie does not wait for the hook's answer") {
			t.Errorf("%s on Auggie's PromptSubmit: %q, want one error quoting Auggie's note", name, rec.errors)
		}
	}
}
