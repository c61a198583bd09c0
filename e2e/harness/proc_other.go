//go:build !unix

package harness

import "os/exec"

// inGroup only makes cancelling kill the process where process groups are
// not available.
func inGroup(cmd *exec.Cmd) {}

// killGroup kills the process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
