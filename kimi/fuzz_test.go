package kimi

import (
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

func FuzzParse(f *testing.F) {
	for _, p := range hosttest.FixtureInputs(f, "testdata") {
		f.Add(p)
	}
	f.Add([]byte(`{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"path":5}}`))
	f.Add([]byte(`{"hook_event_name":"UserPromptSubmit","prompt":[{"type":"text","text":5},"x",null]}`))
	f.Add([]byte(`[]`))
	a := New()
	f.Fuzz(func(t *testing.T, payload []byte) {
		hosttest.ParseFuzz(t, a, payload)
	})
}

// FuzzToolArguments: whatever JSON the model puts in a Bash call's
// arguments, the event parses, and the command the typed input shows is
// the one JavaScript reads (exact key, last duplicate), or InputErr says
// it cannot be read.
func FuzzToolArguments(f *testing.F) {
	for _, s := range []string{`{"command":"rm -rf x","Command":"echo"}`, `{"command":"a","command":"b"}`,
		`{"\u0063ommand":"rm"}`, `{"command":5}`, `"str"`, `null`, `[]`, `{"command":"x","cwd":5}`} {
		f.Add([]byte(s))
	}
	a := New()
	payload := func(args []byte) []byte {
		return []byte(`{"hook_event_name":"PreToolUse","session_id":"s1","cwd":"/p","client_type":"kimi_code_cli","tool_name":"Bash","tool_input":` + string(args) + `}`)
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		hosttest.ShellArgsFuzz(t, a, args, payload)
	})
}
