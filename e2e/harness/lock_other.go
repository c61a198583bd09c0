//go:build !unix

package harness

import "context"

// lockFile is a no-op where flock does not exist.
func lockFile(ctx context.Context, path string) (func(), error) { return func() {}, nil }
