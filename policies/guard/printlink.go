package guard

import (
	"os"
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
// redirection of s writes, that is such a link.
func (at *place) archiveToPrintLink(s *shell.Script, c *shell.Command) (string, bool) {
	if !archiver(c.Name) {
		return "", false
	}
	// Its own writes (tar -f o), and the script's redirections (a
	// redirection is no command's: tar cf - app > o).
	var outs []shell.Word
	for _, e := range c.Effects {
		if e.Kind == shell.Writes {
			outs = append(outs, e.Path)
		}
	}
	for _, w := range s.Writes {
		if !w.Delete && !w.Maybe && strings.Contains(w.By, ">") {
			outs = append(outs, w.Path)
		}
	}
	for _, o := range outs {
		if o.Dynamic || o.Value == "" {
			continue
		}
		p := o.Value
		if made(s, p) {
			return p, true
		}
		if at.dir == "" || !isAbs(at.dir) || at.cfg != nil && at.cfg.Away {
			continue
		}
		full := filepath.FromSlash(joinPath(at.dir, p))
		fi, err := os.Lstat(full)
		if err != nil {
			continue
		}
		if fi.Mode()&os.ModeCharDevice != 0 && full != os.DevNull {
			return p, true
		}
		if fi.Mode()&os.ModeSymlink != 0 {
			if t, err := filepath.EvalSymlinks(full); err != nil || printDevice(filepath.ToSlash(t)) {
				return p, true // a link to the output, or one that cannot be followed now
			}
			if t, err := os.Readlink(full); err == nil && printDevice(filepath.ToSlash(t)) {
				return p, true
			}
		}
	}
	return "", false
}

// made reports whether a link command of s makes a link named p to the
// output or a terminal (ln -s /dev/stdout p).
func made(s *shell.Script, p string) bool {
	for _, c := range s.Commands {
		if !c.MakesLinks() {
			continue
		}
		dev, named := false, false
		for _, a := range c.Args[1:] {
			dev = dev || a.Dynamic || printDevice(a.Value)
			named = named || a.Dynamic || a.Value == p || strings.HasSuffix(p, "/"+a.Value) || strings.HasSuffix(a.Value, "/"+p)
		}
		if dev && named {
			return true
		}
	}
	return false
}
