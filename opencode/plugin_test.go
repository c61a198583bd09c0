package opencode

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// The plugin runs under node here as OpenCode (Bun) runs it: these tests
// render it with a fake hook (a /bin/sh script) and drive its callbacks
// with testdata/driver.mjs.

type pluginResult struct {
	Missing  bool           `json:"missing"`
	Threw    bool           `json:"threw"`
	Message  string         `json:"message"`
	Output   map[string]any `json:"output"`
	SameArgs *bool          `json:"sameArgs"`
}

type pluginRun struct {
	Keys    []string       `json:"keys"`
	Results []pluginResult `json:"results"`
	dir     string
}

// runPlugin renders the plugin with the hook `sh -c script` (the
// directory of the run is $1 for it) and runs calls through its callbacks.
func runPlugin(t *testing.T, script string, timeout time.Duration, callbacks []string, calls ...map[string]any) pluginRun {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: the plugin is tested under node")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the fake hooks are /bin/sh scripts")
	}
	dir := t.TempDir()
	data, err := Plugin(PluginConfig{Argv: []string{"/bin/sh", "-c", script, "hook", dir}, Timeout: timeout, Callbacks: callbacks})
	if err != nil {
		t.Fatal(err)
	}
	plugin := filepath.Join(dir, "plugin.js")
	if err := os.WriteFile(plugin, data, 0o644); err != nil {
		t.Fatal(err)
	}
	callsJSON, _ := json.Marshal(calls)
	callsFile := filepath.Join(dir, "calls.json")
	if err := os.WriteFile(callsFile, callsJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	driver, _ := filepath.Abs(filepath.Join("testdata", "driver.mjs"))
	cmd := exec.Command(node, driver, plugin, callsFile)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("node: %v\n%s%s", err, out, stderr)
	}
	var r pluginRun
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("driver output: %v\n%s", err, out)
	}
	if len(r.Results) == 0 {
		t.Fatalf("no results: %s", out)
	}
	r.dir = dir
	return r
}

func bashCall(cmd string) map[string]any {
	return map[string]any{"hook": CallbackBefore,
		"input":  map[string]any{"tool": "bash", "sessionID": "ses_1", "callID": "call_1"},
		"output": map[string]any{"args": map[string]any{"command": cmd, "description": "d"}}}
}

// Each answer of the hook has the effect the wire format documents on
// tool.execute.before; every way a hook can fail to answer blocks.
func TestPluginBefore(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		threw        bool
		message      string // a part of the thrown message
		command      string // the command after the call, when it runs
	}{
		{"block", `echo '{"decision":"block","reason":"no rm here"}'`, true, "no rm here", ""},
		{"block without reason", `echo '{"decision":"block"}'`, true, "Blocked by hook", ""},
		{"rewrite", `echo '{"args":{"command":"echo safe"}}'`, false, "", "echo safe"},
		{"no output", `cat >/dev/null`, false, "", "rm -rf x"},
		{"empty object", `echo '{}'`, false, "", "rm -rf x"},
		{"allow", `echo '{"decision":"allow"}'`, false, "", "rm -rf x"},
		{"exit 2", `echo 'denied on stderr' >&2; exit 2`, true, "denied on stderr", ""},
		{"exit 2 silent", `exit 2`, true, "Blocked by hook", ""},
		{"exit 1", `echo '{}'; echo oops >&2; exit 1`, true, "exited with code 1: oops", ""},
		{"killed", `kill -9 $$`, true, "killed by SIGKILL", ""},
		{"not JSON", `echo 'hello'`, true, "not JSON", ""},
		{"JSON array", `echo '[]'`, true, "not a JSON object", ""},
		{"two documents", `echo '{} {}'`, true, "not JSON", ""},
		{"unknown decision", `echo '{"decision":"ask","reason":"r"}'`, true, `"ask"`, ""},
		{"args not an object", `echo '{"args":"rm -rf /"}'`, true, "not a JSON object", ""},
		{"args null", `echo '{"args":null}'`, true, "not a JSON object", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runPlugin(t, tc.script, 10*time.Second, nil, bashCall("rm -rf x")).Results[0]
			if r.Threw != tc.threw || !strings.Contains(r.Message, tc.message) {
				t.Fatalf("threw %v %q, want %v with %q", r.Threw, r.Message, tc.threw, tc.message)
			}
			if tc.threw {
				return
			}
			args := r.Output["args"].(map[string]any)
			if args["command"] != tc.command || r.SameArgs == nil || !*r.SameArgs {
				t.Errorf("args %v (same object %v), want command %q in the same object", args, r.SameArgs, tc.command)
			}
			if tc.name == "rewrite" && len(args) != 1 {
				t.Errorf("rewritten args %v keep keys the hook left out", args)
			}
		})
	}
}

// A hook that cannot start, or does not answer in time, blocks.
func TestPluginCannotRun(t *testing.T) {
	if r := runPlugin(t, `exec /nonexistent/hook`, 10*time.Second, nil, bashCall("ls")).Results[0]; !r.Threw || !strings.Contains(r.Message, "exited with code 127") {
		t.Errorf("missing program: %+v", r)
	}
	r := runPlugin(t, `exec sleep 30`, 300*time.Millisecond, nil, bashCall("ls")).Results[0]
	if !r.Threw || !strings.Contains(r.Message, "did not answer within 300 ms") {
		t.Errorf("slow hook: %+v", r)
	}
}

// The plugin spawns argv[0] itself: a program that does not exist blocks
// with the spawn error.
func TestPluginMissingProgram(t *testing.T) {
	r := runPluginArgv(t, filepath.Join(t.TempDir(), "no-such-hook"))
	if len(r.Results) != 1 || !r.Results[0].Threw || !strings.Contains(r.Results[0].Message, "ENOENT") {
		t.Errorf("got %+v", r)
	}
}

// runPluginArgv runs the plugin rendered for the program hook (no script
// of runPlugin's) on one Bash call.
func runPluginArgv(t *testing.T, hook string) pluginRun {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH")
	}
	dir := t.TempDir()
	data, err := Plugin(PluginConfig{Argv: []string{hook}})
	if err != nil {
		t.Fatal(err)
	}
	plugin := filepath.Join(dir, "plugin.js")
	calls, _ := json.Marshal([]map[string]any{bashCall("ls")})
	os.WriteFile(plugin, data, 0o644)
	os.WriteFile(filepath.Join(dir, "calls.json"), calls, 0o644)
	driver, _ := filepath.Abs(filepath.Join("testdata", "driver.mjs"))
	out, err := exec.Command(node, driver, plugin, filepath.Join(dir, "calls.json")).Output()
	if err != nil {
		t.Fatal(err)
	}
	var r pluginRun
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return r
}

// The hook reads one JSON object: the callback, the tool, the ids, the
// arguments and the directory.
func TestPluginPayload(t *testing.T) {
	r := runPlugin(t, `cat > "$1/stdin.json"`, 10*time.Second, nil, bashCall("ls -la"))
	data, err := os.ReadFile(filepath.Join(r.dir, "stdin.json"))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := New().Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if d := New().Detect(topFields(t, data)); d < 1 {
		t.Errorf("detect %v", d)
	}
	c := ev.Common()
	if c.NativeEvent != CallbackBefore || c.SessionID != "ses_1" || c.Cwd != r.dir {
		t.Errorf("event %+v", c)
	}
	if sh, ok := hooks.ToolOf(ev).Input.(*hooks.ShellInput); !ok || sh.Command != "ls -la" || hooks.ToolOf(ev).ID != "call_1" {
		t.Errorf("tool %+v", hooks.ToolOf(ev))
	}
	if !strings.Contains(string(data), `"args":{"command":"ls -la","description":"d"}`) || !strings.Contains(string(data), `"call_id":"call_1"`) {
		t.Errorf("payload %s", data)
	}
}

func topFields(t *testing.T, data []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// Calls run at once each get their own hook process and answer: the
// hook blocks each call with its call id, read from its own stdin.
func TestPluginConcurrent(t *testing.T) {
	script := `id=$(sed 's/.*"call_id":"\([^"]*\)".*/\1/'); printf '{"decision":"block","reason":"%s"}' "$id"`
	c := bashCall("ls")
	c["parallel"] = 16
	r := runPlugin(t, script, 20*time.Second, nil, c)
	if len(r.Results) != 16 {
		t.Fatalf("%d results", len(r.Results))
	}
	for i, res := range r.Results {
		if want := fmt.Sprintf("call_%d", i); !res.Threw || res.Message != want {
			t.Errorf("call %d: %+v, want blocked with %q", i, res, want)
		}
	}
}

// Arguments of 6 MiB reach a hook that reads them all; a hook that exits
// without reading its stdin still answers (the broken pipe is not a
// failure of the plugin, and it does not crash).
func TestPluginHugeArgs(t *testing.T) {
	big := strings.Repeat("x", 6<<20)
	r := runPlugin(t, `wc -c > "$1/n"; echo '{}'`, 20*time.Second, nil, bashCall(big))
	if r.Results[0].Threw {
		t.Fatalf("threw %q", r.Results[0].Message)
	}
	n, _ := os.ReadFile(filepath.Join(r.dir, "n"))
	if got := strings.TrimSpace(string(n)); len(got) < 7 || got < "6291456" {
		t.Errorf("the hook read %s bytes", got)
	}
	r = runPlugin(t, `echo '{"decision":"block","reason":"early"}'`, 20*time.Second, nil, bashCall(big))
	if !r.Results[0].Threw || r.Results[0].Message != "early" {
		t.Errorf("early answer: %+v", r.Results[0].Message)
	}
}

// tool.execute.after: context is appended to the output the model reads;
// a block throws; a failure blocks.
func TestPluginAfter(t *testing.T) {
	after := func() map[string]any {
		return map[string]any{"hook": CallbackAfter,
			"input":  map[string]any{"tool": "bash", "sessionID": "ses_1", "callID": "call_1", "args": map[string]any{"command": "ls"}},
			"output": map[string]any{"title": "ls", "output": "a.txt", "metadata": map[string]any{"exit": 0}}}
	}
	r := runPlugin(t, `cat > "$1/stdin.json"; echo '{"context":"remember gofmt"}'`, 10*time.Second, nil, after())
	if res := r.Results[0]; res.Threw || res.Output["output"] != "a.txt\n\nremember gofmt" {
		t.Errorf("context: %+v", res)
	}
	data, _ := os.ReadFile(filepath.Join(r.dir, "stdin.json"))
	ev, err := New().Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	post, ok := ev.(*hooks.PostToolUseEvent)
	if !ok || post.Output.Text != "a.txt" || post.Tool.Input.(*hooks.ShellInput).Command != "ls" {
		t.Errorf("after payload %s parses to %+v", data, ev)
	}
	if res := runPlugin(t, `echo '{"decision":"block","reason":"bad output"}'`, 10*time.Second, nil, after()).Results[0]; !res.Threw || res.Message != "bad output" {
		t.Errorf("block: %+v", res)
	}
	if res := runPlugin(t, `exit 3`, 10*time.Second, nil, after()).Results[0]; !res.Threw {
		t.Errorf("failure: %+v", res)
	}
}

// The event callback forwards session.created and session.idle only, and
// never throws, whatever the hook does.
func TestPluginEvents(t *testing.T) {
	ev := func(typ string) map[string]any {
		return map[string]any{"hook": CallbackEvent, "event": map[string]any{"type": typ, "properties": map[string]any{"sessionID": "ses_9"}}}
	}
	r := runPlugin(t, `cat >> "$1/events"; echo >> "$1/events"; exit 1`, 10*time.Second, nil,
		ev("session.created"), ev("message.part.updated"), ev("session.idle"))
	for i, res := range r.Results {
		if res.Threw {
			t.Errorf("event %d threw %q", i, res.Message)
		}
	}
	data, _ := os.ReadFile(filepath.Join(r.dir, "events"))
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("forwarded %d events:\n%s", len(lines), data)
	}
	for i, want := range []any{&hooks.SessionStartEvent{}, &hooks.StopEvent{}} {
		got, err := New().Parse([]byte(lines[i]))
		if err != nil || fmt.Sprintf("%T", got) != fmt.Sprintf("%T", want) || got.Common().SessionID != "ses_9" {
			t.Errorf("event %d: %T %v (%s)", i, got, err, lines[i])
		}
	}
}

// Only the callbacks asked for are registered.
func TestPluginCallbacks(t *testing.T) {
	r := runPlugin(t, `echo '{}'`, 10*time.Second, []string{CallbackBefore}, bashCall("ls"))
	if strings.Join(r.Keys, ",") != CallbackBefore {
		t.Errorf("callbacks %v", r.Keys)
	}
}

// A spawn that throws at once (Bun's does for a file it cannot execute;
// node's for a path holding a NUL) blocks with the plugin's own "cannot
// start the hook", not a ReferenceError from the timer not yet set (found
// by the e2e guard-tamper row: a script with no #! line written over the
// hook made every later call fail with "Cannot access 'timer' before
// initialization").
func TestPluginSpawnThrows(t *testing.T) {
	r := runPluginArgv(t, filepath.Join(t.TempDir(), "hook\x00"))
	if len(r.Results) != 1 || !r.Results[0].Threw || !strings.Contains(r.Results[0].Message, "cannot start the hook") {
		t.Errorf("got %+v", r)
	}
}
