//go:build !unix

package safefile

import "os"

const openNonblock = 0

// CheckReplaceable refuses nothing here: Windows files have no owner to keep
// through a rename, and a hard link there is rare.
func CheckReplaceable(string) error { return nil }

// keepOwner does nothing here (see CheckReplaceable).
func keepOwner(*os.File, string) error { return nil }
