//go:build linux

package harness

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// stopClineHub kills the hub daemons that cline processes of the run
// left: the processes whose environment holds the run's HOME (the daemon
// runs detached, in a session of its own, outside the run's directories).
func (r *Run) stopClineHub() {
	if r.clineHubPort == 0 {
		return
	}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	home := []byte("\x00HOME=" + r.Home + "\x00")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil || !strings.Contains("\x00"+string(env), string(home)) {
			continue
		}
		syscall.Kill(pid, syscall.SIGKILL)
	}
}
