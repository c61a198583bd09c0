package readfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestRegular(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("rm -rf src\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if s, err := Regular(small, 64); err != nil || s != "rm -rf src\n" {
		t.Errorf("Regular(small) = %q, %v", s, err)
	}
	if _, err := Regular(small, 4); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Regular(small, 4) = %v, want ErrTooLarge", err)
	}
	if _, err := Regular(filepath.Join(dir, "none"), 64); !Missing(err) {
		t.Errorf("Regular(none) = %v, want a missing file", err)
	}
	if _, err := Regular(dir, 64); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Regular(dir) = %v, want ErrNotRegular", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(small, link); err == nil {
		if s, err := Regular(link, 64); err != nil || s != "rm -rf src\n" {
			t.Errorf("Regular(link) = %q, %v", s, err)
		}
	}
}
