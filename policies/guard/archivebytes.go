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
		if s.Creates(e.Path) {
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
