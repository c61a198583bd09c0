package hooks

import (
	"encoding/json"
	"reflect"
	"testing"
)

// topLevel must read a payload exactly as json.Unmarshal into a
// map[string]json.RawMessage does, or refuse it.
func checkTopLevel(t *testing.T, payload []byte) bool {
	got, ok := topLevel(payload)
	if !ok {
		return false
	}
	var want map[string]json.RawMessage
	if err := json.Unmarshal(payload, &want); err != nil {
		t.Fatalf("topLevel accepted %q, which encoding/json rejects: %v", payload, err)
	}
	if len(got) != len(want) {
		t.Fatalf("topLevel(%q) = %q, encoding/json %q", payload, got, want)
	}
	for k, w := range want {
		if g, ok := got[k]; !ok || !reflect.DeepEqual([]byte(g), []byte(w)) {
			t.Fatalf("topLevel(%q)[%q] = %q, encoding/json %q", payload, k, g, w)
		}
	}
	return true
}

var topLevelSeeds = []string{
	`{}`, `{"hook_event_name":"PreToolUse","a":null,"b":[1,{"c":2}],"a":"x"}`, `{"A":1,"a":2}`,
	`{"k\u0065y":1}`, "{\"k\xc3\xa9\":1}", `null`, `[]`, `{"a":1} x`, ` {"a" : "b"} `,
}

func TestTopLevel(t *testing.T) {
	for _, s := range topLevelSeeds {
		checkTopLevel(t, []byte(s))
	}
	if !checkTopLevel(t, []byte(`{"session_id":"x","hook_event_name":"PreToolUse","tool_input":{"command":"ls"}}`)) {
		t.Error("topLevel refused a plain payload")
	}
}

func FuzzTopLevel(f *testing.F) {
	for _, s := range topLevelSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, payload []byte) { checkTopLevel(t, payload) })
}
