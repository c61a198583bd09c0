package codex

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

const head = `"session_id":"s","turn_id":"t","transcript_path":null,"cwd":"/home/dev/project","model":"gpt-5.5","permission_mode":"default"`

func preToolUse(tool, input string) []byte {
	return []byte(`{` + head + `,"hook_event_name":"PreToolUse","tool_name":"` + tool + `","tool_input":` + input + `,"tool_use_id":"c1"}`)
}

func TestSplitMCPName(t *testing.T) {
	for name, want := range map[string][2]string{
		"mcp__github__create_issue": {"github", "create_issue"},
		"mcp__a__b__c":              {"a", "b__c"},
		"mcp__srv__":                {},
		"mcp____tool":               {},
		"mcp__only":                 {},
		"Bash":                      {},
		"dynamic__ns__tool":         {},
	} {
		s, tl, ok := SplitMCPName(name)
		if ok != (want != [2]string{}) || s != want[0] || tl != want[1] {
			t.Errorf("SplitMCPName(%q) = %q, %q, %v; want %q", name, s, tl, ok, want)
		}
	}
}

func TestParseTools(t *testing.T) {
	a := New()
	cases := []struct {
		tool, input string
		kind        hooks.ToolKind
		err         string
	}{
		{"Bash", `{"command":"ls","extra":true}`, hooks.KindShell, ""},
		{"apply_patch", `{"command":"*** Begin Patch\n*** End Patch"}`, hooks.KindPatch, ""},
		{"mcp__fs__read", `{"path":"/etc/passwd"}`, hooks.KindMCP, ""},
		{"mcp__fs__read", `"raw arguments"`, hooks.KindOther, ""},
		{"spawn_agent", `{"task":"x"}`, hooks.KindOther, ""},
		{"", `{}`, "", "no tool_name"},
		// The model's doing: the event reaches the handler with InputErr.
		{"Bash", `{"cmd":"ls"}`, hooks.KindShell, `input: field "command" is missing`},
		{"Bash", `{"command":null}`, hooks.KindShell, `input: field "command" is null`},
		{"Bash", `"ls"`, hooks.KindShell, "input: tool_input is not a JSON object"},
		{"Bash", `{"command":["ls"]}`, hooks.KindShell, "input: field \"command\" is an array"},
		{"apply_patch", `{"command":1}`, hooks.KindPatch, "input: field \"command\" is a number"},
		{"apply_patch", `{}`, hooks.KindPatch, "input: field \"command\" is missing"},
		// Codex builds tool_input itself and never repeats a key: a
		// duplicate or a case variant is ambiguous.
		{"Bash", `{"command":"echo safe","command":"rm -rf keepdir"}`, hooks.KindShell, "input: field \"command\" appears 2 times"},
		{"Bash", `{"command":"rm -rf keepdir","Command":"echo safe"}`, hooks.KindShell, "input: field \"command\" has a case variant"},
		{"Bash", `{"comm\u0061nd":"rm -rf keepdir","description":5}`, hooks.KindShell, ""},
	}
	for _, c := range cases {
		ev, err := a.Parse(preToolUse(c.tool, c.input))
		if msg, ok := strings.CutPrefix(c.err, "input: "); ok {
			if err != nil {
				t.Errorf("%s %s: %v", c.tool, c.input, err)
				continue
			}
			if ie := hooks.ToolOf(ev).InputErr; ie == nil || !strings.Contains(ie.Error(), msg) || hooks.ToolOf(ev).Kind() != c.kind {
				t.Errorf("%s %s: InputErr %v, kind %s; want %q, %s", c.tool, c.input, ie, hooks.ToolOf(ev).Kind(), msg, c.kind)
			}
			continue
		}
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s %s: error %v, want %q", c.tool, c.input, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s: %v", c.tool, c.input, err)
			continue
		}
		tool := hooks.ToolOf(ev)
		if tool.Kind() != c.kind || tool.Name != c.tool || tool.ID != "c1" || string(tool.RawInput) != c.input {
			t.Errorf("%s %s: got %+v", c.tool, c.input, tool)
		}
	}
}

func TestParseEvents(t *testing.T) {
	a := New()
	ev, err := a.Parse([]byte(`{` + head + `,"hook_event_name":"PermissionRequest","tool_name":"Bash","tool_input":{"command":"touch x","description":"why"}}`))
	if err != nil {
		t.Fatal(err)
	}
	pr := ev.(*hooks.PermissionRequestEvent)
	if sh := pr.Tool.Input.(*hooks.ShellInput); sh.Description != "why" || pr.Tool.ID != "" {
		t.Errorf("PermissionRequest tool = %+v", pr.Tool)
	}

	ev, err = a.Parse([]byte(`{` + head + `,"hook_event_name":"PostToolUse","tool_name":"mcp__s__t","tool_input":{},"tool_response":{"content":[{"type":"text","text":"hi"}]},"tool_use_id":"c"}`))
	if err != nil {
		t.Fatal(err)
	}
	if out := ev.(*hooks.PostToolUseEvent).Output; out.Text != "" || !strings.HasPrefix(string(out.Raw), `{"content"`) {
		t.Errorf("object tool_response = %+v", out)
	}

	ev, err = a.Parse([]byte(`{` + head + `,"hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":null}`))
	if err != nil {
		t.Fatal(err)
	}
	if st := ev.(*hooks.StopEvent); !st.Active || st.LoopCount != 1 || st.LastMessage != "" || st.TranscriptPath != "" {
		t.Errorf("Stop = %+v", st)
	}

	ev, err = a.Parse([]byte(`{` + head + `,"hook_event_name":"SubagentStop","agent_id":"a1","agent_type":"worker","agent_transcript_path":null,"stop_hook_active":false,"last_assistant_message":"ok"}`))
	if err != nil {
		t.Fatal(err)
	}
	if st := ev.(*hooks.SubagentStopEvent); st.Agent.ID != "a1" || st.Agent.Type != "worker" || st.LastMessage != "ok" {
		t.Errorf("SubagentStop = %+v", st)
	}
}

func TestParseErrors(t *testing.T) {
	a := New()
	for _, p := range []string{
		``, `   `, `null`, `[]`, `"PreToolUse"`, `{`, `{}`,
		`{"hook_event_name":""}`,
		`{"hook_event_name":5}`,
		`{"hook_event_name":"Stop","session_id":7}`,
		`{"hook_event_name":"Stop","stop_hook_active":"yes"}`,
		`{"hook_event_name":"Stop"} {"hook_event_name":"Stop"}`,
		`{"hook_event_name":"Stop"} x`,
	} {
		if ev, err := a.Parse([]byte(p)); err == nil {
			t.Errorf("Parse(%q) = %T, want an error", p, ev)
		}
	}
	if _, err := a.Parse([]byte(" {\"hook_event_name\":\"Stop\"}\n\n")); err != nil {
		t.Errorf("surrounding whitespace: %v", err)
	}
}

func TestUpdatedInput(t *testing.T) {
	a := New()
	parse := func(tool, input string) *hooks.PreToolUseEvent {
		ev, err := a.Parse(preToolUse(tool, input))
		if err != nil {
			t.Fatal(err)
		}
		return ev.(*hooks.PreToolUseEvent)
	}
	updated := func(ev hooks.Event, in hooks.ToolInput) (string, error) {
		out, err := a.Serialize(ev, hooks.Rewrite(in))
		if err != nil {
			return "", err
		}
		var o Output
		if err := json.Unmarshal(out.Stdout, &o); err != nil {
			t.Fatal(err)
		}
		if o.HookSpecificOutput.PermissionDecision != "allow" {
			t.Errorf("decision %q", o.HookSpecificOutput.PermissionDecision)
		}
		return string(o.HookSpecificOutput.UpdatedInput), nil
	}
	shell := parse("Bash", `{"command":"rm -rf build","future_field":{"a":1}}`)
	patch := parse("apply_patch", `{"command":"*** Begin Patch\n*** Delete File: a\n*** End Patch"}`)
	mcp := parse("mcp__fs__write", `{"path":"a","content":"x","mode":"0644"}`)
	const newPatch = "*** Begin Patch\n*** Delete File: b\n*** End Patch"
	cases := []struct {
		name string
		ev   hooks.Event
		in   hooks.ToolInput
		want string
		err  string
	}{
		{"shell keeps unmodelled fields", shell, &hooks.ShellInput{Command: "rm -rf build/tmp"}, `{"command":"rm -rf build/tmp","future_field":{"a":1}}`, ""},
		{"shell with description", shell, &hooks.ShellInput{Command: "ls", Description: "d"}, `{"command":"ls","description":"d","future_field":{"a":1}}`, ""},
		{"shell, no HTML escaping", shell, &hooks.ShellInput{Command: "a && b < c"}, `{"command":"a && b < c","future_field":{"a":1}}`, ""},
		{"shell, empty command", shell, &hooks.ShellInput{}, "", "empty command"},
		{"shell, timeout", shell, &hooks.ShellInput{Command: "ls", Timeout: time.Second}, "", "Cwd or Timeout"},
		{"shell, wrong kind", shell, &hooks.WriteInput{Path: "a"}, "", "kind write"},
		{"patch text", patch, &hooks.PatchInput{Patch: newPatch}, `{"command":"` + strings.ReplaceAll(newPatch, "\n", `\n`) + `"}`, ""},
		{"patch text and matching files", patch, &hooks.PatchInput{Patch: newPatch, Files: []hooks.FileChange{{Op: hooks.PatchDelete, Path: "b"}}}, `{"command":"` + strings.ReplaceAll(newPatch, "\n", `\n`) + `"}`, ""},
		{"patch files changed, not text", patch, &hooks.PatchInput{Patch: patch.Tool.Input.(*hooks.PatchInput).Patch, Files: []hooks.FileChange{{Op: hooks.PatchDelete, Path: "other"}}}, "", "do not match"},
		{"patch empty", patch, &hooks.PatchInput{}, "", "empty patch"},
		{"mcp arguments replace the input", mcp, &hooks.MCPInput{Arguments: json.RawMessage(`{"path":"b"}`)}, `{"path":"b"}`, ""},
		{"mcp same tool", mcp, &hooks.MCPInput{Server: "fs", Tool: "write", Arguments: json.RawMessage(`{ "path" : "b" }`)}, `{"path":"b"}`, ""},
		{"mcp other tool", mcp, &hooks.MCPInput{Server: "fs", Tool: "delete", Arguments: json.RawMessage(`{}`)}, "", "cannot change the MCP tool"},
		{"mcp arguments not an object", mcp, &hooks.MCPInput{Arguments: json.RawMessage(`[1]`)}, "", "must be a JSON object"},
		{"raw input on any tool", shell, hooks.RawInput(`{"command":"true"}`), `{"command":"true"}`, ""},
		{"raw input invalid", shell, hooks.RawInput(`{`), "", "not valid JSON"},
		{"not a parsed event", &hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: EventPreToolUse}}, &hooks.ShellInput{Command: "ls"}, "", "parsed tool event"},
	}
	for _, c := range cases {
		got, err := updated(c.ev, c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: got %s, %v; want %s", c.name, got, err, c.want)
		}
	}
	if _, err := updated(patch, &hooks.PatchInput{Patch: "x", Files: []hooks.FileChange{{Path: "y"}}}); !errors.Is(err, ErrPatchFilesChanged) {
		t.Errorf("files changed: %v, want ErrPatchFilesChanged", err)
	}
}

func TestSerializeDirect(t *testing.T) {
	a := New()
	pre, err := a.Parse(preToolUse("Bash", `{"command":"ls"}`))
	if err != nil {
		t.Fatal(err)
	}
	// Unclaimed fields are refused, not silently dropped.
	for _, r := range []hooks.Response{hooks.Allow(), hooks.Ask("?"), hooks.Halt("x"), {SystemMessage: "s"}, {UserMessage: "u"}} {
		if out, err := a.Serialize(pre, r); err == nil {
			t.Errorf("Serialize(%+v) = %q, want an error", r, out.Stdout)
		}
	}
	// A rewrite given as Rewrite (allow + input) is accepted.
	if _, err := a.Serialize(pre, hooks.Rewrite(&hooks.ShellInput{Command: "ls -l"})); err != nil {
		t.Error(err)
	}
	// Unknown or unparsed events: the universal block, on one line.
	for _, native := range []string{"", "Notification", EventSessionEnd, EventPostCompact} {
		ev := &hooks.OtherEvent{Base: hooks.Base{Host: Host, NativeEvent: native}}
		out, err := a.Serialize(ev, hooks.Deny("line one\nline two"))
		if err != nil || out.ExitCode != 2 || out.Stderr != "line one line two" || len(out.Stdout) != 0 {
			t.Errorf("%q: deny = %+v, %v", native, out, err)
		}
		out, err = a.Serialize(ev, hooks.Deny(" "))
		if err != nil || out.ExitCode != 2 || out.Stderr != defaultDenyReason {
			t.Errorf("%q: deny without reason = %+v, %v", native, out, err)
		}
		out, err = a.Serialize(ev, hooks.AddContext("c"))
		if err != nil || out.ExitCode != 0 || len(out.Stdout) != 0 || out.Stderr != "" {
			t.Errorf("%q: context = %+v, %v", native, out, err)
		}
	}
}

// A payload of a gating event that does not parse (a field Codex writes
// has the wrong type) is denied in Codex's own dialect under fail-closed,
// not with a bare exit code.
func TestFailClosedOnBadPayload(t *testing.T) {
	h := hooks.Handlers{Fail: hooks.FailClosed}
	payload := []byte(`{"hook_event_name":"PreToolUse","cwd":5,"tool_name":"Bash","tool_input":{"command":"ls"}}`)
	res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: New(), Payload: payload})
	var o Output
	if err := json.Unmarshal(res.Output.Stdout, &o); err != nil || res.Err == nil {
		t.Fatalf("result %+v: %v", res, err)
	}
	if hso := o.HookSpecificOutput; hso == nil || hso.PermissionDecision != "deny" || !strings.Contains(hso.PermissionDecisionReason, "fail-closed") {
		t.Errorf("fail-closed answer = %s", res.Output.Stdout)
	}
}
