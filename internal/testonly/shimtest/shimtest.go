// Package shimtest runs a host's JavaScript shim (OpenCode's plugin,
// Pi's extension; see internal/shim) under node, as the host runs it, for
// the host packages' tests.
package shimtest

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Run writes the shim render returns for dir, a new temporary folder
// (the folder of the run, which the fake hook may write to), as dir/name,
// and calls as JSON, then runs the host's test driver (testdata/
// driver.mjs of the calling package) under node on them in dir and
// decodes what the driver prints into out. It skips the test when node is
// not on PATH, and returns dir.
func Run(t *testing.T, render func(dir string) ([]byte, error), name string, calls, out any) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: the shim is tested under node")
	}
	dir := t.TempDir()
	data, err := render(dir)
	if err != nil {
		t.Fatal(err)
	}
	shim := filepath.Join(dir, name)
	if err := os.WriteFile(shim, data, 0o644); err != nil {
		t.Fatal(err)
	}
	callsJSON, err := json.Marshal(calls)
	if err != nil {
		t.Fatal(err)
	}
	callsFile := filepath.Join(dir, "calls.json")
	if err := os.WriteFile(callsFile, callsJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	driver, err := filepath.Abs(filepath.Join("testdata", "driver.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, driver, shim, callsFile)
	cmd.Dir = dir
	stdout, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			stderr = ee.Stderr
		}
		t.Fatalf("node: %v\n%s%s", err, stdout, stderr)
	}
	if err := json.Unmarshal(stdout, out); err != nil {
		t.Fatalf("driver output: %v\n%s", err, stdout)
	}
	return dir
}
