package policy

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"time"
)

// maxCached bounds the files a [Cache] keeps: a gateway sees one project
// file per working directory its hosts send.
const maxCached = 1024

// A Cache loads policy files for a long-running server (a gateway) and
// reloads each when it changes (its size or modification time), without
// holding up a request: each call stats the files, re-reads only a
// changed one, and requests in flight keep the [Set] they got. A file
// that changes into one that cannot be used keeps the last good version,
// and the cache says so on Stderr, once per change; a file with no good
// version fails as [LoadFiles] does. The zero Cache is ready to use,
// writing nothing.
type Cache struct {
	// Stderr receives one line per broken change, naming the file.
	Stderr io.Writer

	mu    sync.Mutex
	files map[string]*cached
}

// cached is one file's last good version and the stamp of what is on
// disk now.
type cached struct {
	size  int64
	mod   time.Time
	good  *File // nil when it never parsed
	err   error // the error of the version on disk, nil when it is good
	since time.Time
}

// Load is [Load] through the cache.
func (c *Cache) Load(cwd string) (*Set, error) { return c.LoadFiles(Paths(cwd)) }

// LoadFiles is [LoadFiles] through the cache.
func (c *Cache) LoadFiles(paths [3]string) (*Set, error) {
	var files []*File
	for i, p := range paths {
		if p == "" {
			continue
		}
		f, err := c.file(p, Layer(i))
		if err != nil {
			return nil, err
		}
		if f != nil {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return nil, nil
	}
	return NewSet(files...)
}

// file returns the usable version of the file at p, nil when there is
// none on disk.
func (c *Cache) file(p string, l Layer) (*File, error) {
	st, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		c.mu.Lock()
		delete(c.files, p)
		c.mu.Unlock()
		return nil, nil
	}
	if err != nil {
		return nil, &Error{File: p, Msg: err.Error()}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.files[p]
	if e != nil && e.size == st.Size() && e.mod.Equal(st.ModTime()) {
		if e.good != nil && e.good.Layer == l {
			return e.good, nil
		}
		if e.good == nil {
			return nil, e.err
		}
	}
	f, err := ReadFile(p, l)
	if errors.Is(err, fs.ErrNotExist) {
		delete(c.files, p)
		return nil, nil
	}
	if c.files == nil {
		c.files = map[string]*cached{}
	}
	if e == nil {
		if len(c.files) >= maxCached {
			for k := range c.files {
				delete(c.files, k)
				break
			}
		}
		e = &cached{}
		c.files[p] = e
	}
	e.size, e.mod = st.Size(), st.ModTime()
	if err != nil {
		var pe *Error
		if !errors.As(err, &pe) {
			err = &Error{File: p, Msg: err.Error()}
		}
		e.err = err
		if e.good != nil && e.good.Layer == l {
			if c.Stderr != nil {
				fmt.Fprintf(c.Stderr, "policy: %v; keeping the version read at %s\n", err, e.since.UTC().Format(time.RFC3339))
			}
			return e.good, nil
		}
		return nil, err
	}
	e.good, e.err, e.since = f, nil, time.Now()
	return f, nil
}
