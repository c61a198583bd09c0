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
package hooklog
