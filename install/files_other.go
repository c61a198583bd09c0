//go:build !unix

package install

import "os"

const openNonblock = 0

// fileChecks refuses nothing here: Windows files have no owner to keep
// through a rename, and a hard link there is rare.
func fileChecks(string) error { return nil }

// keepOwner does nothing here (see fileChecks).
func keepOwner(*os.File, string) error { return nil }
