package hookmain_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// A real PreToolUse shell capture of each host (testdata/captures at the
// module root), the arguments a command line for it would have, and for
// Cursor, whose captures are logs, the line of the log.
var shellCaptures = []struct {
	host, file string
	args       []string
}{
	{"claude", "claude/PreToolUse-Bash.json", nil},
	{"cursor", "cursor/cursor-logs.jsonl", nil},
	{"gemini", "gemini/BeforeTool-run_shell_command.json", nil},
	{"codex", "codex/PreToolUse-Bash.json", nil},
	{"copilot", "copilot/camel/preToolUse-bash.json", []string{"--event", "preToolUse"}},
	{"copilot", "copilot/pascal/PreToolUse-Bash.json", nil},
	{"qwen", "qwen/PreToolUse-run_shell_command.json", nil},
	{"droid", "droid/PreToolUse-Execute.json", nil},
}

// readShellCapture returns the capture's payload: the file, or for a
// Cursor log the stdin of its first preToolUse of the Shell tool.
func readShellCapture(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "captures", file))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(file, ".jsonl") {
		return data
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		stdin, ok := fastjson.Path(line, "stdin")
		if ok && stdin.IsObject() && stdin.StringAt("hook_event_name") == "preToolUse" && stdin.StringAt("tool_name") == "Shell" {
			return stdin.Raw()
		}
	}
	t.Fatalf("%s has no preToolUse of Shell", file)
	return nil
}

var argsKey = regexp.MustCompile(`"(tool_input|toolArgs)":\s*\{`)

// withDeepSideField returns payload with a side field nested one level
// past encoding/json's limit first in its tool's arguments.
func withDeepSideField(t *testing.T, payload []byte) []byte {
	t.Helper()
	loc := argsKey.FindIndex(payload)
	if loc == nil {
		t.Fatalf("no tool arguments in %s", payload)
	}
	deep := `"x":` + strings.Repeat("[", fastjson.MaxDepth+1) + strings.Repeat("]", fastjson.MaxDepth+1) + ","
	return append(append(append([]byte{}, payload[:loc[1]]...), deep...), payload[loc[1]:]...)
}

// SECURITY.md: a side field of the tool's arguments nested deeper than
// encoding/json reads (10,000 levels) is the model's doing: on every host
// the event reaches the handler with Tool.InputErr, under either policy,
// never the fail policy. The host itself reads such arguments (JSON.parse
// has no depth limit) and would run the call.
func TestDeepSideField(t *testing.T) {
	for _, c := range shellCaptures {
		payload := withDeepSideField(t, readShellCapture(t, c.file))
		for _, fail := range []string{"--fail-open", "--fail-closed"} {
			args := append([]string{"--host", c.host, fail}, c.args...)
			var stdout, stderr bytes.Buffer
			code := hookmain.Main(context.Background(), guard, args, bytes.NewReader(payload), &stdout, &stderr)
			if !blocks(code, stdout.String()) || !strings.Contains(stdout.String(), "unreadable: tool input of") || stderr.Len() != 0 {
				t.Errorf("%s %s: exit %d stdout %q stderr %q; want the guard's deny for the unreadable input, no failure", c.file, fail, code, stdout.String(), stderr.String())
			}
		}
		// Detection reads such a payload too.
		if c.args == nil {
			var stdout bytes.Buffer
			code := hookmain.Main(context.Background(), guard, nil, bytes.NewReader(payload), &stdout, &bytes.Buffer{})
			if !blocks(code, stdout.String()) || !strings.Contains(stdout.String(), "unreadable") {
				t.Errorf("%s detected: exit %d stdout %q; want the guard's deny", c.file, code, stdout.String())
			}
		}
	}
}
