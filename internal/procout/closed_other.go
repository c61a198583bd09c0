//go:build !linux

package procout

// stdoutClosedAtStart reports whether the process started with its
// standard output closed; it is known on Linux only.
func stdoutClosedAtStart() bool { return false }
