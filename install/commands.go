package install

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/statedir"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A host may run shell lines of its command files while it expands a
// command, before any hook sees them ([hostfacts.Commands]: OpenCode's
// !`command`). A policy that denies a shell command does not cover
// those, so doctor names each such line of the command files the host
// reads, as a warning: the files are the user's, and doctor changes
// nothing.

// The bounds of doctor's reading of command folders: a project can hold
// any number of files of any size.
const (
	// maxCommandFiles is the number of command files read per folder.
	maxCommandFiles = 200
	// maxCommandFile is the size of the largest command file read.
	maxCommandFile = 256 << 10
	// maxCommandBytes is the number of bytes read per folder.
	maxCommandBytes = 4 << 20
	// maxCommandDepth is how deep doctor goes into subfolders.
	maxCommandDepth = 8
	// maxCommandLines is the number of findings reported per file.
	maxCommandLines = 10
	// excerptRunes is the length of the excerpt of a line doctor shows.
	excerptRunes = 40
)

// commandFolder is a folder a host reads command files from; deep: with
// its subfolders.
type commandFolder struct {
	path string
	deep bool
}

// commandFolders returns the folders h reads command files from for
// scope s, each once.
func (h *host) commandFolders(s Scope, e env) []commandFolder {
	c := h.Commands
	var confs, flat []string
	switch s {
	case Project:
		for _, d := range projectDirs(e.dir, e.home) {
			for _, x := range h.PluginLoads.Project {
				confs = append(confs, filepath.Join(d, x))
			}
		}
		for _, x := range c.Project {
			flat = append(flat, filepath.Join(e.dir, filepath.FromSlash(x)))
		}
	case User:
		if p := h.path(s, e); p != "" {
			confs = append(confs, filepath.Dir(filepath.Dir(p)))
		}
		for _, x := range h.PluginLoads.Home {
			confs = append(confs, filepath.Join(e.home, x))
		}
		if v := h.PluginLoads.Env; v != "" {
			if d := e.getenv(v); d != "" && filepath.IsAbs(d) {
				confs = append(confs, d)
			}
		}
		for _, x := range c.Home {
			flat = append(flat, filepath.Join(e.home, filepath.FromSlash(x)))
		}
	}
	var out []commandFolder
	seen := map[string]bool{}
	add := func(p string, deep bool) {
		if !seen[p] {
			seen[p] = true
			out = append(out, commandFolder{p, deep})
		}
	}
	for _, d := range confs {
		for _, f := range c.Folders {
			add(filepath.Join(d, f), true)
		}
	}
	for _, d := range flat {
		add(d, false)
	}
	return out
}

// checkCommands is doctor's check of h's command files for scope s: a
// warning on each file that holds what [hostfacts.Commands].Scan finds,
// naming its lines, and on each file or folder it cannot read.
func (d *doctor) checkCommands(h *host, s Scope) {
	if h.Commands.Scan == nil {
		return
	}
	for _, f := range h.commandFolders(s, d.e) {
		w := &commandWalk{d: d, h: h, s: s, visited: map[string]bool{}}
		w.folder(f.path, f.deep, 0)
		if w.skipped > 0 {
			d.add(h.name, s, f.path, "", Warn, "more command files than doctor reads (%d files, %d bytes per folder): %d not checked; %s runs the shell lines of those too: review them",
				maxCommandFiles, maxCommandBytes, w.skipped, h.Title)
		}
	}
}

// commandWalk reads one command folder within the bounds.
type commandWalk struct {
	d       *doctor
	h       *host
	s       Scope
	files   int
	bytes   int
	skipped int
	// visited are the folders walked, resolved: a link loop ends.
	visited map[string]bool
}

func (w *commandWalk) folder(dir string, deep bool, depth int) {
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
		w.d.add(w.h.name, w.s, dir, "", Warn, "cannot list the command folder: %v: doctor cannot tell whether a command there runs shell lines no hook can stop", err)
		return
	}
	for _, ent := range ents {
		p := filepath.Join(dir, ent.Name())
		fi, err := os.Stat(p)
		if err != nil {
			if ent.Type()&fs.ModeSymlink != 0 && errors.Is(err, fs.ErrNotExist) {
				continue // a dangling link: nothing to read
			}
			w.d.add(w.h.name, w.s, p, "", Warn, "cannot read: %v: doctor cannot tell whether it runs shell lines no hook can stop", err)
			continue
		}
		if fi.IsDir() {
			if deep && depth < maxCommandDepth {
				w.folder(p, deep, depth+1)
			}
			continue
		}
		if !strings.HasSuffix(ent.Name(), w.h.Commands.Ext) || !fi.Mode().IsRegular() {
			continue
		}
		if w.files >= maxCommandFiles || w.bytes+int(min(fi.Size(), maxCommandFile)) > maxCommandBytes {
			w.skipped++
			continue
		}
		w.files++
		w.file(p, fi)
	}
}

// file checks the command file p.
func (w *commandWalk) file(p string, fi fs.FileInfo) {
	if fi.Size() > maxCommandFile {
		w.d.add(w.h.name, w.s, p, "", Warn, "a command file of %d bytes, larger than doctor reads (%d): %s runs any shell line in it before any hook; review it", fi.Size(), maxCommandFile, w.h.Title)
		return
	}
	src, err := readCommand(p)
	w.bytes += len(src)
	if err != nil {
		w.d.add(w.h.name, w.s, p, "", Warn, "cannot read: %v: doctor cannot tell whether it runs shell lines no hook can stop", err)
		return
	}
	found := w.h.Commands.Scan(src)
	for i, l := range found {
		if i == maxCommandLines {
			w.d.add(w.h.name, w.s, p, "", Warn, "and %d more such lines", len(found)-i)
			break
		}
		if l.Start < 0 || l.End > len(src) || l.Start > l.End {
			continue
		}
		line := 1 + bytes.Count(src[:l.Start], []byte("\n"))
		w.d.add(w.h.name, w.s, p, "", Warn, "line %d: %s %s (%s)", line, excerpt(src[l.Start:l.End]), l.Why, w.h.Title)
	}
}

// readCommand reads the regular file p, at most maxCommandFile bytes; an
// error when it is more, or not a regular file once opened.
func readCommand(p string) ([]byte, error) {
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
	b, err := io.ReadAll(io.LimitReader(f, maxCommandFile+1))
	if err == nil && len(b) > maxCommandFile {
		err = fmt.Errorf("larger than %d bytes", maxCommandFile)
	}
	return b, err
}

// excerpt returns b as one short line that is safe to print: at most
// excerptRunes runes (… when cut), each control or format character
// (line breaks, escapes, bidirectional marks) and each invalid byte a
// space, runs of spaces one.
func excerpt(b []byte) string {
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
		if n == excerptRunes {
			return strings.TrimRight(sb.String(), " ") + "…"
		}
		sb.WriteRune(r)
		n++
	}
	return sb.String()
}
