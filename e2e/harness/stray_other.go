//go:build !linux

package harness

// killStrays is a no-op where /proc does not exist: the process-group
// kill is all there is.
func killStrays(root string) int { return 0 }
