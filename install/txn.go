package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/statedir"
)

// A command's writes are one transaction: every file is locked
// (statedir.LockAll) before any is read, all are planned before any is written,
// and when one write fails every file already written is put back byte
// for byte (a file the command created is removed again).

// applied is a file the transaction changed, and how to undo it.
type applied struct {
	c       *Change
	fst     *statedir.File
	target  string      // the file written (the symbolic link's target)
	mode    fs.FileMode // the file's permissions
	dirs    []string    // directories created for it, deepest first
	written []byte      // the state folder's "written" before
}

// CommitError is returned when a write of Install or Uninstall failed
// after the plan succeeded. Every file written before the failure was
// put back, except those listed in NotRestored.
type CommitError struct {
	// Failed is the change whose write failed, and Err why.
	Failed *Change
	Err    error
	// Restored lists the files put back as they were (removed again
	// when the command had created them).
	Restored []string
	// NotRestored says, per file, why it could not be put back and
	// where its previous content is.
	NotRestored []string
}

// Error says what failed and what was undone.
func (e *CommitError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %s: %v", e.Failed.Host, e.Failed.Scope, e.Failed.Path, e.Err)
	for _, r := range e.Restored {
		b.WriteString("\nrestored " + r)
	}
	for _, r := range e.NotRestored {
		b.WriteString("\nNOT RESTORED " + r)
	}
	if len(e.NotRestored) == 0 {
		b.WriteString("\nnothing was changed")
	}
	return b.String()
}

// Unwrap returns the write's error.
func (e *CommitError) Unwrap() error { return e.Err }

// commit writes every changed file of changes, or none.
func commit(changes []Change, fsts []*statedir.File) error {
	var done []*applied
	for i := range changes {
		c := &changes[i]
		if !c.Changed() {
			continue
		}
		a, err := apply(c, fsts[i])
		if err != nil {
			ce := &CommitError{Failed: c, Err: err}
			for j := len(done) - 1; j >= 0; j-- {
				if msg, err := done[j].undo(); err != nil {
					ce.NotRestored = append(ce.NotRestored, msg+": "+err.Error())
				} else {
					ce.Restored = append(ce.Restored, msg)
				}
			}
			return ce
		}
		done = append(done, a)
	}
	// A directory one removed file's install created may have held
	// another's: try them all again, deepest first.
	var dirs []string
	for _, a := range done {
		if a.c.Deleted {
			dirs = append(dirs, a.dirs...)
		}
	}
	sort.Slice(dirs, func(i, j int) bool { return len(dirs[i]) > len(dirs[j]) })
	for _, d := range dirs {
		os.Remove(d)
	}
	return nil
}

// apply writes one change (or removes the file, for c.Deleted); on error
// it leaves the file as it was.
func apply(c *Change, fst *statedir.File) (*applied, error) {
	if err := unchanged(c); err != nil {
		return nil, err
	}
	var err error
	a := &applied{c: c, fst: fst, target: statedir.ResolvedPath(c.Path), mode: 0o644}
	if c.exec {
		a.mode = 0o755
	}
	a.written, _ = os.ReadFile(fst.Folder() + string(os.PathSeparator) + "written")
	if fi, err := os.Stat(a.target); err == nil {
		a.mode = fi.Mode().Perm()
	}
	if c.Deleted {
		_, a.dirs = fst.Created()
		if c.Backup, err = fst.Backup(c.Before); err != nil {
			return nil, err
		}
		if safefile.TestFault != nil {
			if err := safefile.TestFault(a.target); err != nil {
				return nil, err
			}
		}
		if err := os.Remove(a.target); err != nil {
			return nil, err
		}
		safefile.RemoveEmptyDirs(a.dirs)
		fst.RemoveCreatedDirs()
		fst.ClearCreated()
		fst.Wrote(nil)
		return a, nil
	}
	if c.Backup, err = fst.Backup(c.Before); err != nil {
		return nil, err
	}
	if c.Before == nil {
		if a.dirs, err = safefile.Mkdirs(filepath.Dir(a.target)); err != nil {
			return nil, err
		}
		if err := fst.SetCreated(a.dirs); err != nil {
			safefile.RemoveEmptyDirs(a.dirs)
			return nil, err
		}
	}
	if runtime.GOOS == "windows" && c.Before != nil && a.mode&0o200 == 0 {
		// Windows does not rename over a read-only file (--force): clear
		// the attribute; the new file gets it back from a.mode.
		os.Chmod(a.target, 0o666)
	}
	if err := safefile.Replace(a.target, c.After, a.mode, func() error { return unchanged(c) }); err != nil {
		if runtime.GOOS == "windows" && c.Before != nil {
			os.Chmod(a.target, a.mode)
		}
		if c.Before == nil {
			fst.ClearCreated()
			safefile.RemoveEmptyDirs(a.dirs)
		}
		return nil, err
	}
	fst.Wrote(c.After)
	return a, nil
}

// errChanged is the "file changed" error: another program (a host, an
// editor) wrote the file between our read and our write.
var errChanged = errors.New("the file changed while it was being edited (by a program that does not take our lock); nothing of it was overwritten; run again")

// unchanged checks that c's file still holds c.Before. apply calls it
// before the backups, and again immediately before the rename, after the
// backups and the new content are written, so that a save by a host or an
// editor in between is the "file changed" error, not overwritten.
func unchanged(c *Change) error {
	cur, err := safefile.Read(c.Path)
	if err != nil {
		return err
	}
	if (cur == nil) != (c.Before == nil) || string(cur) != string(c.Before) {
		return errChanged
	}
	return nil
}

// undo puts the file back as it was before apply, and says what it did.
func (a *applied) undo() (string, error) {
	c := a.c
	name := fmt.Sprintf("%s %s %s", c.Host, c.Scope, c.Path)
	restoreWritten := func() {
		if a.written == nil {
			a.fst.Wrote(nil)
		} else {
			safefile.AtomicWrite(a.fst.Folder()+string(os.PathSeparator)+"written", a.written, 0o600)
		}
	}
	if c.Before == nil {
		if err := os.Remove(a.target); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return name + " (install created it)", err
		}
		safefile.RemoveEmptyDirs(a.dirs)
		a.fst.ClearCreated()
		restoreWritten()
		return name + " (removed again: the command had created it)", nil
	}
	if c.Deleted {
		if _, err := safefile.Mkdirs(filepath.Dir(a.target)); err != nil {
			return name, err
		}
	}
	if runtime.GOOS == "windows" && a.mode&0o200 == 0 {
		os.Chmod(a.target, 0o666)
	}
	if err := safefile.AtomicWrite(a.target, c.Before, a.mode); err != nil {
		where := "nowhere else"
		if c.Backup != "" {
			where = c.Backup
		}
		return name + " (its previous content is in " + where + ")", err
	}
	if c.Deleted {
		a.fst.SetCreated(a.dirs)
	}
	restoreWritten()
	return name, nil
}

// checkWritable refuses, before anything is written, a change whose
// result is over safefile.MaxFileSize (it could never be read again, so never
// uninstalled) or whose file a replacement would not keep as it is to its
// users (see safefile.CheckReplaceable).
func (c *Change) checkWritable() error {
	if !c.Changed() || c.Deleted {
		return nil
	}
	if len(c.After) > safefile.MaxFileSize {
		return fmt.Errorf("%w: with our entries it would be %.1f MiB, over the %d MiB limit for a settings file (nothing could read it again, not even uninstall)", safefile.ErrOddFile, float64(len(c.After))/(1<<20), safefile.MaxFileSize>>20)
	}
	if c.Before == nil {
		return nil
	}
	return safefile.CheckReplaceable(statedir.ResolvedPath(c.Path))
}

// MaxFileSize is the size of the largest configuration file Install,
// Uninstall and Doctor read; a bigger one is refused unread.
const MaxFileSize = safefile.MaxFileSize

// StateDir returns the user's state directory for this module's files:
// $XDG_STATE_HOME/agenthooks, else ~/.local/state/agenthooks on Unix,
// %LocalAppData%\agenthooks on Windows (the installer keeps its backups
// and locks there; a hook's default decision log is there too).
func StateDir() (string, error) { return statedir.Dir(nil, "") }

// edit is Install and Uninstall: it finds each host's file for o.Scope
// (check, when not nil, vets each host first; more, the other files of a
// host to plan, or an error that stops it), locks the files, plans each
// change and, unless o.DryRun, commits them all or none.
func edit(o Options, check func(*host) error, more func(h *host, scope Scope, p string, e env) ([]string, error),
	plan func(h *host, scope Scope, p string, fst *statedir.File) (*Change, error)) ([]Change, error) {
	hs, e, err := o.prepare()
	if err != nil {
		return nil, err
	}
	if check != nil {
		// Install: the binary a portable command names must be there.
		if err := o.checkTarget(e); err != nil {
			return nil, err
		}
	}
	scope := o.Scope
	if scope == "" {
		scope = Project
	}
	type file struct {
		h *host
		p string
	}
	var files []file
	for _, h := range hs {
		p := h.path(scope, e)
		if p == "" && scope == Managed && (o.Hosts != nil || check != nil) {
			// Never another file instead: the host is named, and left out.
			return nil, usageError{h.noManaged(e.goos)}
		}
		if p == "" {
			if o.Hosts != nil && h.UserOnly != "" {
				return nil, usageError{fmt.Errorf("%s has no %s scope: %s", h.name, scope, h.UserOnly)}
			}
			if o.Hosts != nil {
				return nil, usageError{fmt.Errorf("%s has no %s scope", h.name, scope)}
			}
			continue
		}
		if check != nil {
			if err := check(h); err != nil {
				return nil, usageError{err}
			}
		}
		if h.Format == hostfacts.FormatScripts {
			for _, native := range h.scriptEvents() {
				files = append(files, file{h, filepath.Join(p, native)})
			}
			continue
		}
		files = append(files, file{h, p})
		extra, err := more(h, scope, p, e)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %s: %w", h.name, scope, p, err)
		}
		for _, q := range extra {
			files = append(files, file{h, q})
		}
	}
	state, err := statedir.Dir(e.getenv, e.home)
	if err != nil {
		return nil, err
	}
	fsts := make([]*statedir.File, len(files))
	for i, f := range files {
		fsts[i] = statedir.New(state, statedir.ResolvedPath(f.p))
	}
	if !o.DryRun {
		for _, fst := range fsts {
			if err := fst.Init(); err != nil {
				return nil, err
			}
		}
		release, err := statedir.LockAll(fsts)
		if err != nil {
			return nil, err
		}
		defer release()
	}
	var changes []Change
	var cfsts []*statedir.File
	var errs []error
	for i, f := range files {
		var stale []string
		if !o.DryRun {
			stale = safefile.RemoveStaleTemps(fsts[i].Path())
			fsts[i].RemoveStaleTemps()
		}
		c, err := plan(f.h, scope, f.p, fsts[i])
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %s: %s: %w", f.h.name, scope, f.p, err))
			continue
		}
		if c == nil {
			continue
		}
		for _, s := range stale {
			c.Notes = append(c.Notes, "removed a temporary file a killed write of ours left: "+s)
		}
		if err := c.checkWritable(); err != nil {
			errs = append(errs, fmt.Errorf("%s %s: %s: %w", f.h.name, scope, f.p, err))
		}
		if c.Changed() && c.Before != nil && !o.Force && safefile.ReadOnly(c.Path) {
			errs = append(errs, fmt.Errorf("%s %s: %s: the file is read-only; pass --force to replace it anyway (it keeps its permissions)", f.h.name, scope, f.p))
		}
		changes = append(changes, *c)
		cfsts = append(cfsts, fsts[i])
	}
	if len(errs) > 0 {
		return changes, errors.Join(errs...)
	}
	if o.DryRun {
		return changes, nil
	}
	if err := commit(changes, cfsts); err != nil {
		return changes, err
	}
	return changes, nil
}
