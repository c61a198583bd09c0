//go:build !linux

package harness

// stopClineHub does nothing where /proc cannot be read: Cline's hub
// daemon is left running.
func (r *Run) stopClineHub() {}
