package install

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Executable returns the path to register for the running binary: the
// absolute form of the path it was started by (os.Args[0], looked up in
// PATH when it has no directory), so that a binary reached through a
// symbolic link (a package manager's bin directory) is registered by the
// link, which survives upgrades; os.Executable when that path is not the
// running file.
func Executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	arg := ""
	if len(os.Args) > 0 {
		arg = os.Args[0]
	}
	p := arg
	if !strings.ContainsRune(arg, filepath.Separator) && !strings.ContainsRune(arg, '/') {
		if p, err = exec.LookPath(arg); err != nil {
			return exe, nil
		}
	}
	if p, err = filepath.Abs(p); err != nil {
		return exe, nil
	}
	a, err1 := os.Stat(p)
	b, err2 := os.Stat(exe)
	if err1 != nil || err2 != nil || !os.SameFile(a, b) {
		return exe, nil
	}
	return p, nil
}
