package statedir

import (
	"fmt"
	"os"
	"sort"
	"time"
)

// LockWait is how long a command waits for another install, uninstall
// or doctor of ours to be done with a file.
var LockWait = 2 * time.Minute

// Lock is an advisory lock on one file's state folder, held across
// the file's read-modify-write: flock(2) on Unix, LockFileEx on Windows.
// The kernel drops it when the process dies, so a killed install never
// leaves a stale lock.
type Lock struct {
	f *os.File
}

// Lock takes the lock of fst, waiting up to LockWait for another
// process to release it.
func (fst *File) Lock() (*Lock, error) {
	p := fst.dir + string(os.PathSeparator) + "lock"
	f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	deadline := time.Now().Add(LockWait)
	wait := time.Millisecond
	for {
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", p, err)
		}
		if ok {
			return &Lock{f: f}, nil
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("another install or uninstall has been editing %s for %s (it holds %s); run again once it is done", fst.path, LockWait, p)
		}
		time.Sleep(wait)
		wait = min(2*wait, 20*time.Millisecond)
	}
}

func (l *Lock) Unlock() {
	unlockFile(l.f)
	l.f.Close()
}

// LockAll locks every file's state folder, in one global order (by
// folder) so that two commands locking overlapping sets cannot deadlock,
// and returns the function that releases them.
func LockAll(fsts []*File) (func(), error) {
	sorted := append([]*File(nil), fsts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].dir < sorted[j].dir })
	var held []*Lock
	release := func() {
		for i := len(held) - 1; i >= 0; i-- {
			held[i].Unlock()
		}
	}
	for i, fst := range sorted {
		if i > 0 && fst.dir == sorted[i-1].dir {
			continue
		}
		l, err := fst.Lock()
		if err != nil {
			release()
			return nil, err
		}
		held = append(held, l)
	}
	return release, nil
}
