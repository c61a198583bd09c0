package codex

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/adaptertest"
	golden "github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
)

var _ hooks.Adapter = (*Adapter)(nil)

func TestGolden(t *testing.T) {
	golden.Golden(t, New(), "testdata")
}

func TestConformance(t *testing.T) {
	var payloads [][]byte
	for _, fx := range fixtures(t) {
		ev, err := New().Parse(fx.input)
		if err == nil && (hooks.ToolOf(ev) == nil || hooks.ToolOf(ev).InputErr == nil) {
			payloads = append(payloads, fx.input)
		}
	}
	adaptertest.Conformance(t, New(), payloads)
}

// fixture is one testdata/*.txtar file.
type fixture struct {
	name  string
	input []byte
	ar    *txtar.Archive
}

func fixtures(t testing.TB) []fixture {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	var fxs []fixture
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ar := txtar.Parse(data)
		fxs = append(fxs, fixture{name: filepath.Base(f), input: bytes.TrimSpace(ar.Get("input.json")), ar: ar})
	}
	return fxs
}

func TestEventTimeoutClampsSessionEnd(t *testing.T) {
	var et hooks.EventTimeouter = New()
	if got := et.EventTimeout(EventSessionEnd); got != 3*time.Second {
		t.Errorf("SessionEnd timeout = %v, want 3s", got)
	}
	if got := et.EventTimeout(EventPreToolUse); got != 0 {
		t.Errorf("PreToolUse timeout = %v, want 0 (default)", got)
	}
}
