package hosttest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	conformance "github.com/agenthooks/hooks/adaptertest"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
)

// The tests every adapter package runs the same way, whatever its host.

// FixtureInputs returns the input.json of every fixture dir/*.txtar, by
// fixture name (the file name without .txtar).
func FixtureInputs(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	inputs := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		in := bytes.TrimSpace(txtar.Parse(data).Get("input.json"))
		if len(in) == 0 {
			t.Fatalf("%s has no input.json", f)
		}
		inputs[strings.TrimSuffix(filepath.Base(f), ".txtar")] = in
	}
	return inputs
}

// Conformance runs the public conformance suite on a with the inputs of
// the fixtures in dir, but for the bad_* ones (which must not parse).
func Conformance(t *testing.T, a hooks.Adapter, dir string) {
	t.Helper()
	var payloads [][]byte
	for name, in := range FixtureInputs(t, dir) {
		if !strings.HasPrefix(name, "bad_") {
			payloads = append(payloads, in)
		}
	}
	conformance.Conformance(t, a, payloads)
}

// DetectOtherHosts checks that no real payload of a host other than a's
// reaches hooks.DetectThreshold with a, over at least min payloads.
func DetectOtherHosts(t *testing.T, a hooks.Adapter, min int) {
	t.Helper()
	n := 0
	for _, host := range Hosts {
		if host == string(a.Host()) {
			continue
		}
		for name, p := range Payloads(t, host) {
			var f map[string]json.RawMessage
			if err := json.Unmarshal(p, &f); err != nil {
				t.Fatalf("%s/%s: %v", host, name, err)
			}
			n++
			if s := a.Detect(f); s >= hooks.DetectThreshold {
				t.Errorf("%s/%s: Detect = %.2f, want < %.2f", host, name, s, hooks.DetectThreshold)
			}
		}
	}
	if n < min {
		t.Errorf("only %d payloads of other hosts", n)
	}
}

// ParseFuzz is the body of an adapter's FuzzParse: a payload that parses
// gives an event of a's host, and every answer to it serializes to
// output the host reads cleanly, a rewrite with the parsed input included
// (which may fail, but must not panic).
func ParseFuzz(t *testing.T, a hooks.Adapter, payload []byte) {
	t.Helper()
	ev, err := a.Parse(payload)
	if err != nil {
		return
	}
	if ev.Common().Host != a.Host() || ev.Common().NativeEvent == "" {
		t.Fatalf("event %+v", ev.Common())
	}
	for _, r := range []hooks.Response{hooks.Deny("fuzz"), {}, hooks.Deny(""), hooks.Allow(), hooks.AddContext("c")} {
		out, err := a.Serialize(ev, r)
		if err != nil {
			t.Fatalf("serialize %+v: %v", r, err)
		}
		CheckHygiene(t, a.Host(), out)
	}
	if tool := hooks.ToolOf(ev); tool != nil {
		if out, err := a.Serialize(ev, hooks.Rewrite(tool.Input)); err == nil {
			CheckHygiene(t, a.Host(), out)
		}
	}
}

// ShellArgsFuzz is the body of an adapter's FuzzToolArguments for a
// JavaScript host: payload wraps args, any valid JSON, in a shell tool's
// event. The event parses whatever args hold, and the command the typed
// input shows is the one the host reads (exact key, last duplicate), or
// InputErr says it cannot be read. The reference is encoding/json's map
// decoding, which keeps keys exact and the last duplicate, as JSON.parse
// does.
func ShellArgsFuzz(t *testing.T, a hooks.Adapter, args []byte, payload func(args []byte) []byte) {
	t.Helper()
	if !json.Valid(args) {
		return
	}
	ev, err := a.Parse(payload(args))
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
}
