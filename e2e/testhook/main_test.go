package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/scenario"
)

const claudePre = `{"session_id":"s1","transcript_path":"/home/dev/.claude/t.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo hi > x.txt"},"tool_use_id":"toolu_1"}`

func setScenario(t *testing.T, sc *scenario.Scenario) string {
	t.Helper()
	dir := t.TempDir()
	sc.Log = filepath.Join(dir, "log.jsonl")
	path := filepath.Join(dir, "scenario.json")
	if err := sc.Save(path); err != nil {
		t.Fatal(err)
	}
	t.Setenv(scenario.EnvVar, path)
	return sc.Log
}

func TestDenyIsAnsweredAndLogged(t *testing.T) {
	log := setScenario(t, &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PreToolUse, Kind: hooks.KindShell,
		Response: scenario.Response{Decision: "deny", Reason: "NO_X"}}}})
	var out, errs bytes.Buffer
	code := run([]string{"--host", "claude"}, strings.NewReader(claudePre), &out, &errs)
	if code != 0 || !strings.Contains(out.String(), `"permissionDecision":"deny"`) || !strings.Contains(out.String(), "NO_X") {
		t.Fatalf("exit %d stdout %q stderr %q", code, out.String(), errs.String())
	}
	es, err := scenario.ReadLog(log)
	if err != nil || len(es) != 1 {
		t.Fatalf("log = %+v, %v", es, err)
	}
	e := es[0]
	if e.Payload != claudePre || e.Native != "PreToolUse" || !e.Handled || e.Event != hooks.PreToolUse || e.Kind != hooks.KindShell ||
		e.Rule != 0 || e.Stdout != out.String() {
		t.Errorf("entry = %+v", e)
	}
}

func TestCorruptedPayloadFailsClosed(t *testing.T) {
	log := setScenario(t, &scenario.Scenario{Fail: "closed", Corrupt: []string{"PreToolUse"}})
	var out, errs bytes.Buffer
	code := run([]string{"--host", "claude"}, strings.NewReader(claudePre), &out, &errs)
	if code != 2 || !strings.Contains(errs.String(), "fail-closed") {
		t.Fatalf("exit %d stdout %q stderr %q", code, out.String(), errs.String())
	}
	es, _ := scenario.ReadLog(log)
	if len(es) != 1 || !es[0].Corrupted || es[0].Handled || es[0].Payload != claudePre {
		t.Errorf("log = %+v", es)
	}
}

func TestPanicFailsOpenByDefault(t *testing.T) {
	setScenario(t, &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PreToolUse, Panic: true}}})
	var out, errs bytes.Buffer
	code := run([]string{"--host", "claude"}, strings.NewReader(claudePre), &out, &errs)
	if code != 0 || out.Len() != 0 || !strings.Contains(errs.String(), "fail-open") {
		t.Fatalf("exit %d stdout %q stderr %q", code, out.String(), errs.String())
	}
}

func TestWithoutScenarioNoOpinion(t *testing.T) {
	t.Setenv(scenario.EnvVar, "")
	var out, errs bytes.Buffer
	code := run([]string{"--host", "claude"}, strings.NewReader(claudePre), &out, &errs)
	if code != 0 || out.Len() != 0 || !strings.Contains(errs.String(), scenario.EnvVar+" is not set") {
		t.Fatalf("exit %d stdout %q stderr %q", code, out.String(), errs.String())
	}
}

func TestTypedHandlersSkipHostOnlyEvents(t *testing.T) {
	log := setScenario(t, &scenario.Scenario{Typed: true, Fail: "closed", Rules: []scenario.Rule{{Event: hooks.PreToolUse,
		Response: scenario.Response{Decision: "deny", Reason: "NO_X"}}}})
	batch := `{"session_id":"s1","transcript_path":"/home/dev/.claude/t.jsonl","cwd":"/home/dev/project","hook_event_name":"PostToolBatch","tool_calls":[]}`
	var out, errs bytes.Buffer
	if code := run([]string{"--host", "claude"}, strings.NewReader(batch), &out, &errs); code != 0 || out.Len() != 0 {
		t.Fatalf("host-only event: exit %d stdout %q stderr %q", code, out.String(), errs.String())
	}
	out.Reset()
	if code := run([]string{"--host", "claude"}, strings.NewReader(claudePre), &out, &errs); code != 0 || !strings.Contains(out.String(), "NO_X") {
		t.Fatalf("typed PreToolUse: exit %d stdout %q stderr %q", code, out.String(), errs.String())
	}
	es, _ := scenario.ReadLog(log)
	if len(es) != 2 || es[0].Handled || !es[1].Handled {
		t.Errorf("log = %+v", es)
	}
}

// Copilot's permissionRequest payload names itself in hookName, also
// under a PascalCase registration (no --event): the log must name it so.
func TestCopilotPermissionRequestNamedByHookName(t *testing.T) {
	log := setScenario(t, &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PermissionRequest,
		Response: scenario.Response{Decision: "deny", Reason: "NO_PERM"}}}})
	const payload = `{"hookName":"permissionRequest","sessionId":"s1","timestamp":1,"cwd":"/home/dev/project","toolName":"bash","toolInput":{"command":"echo hi"},"permissionSuggestions":[]}`
	var out, errs bytes.Buffer
	code := run([]string{"--host", "copilot"}, strings.NewReader(payload), &out, &errs)
	if code != 0 || !strings.Contains(out.String(), `"behavior":"deny"`) || !strings.Contains(out.String(), "NO_PERM") {
		t.Fatalf("exit %d stdout %q stderr %q", code, out.String(), errs.String())
	}
	es, err := scenario.ReadLog(log)
	if err != nil || len(es) != 1 || es[0].Native != "permissionRequest" || es[0].Event != hooks.PermissionRequest {
		t.Fatalf("log = %+v, %v", es, err)
	}
}
