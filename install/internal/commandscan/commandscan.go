// Package commandscan reads the command files of a host that runs shell
// lines of them before any hook (OpenCode's and Kilo Code CLI's
// "!`cmd`"), within bounds, and reports each such line with a short
// excerpt that is safe to print: no hook can stop those lines, so doctor
// names them.
package commandscan

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/statedir"
)

// The bounds of doctor's reading of command folders: a project can hold
// any number of files of any size.
const (
	// MaxFiles is the number of command files read per folder.
	MaxFiles = 200
	// MaxFile is the size of the largest command file read.
	MaxFile = 256 << 10
	// MaxBytes is the number of bytes read per folder.
	MaxBytes = 4 << 20
	// maxDepth is how deep doctor goes into subfolders.
	maxDepth = 8
	// MaxLines is the number of findings reported per file.
	MaxLines = 10
	// ExcerptRunes is the length of the Excerpt of a line doctor shows.
	ExcerptRunes = 40
)

// Walk reads command folders within the bounds, and reports what it
// finds through Warn.
type Walk struct {
	// Ext is the ending of a command file's name (".md").
	Ext string
	// Scan returns the lines of a command file that run past every hook.
	Scan func(src []byte) []hostfacts.CommandLine
	// Title is the host's name, for the findings.
	Title string
	// Warn reports a finding about path.
	Warn func(path, format string, args ...any)
	// Skipped counts the command files left unread by the bounds.
	Skipped int
	files   int
	bytes   int
	// visited are the folders walked, resolved: a link loop ends.
	visited map[string]bool
}

// Folder reads the command files of dir, and of its subfolders when
// deep.
func (w *Walk) Folder(dir string, deep bool) {
	if w.visited == nil {
		w.visited = map[string]bool{}
	}
	w.folder(dir, deep, 0)
}

func (w *Walk) folder(dir string, deep bool, depth int) {
	fi, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) || err == nil && !fi.IsDir() {
		return // nothing the host reads either
	}
	r := statedir.ResolvedPath(dir)
	if w.visited[r] {
		return
	}
	w.visited[r] = true
	var ents []fs.DirEntry
	if err == nil {
		ents, err = os.ReadDir(dir)
	}
	if err != nil {
		w.Warn(dir, "cannot list the command folder: %v: doctor cannot tell whether a command there runs shell lines no hook can stop", err)
		return
	}
	for _, ent := range ents {
		p := filepath.Join(dir, ent.Name())
		fi, err := os.Stat(p)
		if err != nil {
			if ent.Type()&fs.ModeSymlink != 0 && errors.Is(err, fs.ErrNotExist) {
				continue // a dangling link: nothing to read
			}
			w.Warn(p, "cannot read: %v: doctor cannot tell whether it runs shell lines no hook can stop", err)
			continue
		}
		if fi.IsDir() {
			if deep && depth < maxDepth {
				w.folder(p, deep, depth+1)
			}
			continue
		}
		if !strings.HasSuffix(ent.Name(), w.Ext) || !fi.Mode().IsRegular() {
			continue
		}
		if w.files >= MaxFiles || w.bytes+int(min(fi.Size(), MaxFile)) > MaxBytes {
			w.Skipped++
			continue
		}
		w.files++
		w.file(p, fi)
	}
}

// file checks the command file p.
func (w *Walk) file(p string, fi fs.FileInfo) {
	if fi.Size() > MaxFile {
		w.Warn(p, "a command file of %d bytes, larger than doctor reads (%d): %s runs any shell line in it before any hook; review it", fi.Size(), MaxFile, w.Title)
		return
	}
	src, err := read(p)
	w.bytes += len(src)
	if err != nil {
		w.Warn(p, "cannot read: %v: doctor cannot tell whether it runs shell lines no hook can stop", err)
		return
	}
	found := w.Scan(src)
	for i, l := range found {
		if i == MaxLines {
			w.Warn(p, "and %d more such lines", len(found)-i)
			break
		}
		if l.Start < 0 || l.End > len(src) || l.Start > l.End {
			continue
		}
		line := 1 + bytes.Count(src[:l.Start], []byte("\n"))
		w.Warn(p, "line %d: %s %s (%s)", line, Excerpt(src[l.Start:l.End]), l.Why, w.Title)
	}
}

// read reads the regular file p, at most MaxFile bytes; an
// error when it is more, or not a regular file once opened.
func read(p string) ([]byte, error) {
	f, err := safefile.OpenRead(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: not a regular file", safefile.ErrOddFile)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFile+1))
	if err == nil && len(b) > MaxFile {
		err = fmt.Errorf("larger than %d bytes", MaxFile)
	}
	return b, err
}

// Excerpt returns b as one short line that is safe to print: at most
// ExcerptRunes runes (… when cut), each control or format character
// (line breaks, escapes, bidirectional marks) and each invalid byte a
// space, runs of spaces one.
func Excerpt(b []byte) string {
	var sb strings.Builder
	n, space := 0, false
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if r == utf8.RuneError || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			r = ' '
		}
		if r == ' ' && space {
			continue
		}
		space = r == ' '
		if n == ExcerptRunes {
			return strings.TrimRight(sb.String(), " ") + "…"
		}
		sb.WriteRune(r)
		n++
	}
	return sb.String()
}
