//go:build unix

package main

import (
	"os"
	"syscall"
)

// minorFaults reports the minor page faults of a finished process: on a
// VM where the first touch of a page is slow they are most of a short
// process's cost.
func minorFaults(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return int64(ru.Minflt), true
}
