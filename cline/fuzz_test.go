package cline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// FuzzParse: no payload panics the adapter, and every answer to one that
// parses serializes to output Cline reads cleanly.
func FuzzParse(f *testing.F) {
	dir := hosttest.SharedDir(f, "captures", "cline")
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if data, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && filepath.Ext(e.Name()) == ".json" {
			f.Add(data)
		}
	}
	for _, s := range []string{`{"hookName":"tool_call","tool_call":{"name":"run_commands","input":{"commands":[{"command":"rm"}]}}}`,
		`{"hookName":"tool_result","tool_result":{"name":"editor","input":{"path":5},"output":null,"error":"x"}}`,
		`{"hookName":"tool_call","tool_call":{"name":"read_files","input":[{"files":{"paths":"a,b"}}]}}`, `[]`} {
		f.Add([]byte(s))
	}
	a := New()
	f.Fuzz(func(t *testing.T, payload []byte) {
		hosttest.ParseFuzz(t, a, payload)
	})
}
