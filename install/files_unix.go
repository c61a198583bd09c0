//go:build unix

package install

import "syscall"

// openNonblock opens a named pipe without waiting for a writer, should
// one replace the file between the check and the open.
const openNonblock = syscall.O_NONBLOCK
