package gemini

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestFieldsFromCaptures reads the Gemini-only fields of real captures
// (Gemini CLI 0.61.0).
func TestFieldsFromCaptures(t *testing.T) {
	dir := hosttest.SharedDir(t, "captures", "gemini")
	parse := func(name string) hooks.Event {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		ev, err := New().Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	ev := parse("BeforeTool-read_file.json")
	ts, ok := Timestamp(ev)
	want := time.Date(2026, 11, 29, 16, 53, 52, 143e6, time.UTC)
	if !ok || !ts.Equal(want) {
		t.Errorf("Timestamp = %v, %v; want %v", ts, ok, want)
	}
	if n := OriginalRequestName(ev); n != "" {
		t.Errorf("OriginalRequestName of a plain call = %q", n)
	}
	if _, ok := Details(ev); ok {
		t.Error("Details of a BeforeTool")
	}
	d, ok := Details(parse("Notification.json"))
	if !ok || d.Type != "exec" || d.Title != "Confirm Shell Command" || d.Command != "echo hi > marker.txt" ||
		d.RootCommand != "echo, redirection (>)" || len(d.Raw) == 0 {
		t.Errorf("Details = %+v, %v", d, ok)
	}
}

// TestOriginalRequestName: the BeforeTool of a tail call, as the at_tail
// run of protocols/gemini.md shows it (0.61.0), names the tool whose
// AfterTool hook asked for it.
func TestOriginalRequestName(t *testing.T) {
	payload := `{"session_id":"s","transcript_path":"/home/dev/.gemini/tmp/p/chats/s.jsonl","cwd":"/home/dev/project",` +
		`"hook_event_name":"BeforeTool","timestamp":"2026-11-29T16:52:25.551Z","tool_name":"read_file",` +
		`"tool_input":{"file_path":"marker.txt"},"original_request_name":"run_shell_command"}`
	ev, err := New().Parse([]byte(payload))
	if err != nil {
		t.Fatal(err)
	}
	if n := OriginalRequestName(ev); n != "run_shell_command" {
		t.Errorf("OriginalRequestName = %q", n)
	}
	// Another host's event carrying the same keys is not read.
	other, err := claude.New().Parse([]byte(`{"session_id":"s","cwd":"/","hook_event_name":"Notification",` +
		`"message":"m","timestamp":"2026-11-29T16:52:25.551Z","original_request_name":"x","details":{"type":"exec"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := Timestamp(other); ok || OriginalRequestName(other) != "" {
		t.Error("read a Gemini field from a claude event")
	}
	if _, ok := Details(other); ok {
		t.Error("read Gemini details from a claude event")
	}
}
