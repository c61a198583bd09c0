// Package hooklog is a hook's decision log: one JSON object per event
// (a [Line]), appended to a file by every hook process at once, and the
// report that reads it back ([Summarize], [Main]).
//
// A hook binary built with hookmain writes it with --log PATH (--log alone:
// [DefaultPath]), and reads it with "myhook report". A program that builds
// its own [hooks.Server] sets Handlers.OnResult to [Log.Observe].
//
// Many hook processes append to one file at once. Each line is written by
// one write(2) on a file opened with O_APPEND, and is at most [MaxLine]
// bytes, so that lines never interleave or tear. When the file would grow
// past Log.MaxSize it is rotated (PATH to PATH.1, PATH.1 to PATH.2, …,
// Log.Keep files kept) by the one process that holds an flock on
// PATH.lock; a process that still writes to the old file writes to
// PATH.1, whole. (Rotation needs flock: on Windows the file is not
// rotated.) A log that cannot be written never changes the hook's
// answer: the first failure is said once on stderr.
//
// The log's path is within reach of the agent the hook guards, so a
// file is opened as no tool call can turn against the hook: a symbolic
// link at the path is not followed (O_NOFOLLOW), nor a directory that is
// a link the hook's own user could have made (another user's, such as
// root's /tmp on macOS, is); the open never blocks (O_NONBLOCK: a FIFO
// with no reader fails at once); and what was opened must be a regular
// file with one name (a FIFO, a socket, a device, a directory or a hard
// link to another file is refused, with its line on stderr and nothing
// written). The rotation lock is opened the same way and taken without
// blocking, retried for at most 100 ms: a lock held longer (flock
// PATH.lock sleep 999) leaves the line written to the file as it is,
// unrotated, rather than lost or waited for. On Windows a link or a
// file that is not regular is refused before and after the open; hard
// links are not seen there.
package hooklog
