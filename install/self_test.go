package install

import (
	"os"
	"path/filepath"
	"testing"
)

func TestExecutable(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	link := filepath.Join(t.TempDir(), "guard")
	if err := os.Symlink(exe, link); err != nil {
		t.Skip(err)
	}
	saved := os.Args[0]
	defer func() { os.Args[0] = saved }()

	os.Args[0] = link
	if got, err := Executable(); err != nil || got != link {
		t.Errorf("started by a link: %q, %v; want the link %q", got, err, link)
	}
	os.Args[0] = filepath.Join(t.TempDir(), "not-this-binary")
	if got, _ := Executable(); got != exe {
		t.Errorf("unrelated argv[0]: %q, want %q", got, exe)
	}
	t.Setenv("PATH", filepath.Dir(link))
	os.Args[0] = "guard"
	if got, _ := Executable(); got != link {
		t.Errorf("found in PATH: %q, want %q", got, link)
	}
}
