package guard

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on an archive written through a link to the output (issue 38):
// `tar czf - app > out.tgz` and `tar czf out.tgz app` write the archive
// to a file, which shows the model nothing, unless the file is a link to
// the output. Under bash, with `ln -s /dev/stdout o` made by an earlier
// call or the same command, `tar cf o app` and `tar cf - app > o`
// printed app/.env's text. An archiver that writes to a name that on
// disk is a link to the output or a terminal, or that a link command of
// the same script makes one, is denied.

// archiver reports whether name is a program whose writes are an archive
// of the folders it reads.
func archiver(name string) bool {
	switch name {
	case "tar", "bsdtar", "gtar", "zip", "pax", "7z", "7za", "7zr", "cpio", "ar":
		return true
	}
	return false
}

// printDevice reports whether p names the output, the error stream or a
// terminal: a write to it is shown.
func printDevice(p string) bool {
	switch p {
	case "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/console":
		return true
	}
	return strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/dev/pts/") ||
		strings.HasPrefix(p, "/proc/") && strings.Contains(p, "/fd/")
}

// archiveToPrintLink returns the name an archiver c of script s writes
// its archive through to the output: one it writes, or one a
// redirection of s writes, that is such a link. What it asks of the disk
// and of s's link commands is asked once a script (printLinkMemo):
// 3,000 `tar czf - app > oN.tgz` took 100 s when each archiver looked
// at every redirection and each of those at every command.
func (at *place) archiveToPrintLink(s *shell.Script, c *shell.Command) (string, bool) {
	if !archiver(c.Name) {
		return "", false
	}
	m := at.printLinkMemo(s)
	for _, e := range c.Effects {
		if e.Kind == shell.Writes {
			if p, ok := m.isPrintLink(at, e.Path); ok {
				return p, true
			}
		}
	}
	// The script's redirections (a redirection is no command's: tar cf
	// - app > o), looked at once.
	if !m.redirsDone {
		m.redirsDone = true
		for _, w := range s.Writes {
			if !w.Delete && !w.Maybe && strings.Contains(w.By, ">") {
				if p, ok := m.isPrintLink(at, w.Path); ok {
					m.redir = p
					break
				}
			}
		}
	}
	return m.redir, m.redir != ""
}

// printLinks is what archiveToPrintLink learns of a script: the names its
// link commands may make to the output (by base name; any, when one of
// their words is known only at run time), the paths looked at on disk,
// and the first redirection through such a link.
type printLinks struct {
	s          *shell.Script
	made       map[string]bool
	anyMade    bool
	seen       map[string]bool
	redirsDone bool
	redir      string
}

// printLinkMemo returns s's printLinks, made once.
func (at *place) printLinkMemo(s *shell.Script) *printLinks {
	if at.printMemo != nil && at.printMemo.s == s {
		return at.printMemo // a place copied for another script (a file's commands) makes its own
	}
	m := &printLinks{s: s, made: map[string]bool{}, seen: map[string]bool{}}
	for _, c := range s.Commands {
		if c.Name == "mkfifo" || c.Name == "mknod" {
			// A pipe another command of the script reads and prints
			// (mkfifo o; cat o & tar cf o app).
			for _, a := range c.Args[1:] {
				m.made[path.Base(a.Value)] = true
				m.anyMade = m.anyMade || a.Dynamic
			}
			continue
		}
		if !c.MakesLinks() {
			continue
		}
		dev, dyn := false, false
		for _, a := range c.Args[1:] {
			dev = dev || a.Dynamic || printDevice(a.Value)
			dyn = dyn || a.Dynamic
		}
		if !dev {
			continue
		}
		m.anyMade = m.anyMade || dyn
		for _, a := range c.Args[1:] {
			m.made[path.Base(a.Value)] = true
		}
	}
	at.printMemo = m
	return m
}

// isPrintLink reports whether the written path w is a link to the output
// or a terminal: one the script's link commands make (ln -s /dev/stdout
// o) or a pipe it makes, or one on disk (a link an earlier call made, a
// device, a named pipe).
func (m *printLinks) isPrintLink(at *place, w shell.Word) (string, bool) {
	if w.Dynamic || w.Value == "" {
		return "", false
	}
	p := w.Value
	if m.anyMade || m.made[path.Base(p)] {
		return p, true
	}
	if at.dir == "" || !isAbs(at.dir) || at.cfg != nil && at.cfg.Away || m.seen[p] {
		return "", false
	}
	m.seen[p] = true
	full := filepath.FromSlash(joinPath(at.dir, p))
	fi, err := os.Lstat(full)
	switch {
	case err != nil:
		return "", false
	case fi.Mode()&os.ModeCharDevice != 0 && full != os.DevNull, fi.Mode()&os.ModeNamedPipe != 0:
		return p, true // a device, or a pipe a process may print
	case fi.Mode()&os.ModeSymlink != 0:
		if t, err := filepath.EvalSymlinks(full); err != nil || printDevice(filepath.ToSlash(t)) {
			return p, true // a link to the output, or one that cannot be followed now
		}
		if t, err := os.Readlink(full); err == nil && printDevice(filepath.ToSlash(t)) {
			return p, true
		}
	}
	return "", false
}
