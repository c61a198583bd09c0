package codex

import (
	"errors"
	"testing"
)

// ParsePatch is the grammar of package internal/applypatch (tested
// there), with its errors as *PatchError.
func TestParsePatchError(t *testing.T) {
	files, err := ParsePatch("*** Begin Patch\n*** Add File: a.txt\n+x\n*** Frobnicate\n*** End Patch")
	var pe *PatchError
	if !errors.As(err, &pe) || pe.Line == 0 || err.Error()[:21] != "codex: invalid patch:" {
		t.Fatalf("err = %v, want a *PatchError with its line", err)
	}
	if len(files) != 1 || files[0].Path != "a.txt" {
		t.Errorf("salvaged %+v, want a.txt", files)
	}
	if files, err := ParsePatch("*** Begin Patch\n*** Delete File: b.txt\n*** End Patch"); err != nil || len(files) != 1 {
		t.Errorf("a valid patch: %v, %+v", err, files)
	}
}
