package hosttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// CaptureWant is what one real capture must parse to: the unified event's
// Go type ("*hooks.PreToolUseEvent") and its tool's kind ("" for an event
// without a tool).
type CaptureWant struct {
	Type string
	Kind hooks.ToolKind
	// NoTranscript: the host keeps no transcript file (OpenCode), so the
	// payload names none.
	NoTranscript bool
}

// RealCaptures parses every payload of testdata/captures/<sub> (the
// .meta.json files left out) with a and checks, for each one:
//   - that want lists it, with the type it parses to (and that every
//     entry of want was seen);
//   - its base: the adapter's host, a session, the working directory
//     /home/dev/project, a transcript path (unless NoTranscript), the payload as Raw, and the
//     file name up to its first "-" as the native event;
//   - a real event is never an unknown one;
//   - a tool exactly when Kind is set, of that kind, with valid raw input
//     and no InputErr;
//   - a PostToolUse output lifted (Text and Raw);
//   - Detect at least [hooks.DetectThreshold].
//
// more, when not nil, checks more of each capture.
func RealCaptures(t *testing.T, a hooks.Adapter, sub string, want map[string]CaptureWant, more func(t *testing.T, ev hooks.Event)) {
	t.Helper()
	seen := 0
	for _, path := range Captures(t, sub) {
		name := filepath.Base(path)
		if strings.HasSuffix(name, ".meta.json") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			w, ok := want[name]
			if !ok {
				t.Fatalf("capture %s has no expectation in the table: add one", name)
			}
			seen++
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ev, err := a.Parse(data)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			if got := fmt.Sprintf("%T", ev); got != w.Type {
				t.Errorf("type %s, want %s", got, w.Type)
			}
			b := ev.Common()
			if b.Host != a.Host() || b.SessionID == "" || b.Cwd != "/home/dev/project" || (b.TranscriptPath == "") != w.NoTranscript || !bytes.Equal(b.Raw, data) {
				t.Errorf("base not filled: %+v", b)
			}
			if b.NativeEvent != strings.SplitN(strings.TrimSuffix(name, ".json"), "-", 2)[0] {
				t.Errorf("native event %q", b.NativeEvent)
			}
			if o, ok := ev.(*hooks.OtherEvent); ok && o.Unknown {
				t.Errorf("a real event is unknown")
			}
			tool := hooks.ToolOf(ev)
			switch {
			case w.Kind == "" && tool != nil:
				t.Errorf("unexpected tool %+v", tool)
			case w.Kind != "" && tool == nil:
				t.Errorf("no tool, want kind %s", w.Kind)
			case tool != nil && (tool.Kind() != w.Kind || tool.InputErr != nil || !json.Valid(tool.RawInput)):
				t.Errorf("tool %s kind %s, input error %v", tool.Name, tool.Kind(), tool.InputErr)
			}
			if p, ok := ev.(*hooks.PostToolUseEvent); ok && (p.Output.Text == "" || len(p.Output.Raw) == 0) {
				t.Errorf("output not lifted: %+v", p.Output)
			}
			var f map[string]json.RawMessage
			if err := json.Unmarshal(data, &f); err != nil {
				t.Fatal(err)
			}
			if s := a.Detect(f); s < hooks.DetectThreshold {
				t.Errorf("Detect = %.2f", s)
			}
			if more != nil {
				more(t, ev)
			}
		})
	}
	if seen != len(want) {
		t.Errorf("saw %d of the %d expected captures", seen, len(want))
	}
}

// CaptureParser returns a function that parses, with a, the real capture
// name of host (under the shared captures/<host>), failing t when it cannot
// be read or parsed.
func CaptureParser(t *testing.T, a hooks.Adapter, host string) func(name string) hooks.Event {
	dir := SharedDir(t, "captures", host)
	return func(name string) hooks.Event {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		ev, err := a.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
}
