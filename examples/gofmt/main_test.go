package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookstest"
)

// TestGofmtContext writes a badly formatted and a formatted Go file, and
// checks on every host that a write of the first reaches the model as
// context (or warns where the host cannot show context after a write),
// and that the second gets no opinion.
func TestGofmtContext(t *testing.T) {
	if _, err := exec.LookPath("gofmt"); err != nil {
		t.Fatalf("gofmt not on PATH: %v", err)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.go")
	good := filepath.Join(dir, "good.go")
	os.WriteFile(bad, []byte("package x\nfunc  f( ) {\n}\n"), 0o644)
	os.WriteFile(good, []byte("package x\n\nfunc f() {}\n"), 0o644)
	h := hooks.Handlers{PostToolUse: check}

	res := hookstest.Run(t, h, hookstest.PostWrite(bad))
	res.ContextDelivered(t, "not gofmt-formatted")
	t.Log(res)

	hookstest.Run(t, h, hookstest.PostWrite(good)).NoOpinion(t)
	hookstest.Run(t, h, hookstest.PostWrite(filepath.Join(dir, "notes.txt"))).NoOpinion(t)
}
