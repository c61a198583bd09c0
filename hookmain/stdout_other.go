//go:build !linux

package hookmain

// stdoutClosedAtStart reports whether the process started with its
// standard output closed; it is known on Linux only.
func stdoutClosedAtStart() bool { return false }
