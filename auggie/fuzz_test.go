package auggie

import (
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

func FuzzParse(f *testing.F) {
	for _, p := range hosttest.FixtureInputs(f, "testdata") {
		f.Add(p)
	}
	f.Add([]byte(`{"hook_event_name":"PreToolUse","tool_name":"str-replace-editor","tool_input":{"path":"a","str_replace_entries":[5,{"old_str":null}]}}`))
	f.Add([]byte(`{"hook_event_name":"PreToolUse","tool_name":"remove-files","tool_input":{"file_paths":[null,"a",3]}}`))
	f.Add([]byte(`[]`))
	a := New()
	f.Fuzz(func(t *testing.T, payload []byte) {
		hosttest.ParseFuzz(t, a, payload)
	})
}

// FuzzToolArguments: whatever JSON the model puts in a launch-process
// call's arguments, the event parses, and the command the typed input
// shows is the one Auggie (JSON.parse: exact key, last duplicate) runs,
// or InputErr says it cannot be read.
func FuzzToolArguments(f *testing.F) {
	for _, s := range []string{`{"command":"rm -rf x","Command":"echo"}`, `{"command":"a","command":"b"}`,
		`{"\u0063ommand":"rm"}`, `{"command":5}`, `"str"`, `null`, `[]`, `{"command":"x","cwd":5}`} {
		f.Add([]byte(s))
	}
	a := New()
	payload := func(args []byte) []byte {
		return []byte(`{"hook_event_name":"PreToolUse","conversation_id":"c1","workspace_roots":["/p"],"tool_name":"launch-process","tool_input":` + string(args) + `}`)
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		hosttest.ShellArgsFuzz(t, a, args, payload)
	})
}
