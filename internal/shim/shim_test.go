package shim

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

var testHost = Host{Name: "h", Shim: "shim", Title: "the H shim", Before: "before", After: "after", InputKey: "input", BadInput: "the hook's input is not a JSON object", CwdKey: "folder"}

const template = "// sig\nconst CONFIG = /*AGENTHOOKS-CONFIG*/ {} /*END*/\n/*AGENTHOOKS-RUN*/\nrun()\n"

func TestBakeRoundTrip(t *testing.T) {
	type config struct {
		Argv []string `json:"argv"`
	}
	// A string holding the end mark and a script end: the last end mark is
	// the template's, and encoding/json escapes < and >.
	in := config{Argv: []string{"/home/dev/bin/hook", "/*END*/", "</script>"}}
	b, err := Bake(&testHost, []byte(template), in)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte(runMark)) || bytes.Contains(b, []byte(cwdMark)) {
		t.Errorf("marks left in the baked file:\n%s", b)
	}
	if !bytes.Contains(b, []byte("cwd: payload.folder || undefined")) || !bytes.Contains(b, []byte("function run(payload)")) {
		t.Errorf("run.js not spliced for CwdKey folder:\n%s", b)
	}
	if bytes.Contains(b, []byte("</script>")) {
		t.Errorf("configuration not escaped:\n%s", b)
	}
	var out config
	if !ConfigOf(b, "// sig", &out) || strings.Join(out.Argv, "|") != strings.Join(in.Argv, "|") {
		t.Errorf("ConfigOf = %q, want %q", out.Argv, in.Argv)
	}
	if ConfigOf(b, "// other", &out) {
		t.Error("ConfigOf took a file with another signature")
	}
}

func TestBakeNeedsMarks(t *testing.T) {
	for _, tmpl := range []string{
		"// sig\n/*AGENTHOOKS-RUN*/\n",                              // no configuration
		"// sig\nconst CONFIG = /*AGENTHOOKS-CONFIG*/ {} /*END*/\n", // no run mark
	} {
		if _, err := Bake(&testHost, []byte(tmpl), struct{}{}); err == nil {
			t.Errorf("Bake(%q) = nil error", tmpl)
		}
	}
}

func TestReadUsesHostNames(t *testing.T) {
	out := hooks.Output{Stdout: []byte(`{"input":{"command":"ls"}}`)}
	if got := Read(&testHost, "before", out); string(got.UpdatedInput) != `{"command":"ls"}` {
		t.Errorf("Read input = %s, want the input member", got.UpdatedInput)
	}
	// Another host's member is not this host's input.
	if got := Read(&testHost, "before", hooks.Output{Stdout: []byte(`{"args":{"command":"ls"}}`)}); got.UpdatedInput != nil {
		t.Errorf("Read took args as input: %s", got.UpdatedInput)
	}
	if got := Read(&testHost, "before", hooks.Output{Stdout: []byte(`{"input":"rm -rf /"}`)}); got.Decision != hooks.DecisionDeny || !strings.Contains(got.Reason, testHost.BadInput) {
		t.Errorf("Read of a string input = %v, want a block for %q", got, testHost.BadInput)
	}
	if got := Read(&testHost, "session", hooks.Output{ExitCode: 2}); got.Ignored != "the shim acts on no answer to session" {
		t.Errorf("Read on another event: Ignored = %q", got.Ignored)
	}
	if got := Read(&testHost, "before", hooks.Output{ExitCode: 1}); got.Decision != hooks.DecisionDeny || got.Failed != "the hook exited with code 1" {
		t.Errorf("Read(exit 1) = %v, Failed %q; want a block for a failed hook", got, got.Failed)
	}
}
