package guard

import (
	"errors"
	"os"
	"strings"

	"github.com/agenthooks/hooks/internal/members"
	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on a command that reads an archive's own bytes (issue 38): a tar
// holds its members' text as it is, so `cat x.tar` printed the KEY= of
// the app/.env that `tar cf x.tar app` put in it, and `zcat x.tgz`,
// `gzip -dc x.tgz` and `base64 x.tgz` print it decompressed or encoded.
// A read of a file named as an archive (archiveBytesName) by a program
// other than an archiver (whose reads list or extract it, judged by rules
// 3 and 7 apart), a copy on this machine or a checksum is judged as the
// members it holds: its names are read,
// bounded, as for tar xO (findMember). A compressed file that holds no
// archive (`zcat log.gz`) passes; one that cannot be listed is denied; a
// file by another name holding an archive is not looked into.

// archiveBytesName reports whether v is named as an archive whose members
// a read of its bytes shows: a tar (compressed or not), zip (jar, war),
// ar, 7z or cpio, or a compressed file (.gz, …), which may hold a tar.
func archiveBytesName(v string) bool {
	i := strings.LastIndexByte(v, '.')
	if i < 0 {
		return false
	}
	switch v[i+1:] {
	case "tar", "tgz", "tbz", "tbz2", "txz", "tzst", "gz", "bz2", "xz", "zst", "zip", "jar", "war", "a", "7z", "cpio":
		return true
	}
	return false
}

// archiveReader reports whether program name reads archives as archives
// (its reads list or extract them; a From read prints members), or reads
// a file without showing its bytes: copies it on this machine (a copy of
// a credential file is rule 3's) or prints its checksum or type.
func archiveReader(name string) bool {
	switch name {
	case "tar", "bsdtar", "gtar", "zip", "unzip", "7z", "7za", "7zr", "ar", "cpio", "pax", "jar", "ditto", "zipinfo",
		"cp", "mv", "ln", "install", "sha256sum", "sha1sum", "sha512sum", "sha224sum", "sha384sum", "md5sum", "b2sum",
		"cksum", "sum", "file", "du":
		return true
	}
	return false
}

// archiveBytesShown returns the credential file a read e of command c
// shows by reading an archive's bytes, if it may show one.
func (at *place) archiveBytesShown(s *shell.Script, c *shell.Command, e shell.Effect, extra []string) (string, bool) {
	if at.cfg != nil && at.cfg.Away || archiveReader(c.Name) || c.QuietOut() {
		return "", false
	}
	found, err := at.findMember(e.Path.Value, "secret", func(m string) bool { return IsSecretFile(m, extra) })
	switch {
	case found != "":
		return found + " (in " + e.Path.Value + ", whose bytes the command reads)", true
	case errors.Is(err, os.ErrNotExist):
		if at.archivesMade(s).creates(e.Path) && !at.archivedClean(s, e.Path, extra) {
			return e.Path.Value + " (an archive the command makes first, whose bytes it reads)", true
		}
	case errors.Is(err, members.ErrFormat):
		// A compressed file that holds no archive, or a file by an
		// archive's name that is none.
	case err != nil:
		return e.Path.Value + " (an archive whose files cannot be listed: " + err.Error() + ")", true
	}
	return "", false
}

// archivedClean reports whether p, which a command of s creates, is
// certainly an archive of no credential file: each write of s that may
// create it is an archiver's (tar -c -f p, zip -r p, [shell.ArchiveInto])
// of static folders and files under which the walk rule 7 makes of a
// tree search finds none (`tar czf dist.tgz dist && scp dist.tgz host:`
// passes when dist holds no credential file). A script that changes
// directory is not followed. What s writes is read once a script
// (archivesMade), each archive's files once a path.
func (at *place) archivedClean(s *shell.Script, p shell.Word, extra []string) bool {
	if p.Dynamic || at.dir == "" {
		return false
	}
	m := at.archivesMade(s)
	if m.unsure || m.cd {
		return false
	}
	if clean, ok := m.clean[p.Value]; ok {
		return clean
	}
	clean := len(m.into[p.Value]) > 0 && len(m.into[p.Value]) == m.writes[p.Value]
	for _, d := range m.dynamic {
		if d == p.Value || strings.HasPrefix(d, p.Value+"/") || strings.HasPrefix(p.Value, d) {
			clean = false // a write known only at run time may be of p
		}
	}
	for _, t := range m.into[p.Value] {
		if !clean {
			break
		}
		for _, d := range t.Dirs {
			clean = clean && !d.Dynamic
		}
		if _, _, shows := at.searchShows(t, extra); shows {
			clean = false
		}
	}
	m.clean[p.Value] = clean
	return clean
}

// maxMadeDynamic bounds the writes known only at run time archivedClean
// compares each archive with; past it, none is taken as clean.
const maxMadeDynamic = 64

// archivesMade is what archivedClean asks of a script, read once: the
// writes of each static path, the static parts of the writes known only
// at run time, the archives each archiver writes and what it puts in
// them, and the answers given.
type archivesMade struct {
	s       *shell.Script
	cd      bool // the script changes directory
	unsure  bool // it has more than maxMadeDynamic writes known only at run time
	writes  map[string]int
	dynamic []string
	into    map[string][]shell.TreeSearch
	clean   map[string]bool
}

func (at *place) archivesMade(s *shell.Script) *archivesMade {
	if at.madeMemo != nil && at.madeMemo.s == s {
		return at.madeMemo
	}
	m := &archivesMade{s: s, cd: hasCd(s), writes: map[string]int{}, into: map[string][]shell.TreeSearch{}, clean: map[string]bool{}}
	for _, w := range s.Writes {
		switch {
		case w.Delete:
		case w.Path.Dynamic && len(m.dynamic) < maxMadeDynamic:
			m.dynamic = append(m.dynamic, w.Path.Prefix())
		case w.Path.Dynamic:
			m.unsure = true
		default:
			// A write of p or of a path under p (p a folder) may make p.
			for v := w.Path.Value; ; {
				m.writes[v]++
				i := strings.LastIndexByte(v, '/')
				if i <= 0 {
					break
				}
				v = v[:i]
			}
		}
	}
	for _, c := range s.Commands {
		if a, t, ok := shell.ArchiveInto(c); ok && !a.Dynamic {
			m.into[a.Value] = append(m.into[a.Value], t)
		}
	}
	at.madeMemo = m
	return m
}

// creates reports whether the script may create p: [shell.Script.Creates]
// (a write of p or under it), read from the writes once counted (asked
// of each archive read, Creates was a pass over the writes each time),
// taken to when the writes known only at run time are too many to
// compare.
func (m *archivesMade) creates(p shell.Word) bool {
	if p.Dynamic || m.unsure || m.writes[strings.TrimSuffix(p.Value, "/")] > 0 {
		return true
	}
	dir := strings.TrimSuffix(p.Value, "/") + "/"
	for _, d := range m.dynamic {
		if d == p.Value || strings.HasPrefix(d, dir) {
			return true
		}
	}
	return false
}
