package stackstart

import (
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// The package must import nothing: Go initialises the lexically first
// package whose imports are initialised, so an import would let other
// initialisers, and the stack growths they cause, run first
// (examples/guard's TestNoStartUpWork checks the order in a real binary).
func TestNoImports(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			t.Errorf("%s imports %s: stackstart must import nothing", name, imp.Path.Value)
		}
	}
	if files == 0 {
		t.Fatal("no source file found")
	}
}

// grow never takes the branch that uses its frame, and allocates nothing.
// (That the frame makes the runtime grow the stack to 32 KiB at once, and
// before internal/godebug's initialiser, is checked in a real binary by
// examples/guard's TestNoStartUpWork and measured in BENCHMARKS.md.)
func TestGrowUsesNothing(t *testing.T) {
	if never {
		t.Fatal("never is true")
	}
	if got := testing.AllocsPerRun(10, func() { grow(never) }); got != 0 {
		t.Errorf("grow allocates %v times", got)
	}
}
