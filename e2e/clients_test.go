package e2e

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/e2e/scenario"
	"github.com/agenthooks/hooks/install"
)

// Markers the model must (or must not) be shown.
const (
	denyReason  = "E2E_DENY_REASON deny_target.txt is off limits"
	ctxSession  = "E2E_CTX_SESSION_START"
	ctxPrompt   = "E2E_CTX_PROMPT_SUBMIT"
	ctxPost     = "E2E_CTX_POST_TOOL"
	stopReason  = "E2E_STOP_CONTINUE check your work once more"
	postDeny    = "E2E_POST_DENY the output of post_target is withheld"
	promptDeny  = "E2E_PROMPT_DENY this prompt is not allowed"
	failClosed  = "fail-closed policy"
	firstAnswer = "first answer"
)

// TestClients runs every behaviour on every client. Runs are independent
// and parallel (go test -parallel bounds how many clients run at once).
func TestClients(t *testing.T) {
	setup(t)
	runs := []struct {
		name string
		fn   func(t *testing.T, h *harness.Host)
	}{
		{"baseline", testBaseline},
		{"guard", testGuard},
		{"control", testControl},
		{"installer", testInstaller},
		{"guard-binary", testGuardBinary},
		{"guard-tricks", testGuardTricks},
		{"guard-shell", testGuardShell},
		{"gofmt-binary", testGofmtBinary},
		{"codex-trust", testCodexTrust},
		{"context", testContextAllowStop},
		{"prompt-deny", testPromptDeny},
		{"allow-bypass", testAllowBypass},
		{"fail-closed", testFailClosed},
		{"fail-open", testFailOpen},
		{"fail-closed-typed", testFailClosedTyped},
		{"gateway", testGateway},
		{"permission-request", testPermissionRequest},
		{"subagent", testSubagent},
		{"gateway-late", testGatewayLate},
		{"gateway-binary", testGatewayBinary},
		{"gateway-down", testGatewayDown},
		{"skill-shell", testSkillShell},
		{"permission-request-plain", testPermissionRequestPlain},
		{"guard-install", testGuardInstall},
		{"guard-outcomes", testGuardOutcomes},
		{"portable-command", testPortableCommand},
		{"model", testModel},
		{"native", testNative},
		{"plugin", testPlugin},
		{"guard-write-tools", testGuardWriteTools},
		{"guard-tamper", testGuardTamper},
		{"guard-secrets", testGuardSecrets},
	}
	for _, h := range harness.Hosts() {
		for _, r := range runs {
			if h.Runs != nil && !slices.Contains(h.Runs, r.name) {
				continue // n/a in CONFORMANCE.md
			}
			t.Run(h.ID+"/"+r.name, func(t *testing.T) {
				t.Parallel()
				r.fn(t, h)
			})
		}
	}
}

// testBaseline runs the baseline script with a hook that has no opinion:
// every event must parse as expected, every tool must run, and the
// payloads become the golden fixtures.
func testBaseline(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "events", "noopinion")
	o := runAllEvents(t, h, &scenario.Scenario{}, "run the e2e baseline",
		func(r *harness.Run) fakemodel.Script { return baselineScript(h.Name, r) })

	t.Run("events", func(t *testing.T) {
		table.check(t, h.ID, "events")
		checkEvents(t, o)
		fired := map[string]bool{}
		kinds := map[hooks.ToolKind]bool{}
		for _, e := range o.log {
			fired[e.Native] = true
			if e.Native == expectOf(h).pre {
				kinds[e.Kind] = true
			}
		}
		for _, ev := range expectOf(h).baseline {
			if !fired[ev] {
				t.Errorf("%s did not fire %s (fired: %v)", h.Name, ev, sortedKeys(fired))
			}
		}
		want := []hooks.ToolKind{hooks.KindShell, hooks.KindWrite, hooks.KindEdit, hooks.KindRead}
		if h.Name == "codex" {
			want = []hooks.ToolKind{hooks.KindShell, hooks.KindPatch}
		}
		for _, k := range want {
			if !kinds[k] {
				t.Errorf("no %s tool seen on %s (seen: %v)", k, expectOf(h).pre, kinds)
			}
		}
		saveFixtures(t, o, "baseline")
	})
	t.Run("noopinion", func(t *testing.T) {
		table.check(t, h.ID, "noopinion")
		if got, _ := o.file("shell.txt"); got != "hi\n" {
			t.Errorf("shell command did not run: shell.txt = %q", got)
		}
		if got, _ := o.file("hello.txt"); got != "goodbye world\n" {
			t.Errorf("write and edit did not both run: hello.txt = %q", got)
		}
		if tr := o.toolResult(t, 3); !strings.Contains(tr.Text, "goodbye world") {
			t.Errorf("the read did not show the model the file: %q", tr.Text)
		}
		for _, e := range o.log {
			if e.Exit != 0 || strings.TrimSpace(e.Stdout) != "" && strings.TrimSpace(e.Stdout) != "{}" {
				t.Errorf("%s: no opinion answered exit %d stdout %q", e.Native, e.Exit, e.Stdout)
			}
		}
		// Nor does the client log a hook run as failed (Qwen Code's
		// MessageDisplay hooks, run with stdout on the null device, were;
		// issue 41).
		if f := o.res.HookFailures; len(f) > 0 {
			t.Errorf("%s logged %d hook runs as failed, first %q", h.ID, len(f), f[0])
		}
	})
}

// checkEvents checks that every logged payload is a known event of the
// host that parses to the expected unified event and tool kind, and that
// the hook itself did not fail (except where the scenario makes it fail).
func checkEvents(t *testing.T, o *outcome) {
	t.Helper()
	want := expectOf(o.host)
	for _, e := range o.log {
		if e.Corrupted {
			continue
		}
		unified, known := want.events[e.Native]
		if !known {
			t.Errorf("unknown event %q fired by %s:\n%s", e.Native, o.host.Name, clip(e.Payload, 1500))
			continue
		}
		ev, err := parseAs(adapterFor(t, o.host.Name), e)
		if err != nil {
			t.Errorf("%s payload does not parse: %v\n%s", e.Native, err, clip(e.Payload, 1500))
			continue
		}
		if ev.Name() != unified {
			t.Errorf("%s parsed as %T (%q), want %q", e.Native, ev, ev.Name(), unified)
		}
		if oe, other := ev.(*hooks.OtherEvent); other != (unified == "") {
			t.Errorf("%s parsed as %T", e.Native, ev)
		} else if other && oe.Unknown {
			t.Errorf("the adapter does not know %s, an event the client fires: fail-closed hooks without Any block it", e.Native)
		}
		if b := ev.Common(); string(b.Host) != o.host.Name || b.NativeEvent != e.Native || b.SessionID == "" || b.Cwd == "" {
			t.Errorf("%s: base fields host %q native %q session %q cwd %q", e.Native, b.Host, b.NativeEvent, b.SessionID, b.Cwd)
		}
		if tool := hooks.ToolOf(ev); tool != nil {
			tools := want.tools
			if unified == hooks.PermissionRequest && want.permTools != nil {
				tools = want.permTools
			}
			k, ok := tools[tool.Name]
			if !ok {
				t.Errorf("%s: unexpected tool %q", e.Native, tool.Name)
			} else if tool.Kind() != k && !(o.host.Name == "cline" && tool.Name == "editor" && tool.Kind() == hooks.KindEdit) {
				t.Errorf("%s %s parsed as kind %q, want %q (input %T)", e.Native, tool.Name, tool.Kind(), k, tool.Input)
			}
			if err := checkInput(tool); err != "" {
				t.Errorf("%s %s: %s", e.Native, tool.Name, err)
			}
		}
		if !e.Handled && !(o.sc.Typed && unified == "") {
			t.Errorf("%s: the hook's handler was not called (stderr %q)", e.Native, e.Stderr)
		}
		if strings.Contains(e.Stderr, "hooks: fail-") && !o.failing(e) {
			t.Errorf("%s: the hook failed: %s", e.Native, e.Stderr)
		}
	}
}

// checkInput checks that a typed input carries its essential field.
func checkInput(t *hooks.Tool) string {
	switch in := t.Input.(type) {
	case *hooks.ShellInput:
		if in.Command == "" {
			return "shell input without a command"
		}
	case *hooks.WriteInput:
		if in.Path == "" {
			return "write input without a path"
		}
	case *hooks.EditInput:
		if in.Path == "" || len(in.Edits) == 0 {
			return "edit input without a path or edits"
		}
	case *hooks.ReadInput:
		if in.Path == "" {
			return "read input without a path"
		}
	case *hooks.PatchInput:
		if in.Patch == "" || len(in.Files) == 0 {
			return "patch input without text or files"
		}
	}
	return ""
}

// testContextAllowStop allows a command, adds context on SessionStart,
// UserPromptSubmit and PostToolUse, and denies every Stop.
func testContextAllowStop(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "allow", "ctx-session", "ctx-prompt", "ctx-post", "post-deny", "stop-once", "stop-guard")
	sc := &scenario.Scenario{Rules: []scenario.Rule{
		{Event: hooks.SessionStart, Response: scenario.Response{Context: ctxSession}},
		{Event: hooks.UserPromptSubmit, Response: scenario.Response{Context: ctxPrompt}},
		{Event: hooks.PreToolUse, Response: scenario.Response{Decision: "allow"}},
		{Event: hooks.PostToolUse, Contains: "post_target.txt", Response: scenario.Response{Decision: "deny", Reason: postDeny}},
		{Event: hooks.PostToolUse, Response: scenario.Response{Context: ctxPost}},
		{Event: hooks.Stop, Response: scenario.Response{Decision: "deny", Reason: stopReason}},
	}}
	script := func(*harness.Run) fakemodel.Script {
		return fakemodel.Script{shell(h.Name, "echo ran > allowed.txt"), shell(h.Name, "echo ran > post_target.txt"), fakemodel.Say(firstAnswer)}
	}
	ex := expectOf(h)
	// Qwen's UserPromptSubmit fires before every model call (noisy), but
	// it is the event ctx-prompt checks.
	o := runWith(t, harness.Spec{Host: h, Prompt: "run the e2e context scenario", Script: script,
		Quiet: !slices.Contains(h.Noisy, ex.prompt)}, sc)
	checkEvents(t, o)
	saveFixtures(t, o, "context")
	main := o.res.Main()
	caps := adapterFor(t, h.Name).Capabilities()

	t.Run("allow", func(t *testing.T) {
		table.check(t, h.ID, "allow")
		if got, _ := o.file("allowed.txt"); got != "ran\n" {
			t.Errorf("allowed command did not run: allowed.txt = %q", got)
		}
	})
	contextRow := func(row, native, marker string, where func() (first int)) {
		t.Run(row, func(t *testing.T) {
			if native == "" {
				table.na(t, h.ID, row, "the client has no such event")
			}
			if !hooks.Supports(caps, native).Has(hooks.FieldContext) {
				table.na(t, h.ID, row, unclaimed(caps, "context", native))
			}
			table.check(t, h.ID, row)
			es := o.entries(native)
			if len(es) == 0 {
				t.Fatalf("%s never fired", native)
			}
			first := where()
			for i, r := range main {
				has := strings.Contains(fakemodel.Conversation(h.Protocol, r), marker)
				if i >= first && !has {
					t.Errorf("model request %d does not carry the %s context %q", i, native, marker)
				}
				if i < first && has {
					t.Errorf("model request %d carries the %s context before the hook ran", i, native)
				}
			}
		})
	}
	contextRow("ctx-session", ex.sessionStart, ctxSession, func() int { return 0 })
	contextRow("ctx-prompt", ex.prompt, ctxPrompt, func() int { return 0 })
	contextRow("ctx-post", ex.post, ctxPost, func() int { return 1 })

	t.Run("post-deny", func(t *testing.T) {
		if !hooks.Supports(caps, ex.post).Has(hooks.FieldDeny) {
			table.na(t, h.ID, "post-deny", unclaimed(caps, "deny", ex.post))
		}
		table.check(t, h.ID, "post-deny")
		if got, _ := o.file("post_target.txt"); got != "ran\n" {
			t.Errorf("the second command did not run: post_target.txt = %q", got)
		}
		for i, r := range main {
			if has := strings.Contains(fakemodel.Conversation(h.Protocol, r), postDeny); has != (i >= 2) {
				t.Errorf("model request %d: carries our %s reason = %v, want %v", i, ex.post, has, i >= 2)
			}
		}
	})

	stops := o.entries(ex.stop)
	stopDeny := hooks.Supports(caps, ex.stop).Has(hooks.FieldDeny)
	t.Run("stop-once", func(t *testing.T) {
		if !stopDeny {
			table.na(t, h.ID, "stop-once", unclaimed(caps, "deny", ex.stop)+"; the client cannot be kept going from it")
		}
		table.check(t, h.ID, "stop-once")
		if len(stops) == 0 {
			t.Fatalf("%s never fired", ex.stop)
		}
		if ev, ok := o.parse(t, stops[0]).(*hooks.StopEvent); !ok || ev.Active {
			t.Errorf("first %s: %T active=%v, want an inactive StopEvent", ex.stop, ev, ok && ev.Active)
		}
		var with []int
		for i, r := range main {
			if strings.Contains(fakemodel.Conversation(h.Protocol, r), stopReason) {
				with = append(with, i)
			}
		}
		// Script: two tool calls, answer; the blocked stop adds one request.
		n := len(script(nil)) + 1
		if len(main) != n || len(with) != 1 || with[0] != n-1 {
			t.Errorf("want %d model requests with our stop reason in the last only; got %d requests, reason in %v", n, len(main), with)
		}
	})
	t.Run("stop-guard", func(t *testing.T) {
		if h.Name == "kimi" {
			// Kimi allows one stop-hook continuation per turn and calls no
			// Stop hook after it: the loop guard has nothing to stop.
			if len(stops) != 1 || len(main) != len(script(nil))+1 {
				t.Fatalf("Kimi: Stop fired %d times and %d model requests were made; want 1 and %d (one continuation, no second Stop)",
					len(stops), len(main), len(script(nil))+1)
			}
			table.na(t, h.ID, "stop-guard", "measured: Kimi Code 2.1.0 continues the agent once on a Stop block and calls no Stop hook "+
				"again in that turn (stop_hook_active is always false): there is no second stop for the loop guard (stop-once shows the continuation)")
		}
		if !stopDeny {
			table.na(t, h.ID, "stop-guard", unclaimed(caps, "deny", ex.stop)+"; no stop is ever continued")
		}
		table.check(t, h.ID, "stop-guard")
		if len(stops) != 2 {
			t.Fatalf("%s fired %d times, want 2 (block, then let go)", ex.stop, len(stops))
		}
		if ev, ok := o.parse(t, stops[1]).(*hooks.StopEvent); !ok || !ev.Active {
			t.Errorf("second %s is not marked active: %s", ex.stop, clip(stops[1].Payload, 600))
		}
		if !strings.Contains(stops[1].Stderr, "loop guard") {
			t.Errorf("second stop: no loop-guard warning on stderr (%q), answer %q", stops[1].Stderr, stops[1].Stdout)
		}
		if len(main) > len(script(nil))+1 {
			t.Errorf("the agent went on after the second stop: %d model requests", len(main))
		}
	})
}

// testFailClosedTyped runs the baseline with a fail-closed hook made of
// typed handlers only (no Any), as most policies are written: the events
// no handler takes (host-only ones) must not block anything.
func testFailClosedTyped(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "fail-closed-typed")
	table.check(t, h.ID, "fail-closed-typed")
	o := runAllEvents(t, h, &scenario.Scenario{Typed: true, Fail: "closed"}, "run the e2e baseline",
		func(r *harness.Run) fakemodel.Script { return baselineScript(h.Name, r) })
	checkEvents(t, o)
	if got, _ := o.file("shell.txt"); got != "hi\n" {
		t.Errorf("shell command did not run: shell.txt = %q", got)
	}
	if got, _ := o.file("hello.txt"); got != "goodbye world\n" {
		t.Errorf("write and edit did not both run: hello.txt = %q", got)
	}
	for _, e := range o.log {
		if e.Exit != 0 || strings.Contains(e.Stderr, "fail-closed") {
			t.Errorf("%s was blocked: exit %d stdout %q stderr %q", e.Native, e.Exit, e.Stdout, e.Stderr)
		}
	}
}

// testAllowBypass runs a command the client refuses on its own (Claude
// Code without --allowedTools, in -p mode; Copilot CLI -p without
// --allow-all-tools; droid exec without --skip-permissions-unsafe, a
// medium-risk command, which ends the run), first with no hook (control:
// it must not run), then with a hook that allows it: it must run.
func testAllowBypass(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "allow-bypass")
	if h.Name == "qwen" {
		table.na(t, h.ID, "allow-bypass", "Qwen Code declines shell and write calls itself before PreToolUse fires "+
			"(its default approval mode headless), and a hook's allow approves nothing (measured; the qwen capability matrix, PreToolUse)")
	}
	if !hooks.Supports(adapterFor(t, h.Name).Capabilities(), expectOf(h).pre).Has(hooks.FieldAllow) {
		why := unclaimed(adapterFor(t, h.Name).Capabilities(), "allow", expectOf(h).pre)
		if h.Name == "opencode" {
			why += ": a plugin has no way to approve a call that " + clientName(h) + "'s permission rules refuse " +
				"(bundle: no plugin hook its binary triggers is about a permission, and its run command " +
				"rejects every permission it would ask, \"auto-rejecting\")"
		}
		table.na(t, h.ID, "allow-bypass", why)
	}
	table.check(t, h.ID, "allow-bypass")
	spec := harness.Spec{Host: h, Prompt: "run the e2e allow scenario", Strict: true, Quiet: true, Script: func(*harness.Run) fakemodel.Script {
		step := shell(h.Name, "echo ran > allow_target.txt")
		if h.Name == "droid" {
			// Below --skip-permissions-unsafe Droid wants a risk level on
			// every command.
			step = fakemodel.Call("Execute", map[string]any{"command": "echo ran > allow_target.txt", "summary": "e2e step",
				"riskLevel": "medium", "riskLevelReason": "writes a file"})
		}
		return fakemodel.Script{step, fakemodel.Say(firstAnswer)}
	}}
	exit := 0
	if h.Name == "droid" {
		exit = 1 // droid exec ends the run, exit 1, at a command above its autonomy
	}
	control := runExit(t, spec, nil, exit)
	if got, ok := control.file("allow_target.txt"); ok {
		t.Fatalf("control: the client ran the command without being allowed (allow_target.txt = %q): nothing to prove", got)
	}
	o := runWith(t, spec, &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PreToolUse, Response: scenario.Response{Decision: "allow"}}}})
	checkEvents(t, o)
	if got, _ := o.file("allow_target.txt"); got != "ran\n" {
		t.Errorf("our allow did not let the command run: allow_target.txt = %q; model saw %q", got, o.toolResult(t, 0).Text)
	}
	if h.Name != "droid" {
		t.Logf("control: the model saw %q", control.toolResult(t, 0).Text)
	}
}

// guardScript runs a shell command that writes deny_target.txt, writes
// secret_target.txt with the write tool (Codex: apply_patch), and runs a
// shell command that writes rewrite_target.txt.
func guardScript(host string) func(*harness.Run) fakemodel.Script {
	return func(r *harness.Run) fakemodel.Script {
		var write fakemodel.Step
		switch host {
		case "claude":
			write = fakemodel.Call("Write", map[string]any{"file_path": filepath.Join(r.Project, "secret_target.txt"), "content": "leaked\n"})
		case "gemini":
			write = fakemodel.Call("write_file", map[string]any{"file_path": "secret_target.txt", "content": "leaked\n"})
		case "qwen":
			write = fakemodel.Call("write_file", map[string]any{"file_path": filepath.Join(r.Project, "secret_target.txt"), "content": "leaked\n"})
		case "copilot":
			write = fakemodel.Call("create", map[string]any{"path": filepath.Join(r.Project, "secret_target.txt"), "file_text": "leaked\n"})
		case "droid":
			write = fakemodel.Call("Create", map[string]any{"file_path": filepath.Join(r.Project, "secret_target.txt"), "content": "leaked\n"})
		case "cline":
			// A deny of the editor aborts Cline's run: the write comes last.
			return fakemodel.Script{
				shell(host, "echo ran > deny_target.txt"),
				shell(host, "echo original > rewrite_target.txt"),
				fakemodel.Call("editor", map[string]any{"path": filepath.Join(r.Project, "secret_target.txt"), "new_text": "leaked\n"}),
				fakemodel.Say(firstAnswer),
			}
		case "kimi":
			write = fakemodel.Call("Write", map[string]any{"path": filepath.Join(r.Project, "secret_target.txt"), "content": "leaked\n"})
		case "opencode":
			write = fakemodel.Call("write", map[string]any{"filePath": filepath.Join(r.Project, "secret_target.txt"), "content": "leaked\n"})
		case "pi":
			write = fakemodel.Call("write", map[string]any{"path": filepath.Join(r.Project, "secret_target.txt"), "content": "leaked\n"})
		case "auggie":
			write = fakemodel.Call("save-file", map[string]any{"path": filepath.Join(r.Project, "secret_target.txt"), "file_content": "leaked\n"})
		default:
			write = fakemodel.Custom("apply_patch", "*** Begin Patch\n*** Add File: secret_target.txt\n+leaked\n*** End Patch\n")
		}
		return fakemodel.Script{
			shell(host, "echo ran > deny_target.txt"),
			write,
			shell(host, "echo original > rewrite_target.txt"),
			fakemodel.Say(firstAnswer),
		}
	}
}

// guardScenario denies the first two calls of guardScript and rewrites
// the third.
func guardScenario(host string) *scenario.Scenario {
	write := hooks.KindWrite
	if host == "codex" {
		write = hooks.KindPatch
	}
	return &scenario.Scenario{Rules: []scenario.Rule{
		{Event: hooks.PreToolUse, Kind: hooks.KindShell, Contains: "deny_target.txt", Response: scenario.Response{Decision: "deny", Reason: denyReason}},
		{Event: hooks.PreToolUse, Kind: write, Contains: "secret_target.txt", Response: scenario.Response{Decision: "deny", Reason: denyReason}},
		{Event: hooks.PreToolUse, Kind: hooks.KindShell, Contains: "rewrite_target.txt",
			Response: scenario.Response{RewriteCommand: "echo rewritten > rewrite_target.txt"}},
	}}
}

// testGuard denies a shell command and a file write, and rewrites a
// shell command: the denied files must not exist, the model must be told
// our reason for each, and the rewritten command must run instead.
func testGuard(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "deny", "deny-write", "rewrite")
	o := runClient(t, h, guardScenario(h.Name), "run the e2e guard scenario", guardScript(h.Name))
	checkEvents(t, o)
	pre := o.entries(expectOf(h).pre)
	// The steps of the write and of the rewrite (Cline's script writes
	// last).
	writeStep, rewriteStep := 1, 2
	if h.Name == "cline" {
		writeStep, rewriteStep = 2, 1
	}
	t.Run("deny", func(t *testing.T) {
		table.check(t, h.ID, "deny")
		if got, ok := o.file("deny_target.txt"); ok {
			t.Errorf("DENIED COMMAND RAN: deny_target.txt = %q", got)
		}
		if len(pre) == 0 || pre[0].Rule != 0 {
			t.Fatalf("the deny rule did not answer the first %s", expectOf(h).pre)
		}
		if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, denyReason) {
			t.Errorf("the model was not told our reason; it saw %q", tr.Text)
		}
		for _, e := range o.entries(expectOf(h).post) {
			if h.Name == "cline" && strings.Contains(e.Payload, `exit 1`) && strings.Contains(e.Payload, `"command":"sh"`) {
				// Cline's deny of run_commands is a replacement command
				// that fails with the reason: its PostToolUse is that one's.
				continue
			}
			if strings.Contains(e.Payload, "deny_target.txt") {
				t.Errorf("%s fired for the denied call: %s", e.Native, clip(e.Payload, 500))
			}
		}
	})
	t.Run("deny-write", func(t *testing.T) {
		table.check(t, h.ID, "deny-write")
		if got, ok := o.file("secret_target.txt"); ok {
			t.Errorf("DENIED WRITE HAPPENED: secret_target.txt = %q", got)
		}
		if len(pre) <= writeStep || pre[writeStep].Rule != 1 {
			t.Fatalf("the deny rule did not answer the write")
		}
		if h.Name == "cline" {
			// Cline's only block of the editor is cancel: the run is
			// aborted, and the model is never called again.
			if n := len(o.res.Main()); n != writeStep+1 || !strings.Contains(string(o.res.Stdout), `"finishReason":"aborted"`) {
				t.Errorf("the run was not aborted at the write: %d model requests, stdout %s", n, clip(string(o.res.Stdout), 2000))
			}
			table.na(t, h.ID, "deny-write", "Cline's only block of its editor is cancel, which aborts the whole run: the file is "+
				"not written and the run ends aborted (both checked), but the model is never told a reason")
		}
		if tr := o.toolResult(t, writeStep); !strings.Contains(tr.Text, denyReason) {
			t.Errorf("the model was not told our reason; it saw %q", tr.Text)
		}
	})
	t.Run("rewrite", func(t *testing.T) {
		if !hooks.Supports(adapterFor(t, h.Name).Capabilities(), expectOf(h).pre).Has(hooks.FieldUpdatedInput) {
			// The client ignores updated input: hooks.Fit sends the
			// rewrite as a deny of the call, which must hold.
			table.check(t, h.ID, "rewrite")
			if got, ok := o.file("rewrite_target.txt"); ok {
				t.Errorf("A REWRITE THE CLIENT IGNORES RAN THE ORIGINAL CALL: rewrite_target.txt = %q", got)
			}
			if len(pre) <= rewriteStep || pre[rewriteStep].Rule != 2 {
				t.Errorf("the rewrite rule did not answer the third %s", expectOf(h).pre)
			}
			table.na(t, h.ID, "rewrite", "the adapter does not claim updated input on "+expectOf(h).pre+
				" (the client ignores it); checked instead: the rewrite is sent as a deny and the call does not run")
		}
		table.check(t, h.ID, "rewrite")
		if got, _ := o.file("rewrite_target.txt"); got != "rewritten\n" {
			t.Errorf("the rewritten command did not run instead: rewrite_target.txt = %q", got)
		}
	})
}

// testControl runs the guard script with no hook: everything must run,
// so that a passing guard test is the hook's doing and not the client's
// own refusal.
func testControl(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "control")
	table.check(t, h.ID, "control")
	o := runClient(t, h, nil, "run the e2e guard scenario", guardScript(h.Name))
	for name, want := range map[string]string{"deny_target.txt": "ran\n", "secret_target.txt": "leaked\n", "rewrite_target.txt": "original\n"} {
		if got, _ := o.file(name); got != want {
			t.Errorf("without the hook %s = %q, want %q: the guard test proves nothing", name, got, want)
		}
	}
	if tr := o.toolResult(t, 0); strings.Contains(tr.Text, denyReason) {
		t.Errorf("control run shows the deny reason: %q", tr.Text)
	}
}

// installerRegister registers the hook with install.Install (project
// scope); with trust, it also appends the trusted_hash lines that
// install.Doctor prints for Codex to $CODEX_HOME/config.toml.
func installerRegister(t *testing.T, h *harness.Host, trust bool) func(r *harness.Run, hook []string) error {
	return installWith(t, h, trust, nil)
}

// installWith is installerRegister with edit applied to the options.
func installWith(t *testing.T, h *harness.Host, trust bool, edit func(*install.Options)) func(r *harness.Run, hook []string) error {
	return func(r *harness.Run, hook []string) error {
		env := map[string]string{
			"CLAUDE_CONFIG_DIR":          filepath.Join(r.Home, ".claude"),
			"CODEX_HOME":                 filepath.Join(r.Home, ".codex"),
			"GEMINI_CLI_TRUST_WORKSPACE": "true",
		}
		o := install.Options{Binary: hook[0], Hosts: []hooks.Host{hooks.Host(h.Name)},
			Scope: install.Project, Dir: r.Project, Home: r.Home, Getenv: func(k string) string { return env[k] }}
		if h.Name == "kimi" {
			o.Scope = install.User // Kimi Code reads hooks from ~/.kimi-code/config.toml only
		}
		if h.ID == "kilo" {
			o.Hosts = []hooks.Host{"kilo"} // the installer's name for OpenCode's fork: .kilo/plugin
		}
		if edit != nil {
			edit(&o)
		}
		changes, err := install.Install(o)
		for _, c := range changes {
			t.Logf("install: %s %s added %v notes %v", c.Host, neutral(r, c.Path), c.Added, c.Notes)
		}
		if err != nil || !trust {
			return err
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		rep, err := install.Doctor(ctx, o)
		if err != nil {
			return err
		}
		var lines []string
		for _, f := range rep.Findings {
			_, rest, ok := strings.Cut(f.Msg, "- add these lines to ")
			if !ok {
				continue
			}
			for _, l := range strings.Split(rest, "\n")[1:] {
				l, ok := strings.CutPrefix(l, "    ")
				if !ok {
					break
				}
				lines = append(lines, l)
			}
		}
		if len(lines) == 0 {
			return fmt.Errorf("install.Doctor printed no trusted_hash lines for Codex:\n%+v", rep.Findings)
		}
		cfg := filepath.Join(r.Home, ".codex", "config.toml")
		f, err := os.OpenFile(cfg, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = f.WriteString("\n" + strings.Join(lines, "\n") + "\n")
		return err
	}
}

// testCodexTrust runs Codex without --dangerously-bypass-hook-trust: with
// the hooks installed but not trusted, none may run (control); with the
// trusted_hash lines install.Doctor prints added to config.toml, they run
// and the deny takes effect.
func testCodexTrust(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "codex-trust")
	if h.Name != "codex" {
		table.na(t, h.ID, "codex-trust", "only Codex gates hooks on a trusted hash")
	}
	table.check(t, h.ID, "codex-trust")
	spec := harness.Spec{Host: h, Prompt: "run the e2e guard scenario", Script: guardScript(h.Name), Untrusted: true,
		Register: installerRegister(t, h, false)}
	control := runRaw(t, spec, guardScenario(h.Name))
	if len(control.log) != 0 {
		t.Errorf("control: Codex ran %d untrusted hooks without the bypass flag: the trust test proves nothing", len(control.log))
	}
	if got, _ := control.file("deny_target.txt"); got != "ran\n" {
		t.Errorf("control: deny_target.txt = %q, want the command to run with the hooks skipped", got)
	}
	spec.Register = installerRegister(t, h, true)
	o := runWith(t, spec, guardScenario(h.Name))
	checkEvents(t, o)
	if got, ok := o.file("deny_target.txt"); ok {
		t.Errorf("DENIED COMMAND RAN with hooks trusted by hash: deny_target.txt = %q", got)
	}
	if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, denyReason) {
		t.Errorf("the model was not told our reason; it saw %q", tr.Text)
	}
}

// testInstaller registers the hook with install.Install (project scope)
// instead of the suite's own configuration writers, then runs the guard
// scenario: the hooks must run and the deny must take effect.
func testInstaller(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "installer")
	if h.ID == "copilot-pascal" {
		table.na(t, h.ID, "installer", pascalByInstaller)
	}
	table.check(t, h.ID, "installer")
	spec := harness.Spec{Host: h, Prompt: "run the e2e guard scenario", Script: guardScript(h.Name),
		Quiet: true, Register: installerRegister(t, h, false)}
	o := runWith(t, spec, guardScenario(h.Name))
	checkEvents(t, o)
	if h.Name == "claude" {
		// The installer registers PreSkillShellCommand (2.1.332) beside
		// PreToolUse. On an older client, which does not know the name,
		// this run is the proof that the rest of the file still works.
		if data, _ := o.file(filepath.Join(".claude", "settings.json")); !strings.Contains(data, `"PreSkillShellCommand"`) {
			t.Errorf("the installer did not register PreSkillShellCommand:\n%s", data)
		}
	}
	if got, ok := o.file("deny_target.txt"); ok {
		t.Errorf("DENIED COMMAND RAN with the installer's registration: deny_target.txt = %q", got)
	}
	if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, denyReason) {
		t.Errorf("the model was not told our reason; it saw %q", tr.Text)
	}
	fired := map[string]bool{}
	for _, e := range o.log {
		fired[e.Native] = true
	}
	ex := expectOf(h)
	want := []string{ex.sessionStart, ex.pre, ex.stop}
	if h.Name == "cline" {
		// The guard script's last call, the write, is denied with
		// Cline's cancel, which aborts the run: TaskComplete never fires.
		want = want[:2]
	}
	if slices.Contains(ex.baseline, ex.prompt) {
		want = append(want, ex.prompt) // not in droid exec
	}
	if _, ran := o.file("rewrite_target.txt"); ran {
		want = append(want, ex.post) // no tool ran where the rewrite is a deny (Qwen)
	}
	for _, ev := range want {
		if !fired[ev] {
			t.Errorf("%s did not run the installed hook on %s (fired: %v)", h.Name, ev, sortedKeys(fired))
		}
	}
}

// failScript runs two shell commands, each writing its target file.
func failScript(host string) func(*harness.Run) fakemodel.Script {
	return func(*harness.Run) fakemodel.Script {
		return fakemodel.Script{shell(host, "echo ran > panic_target.txt"), shell(host, "echo ran > corrupt_target.txt"), fakemodel.Say(firstAnswer)}
	}
}

// testFailClosed makes a fail-closed hook fail on both calls of
// failScript: the handler panics on the first, the second's payload is
// malformed. Neither may run, and the model must see the fail-closed
// reason.
func testFailClosed(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "fail-closed-panic", "fail-closed-malformed")
	pre := expectOf(h).pre
	sc := &scenario.Scenario{Fail: "closed", Corrupt: []string{pre}, CorruptContains: "corrupt_target.txt",
		Rules: []scenario.Rule{{Event: hooks.PreToolUse, Contains: "panic_target.txt", Panic: true}}}
	o := runClient(t, h, sc, "run the e2e fail-closed scenario", failScript(h.Name))
	checkEvents(t, o)
	es := o.entries(pre)
	for i, row := range []string{"fail-closed-panic", "fail-closed-malformed"} {
		t.Run(row, func(t *testing.T) {
			table.check(t, h.ID, row)
			target := []string{"panic_target.txt", "corrupt_target.txt"}[i]
			if len(es) <= i || !strings.Contains(es[i].Payload, target) {
				t.Fatalf("no %s for the %s call", pre, target)
			}
			if row == "fail-closed-malformed" && !es[i].Corrupted {
				t.Fatalf("the payload was not corrupted")
			}
			if !strings.Contains(es[i].Stderr, "fail-closed") {
				t.Errorf("the hook did not fail closed: stderr %q", es[i].Stderr)
			}
			if got, ok := o.file(target); ok {
				t.Errorf("FAIL-CLOSED DID NOT BLOCK: %s = %q", target, got)
			}
			if h.Name == "cline" && row == "fail-closed-malformed" {
				// The hook cannot tell the tool of a payload it cannot
				// read: its block is Cline's cancel, which aborts the run
				// and tells the model nothing.
				if !strings.Contains(string(o.res.Stdout), `"finishReason":"aborted"`) {
					t.Errorf("the run was not aborted: %s", clip(string(o.res.Stdout), 2000))
				}
				return
			}
			tr := o.toolResult(t, i)
			if !strings.Contains(tr.Text, failClosed) {
				t.Errorf("the model was not told the hook's fail-closed reason; it saw %q", tr.Text)
			}
		})
	}
}

// testFailOpen makes a fail-open hook's handler panic: the call must run.
func testFailOpen(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "fail-open-panic")
	table.check(t, h.ID, "fail-open-panic")
	pre := expectOf(h).pre
	sc := &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PreToolUse, Contains: "panic_target.txt", Panic: true}}}
	o := runClient(t, h, sc, "run the e2e fail-open scenario", failScript(h.Name))
	checkEvents(t, o)
	es := o.entries(pre)
	if len(es) == 0 || !strings.Contains(es[0].Stderr, "fail-open") {
		t.Fatalf("the hook did not fail open on the first %s", pre)
	}
	if got, _ := o.file("panic_target.txt"); got != "ran\n" {
		t.Errorf("fail-open: the command did not run: panic_target.txt = %q (model saw %q)", got, o.toolResult(t, 0).Text)
	}
}

// testPromptDeny denies the prompt on UserPromptSubmit: the model must
// never be called and no tool may run.
func testPromptDeny(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "prompt-deny")
	ex := expectOf(h)
	if !hooks.Supports(adapterFor(t, h.Name).Capabilities(), ex.prompt).Has(hooks.FieldDeny) {
		table.na(t, h.ID, "prompt-deny", unclaimed(adapterFor(t, h.Name).Capabilities(), "deny", ex.prompt))
	}
	table.check(t, h.ID, "prompt-deny")
	sc := &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.UserPromptSubmit, Response: scenario.Response{Decision: "deny", Reason: promptDeny}}}}
	exit := 0
	if h.Name == "copilot" || h.Name == "kimi" {
		exit = 1 // copilot -p and kimi -p exit 1 when a hook blocks the prompt
	}
	// Qwen's UserPromptSubmit fires before every model call (noisy), but
	// it is the event this row checks.
	o := runExit(t, harness.Spec{Host: h, Prompt: "run the e2e prompt scenario", Quiet: !slices.Contains(h.Noisy, ex.prompt),
		Script: func(*harness.Run) fakemodel.Script {
			return fakemodel.Script{shell(h.Name, "echo ran > prompt_target.txt"), fakemodel.Say(firstAnswer)}
		}}, sc, exit)
	checkEvents(t, o)
	if es := o.entries(ex.prompt); len(es) == 0 || es[0].Rule != 0 {
		t.Fatalf("the deny rule did not answer %s", ex.prompt)
	}
	if n := len(o.res.Main()); n != 0 {
		t.Errorf("PROMPT NOT BLOCKED: the model was called %d times", n)
	}
	if got, ok := o.file("prompt_target.txt"); ok {
		t.Errorf("a tool ran after the prompt was denied: prompt_target.txt = %q", got)
	}
}

// Markers of the PermissionRequest runs.
const (
	permDenyReason = "E2E_PERM_DENY permreq_target.txt needs no escalation"
	permFile       = "permreq_target.txt"
)

// testPermissionRequest runs a tool call the client asks permission for,
// answered by the hook's PermissionRequest handler (Claude Code: a Bash
// command not allowed, in SDK mode with nobody answering the client's
// permission requests; Codex: exec --approve-for-me in the workspace-write
// sandbox, an exec_command with sandbox_permissions "require_escalated").
// A deny must keep it from running and tell the model our reason; an allow
// must run it without anyone else being asked.
func testPermissionRequest(t *testing.T, h *harness.Host) {
	rows := []string{"permreq-deny", "permreq-allow"}
	table.expectRows(t, h.ID, rows...)
	var call fakemodel.Step
	native, host := "PermissionRequest", h
	switch h.Name {
	case "claude":
		call = shell(h.Name, "echo ran > "+permFile)
	case "copilot":
		// Registered on top of the column's events (under its PascalCase
		// name too, the payload is the camelCase one, named by hookName).
		call, native = shell(h.Name, "echo ran > "+permFile), "permissionRequest"
		perm := *h
		perm.Events = append(slices.Clip(h.Events), map[string]string{"copilot": "permissionRequest", "copilot-pascal": "PermissionRequest"}[h.ID])
		host = &perm
	case "codex":
		call = fakemodel.Call("exec_command", map[string]any{"cmd": "echo ran > " + permFile, "sandbox_permissions": "require_escalated", "justification": "e2e escalation"})
	default:
		why := "the client has no permission-request event"
		switch h.Name {
		case "qwen":
			why = "Qwen Code's PermissionRequest does not fire headless: yolo mode asks nothing, and its default mode " +
				"declines a shell or write call before the permission stage where the hook would run (measured; the qwen capability matrix)"
		case "kimi":
			why = "Kimi Code 2.1.0 fires PermissionRequest without waiting for the answer, which it ignores (bundle: " +
				"fire-and-forget), and kimi -p asks about no tool; the adapter claims nothing there"
		case "droid":
			why = "Factory Droid has no permission-request hook event (its events: SessionStart, SessionEnd, " +
				"UserPromptSubmit, PreToolUse, PostToolUse, Stop, SubagentStop, PreCompact, Notification); " +
				"in droid exec a PreToolUse allow is what lets a command past its autonomy (allow-bypass)"
		case "cline":
			why = clientName(h) + " has no permission-request hook event (its hook files: " + strings.Join(harness.ClineEvents, ", ") +
				"), and cline --json approves every tool call itself (the cline capability matrix)"
		case "opencode":
			why = clientName(h) + " gives a plugin no permission event (bundle: the plugin hooks its binary triggers are " +
				"tool.execute.before and after, tool.definition, shell.env, command.execute.before, chat, experimental and UI ones; " +
				"none is about a permission, and a permission.ask hook is never called), and its run command rejects every " +
				"permission it would ask (bundle: \"auto-rejecting\")"
		}
		table.set(h.ID, rows[1], cell{"n/a", why})
		table.na(t, h.ID, rows[0], why)
	}
	script := func(*harness.Run) fakemodel.Script { return fakemodel.Script{call, fakemodel.Say(firstAnswer)} }
	denyScript := script
	if h.Name == "copilot" {
		// Copilot CLI also asks for a create, as tool edit with
		// {file_path, diff} (a patch): a deny must keep a .env from being
		// written.
		denyScript = func(r *harness.Run) fakemodel.Script {
			return fakemodel.Script{call, fakemodel.Call("create", map[string]any{"path": filepath.Join(r.Project, ".env"), "file_text": "SECRET=1\n"}),
				fakemodel.Say(firstAnswer)}
		}
	}
	for _, tc := range []struct {
		row      string
		response scenario.Response
	}{
		{"permreq-deny", scenario.Response{Decision: "deny", Reason: permDenyReason}},
		{"permreq-allow", scenario.Response{Decision: "allow"}},
	} {
		t.Run(tc.row, func(t *testing.T) {
			table.check(t, h.ID, tc.row)
			sc := &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PermissionRequest, Kind: hooks.KindShell, Contains: permFile, Response: tc.response}}}
			spec := harness.Spec{Host: host, Prompt: "run the e2e permission scenario", Permissions: true, Quiet: true, Script: script}
			writes := h.Name == "copilot" && tc.response.Decision == "deny"
			if tc.response.Decision == "deny" {
				spec.Script = denyScript
			}
			if h.Name == "copilot" {
				// Copilot CLI asks its permissionRequest hooks even under
				// --allow-all-tools, which leaves a deny the only thing in
				// the way (control: both calls run); an allow must run a
				// tool that -p without --allow-all-tools refuses (control:
				// it does not run).
				spec.Permissions, spec.Strict = false, tc.response.Decision == "allow"
				control := runRaw(t, spec, nil)
				got, ran := control.file(permFile)
				env, wrote := control.file(".env")
				if spec.Strict && ran || !spec.Strict && (got != "ran\n" || env != "SECRET=1\n") {
					t.Fatalf("control without the hook (--allow-all-tools %v): %s = %q (%v), .env = %q (%v): nothing to prove",
						!spec.Strict, permFile, got, ran, env, wrote)
				}
				t.Logf("control: the model saw %q", control.toolResult(t, 0).Text)
				if writes {
					sc.Rules = append(sc.Rules, scenario.Rule{Event: hooks.PermissionRequest, Kind: hooks.KindPatch, Contains: ".env", Response: tc.response})
				}
			}
			o := runWith(t, spec, sc)
			checkEvents(t, o)
			es := o.entries(native)
			if len(es) != len(sc.Rules) {
				t.Fatalf("PermissionRequest fired %d times, want %d: %+v", len(es), len(sc.Rules), es)
			}
			for i, e := range es {
				if e.Rule != i {
					t.Fatalf("PermissionRequest %d was not answered by our rule %d: %+v", i, i, e)
				}
			}
			got, ran := o.file(permFile)
			if tc.response.Decision == "deny" {
				if ran {
					t.Errorf("DENIED ESCALATION RAN: %s = %q", permFile, got)
				}
				if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, permDenyReason) {
					t.Errorf("the model was not told our reason; it saw %q", tr.Text)
				}
				if writes {
					if got, ok := o.file(".env"); ok {
						t.Errorf("DENIED WRITE HAPPENED: .env = %q", got)
					}
					if tr := o.toolResult(t, 1); !strings.Contains(tr.Text, permDenyReason) {
						t.Errorf("the model was not told our reason for the .env write; it saw %q", tr.Text)
					}
				}
				return
			}
			if got != "ran\n" {
				t.Errorf("the escalation we allowed did not run: %s = %q; model saw %q", permFile, got, o.toolResult(t, 0).Text)
			}
			if n := len(o.res.Main()); n != 2 {
				t.Errorf("the model was called %d times, want 2 (the turn and the answer, no reviewer call)", n)
			}
		})
	}
}

// Markers of the subagent run.
const (
	ctxSubStart   = "E2E_CTX_SUBAGENT_START"
	subStopReason = "E2E_SUBSTOP check the subagent's work once more"
	subPrompt     = "E2E_SUBAGENT_TASK say hello"
)

// testSubagent runs a subagent (Claude Code's Agent tool): SubagentStart
// context must reach the subagent's first request, and a SubagentStop deny
// must continue the subagent exactly once with our reason (the loop guard
// lets the second stop end it), after which the parent gets the
// subagent's final text. On Qwen Code the agent call runs twice, in the
// foreground and in the background (its default for a top-level agent
// call), and the rows pass only if both runs do.
func testSubagent(t *testing.T, h *harness.Host) {
	rows := []string{"subagent-ctx", "subagent-stop"}
	table.expectRows(t, h.ID, rows...)
	start, stop, host := "SubagentStart", "SubagentStop", h
	ctxNA := "" // why subagent-ctx is n/a where the rest runs
	modes := []subagentMode{{
		agent: fakemodel.Call("Agent", map[string]any{"description": "e2e subagent", "prompt": subPrompt, "subagent_type": "general-purpose",
			// In the foreground: from 2.1.198 a subagent runs in the
			// background unless told otherwise, and the parent's turn
			// goes on without its text.
			"run_in_background": false}),
		parentTurns: 2}}
	switch h.Name {
	case "claude":
	case "copilot":
		// Registered on top of the column's events. Under its PascalCase
		// name SubagentStart sends the camelCase payload with no event
		// name: it parses as subagentStart.
		sub := *h
		sub.Events = append(slices.Clip(h.Events), start, stop)
		if h.ID == "copilot" {
			stop = "subagentStop"
			sub.Events = append(slices.Clip(h.Events), "subagentStart", stop)
		}
		start = "subagentStart"
		host = &sub
		modes[0].agent = fakemodel.Call("task", map[string]any{"name": "e2e-sub", "description": "e2e subagent", "prompt": subPrompt, "agent_type": "explore"})
	case "codex":
		const why = "Codex starts no subagent in codex exec runs here (its SubagentStart/SubagentStop are checked against its schemas)"
		table.skip(h.ID, rows[0], why)
		table.skip(h.ID, rows[1], why)
		t.Skip(why)
	case "qwen":
		sub := *h
		sub.Events = append(slices.Clip(h.Events), start, stop)
		host = &sub
		args := map[string]any{"description": "e2e subagent", "prompt": subPrompt, "subagent_type": "general-purpose"}
		modes = []subagentMode{
			{name: "foreground", agent: fakemodel.Call("agent", withKey(args, "run_in_background", false)), parentTurns: 2},
			// The default: the agent tool answers "Background agent
			// launched" at once, the parent's turn ends, and the
			// subagent's final text comes back as a <task-notification>
			// user message that starts one more parent turn (the
			// parent then says the step's text again: the script counts
			// tool results, and there is no new one).
			{name: "background", agent: fakemodel.Call("agent", args), parentTurns: 3},
		}
		ctxNA = "measured: Qwen Code 0.24.4 fires SubagentStart, but the context answered reached none of the model requests, with the agent call in the foreground or in the background; the adapter claims none (the qwen capability matrix)"
	case "droid":
		table.skip(h.ID, rows[1], "Factory Droid has SubagentStop, but its Task tool fails in droid exec here (\"Could not reach the daemon\"): no subagent runs")
		table.na(t, h.ID, rows[0], "Factory Droid has no SubagentStart event (its adapter's events)")
	case "kimi":
		const why = "Kimi Code 2.1.0 ignores the answer of SubagentStart (awaited) and of SubagentStop (fired without waiting) " +
			"(bundle); the adapter claims nothing there"
		table.set(h.ID, rows[1], cell{"n/a", why})
		table.na(t, h.ID, rows[0], why)
	case "cline", "opencode":
		// No subagent event; what a subagent does must still pass the
		// tool gate.
		why := clientName(h) + " has no subagent hook event (its hook files: " + strings.Join(harness.ClineEvents, ", ") + ")"
		if h.Name == "opencode" {
			why = clientName(h) + " gives a plugin no subagent event (a subagent, its task tool, is a child session)"
		}
		why += "; " + subagentGate(t, h)
		table.set(h.ID, rows[1], cell{"n/a", why})
		table.na(t, h.ID, rows[0], why)
	default:
		const why = "the client has no subagent events"
		table.set(h.ID, rows[1], cell{"n/a", why})
		table.na(t, h.ID, rows[0], why)
	}
	sc := &scenario.Scenario{Rules: []scenario.Rule{
		{Event: hooks.SubagentStart, Response: scenario.Response{Context: ctxSubStart}},
		{Event: hooks.SubagentStop, Response: scenario.Response{Decision: "deny", Reason: subStopReason}},
	}}
	runs := make([]*subagentRun, len(modes))
	for i, m := range modes {
		script := func(*harness.Run) fakemodel.Script {
			return fakemodel.Script{
				m.agent,
				fakemodel.Say(firstAnswer),
				// The subagent answers, and again when our deny continues it.
				fakemodel.Subagent(subPrompt, fakemodel.Say("subagent first answer"), fakemodel.Say("subagent second answer")),
			}
		}
		o := runClient(t, host, sc, "run the e2e subagent scenario", script)
		checkEvents(t, o)
		r := &subagentRun{mode: m, o: o}
		// Split by whose script answered: a background subagent's
		// requests interleave with the parent's.
		for _, req := range o.res.Main() {
			if req.Sub {
				r.sub = append(r.sub, fakemodel.Conversation(h.Protocol, req))
			} else {
				r.parent = append(r.parent, fakemodel.Conversation(h.Protocol, req))
			}
		}
		if len(r.sub) != 2 || len(r.parent) != m.parentTurns {
			t.Fatalf("%s: want %d parent model requests and 2 of the subagent (its answer, continued); got %d and %d",
				m.label(), m.parentTurns, len(r.parent), len(r.sub))
		}
		runs[i] = r
	}
	t.Run("subagent-ctx", func(t *testing.T) {
		if ctxNA != "" {
			table.na(t, h.ID, "subagent-ctx", ctxNA)
		}
		table.check(t, h.ID, "subagent-ctx")
		for _, r := range runs {
			if es := r.o.entries(start); len(es) != 1 || es[0].Rule != 0 {
				t.Fatalf("%s: SubagentStart was not answered once by our rule: %+v", r.mode.label(), es)
			}
			if !strings.Contains(r.sub[0], subPrompt) || !strings.Contains(r.sub[0], ctxSubStart) {
				t.Errorf("%s: the subagent's first request does not carry its task and our context: %s", r.mode.label(), clip(r.sub[0], 600))
			}
			if strings.Contains(r.parent[0], ctxSubStart) {
				t.Errorf("%s: the parent's first request carries the subagent context before the subagent started", r.mode.label())
			}
		}
	})
	t.Run("subagent-stop", func(t *testing.T) {
		table.check(t, h.ID, "subagent-stop")
		for _, r := range runs {
			label := r.mode.label()
			stops := r.o.entries(stop)
			if len(stops) != 2 || stops[0].Rule != 1 {
				t.Fatalf("%s: want two SubagentStop calls, the first answered by our rule: %+v", label, stops)
			}
			if ev, ok := r.o.parse(t, stops[1]).(*hooks.SubagentStopEvent); !ok || !ev.Active {
				t.Errorf("%s: second SubagentStop: %T, want an active SubagentStopEvent", label, r.o.parse(t, stops[1]))
			}
			if !strings.Contains(r.sub[1], subStopReason) || strings.Contains(r.sub[0], subStopReason) {
				t.Errorf("%s: our reason is not (only) in the subagent's continued request", label)
			}
			last := r.parent[len(r.parent)-1]
			if !strings.Contains(last, "subagent second answer") {
				t.Errorf("%s: the parent did not get the continued subagent's final text: %s", label, clip(last, 600))
			}
			for i, p := range r.parent[:len(r.parent)-1] {
				if strings.Contains(p, "subagent second answer") {
					t.Errorf("%s: parent request %d carries the subagent's final text already", label, i)
				}
			}
		}
	})
}

// subagentMode is one way the subagent run calls the agent tool.
type subagentMode struct {
	name  string // "" where the client runs only one mode
	agent fakemodel.Step
	// parentTurns is how many model requests the parent makes.
	parentTurns int
}

func (m subagentMode) label() string { return cmp.Or(m.name, "subagent run") }

// subagentRun is a subagent run and its model requests' conversations,
// split into the parent's and the subagent's, each in order.
type subagentRun struct {
	mode        subagentMode
	o           *outcome
	parent, sub []string
}

// withKey returns a copy of m with k set to v.
func withKey(m map[string]any, k string, v any) map[string]any {
	out := maps.Clone(m)
	out[k] = v
	return out
}

// guardReason starts what examples/guard tells the model about a
// recursive delete of anything not scratch (`rm -rf keep.txt`, …).
const guardReason = "guard: rule 1 (no recursive delete"

// testGuardBinary runs examples/guard, the program a user ships: built
// with hookmain.Run (hooks.Server inline, os.Exit), registered by the
// installer. Its `rm -rf` must not run and the model must be told the
// guard's reason; a plain command must run.
func testGuardBinary(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "guard-binary")
	if h.ID == "copilot-pascal" {
		table.na(t, h.ID, "guard-binary", pascalByInstaller)
	}
	table.check(t, h.ID, "guard-binary")
	spec := harness.Spec{Host: h, Prompt: "run the e2e guard binary scenario", Quiet: true,
		Hook:     []string{buildExample(t, "guard")},
		Register: installerRegister(t, h, false),
		Prepare: func(r *harness.Run) error {
			return os.WriteFile(filepath.Join(r.Project, "keep.txt"), []byte("kept\n"), 0o644)
		},
		Script: func(*harness.Run) fakemodel.Script {
			return fakemodel.Script{shell(h.Name, "rm -rf keep.txt"), shell(h.Name, "echo ran > guard_allowed.txt"), fakemodel.Say(firstAnswer)}
		}}
	o := runRaw(t, spec, nil)
	if got, ok := o.file("keep.txt"); !ok || got != "kept\n" {
		t.Errorf("THE GUARD DID NOT BLOCK `rm -rf keep.txt`: keep.txt = %q, present %v", got, ok)
	}
	if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, guardReason) {
		t.Errorf("the model was not told the guard's reason; it saw %q", tr.Text)
	}
	if got, _ := o.file("guard_allowed.txt"); got != "ran\n" {
		t.Errorf("the guard blocked a plain command: guard_allowed.txt = %q", got)
	}
	// The guard answers every event it is registered on, and a deny in
	// the host's JSON: the client logs no hook run as failed (Qwen Code's
	// MessageDisplay hooks run with stdout on the null device; issue 41).
	if f := o.res.HookFailures; len(f) > 0 {
		t.Errorf("%s logged %d hook runs as failed, first %q", h.ID, len(f), f[0])
	}
}

// testGuardShell runs examples/guard (built, registered by the installer)
// on what the old word-splitting guard let through (issue 13): an `rm -rf`
// nested in `bash -c`, and a shell redirection into sub/.env. A control
// run without the hook comes first: the client must do both, so that the
// guard run proves the guard (on Codex, which refuses a nested `rm -rf`
// on its own, the rm is wrapped in `command` as well). With the guard, the directory survives, the
// .env file is never written, and the model is told the guard's reason
// for each.
func testGuardShell(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "guard-shell")
	if h.ID == "copilot-pascal" {
		table.na(t, h.ID, "guard-shell", pascalByInstaller)
	}
	table.check(t, h.ID, "guard-shell")
	rm, env := "bash -c 'rm -rf dir'", "echo A=1 > sub/.env"
	writeScript := `printf 'rm -rf dir2\n' > wipe.sh`
	if h.Name == "codex" {
		// Codex 0.171 refuses `rm -rf` itself, even nested in bash -c
		// (after the hook ran), but not behind `command`.
		rm = "bash -c 'command rm -rf dir'"
	}
	spec := harness.Spec{Host: h, Prompt: "run the e2e guard shell scenario", Quiet: true,
		Prepare: func(r *harness.Run) error {
			if err := os.MkdirAll(filepath.Join(r.Project, "dir"), 0o755); err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Join(r.Project, "sub"), 0o755); err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Join(r.Project, "dir2"), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(r.Project, "dir2", "f.txt"), []byte("kept\n"), 0o644); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(r.Project, "dir", "f.txt"), []byte("kept\n"), 0o644)
		},
		Script: func(*harness.Run) fakemodel.Script {
			// A script written by one call and run by the next: the guard
			// reads it from disk (issue 38).
			return fakemodel.Script{shell(h.Name, rm), shell(h.Name, env), shell(h.Name, writeScript), shell(h.Name, "bash wipe.sh"),
				fakemodel.Say(firstAnswer)}
		}}
	control := runRaw(t, spec, nil)
	if got, ok := control.file("dir/f.txt"); ok {
		t.Fatalf("control: without the guard the client did not run %s (dir/f.txt = %q): nothing to prove; the model saw %q",
			rm, got, control.toolResult(t, 0).Text)
	}
	if got, _ := control.file("sub/.env"); got != "A=1\n" {
		t.Fatalf("control: without the guard the client did not run %s (sub/.env = %q): nothing to prove; the model saw %q",
			env, got, control.toolResult(t, 1).Text)
	}
	if got, ok := control.file("dir2/f.txt"); ok {
		t.Fatalf("control: without the guard the client did not run wipe.sh (dir2/f.txt = %q): nothing to prove; the model saw %q | %q",
			got, control.toolResult(t, 2).Text, control.toolResult(t, 3).Text)
	}
	spec.Hook = []string{buildExample(t, "guard")}
	spec.Register = installerRegister(t, h, false)
	o := runRaw(t, spec, nil)
	if got, ok := o.file("dir/f.txt"); !ok || got != "kept\n" {
		t.Errorf("THE GUARD DID NOT BLOCK %s: dir/f.txt = %q, present %v", rm, got, ok)
	}
	if got, ok := o.file("dir2/f.txt"); !ok || got != "kept\n" {
		t.Errorf("THE GUARD DID NOT BLOCK bash wipe.sh: dir2/f.txt = %q, present %v (the model saw %q | %q)", got, ok,
			o.toolResult(t, 2).Text, o.toolResult(t, 3).Text)
	}
	if tr := o.toolResult(t, 3); !strings.Contains(tr.Text, "in wipe.sh, which the command runs") {
		t.Errorf("the model was not told the guard's reason for bash wipe.sh; it saw %q", tr.Text)
	}
	if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, guardReason) {
		t.Errorf("the model was not told the guard's reason for %s; it saw %q", rm, tr.Text)
	}
	if got, ok := o.file("sub/.env"); ok {
		t.Errorf("THE GUARD DID NOT BLOCK %s: sub/.env = %q", env, got)
	}
	if tr := o.toolResult(t, 1); !strings.Contains(tr.Text, "is a .env file") {
		t.Errorf("the model was not told the guard's reason for %s; it saw %q", env, tr.Text)
	}
}

// gofmtNote is how examples/gofmt starts the context it gives the model.
const gofmtNote = "These Go files are not gofmt-formatted"

// testGofmtBinary runs examples/gofmt as users ship it (hookmain.Run,
// PostToolUse context), registered by the installer: after the agent
// writes a formatted good.go and an unformatted bad.go (Codex: with
// apply_patch, relative paths), the model's next request must name bad.go
// as unformatted, and never good.go.
func testGofmtBinary(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "gofmt-binary")
	if h.ID == "copilot-pascal" {
		table.na(t, h.ID, "gofmt-binary", pascalByInstaller)
	}
	if !hooks.Supports(adapterFor(t, h.Name).Capabilities(), expectOf(h).post).Has(hooks.FieldContext) {
		table.na(t, h.ID, "gofmt-binary", unclaimed(adapterFor(t, h.Name).Capabilities(), "context", expectOf(h).post))
	}
	if _, err := exec.LookPath("gofmt"); err != nil {
		t.Fatalf("gofmt is not on PATH, which examples/gofmt needs: %v", err)
	}
	table.check(t, h.ID, "gofmt-binary")
	const good, bad = "package main\n\nfunc main() {}\n", "package main\nfunc main(){}\n"
	write := func(r *harness.Run, name, content string) fakemodel.Step {
		switch h.Name {
		case "claude":
			return fakemodel.Call("Write", map[string]any{"file_path": filepath.Join(r.Project, name), "content": content})
		case "gemini":
			return fakemodel.Call("write_file", map[string]any{"file_path": name, "content": content})
		case "qwen":
			return fakemodel.Call("write_file", map[string]any{"file_path": filepath.Join(r.Project, name), "content": content})
		case "copilot":
			return fakemodel.Call("create", map[string]any{"path": filepath.Join(r.Project, name), "file_text": content})
		case "droid":
			return fakemodel.Call("Create", map[string]any{"file_path": filepath.Join(r.Project, name), "content": content})
		case "cline":
			return fakemodel.Call("editor", map[string]any{"path": filepath.Join(r.Project, name), "new_text": content})
		case "kimi":
			return fakemodel.Call("Write", map[string]any{"path": filepath.Join(r.Project, name), "content": content})
		case "opencode":
			return fakemodel.Call("write", map[string]any{"filePath": filepath.Join(r.Project, name), "content": content})
		case "pi":
			return fakemodel.Call("write", map[string]any{"path": filepath.Join(r.Project, name), "content": content})
		case "auggie":
			return fakemodel.Call("save-file", map[string]any{"path": filepath.Join(r.Project, name), "file_content": content})
		}
		return fakemodel.Custom("apply_patch", "*** Begin Patch\n*** Add File: "+name+"\n+"+strings.ReplaceAll(strings.TrimSuffix(content, "\n"), "\n", "\n+")+"\n*** End Patch\n")
	}
	spec := harness.Spec{Host: h, Prompt: "run the e2e gofmt scenario", Quiet: true,
		Hook:     []string{buildExample(t, "gofmt")},
		Register: installerRegister(t, h, false),
		Script: func(r *harness.Run) fakemodel.Script {
			return fakemodel.Script{write(r, "good.go", good), write(r, "bad.go", bad), fakemodel.Say(firstAnswer)}
		}}
	o := runRaw(t, spec, nil)
	if got, _ := o.file("bad.go"); got != bad {
		t.Fatalf("the agent did not write bad.go as scripted: %q", got)
	}
	main := o.res.Main()
	if len(main) != 3 {
		t.Fatalf("want 3 model requests; got %d", len(main))
	}
	for i, r := range main {
		// The files each note names: from the note to its "Run `gofmt".
		var named []string
		for rest := fakemodel.Conversation(h.Protocol, r); ; {
			_, after, ok := strings.Cut(rest, gofmtNote)
			if !ok {
				break
			}
			files, _, _ := strings.Cut(after, "Run `gofmt")
			named, rest = append(named, files), after
		}
		all := strings.Join(named, " | ")
		if strings.Contains(all, "good.go") {
			t.Errorf("model request %d names the formatted good.go as unformatted: %s", i, all)
		}
		if has := strings.Contains(all, "bad.go"); has != (i == 2) {
			t.Errorf("model request %d: carries the gofmt note on bad.go = %v, want %v (notes: %q)", i, has, i == 2, all)
		}
	}
}

// pascalByInstaller is why the installer's rows are n/a on Copilot's
// PascalCase column.
const pascalByInstaller = "install.Install writes Copilot's camelCase form (with --event): this row is the Copilot CLI column's"

// guardEnvReason is in the guard's reason for a .env write.
const guardEnvReason = "is a .env file"

// testGuardInstall is issue 15's proof on Copilot CLI and Qwen Code:
// examples/guard built from the module and registered by the installer
// (Copilot's PascalCase column: `guard --host copilot` under the
// PascalCase names, a form the installer does not write) must keep
// `rm -rf victim_dir` and a .env write from happening and tell the model
// why, while `echo ok > ok.txt` runs. A control run without the hook
// comes first: the client must do all three itself.
func testGuardInstall(t *testing.T, h *harness.Host) {
	table.expectRows(t, h.ID, "guard-install")
	if !slices.Contains([]string{"copilot", "qwen", "droid"}, h.Name) {
		table.na(t, h.ID, "guard-install", "issue 15's row for the clients added then; guard-binary and guard-shell prove the same here")
	}
	table.check(t, h.ID, "guard-install")
	guard := buildExample(t, "guard")
	spec := harness.Spec{Host: h, Prompt: "run the e2e guard install scenario", Quiet: true,
		Prepare: func(r *harness.Run) error {
			return os.MkdirAll(filepath.Join(r.Project, "victim_dir", "data"), 0o755)
		},
		Script: func(r *harness.Run) fakemodel.Script {
			env := filepath.Join(r.Project, ".env")
			write := fakemodel.Call("write_file", map[string]any{"file_path": env, "content": "SECRET=1\n"})
			switch h.Name {
			case "copilot":
				write = fakemodel.Call("create", map[string]any{"path": env, "file_text": "SECRET=1\n"})
			case "droid":
				write = fakemodel.Call("Create", map[string]any{"file_path": env, "content": "SECRET=1\n"})
			}
			return fakemodel.Script{shell(h.Name, "rm -rf victim_dir"), write, shell(h.Name, "echo ok > ok.txt"), fakemodel.Say(firstAnswer)}
		}}
	control := runRaw(t, spec, nil)
	if _, err := os.Stat(filepath.Join(control.res.Run.Project, "victim_dir")); err == nil {
		t.Errorf("control: victim_dir survives without the hook: the guard run proves nothing")
	}
	if got, _ := control.file(".env"); got != "SECRET=1\n" {
		t.Errorf("control: .env = %q without the hook, want it written: the guard run proves nothing", got)
	}
	spec.Hook = []string{guard}
	spec.Register = installerRegister(t, h, false)
	if h.ID == "copilot-pascal" {
		spec.Hook, spec.Register = []string{guard, "--host", "copilot"}, nil // the host's own PascalCase writer
	}
	o := runRaw(t, spec, nil)
	if st, err := os.Stat(filepath.Join(o.res.Run.Project, "victim_dir", "data")); err != nil || !st.IsDir() {
		t.Errorf("THE GUARD DID NOT BLOCK `rm -rf victim_dir`: %v", err)
	}
	if got, ok := o.file(".env"); ok {
		t.Errorf("THE GUARD DID NOT BLOCK the .env write: .env = %q", got)
	}
	if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, guardReason) {
		t.Errorf("the model was not told the guard's reason for rm -rf; it saw %q", tr.Text)
	}
	if tr := o.toolResult(t, 1); !strings.Contains(tr.Text, guardEnvReason) {
		t.Errorf("the model was not told the guard's reason for .env; it saw %q", tr.Text)
	}
	if got, _ := o.file("ok.txt"); got != "ok\n" {
		t.Errorf("the guard blocked a plain command: ok.txt = %q", got)
	}
	t.Logf("tool results the model saw: %q | %q", o.toolResult(t, 0).Text, o.toolResult(t, 1).Text)
}

// unclaimed is the note of a row that is n/a because the adapter does not
// claim what on native, with the capability matrix's own evidence for
// native where it has any.
func unclaimed(caps []hooks.Capability, what, native string) string {
	why := "the adapter does not claim " + what + " on " + native
	for _, c := range caps {
		if c.Native == native && c.Notes != "" {
			return why + " (its capability matrix: " + strings.TrimSuffix(c.Notes, ".") + ")"
		}
	}
	return why
}
