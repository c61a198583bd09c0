package hooks

import (
	"encoding/json"
	"strings"
	"testing"
)

// salvage keeps the members of a payload complete before its cut, and
// the member being cut with an empty value of its kind.
func TestSalvage(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf`, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{}}`},
		{`{"a":"x","b":[1,2`, `{"a":"x","b":[]}`},
		{`{"a":"x","b":"yy`, `{"a":"x","b":""}`},
		{`{"a":"x","b":12`, `{"a":"x"}`},
		{`{"a":"x","b`, `{"a":"x"}`},
		{` {"a":{"b":1}} trailing`, `{"a":{"b":1}}`},
		{`{"a\u0062":1,"c":`, `{"ab":1}`},
		{`[1,2`, ``},
		{``, ``},
	} {
		if got := string(salvage([]byte(tc.in))); got != tc.want {
			t.Errorf("salvage(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// member is one member of a JSON object, its key decoded, its value raw.
type member struct{ k, v string }

// members returns the members of the JSON object b, in order.
func members(b []byte) ([]member, bool) {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	var ms []member
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil, false
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		ms = append(ms, member{k.(string), string(v)})
	}
	return ms, true
}

// FuzzSalvage: whatever the prefix, salvage does not panic, and returns
// nothing or a JSON object; of an object cut anywhere, the members it
// keeps are the object's first ones, with their values (the last
// perhaps emptied).
func FuzzSalvage(f *testing.F) {
	f.Add([]byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t"}`), 40)
	f.Add([]byte(`{"a":[{"b":"\"}"}],"c":"d"}`), 9)
	f.Fuzz(func(t *testing.T, doc []byte, cut int) {
		if cut < 0 || cut > len(doc) {
			return
		}
		out := salvage(doc[:cut])
		if out == nil {
			return
		}
		got, ok := members(out)
		if !ok {
			t.Fatalf("salvage(%q) = %q, not a JSON object", doc[:cut], out)
		}
		whole, ok := members(doc)
		if !ok || !json.Valid(doc) {
			return
		}
		if len(got) > len(whole) {
			t.Fatalf("salvage(%q) = %q: more members than the document", doc[:cut], out)
		}
		for i, m := range got {
			w := whole[i]
			emptied := i == len(got)-1 && (m.v == "{}" || m.v == "[]" || m.v == `""`)
			if m.k != w.k || m.v != w.v && !emptied {
				t.Fatalf("salvage(%q) = %q: member %d is %s: %s, the document's %s: %s", doc[:cut], out, i, m.k, m.v, w.k, w.v)
			}
		}
	})
}
