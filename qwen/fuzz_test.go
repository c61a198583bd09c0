package qwen

import (
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

func FuzzParse(f *testing.F) {
	for _, p := range hosttest.FixtureInputs(f, "testdata") {
		f.Add(p)
	}
	f.Add([]byte(`{"hook_event_name":"PreToolUse","tool_name":"mcp__a__b","tool_input":null}`))
	f.Add([]byte(`[]`))
	a := New()
	f.Fuzz(func(t *testing.T, payload []byte) {
		hosttest.ParseFuzz(t, a, payload)
	})
}

// FuzzToolArguments: whatever JSON the model puts in a shell call's
// arguments, the event parses (nothing there routes it to the fail
// policy), and the command the typed input shows is the one a JavaScript
// host reads (exact key, last duplicate), or InputErr says it cannot be
// read. The reference is encoding/json's map decoding, which keeps keys
// exact and the last duplicate, as JSON.parse does.
func FuzzToolArguments(f *testing.F) {
	for _, s := range []string{`{"command":"rm -rf x","Command":"echo"}`, `{"command":"a","command":"b"}`,
		`{"\u0063ommand":"rm"}`, `{"command":5}`, `"str"`, `null`, `[]`, `{"command":"x","description":5}`} {
		f.Add([]byte(s))
	}
	a := New()
	payload := func(args []byte) []byte {
		return []byte(`{"session_id":"s1","cwd":"/p","hook_event_name":"PreToolUse","timestamp":"2026-12-01T05:53:00.204Z","tool_name":"run_shell_command","tool_input":` + string(args) + `}`)
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		hosttest.ShellArgsFuzz(t, a, args, payload)
	})
}
