package hookmain_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// A valid PreToolUse shell payload per host, the base the bad inputs are
// made from.
var goodPre = map[string]string{
	"claude": `{"session_id":"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d","transcript_path":"/home/dev/.claude/projects/-home-dev-project/5b1d2c3e.jsonl","cwd":"/home/dev/project","prompt_id":"7e6f5a4b-3c2d-4e1f-a0b9-c8d7e6f5a4b3","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"toolu_01"}`,
	"cursor": `{"conversation_id":"6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b","generation_id":"0d9e8f7a-6b5c-4d3e-2f1a-0b9c8d7e6f5a","model":"default","tool_name":"Shell","tool_input":{"command":"rm -rf build","cwd":""},"tool_use_id":"tool_01","hook_event_name":"preToolUse","cursor_version":"3.9.16","workspace_roots":["/home/dev/project"]}`,
	"gemini": `{"session_id":"467c7ed7-1f2e-4d3c-9b8a-7f6e5d4c3b2a","transcript_path":"/home/dev/.gemini/tmp/project/chats/session-2026-11-29T16-52-467c7ed7.jsonl","cwd":"/home/dev/project","hook_event_name":"BeforeTool","timestamp":"2026-11-29T16:52:25.551Z","tool_name":"run_shell_command","tool_input":{"command":"rm -rf build"}}`,
	"codex":  `{"session_id":"01a2283a-24e9-7582-b172-a4f6f2251a6c","turn_id":"01a2283a-2518-75a3-9372-46ffe65635eb","transcript_path":"/home/dev/.codex/sessions/2026/11/29/rollout-01a2283a.jsonl","cwd":"/home/dev/project","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"call_1"}`,
}

// The answers a bad input must get.
const (
	failure   = iota // the fail policy's, with one stderr line (what the host controls)
	noOpinion        // the guard has nothing to say
	guardDeny        // the guard's deny under either policy, no stderr (what the model controls)
)

// badInputs derives each bad input from a host's good payload.
var badInputs = []struct {
	name   string
	answer int
	make   func(good string) []byte
}{
	{"empty stdin", failure, func(string) []byte { return nil }},
	{"not JSON", failure, func(string) []byte { return []byte("hello, hook\n") }},
	{"JSON array", failure, func(string) []byte { return []byte(`[{"hook_event_name":"PreToolUse"}]`) }},
	{"truncated JSON", failure, func(g string) []byte { return []byte(g[:len(g)/2]) }},
	// The model wrote the size: the guard's deny, read from the members
	// before the cap. Cursor writes hook_event_name after tool_input
	// (captured), so its event cannot be told: the fail policy.
	{"10 MiB tool call", guardDeny, func(g string) []byte {
		return []byte(strings.Replace(g, `"rm -rf build"`, `"`+strings.Repeat("a", 10<<20)+`"`, 1))
	}},
	{"unknown event name", failure, func(g string) []byte { return []byte(renameEvent(g, "NoSuchEvent")) }},
	{"unknown tool", noOpinion, func(g string) []byte { return []byte(retool(g)) }},
	{"missing tool_name", failure, func(g string) []byte { return []byte(strings.Replace(g, `"tool_name"`, `"tool_nam"`, 1)) }},
	{"missing command", guardDeny, func(g string) []byte {
		return []byte(strings.Replace(g, `"command":"rm -rf build"`, `"cmd":"rm -rf build"`, 1))
	}},
	{"wrong field type", guardDeny, func(g string) []byte {
		return []byte(strings.Replace(g, `"command":"rm -rf build"`, `"command":["rm","-rf","build"]`, 1))
	}},
	{"invalid UTF-8", failure, func(g string) []byte { return []byte(strings.Replace(g, "rm -rf", "rm \xff-rf", 1)) }},
	{"second JSON document", failure, func(g string) []byte { return []byte(g + "\n" + `{"hook_event_name":"Stop"}`) }},
	{"case variant of command", guardDeny, func(g string) []byte {
		return []byte(strings.Replace(g, `"command":"rm -rf build"`, `"command":"rm -rf build","Command":"echo safe"`, 1))
	}},
	{"side field nested 10,001 deep", guardDeny, func(g string) []byte {
		return []byte(strings.Replace(g, `"command":"rm -rf build"`, `"command":"rm -rf build","x":`+strings.Repeat("[", 10001)+strings.Repeat("]", 10001), 1))
	}},
	{"side field of wrong type", guardDeny, func(g string) []byte {
		return []byte(strings.Replace(g, `"command":"rm -rf build"`, `"command":"rm -rf build","DESCRIPTION":5,"description":5`, 1))
	}},
}

// badInputOn overrides a bad input's answer on a host.
var badInputOn = map[string]map[string]int{"10 MiB tool call": {"cursor": failure}}

func renameEvent(g, to string) string {
	var m map[string]any
	json.Unmarshal([]byte(g), &m)
	m["hook_event_name"] = to
	b, _ := json.Marshal(m)
	return string(b)
}

func retool(g string) string {
	var m map[string]any
	json.Unmarshal([]byte(g), &m)
	m["tool_name"] = "Frobnicate"
	b, _ := json.Marshal(m)
	return string(b)
}

// guard is a tiny policy: deny a tool input it cannot read, and rm -rf.
var guard = hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
	if ev.Tool.InputErr != nil {
		return hooks.Deny("unreadable: " + ev.Tool.InputErr.Error()), nil
	}
	if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
		return hooks.Deny("no rm -rf"), nil
	}
	return hooks.Response{}, nil
}}

// blocks reports whether the host treats the answer as a block.
func blocks(code int, stdout string) bool {
	if code == 2 {
		return true
	}
	for _, s := range []string{`"permissionDecision":"deny"`, `"permission":"deny"`, `"decision":"deny"`, `"decision":"block"`} {
		if strings.Contains(stdout, s) {
			return true
		}
	}
	return false
}

// TestBadInput answers every bad input on every host under both fail
// policies: a failure gets the policy's decision in the host's dialect and
// exactly one stderr line, stdout stays clean, nothing panics. The table
// of answers is kept in SECURITY.md.
func TestBadInput(t *testing.T) {
	var table strings.Builder
	table.WriteString("| input | policy | claude | cursor | gemini | codex |\n|---|---|---|---|---|---|\n")
	for _, bad := range badInputs {
		for _, fail := range []string{"--fail-open", "--fail-closed"} {
			row := "| " + bad.name + " | " + strings.TrimPrefix(fail, "--") + " |"
			for _, host := range []string{"claude", "cursor", "gemini", "codex"} {
				in := bad.make(goodPre[host])
				var stdout, stderr bytes.Buffer
				code := hookmain.Main(context.Background(), guard, []string{"--host", host, fail}, bytes.NewReader(in), &stdout, &stderr)
				hosttest.CheckHygiene(t, hooks.Host(host), hooks.Output{Stdout: stdout.Bytes()})
				lines := strings.Count(stderr.String(), "\n")
				name := fmt.Sprintf("%s/%s/%s", bad.name, fail, host)
				closed := fail == "--fail-closed"
				answer := bad.answer
				if a, ok := badInputOn[bad.name][host]; ok {
					answer = a
				}
				switch {
				case answer == failure && lines != 1:
					t.Errorf("%s: want exactly one stderr line, got %q", name, stderr.String())
				case answer == failure && closed != blocks(code, stdout.String()):
					t.Errorf("%s: blocks=%v, want %v (exit %d, stdout %q)", name, !closed, closed, code, stdout.String())
				case answer == noOpinion && (lines != 0 || blocks(code, stdout.String())):
					t.Errorf("%s: not a failure, want no opinion and no stderr, got exit %d stdout %q stderr %q", name, code, stdout.String(), stderr.String())
				case answer == guardDeny && (lines != 0 || !blocks(code, stdout.String())):
					t.Errorf("%s: the model's doing, want the guard's deny and no stderr, got exit %d stdout %q stderr %q", name, code, stdout.String(), stderr.String())
				}
				cell := fmt.Sprintf("exit %d", code)
				if s := strings.TrimSpace(stdout.String()); s != "" {
					cell += " `" + s + "`"
				}
				if answer == failure {
					cell += "; stderr: " + strings.ReplaceAll(truncate(strings.TrimSpace(stderr.String()), 90), "|", `\|`)
				}
				row += " " + cell + " |"
			}
			table.WriteString(row + "\n")
		}
	}
	checkDocSection(t, filepath.Join("..", "SECURITY.md"), "bad-input", table.String())
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// checkDocSection compares a generated section of a Markdown file, between
// <!-- NAME:begin --> and <!-- NAME:end --> markers, rewriting it with
// -update.
func checkDocSection(t *testing.T, path, name, want string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := []byte("<!-- "+name+":begin -->\n"), []byte("<!-- "+name+":end -->")
	i, j := bytes.Index(data, begin), bytes.Index(data, end)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the %s markers", path, name)
	}
	if got := string(data[i+len(begin) : j]); got == want {
		return
	}
	if hosttest.Updating() {
		out := append(append(append([]byte{}, data[:i+len(begin)]...), want...), data[j:]...)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s section %s is stale; run go test ./hookmain -update", path, name)
}
