package hooklog

import (
	"errors"
	"io/fs"
)

// errChanged is openFile's error when the path no longer names the file
// opened (a rotation, or a directory swapped for a link and back).
var errChanged = errors.New("the log file changed while it was opened")

// kind names what a file of mode m is, for an error.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}
