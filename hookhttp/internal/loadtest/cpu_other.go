//go:build !unix

package main

import "time"

// cpuTime is the process's CPU time so far: unknown (0) on systems
// without getrusage, where the report's CPU columns read 0.
func cpuTime() time.Duration { return 0 }
