package hookmain

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// claudeWrite is Claude Code's PreToolUse payload of a Write of path.
func claudeWrite(t *testing.T, path string) string {
	t.Helper()
	in, _ := json.Marshal(map[string]any{"file_path": path, "content": "#!/bin/sh\nexit 0\n"})
	return `{"session_id":"s","transcript_path":"/home/dev/t.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":` + string(in) + `,"tool_use_id":"t"}`
}

// TestFootingDeniedBeforeHandler: a Write over the running binary is
// denied with the footing's reason before the program's handler runs,
// also for a program with no PreToolUse handler; EditsOwnFooting turns
// the protection off.
func TestFootingDeniedBeforeHandler(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	var ran bool
	allow := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		ran = true
		return hooks.Allow(), nil
	}}
	stopOnly := hooks.Handlers{Stop: func(context.Context, *hooks.StopEvent) (hooks.Response, error) { return hooks.Response{}, nil }}
	for _, c := range []struct {
		name     string
		h        hooks.Handlers
		o        Options
		path     string
		deny, in bool
	}{
		{"binary", allow, Options{}, exe, true, false},
		{"binary, no PreToolUse handler", stopOnly, Options{}, exe, true, false},
		{"binary, opted out", allow, Options{EditsOwnFooting: true}, exe, false, true},
		{"elsewhere", allow, Options{}, "/home/dev/project/notes.txt", false, true},
	} {
		ran = false
		var stdout, stderr strings.Builder
		code := run(context.Background(), c.h, c.o, []string{"--host", "claude"}, strings.NewReader(claudeWrite(t, c.path)), &stdout, &stderr, nil)
		denied := strings.Contains(stdout.String(), `"deny"`) && strings.Contains(stdout.String(), "footing: this would change the hook that guards this session") &&
			strings.Contains(stdout.String(), "ask the user to change the hook")
		if code != 0 || denied != c.deny || ran != c.in {
			t.Errorf("%s: exit %d, denied %v (want %v), handler ran %v (want %v)\nstdout %s\nstderr %s", c.name, code, denied, c.deny, ran, c.in, stdout.String(), stderr.String())
		}
	}
}
