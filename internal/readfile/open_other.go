//go:build !unix

package readfile

import (
	"os"
)

// open opens path for reading; a path that is neither a regular file
// nor a directory is refused before it is opened.
func open(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() && !fi.IsDir() {
		return nil, ErrNotRegular
	}
	return os.Open(path)
}
