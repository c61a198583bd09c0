package hooklog

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/agenthooks/hooks"
)

// The defaults of a Log.
const (
	DefaultMaxSize = 16 << 20 // bytes of the current file before it is rotated
	DefaultKeep    = 3        // rotated files kept (PATH.1 … PATH.3)
)

// A Log appends [Line]s to a file. The zero value is not usable: see
// [Open]. A Log is safe for concurrent use, and any number of processes
// may write the same file.
type Log struct {
	// Path is the log file.
	Path string
	// MaxSize is the size at which the file is rotated (DefaultMaxSize
	// when 0; below 0, never).
	MaxSize int64
	// Keep is the number of rotated files kept (DefaultKeep when 0).
	Keep int
	// Stderr is where the first failure to write is said (nil: nowhere).
	Stderr io.Writer

	once sync.Once
}

// Open returns a Log of the file at path, which it creates (with its
// directory) on the first write. Failures go to stderr, once.
func Open(path string, stderr io.Writer) *Log {
	return &Log{Path: path, Stderr: stderr}
}

// DefaultPath is the log of the program named program when --log names
// no file: decisions/PROGRAM.jsonl in stateDir (the user's state
// directory, as install.StateDir returns it).
func DefaultPath(stateDir, program string) string {
	program = strings.TrimSuffix(filepath.Base(program), ".exe")
	return filepath.Join(stateDir, "decisions", program+".jsonl")
}

// Observe writes r's line; its signature is that of Handlers.OnResult. A
// failure is reported once on Stderr and otherwise ignored: the log never
// changes an answer.
func (l *Log) Observe(r hooks.Record) {
	ln := LineOf(r)
	ln.User, ln.Machine = who()
	if err := l.Write(ln); err != nil {
		l.once.Do(func() {
			if l.Stderr != nil {
				fmt.Fprintf(l.Stderr, "hooks: the decision log cannot be written (the answer is unchanged): %v\n", err)
			}
		})
	}
}

// Write appends ln to the log, rotating the file first when it would grow
// past MaxSize.
func (l *Log) Write(ln Line) error {
	b := ln.Marshal()
	f, err := l.open()
	if err != nil {
		return err
	}
	if max := l.maxSize(); max > 0 {
		if fi, err := f.Stat(); err == nil && fi.Size() > 0 && fi.Size()+int64(len(b)) > max {
			f, err = l.rotate(f, fi, int64(len(b)))
			if err != nil {
				return err
			}
		}
	}
	n, err := f.Write(b) // one write of a whole line, O_APPEND
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && n != len(b) {
		err = io.ErrShortWrite
	}
	return err
}

func (l *Log) maxSize() int64 {
	if l.MaxSize == 0 {
		return DefaultMaxSize
	}
	return l.MaxSize
}

func (l *Log) keep() int {
	if l.Keep <= 0 {
		return DefaultKeep
	}
	return l.Keep
}

// open opens the log for appending, creating it and its directory, as
// openFile opens the log's files (no link followed, no blocking, a
// regular file of one name only). A path that changed while it was
// opened (a rotation by another process) is opened again.
func (l *Log) open() (*os.File, error) {
	if l.Path == "" {
		return nil, errors.New("no log file named")
	}
	const flag = os.O_WRONLY | os.O_APPEND | os.O_CREATE
	for try := 0; ; try++ {
		f, err := openFile(l.Path, flag, 0o600)
		if errors.Is(err, os.ErrNotExist) {
			if err := os.MkdirAll(filepath.Dir(l.Path), 0o700); err != nil {
				return nil, err
			}
			f, err = openFile(l.Path, flag, 0o600)
		}
		if errors.Is(err, errChanged) && try < 3 {
			continue
		}
		return f, err
	}
}

// rotate renames the full file away under the lock, unless another
// process has already done it, and returns the file now at Path. f, whose
// stat is fi, is closed.
func (l *Log) rotate(f *os.File, fi os.FileInfo, need int64) (*os.File, error) {
	unlock, err := lock(l.Path+".lock", lockWait)
	if err != nil {
		// Without the lock (held by another process past lockWait, or
		// not a file of ours), write to the file as it is: a log over
		// its size is better than a lost line or a hook that waits.
		return f, nil
	}
	defer unlock()
	if cur, err := os.Stat(l.Path); err == nil && os.SameFile(cur, fi) && cur.Size()+need > l.maxSize() {
		keep := l.keep()
		for i := keep - 1; i >= 1; i-- {
			os.Rename(rotated(l.Path, i), rotated(l.Path, i+1)) // a missing one is fine
		}
		if err := os.Rename(l.Path, rotated(l.Path, 1)); err != nil {
			return f, nil
		}
	}
	f.Close()
	return l.open()
}

// lockWait is how long a process that would rotate the log waits for the
// lock: rotating takes another process a few renames, so a lock held
// longer is held by something else (flock LOG.lock sleep 999).
const lockWait = 100 * time.Millisecond

// rotated is the name of the i-th rotated file.
func rotated(path string, i int) string { return path + "." + strconv.Itoa(i) }

// who returns the user's login name, from the environment a login sets
// ($USER, else $LOGNAME, else Windows' $USERNAME), and this machine's
// host name; "" for what cannot be told.
func who() (user, machine string) {
	for _, k := range []string{"USER", "LOGNAME", "USERNAME"} {
		if user = os.Getenv(k); user != "" {
			break
		}
	}
	machine, _ = os.Hostname()
	return user, machine
}
