package hooks

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines is the most lines a non-test Go file of the module may have
// outside bench/ and e2e/: past it, a file does more than one job and is
// split where the split names a job.
const maxLines = 500

// TestFileSizes fails when a non-test Go file of the module (nested
// modules, testdata, bench/ and e2e/ aside) is over maxLines lines.
func TestFileSizes(t *testing.T) {
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p == "." {
				return nil
			}
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules" || p == "bench" || p == "e2e" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if n := bytes.Count(b, []byte("\n")); n > maxLines {
			t.Errorf("%s has %d lines, more than %d: split it along its jobs", filepath.ToSlash(p), n, maxLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
