package copilot

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/adaptertest"
)

func FuzzParse(f *testing.F) {
	for _, p := range fixtureInputs(f) {
		f.Add(p)
	}
	f.Add([]byte(`{"sessionId":"s","timestamp":1,"toolName":"bash","toolArgs":null}`))
	f.Add([]byte(`[]`))
	a := New()
	f.Fuzz(func(t *testing.T, payload []byte) {
		ev, err := a.Parse(payload)
		if err != nil {
			return
		}
		if ev.Common().Host != Host || ev.Common().NativeEvent == "" {
			t.Fatalf("event %+v", ev.Common())
		}
		for _, r := range []hooks.Response{hooks.Deny("fuzz"), {}, hooks.Deny(""), hooks.Allow(), hooks.AddContext("c")} {
			out, err := a.Serialize(ev, r)
			if err != nil {
				t.Fatalf("serialize %+v: %v", r, err)
			}
			adaptertest.CheckHygiene(t, Host, out)
		}
		// A rewrite with the parsed input may fail, but must not panic.
		if tool := hooks.ToolOf(ev); tool != nil {
			if out, err := a.Serialize(ev, hooks.Rewrite(tool.Input)); err == nil {
				adaptertest.CheckHygiene(t, Host, out)
			}
		}
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
	f.Fuzz(func(t *testing.T, args []byte) {
		if !json.Valid(args) {
			return
		}
		payload := []byte(`{"sessionId":"s1","timestamp":1796105543194,"cwd":"/p","toolName":"bash","toolArgs":` + string(args) + `}`)
		ev, err := a.Parse(payload)
		if err != nil {
			t.Fatalf("the arguments %s failed the parse: %v", args, err)
		}
		tool := hooks.ToolOf(ev)
		sh, ok := tool.Input.(*hooks.ShellInput)
		if !ok {
			t.Fatalf("input %T", tool.Input)
		}
		var ref map[string]any
		want, isString := "", false
		if json.Unmarshal(args, &ref) == nil && ref != nil {
			want, isString = ref["command"].(string)
		}
		switch {
		case isString && (tool.InputErr != nil || sh.Command != want):
			t.Fatalf("%s: command %q (err %v), the host reads %q", args, sh.Command, tool.InputErr, want)
		case !isString && tool.InputErr == nil:
			t.Fatalf("%s: no readable command, yet no InputErr (command %q)", args, sh.Command)
		}
	})
}
