//go:build !unix

package main

import "os"

// minorFaults reports that this OS gives no page-fault count.
func minorFaults(*os.ProcessState) (int64, bool) { return 0, false }
