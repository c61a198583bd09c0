// Package statedir keeps, outside the project tree, what install needs
// to edit a configuration file safely: a lock per file held across its
// read-modify-write, a backup of each version the user wrote, and a note
// of the files and folders install created, so that uninstall removes
// only those.
package statedir

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/internal/sha256"
)

// The installer keeps what it needs outside the project tree, in the
// user's state directory (Dir): $XDG_STATE_HOME/agenthooks, else
// ~/.local/state/agenthooks on Unix, %LocalAppData%\agenthooks on
// Windows. Each configuration file it edits gets a folder named by the
// hash of the file's absolute path (File):
//
//	files/<sha256(path)[:16]>/
//	    path                  the file's path, for people
//	    lock                  the advisory lock held across read-modify-write
//	    <sha256(content)[:16]>.orig
//	                          a version of the file the user wrote, saved
//	                          before install or uninstall replaced it;
//	                          written once, never overwritten
//	    original              the name of the newest .orig
//	    written               the hash of the content we wrote last, so
//	                          that our own text is never saved as the user's
//	    created               present while the file exists because install
//	                          created it; lists the directories it created
//	dirs-<sha256(dir)[:16]>   a directory install created for some file;
//	                          the uninstall that leaves it empty removes it
//	                          (Copilot CLI's .github/hooks holds one file
//	                          per hook binary)
const stateApp = "agenthooks"

// Dir returns the installer's state directory, reading the environment
// through getenv (os.Getenv when nil) and taking home as the user's home
// directory (os.UserHomeDir when empty).
func Dir(getenv func(string) string, home string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if runtime.GOOS == "windows" {
		if d := getenv("LocalAppData"); d != "" {
			return filepath.Join(d, stateApp), nil
		}
	} else if d := getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, stateApp), nil
	}
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no state directory for backups and locks (set XDG_STATE_HOME): %w", err)
		}
		home = h
	}
	if runtime.GOOS == "windows" {
		return filepath.Join(home, "AppData", "Local", stateApp), nil
	}
	return filepath.Join(home, ".local", "state", stateApp), nil
}

// Hash names a file or a content in the state directory: the first 16
// hex digits of the SHA-256 of b.
func Hash(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:8])
}

// File is the state folder of one configuration file.
type File struct {
	dir  string // <state>/files/<hash>
	path string // the configuration file (its real path)
}

// Path returns the configuration file fst keeps the state of.
func (fst *File) Path() string { return fst.path }

// Folder returns fst's folder in the state directory.
func (fst *File) Folder() string { return fst.dir }

// ResolvedPath returns p with the symbolic links of its directory, and of
// the file itself when it points at an existing file, resolved: the file
// a write replaces, and the name every process locks it by.
func ResolvedPath(p string) string {
	if t, err := filepath.EvalSymlinks(p); err == nil {
		return t
	}
	dir, base := filepath.Dir(p), filepath.Base(p)
	for d, rest := dir, ""; ; {
		if t, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(t, rest, base)
		}
		up := filepath.Dir(d)
		if up == d {
			return p
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = up
	}
}

// New returns the state folder of the file at p (a resolved path,
// see ResolvedPath), without creating it.
func New(state, p string) *File {
	key := p
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		key = strings.ToLower(key) // case-insensitive file systems
	}
	return &File{dir: filepath.Join(state, "files", Hash([]byte(key))), path: p}
}

// RemoveStaleTemps removes the temporary files (".name.tmp<digits>") a
// killed write of ours left in the state folder; it runs under the file's
// lock, so none is in use but a "path" of a run that has not taken the
// lock yet (see Init), removed only once a minute old.
func (fst *File) RemoveStaleTemps() {
	ents, err := os.ReadDir(fst.dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		n := e.Name()
		i := strings.LastIndex(n, ".tmp")
		if !strings.HasPrefix(n, ".") || i < 0 || !e.Type().IsRegular() {
			continue
		}
		rest := n[i+len(".tmp"):]
		if rest == "" || strings.Trim(rest, "0123456789") != "" {
			continue
		}
		if n[:i] == ".path" {
			// init writes "path" before it takes the lock: another run's
			// may be in flight; a killed one's is old.
			if fi, err := e.Info(); err != nil || time.Since(fi.ModTime()) < time.Minute {
				continue
			}
		}
		os.Remove(filepath.Join(fst.dir, n))
	}
}

// Init creates the state folder and its "path" file.
func (fst *File) Init() error {
	if err := os.MkdirAll(fst.dir, 0o700); err != nil {
		return fmt.Errorf("state directory (backups and locks; XDG_STATE_HOME chooses another): %w", err)
	}
	pf := filepath.Join(fst.dir, "path")
	if b, err := os.ReadFile(pf); err != nil || string(b) != fst.path+"\n" {
		if err := safefile.AtomicWrite(pf, []byte(fst.path+"\n"), 0o600); err != nil {
			return fmt.Errorf("state directory: %w", err)
		}
	}
	return nil
}

// Backup saves content, a version of the file the user wrote, once: a
// Backup already holding it is kept, and content we wrote ourselves
// (the last text of ours) is not saved. It returns the backup's path, ""
// when nothing needs one.
func (fst *File) Backup(content []byte) (string, error) {
	if content == nil {
		return "", nil
	}
	h := Hash(content)
	if w, err := os.ReadFile(filepath.Join(fst.dir, "written")); err == nil && strings.TrimSpace(string(w)) == h {
		return "", nil
	}
	p := filepath.Join(fst.dir, h+".orig")
	if b, err := os.ReadFile(p); err == nil && string(b) == string(content) {
		return p, nil
	}
	// A file under this name with other content (a hash collision, or
	// a damaged backup) is kept; this version goes next to it.
	for i := 1; FileExists(p); i++ {
		p = filepath.Join(fst.dir, fmt.Sprintf("%s-%d.orig", h, i))
	}
	if err := safefile.AtomicWrite(p, content, 0o600); err != nil {
		return "", fmt.Errorf("backup: %w", err)
	}
	if err := safefile.AtomicWrite(filepath.Join(fst.dir, "original"), []byte(filepath.Base(p)+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("backup: %w", err)
	}
	return p, nil
}

// Original returns the last version of the file the user wrote that we
// saved, nil when none.
func (fst *File) Original() []byte {
	name, err := os.ReadFile(filepath.Join(fst.dir, "original"))
	if err != nil {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(fst.dir, filepath.Base(strings.TrimSpace(string(name)))))
	if err != nil {
		return nil
	}
	return b
}

func FileExists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// Wrote records the content we just wrote.
func (fst *File) Wrote(content []byte) error {
	if content == nil {
		return RemoveIfExists(filepath.Join(fst.dir, "written"))
	}
	return safefile.AtomicWrite(filepath.Join(fst.dir, "written"), []byte(Hash(content)+"\n"), 0o600)
}

// SetCreated records that install created the file, and the directories
// it created for it, deepest first.
func (fst *File) SetCreated(dirs []string) error {
	for _, d := range dirs {
		fst.MarkDir(d, true)
	}
	return safefile.AtomicWrite(filepath.Join(fst.dir, "created"), []byte(strings.Join(append([]string{"created"}, dirs...), "\n")+"\n"), 0o600)
}

// Created reports whether install created the file, and the directories
// it created for it.
func (fst *File) Created() (bool, []string) {
	b, err := os.ReadFile(filepath.Join(fst.dir, "created"))
	if err != nil {
		return false, nil
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) == 0 || lines[0] != "created" {
		return false, nil
	}
	var dirs []string
	for _, d := range lines[1:] {
		// Only directories on the file's own path, never anything else.
		if d != "" && filepath.IsAbs(d) && strings.HasPrefix(fst.path, d+string(filepath.Separator)) {
			dirs = append(dirs, d)
		}
	}
	return true, dirs
}

// MarkDir records (or forgets) in the state directory that install
// Created directory d. Several files may share a directory install
// Created for one of them (Copilot CLI's .github/hooks holds one file per
// hook binary): whichever is removed last removes the directory.
func (fst *File) MarkDir(d string, on bool) {
	m := filepath.Join(filepath.Dir(fst.dir), "dirs-"+Hash([]byte(d)))
	if on {
		safefile.AtomicWrite(m, []byte(d+"\n"), 0o600)
		return
	}
	RemoveIfExists(m)
}

// RemoveCreatedDirs removes the empty directories above the file that
// install created for it or for another file (MarkDir), deepest first,
// and stops at the first it cannot remove.
func (fst *File) RemoveCreatedDirs() {
	for d := filepath.Dir(fst.path); filepath.Dir(d) != d; d = filepath.Dir(d) {
		b, err := os.ReadFile(filepath.Join(filepath.Dir(fst.dir), "dirs-"+Hash([]byte(d))))
		if err != nil || string(b) != d+"\n" {
			return
		}
		if err := os.Remove(d); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return
		}
		fst.MarkDir(d, false)
	}
}

func (fst *File) ClearCreated() error {
	return RemoveIfExists(filepath.Join(fst.dir, "created"))
}

func RemoveIfExists(p string) error {
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
