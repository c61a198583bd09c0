package pi

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// Serialize writes what the extension acts on: a deny with its reason, an
// input rewrite as the complete input in Pi's names (other keys kept),
// context on tool_result only; and a deny on an event outside the matrix
// as exit 2.
func TestSerialize(t *testing.T) {
	a := New()
	load := func(name string) hooks.Event {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "captures", "pi", name))
		if err != nil {
			t.Fatal(err)
		}
		ev, err := a.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	call, result := load("tool_call-edit.json"), load("tool_result-read.json")
	out, err := a.Serialize(call, hooks.Response{Decision: hooks.DecisionDeny, Reason: "no edits"})
	if err != nil || strings.TrimSpace(string(out.Stdout)) != `{"decision":"block","reason":"no edits"}` || out.ExitCode != 0 {
		t.Errorf("deny: %q %v", out.Stdout, err)
	}
	out, err = a.Serialize(call, hooks.Response{UpdatedInput: &hooks.EditInput{Path: "x.txt", Edits: []hooks.TextEdit{{Old: "a", New: "b"}}}})
	var got Answer
	if err != nil || json.Unmarshal(out.Stdout, &got) != nil || string(got.Input) != `{"edits":[{"newText":"b","oldText":"a"}],"path":"x.txt"}` {
		t.Errorf("rewrite: %q %v", out.Stdout, err)
	}
	if _, err := a.Serialize(call, hooks.Response{UpdatedInput: &hooks.EditInput{Path: "x.txt", Edits: []hooks.TextEdit{{Old: "a", New: "b", ReplaceAll: true}}}}); err == nil {
		t.Error("replace-all, which Pi's edit has not: no error")
	}
	out, err = a.Serialize(result, hooks.Response{Context: "CTX"})
	if err != nil || strings.TrimSpace(string(out.Stdout)) != `{"context":"CTX"}` {
		t.Errorf("context: %q %v", out.Stdout, err)
	}
	if out, _ := a.Serialize(call, hooks.Response{Context: "CTX"}); len(out.Stdout) != 0 {
		t.Errorf("context on tool_call: %q, want nothing (Pi shows none there)", out.Stdout)
	}
	other, err := a.Parse([]byte(`{"pi_hook":"turn_end","wire":1,"cwd":"/home/dev/project"}`))
	if err != nil {
		t.Fatal(err)
	}
	if out, _ := a.Serialize(other, hooks.Response{Decision: hooks.DecisionDeny, Reason: "a\nb"}); out.ExitCode != 2 || out.Stderr != "a b" {
		t.Errorf("outside the matrix: %+v", out)
	}
}
