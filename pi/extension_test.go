package pi

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The extension runs under node here as Pi runs it: these tests render it
// with a fake hook (a /bin/sh script) and drive its handlers with
// testdata/driver.mjs.

type extResult struct {
	Missing   bool           `json:"missing"`
	Threw     bool           `json:"threw"`
	Message   string         `json:"message"`
	Returned  map[string]any `json:"returned"`
	Input     map[string]any `json:"input"`
	SameInput bool           `json:"sameInput"`
}

type extRun struct {
	Keys    []string    `json:"keys"`
	Results []extResult `json:"results"`
	dir     string
}

// runExtension renders the extension with the hook `sh -c script` (the
// directory of the run is $1 for it) and runs events through its
// handlers.
func runExtension(t *testing.T, script string, events []string, calls ...map[string]any) extRun {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: the extension is tested under node")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the fake hooks are /bin/sh scripts")
	}
	dir := t.TempDir()
	data, err := Extension(ExtensionConfig{Argv: []string{"/bin/sh", "-c", script, "hook", dir}, Timeout: 10 * time.Second, Events: events})
	if err != nil {
		t.Fatal(err)
	}
	ext := filepath.Join(dir, "agenthooks.js")
	if err := os.WriteFile(ext, data, 0o644); err != nil {
		t.Fatal(err)
	}
	callsJSON, _ := json.Marshal(calls)
	callsFile := filepath.Join(dir, "events.json")
	if err := os.WriteFile(callsFile, callsJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	driver, _ := filepath.Abs(filepath.Join("testdata", "driver.mjs"))
	cmd := exec.Command(node, driver, ext, callsFile)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("node: %v\n%s%s", err, out, stderr)
	}
	var r extRun
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("driver output: %v\n%s", err, out)
	}
	if len(r.Results) != len(calls) {
		t.Fatalf("%d results for %d events: %s", len(r.Results), len(calls), out)
	}
	r.dir = dir
	return r
}

func bashCall(cmd string) map[string]any {
	return map[string]any{"hook": EventToolCall,
		"event": map[string]any{"type": "tool_call", "toolName": "bash", "toolCallId": "call_1", "input": map[string]any{"command": cmd, "timeout": 5}}}
}

// Each answer of the hook has the effect the wire format documents on
// tool_call; every way a hook can fail to answer blocks.
func TestExtensionToolCall(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		block        bool
		reason       string // a part of the block's reason
		command      string // the command after the call, when it runs
	}{
		{"block", `echo '{"decision":"block","reason":"no rm here"}'`, true, "no rm here", ""},
		{"block without reason", `echo '{"decision":"block"}'`, true, "Blocked by hook", ""},
		{"rewrite", `echo '{"input":{"command":"echo safe"}}'`, false, "", "echo safe"},
		{"no output", `cat >/dev/null`, false, "", "rm -rf x"},
		{"empty object", `echo '{}'`, false, "", "rm -rf x"},
		{"allow", `echo '{"decision":"allow"}'`, false, "", "rm -rf x"},
		{"exit 2", `echo 'denied on stderr' >&2; exit 2`, true, "denied on stderr", ""},
		{"exit 2 silent", `exit 2`, true, "Blocked by hook", ""},
		{"exit 1", `echo '{}'; echo oops >&2; exit 1`, true, "exited with code 1: oops", ""},
		{"killed", `kill -9 $$`, true, "killed by SIGKILL", ""},
		{"cannot start", `exec /nonexistent/hook`, true, "exited with code 127", ""},
		{"not JSON", `echo 'hello'`, true, "not JSON", ""},
		{"newline in a string", `printf '{"input":{"command":"a\nb"}}'`, true, "not JSON", ""},
		{"JSON array", `echo '[]'`, true, "not a JSON object", ""},
		{"two documents", `echo '{} {}'`, true, "not JSON", ""},
		{"unknown decision", `echo '{"decision":"ask","reason":"r"}'`, true, `"ask"`, ""},
		{"input not an object", `echo '{"input":"rm -rf /"}'`, true, "not a JSON object", ""},
		{"input null", `echo '{"input":null}'`, true, "not a JSON object", ""},
		{"input array", `echo '{"input":[]}'`, true, "not a JSON object", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runExtension(t, tc.script, nil, bashCall("rm -rf x")).Results[0]
			if r.Threw {
				t.Fatalf("the handler threw %q: Pi blocks, but with its own text", r.Message)
			}
			gotBlock, _ := r.Returned["block"].(bool)
			reason, _ := r.Returned["reason"].(string)
			if gotBlock != tc.block || !strings.Contains(reason, tc.reason) {
				t.Fatalf("returned %v, want block %v with %q", r.Returned, tc.block, tc.reason)
			}
			if tc.block {
				return
			}
			if r.Input["command"] != tc.command || !r.SameInput {
				t.Errorf("input %v (same object %v), want command %q in the same object", r.Input, r.SameInput, tc.command)
			}
			if tc.name == "rewrite" && len(r.Input) != 1 {
				t.Errorf("rewritten input %v keeps keys the hook left out", r.Input)
			}
		})
	}
}

// The hook reads the payload the wire format documents.
func TestExtensionPayload(t *testing.T) {
	r := runExtension(t, `cat > "$1/payload.json"; echo '{}'`, nil, bashCall("ls"))
	data, err := os.ReadFile(filepath.Join(r.dir, "payload.json"))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := New().Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	c := ev.Common()
	if c.NativeEvent != EventToolCall || c.SessionID != "sess-1" || c.Cwd != r.dir {
		t.Errorf("payload %s parsed as %+v", data, c)
	}
	if d := New().Detect(fields(t, data)); d < 0.99 {
		t.Errorf("Detect = %v for %s", d, data)
	}
}

// On tool_result the tool has run: context, a block's reason or a
// failure is appended to the result; nothing else changes it.
func TestExtensionToolResult(t *testing.T) {
	result := func() map[string]any {
		return map[string]any{"hook": EventToolResult, "event": map[string]any{"type": "tool_result", "toolName": "bash", "toolCallId": "c",
			"input": map[string]any{"command": "ls"}, "content": []any{map[string]any{"type": "text", "text": "a.txt"}}, "isError": false}}
	}
	for _, tc := range []struct{ name, script, text string }{
		{"context", `echo '{"context":"CTX"}'`, "CTX"},
		{"block", `echo '{"decision":"block","reason":"R"}'`, "R"},
		{"exit 1", `exit 1`, "agenthooks: the hook exited with code 1"},
		{"nothing", `echo '{}'`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runExtension(t, tc.script, nil, result()).Results[0]
			if r.Threw {
				t.Fatal(r.Message)
			}
			if tc.text == "" {
				if r.Returned != nil {
					t.Errorf("returned %v, want nothing", r.Returned)
				}
				return
			}
			content, _ := r.Returned["content"].([]any)
			if len(content) != 2 || content[0].(map[string]any)["text"] != "a.txt" || content[1].(map[string]any)["text"] != tc.text {
				t.Errorf("content %v, want a.txt then %q", content, tc.text)
			}
		})
	}
}

// Only the events asked for get a handler; session events never throw
// nor block.
func TestExtensionEvents(t *testing.T) {
	r := runExtension(t, `exit 1`, []string{EventSessionStart, EventAgentEnd},
		map[string]any{"hook": EventSessionStart, "event": map[string]any{"type": "session_start", "reason": "startup"}},
		map[string]any{"hook": EventAgentEnd, "event": map[string]any{"type": "agent_end"}},
		bashCall("ls"))
	if strings.Join(r.Keys, ",") != "agent_end,session_start" {
		t.Errorf("handlers %v", r.Keys)
	}
	for i, res := range r.Results[:2] {
		if res.Threw || res.Returned != nil {
			t.Errorf("event %d: %+v", i, res)
		}
	}
	if !r.Results[2].Missing {
		t.Errorf("tool_call handled though not asked for")
	}
}

func fields(t *testing.T, data []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
