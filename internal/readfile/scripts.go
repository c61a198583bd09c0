package readfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// MaxScript bounds one script file [Scripts] reads; MaxScripts bounds
// the distinct files it reads for one command.
const (
	MaxScript  = 256 << 10
	MaxScripts = 64
)

// MaxData bounds a file read for the scripts it names rather than run
// whole: a package.json or a makefile (see [IsData]). Of those only the
// scripts of the goals run are parsed as shell, and the rest is read in
// one linear pass, so a generated makefile of a large project (often
// past MaxScript) is still read.
const MaxData = 1 << 20

// IsData reports whether the file at p is read for the scripts it names
// ([MaxData]): package.json, Makefile, makefile, GNUmakefile, *.mk.
func IsData(p string) bool {
	switch b := filepath.Base(p); b {
	case "package.json", "Makefile", "makefile", "GNUmakefile":
		return true
	default:
		return strings.HasSuffix(b, ".mk")
	}
}

// Scripts reads the script files a command runs, for package shell's
// Parser.Files: relative paths from Dir (absolute), each file once.
// What it could not read is kept in Unread and Long, for the caller to
// judge: a file run that cannot be read is not one known to be harmless.
type Scripts struct {
	// Dir is the directory the command starts in, absolute.
	Dir string
	// Unread lists the files not read that a shell would read: not a
	// regular file (a FIFO, which a process of an earlier call may
	// feed), or beyond the first [MaxScripts] distinct files.
	Unread []string
	// Long lists the files longer than [MaxScript] ([MaxData] for
	// [IsData]), not read.
	Long []string
	// Texts are the texts of the files read, in the order read.
	Texts []string
	// Paths are the paths Read was asked for, read or not, each once.
	Paths []string

	seen  map[string]script
	total int // the bytes read, against MaxTotal
}

// MaxTotal bounds the bytes of the files one [Scripts] reads: a makefile
// that includes fifteen others of 1 MiB took seconds to read and walk.
// A file past it is one of Long.
const MaxTotal = 2 << 20

type script struct {
	text string
	ok   bool
}

// Read returns the text of the script file at path p (relative to Dir,
// or absolute; "~" is not expanded), and whether there is one to read: a
// regular file of at most MaxScript bytes.
func (r *Scripts) Read(p string) (string, bool) {
	if r.Dir == "" && !filepath.IsAbs(p) || strings.HasPrefix(p, "~") {
		return "", false
	}
	abs := p
	if !filepath.IsAbs(p) {
		abs = filepath.Join(r.Dir, p)
	}
	if s, ok := r.seen[abs]; ok {
		return s.text, s.ok
	}
	if r.seen == nil {
		r.seen = map[string]script{}
	}
	if len(r.seen) >= MaxScripts {
		r.Unread = append(r.Unread, p)
		return "", false
	}
	limit := int64(MaxScript)
	if IsData(abs) {
		limit = MaxData
	}
	limit = min(limit, int64(MaxTotal-r.total))
	text, err := Regular(abs, limit)
	r.total += len(text)
	switch {
	case err == nil, Missing(err), isDir(abs):
	case errors.Is(err, ErrTooLarge):
		r.Long = append(r.Long, p)
	default:
		r.Unread = append(r.Unread, p)
	}
	s := script{text, err == nil}
	r.seen[abs] = s
	r.Paths = append(r.Paths, p)
	if s.ok {
		r.Texts = append(r.Texts, text)
	}
	return s.text, s.ok
}

// isDir reports whether path is a directory: a shell told to run one
// fails, running nothing.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
