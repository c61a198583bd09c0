//go:build linux

package procout

import (
	"os"
	"syscall"
)

// stdoutClosedAtStart reports whether the process started with its
// standard output closed. The Go runtime then opens the null device in
// its place, read-write (runtime.checkfds), so that an answer written
// there would vanish with no error; a shell's "> /dev/null" opens it
// write-only, and is left alone. A parent that gives its child the null
// device read-write on purpose (Node's stdio "ignore", as Qwen Code's
// MessageDisplay supervisor does) cannot be told apart: it is reported
// too, and the root package's Result.Write exits with the answer's own code where the
// host acts on no answer.
func stdoutClosedAtStart() bool {
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 1, syscall.F_GETFL, 0)
	if errno != 0 || flags&syscall.O_ACCMODE != syscall.O_RDWR {
		return false
	}
	fi, err := os.Stdout.Stat()
	null, err2 := os.Stat(os.DevNull)
	return err == nil && err2 == nil && os.SameFile(fi, null)
}
