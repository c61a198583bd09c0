//go:build linux

package harness

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// killStrays kills processes left running in the run's directories:
// children that escaped the client's process group (a tool command the
// client started in its own group or session). It returns how many it
// killed.
func killStrays(root string) int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	self := os.Getpid()
	n := 0
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		cwd, err := os.Readlink(filepath.Join("/proc", e.Name(), "cwd"))
		if err != nil || (cwd != root && !strings.HasPrefix(cwd, root+string(filepath.Separator))) {
			continue
		}
		if syscall.Kill(pid, syscall.SIGKILL) == nil {
			n++
		}
	}
	return n
}
