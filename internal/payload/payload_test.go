package payload

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestFill replaces one key's value at a time and keeps the rest of the
// template byte for byte; a key the template lacks is an error, since a
// scenario only fills in fields the real payload has.
func TestFill(t *testing.T) {
	corpus := fstest.MapFS{"Pre-Bash.json": {Data: []byte("{\"a\": 1, \"tool_input\": {\"command\": \"ls\"},\n \"z\": \"<kept>\"}\n")}}
	p, err := Fill(corpus, "Pre-Bash", "Pre", "Bash", "v", "tool_input", Object("command", "rm -rf / && echo <x>"))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\"a\": 1, \"tool_input\": {\"command\":\"rm -rf / && echo <x>\"},\n \"z\": \"<kept>\"}"
	if string(p.JSON) != want || p.Native != "Pre" || p.Tool != "Bash" || p.Variant != "v" {
		t.Errorf("Fill = %+v\n%s\nwant\n%s", p, p.JSON, want)
	}
	if _, err := Fill(corpus, "Pre-Bash", "Pre", "Bash", "", "prompt", "x"); err == nil || !strings.Contains(err.Error(), `no "prompt" field`) {
		t.Errorf("a key the template lacks: %v", err)
	}
	if _, err := Fill(corpus, "Stop", "Stop", "", ""); err == nil {
		t.Error("a template the corpus lacks")
	}
	if Lines("+", "a\nb\n") != "+a\n+b\n" || Lines("+", "") != "" || Absolute("x/y") != Project+"/x/y" || Absolute("/etc/x") != "/etc/x" {
		t.Error("Lines or Absolute")
	}
}
