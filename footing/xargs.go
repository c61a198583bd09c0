package footing

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/agenthooks/hooks/shell"
)

// maxListBytes bounds the file of names xargs reads (xargs -a FILE,
// < FILE, cat FILE |) that the footing reads to judge it.
const maxListBytes = 1 << 20

// xargsNames judges a write of the names xargs reads, when package shell
// says where they come from (see shell.LinesOf and its "(output of …)"
// and "(names … prints)" words): from a file, read here; from a program
// searching a folder, any file under it; from any other program, any
// file at all. ok is false for any other word.
func (p *place) xargsNames(sc *shell.Script, w shell.Write) (r string, deny, ok bool) {
	v := w.Path.Value
	switch {
	case !w.Path.Dynamic:
		return "", false, false
	case strings.Contains(v, "(lines of "):
		file, known := w.Path.LinesFile()
		if !known {
			return "", false, false
		}
		text, read := p.readList(sc, file)
		if !read && text == "absent" {
			return "", false, true // xargs reads nothing (-a), or the command does not run (<)
		}
		if !read {
			// Made by the command itself, or not there to read: any name.
			if es := p.Entries(); len(es) > 0 && !w.Maybe {
				return p.reason(es[0], es[0].Path, "`"+w.By+"` on the names xargs reads from "+file+
					", which cannot be read before the command runs: name the files"), true, true
			}
			return "", false, true
		}
		dir := v[:strings.Index(v, "(lines of ")]
		for _, name := range strings.FieldsFunc(text, func(r rune) bool { return r == 0 || unicode.IsSpace(r) }) {
			name = strings.Trim(name, `"'`)
			if dir != "" && !strings.HasPrefix(name, "/") && !strings.HasPrefix(name, "~") {
				name = dir + name
			}
			if e, found := p.Touches(name, true); found {
				return p.reason(e, e.Path, "`"+w.By+"` on the names xargs reads from "+file+", which names it"), true, true
			}
		}
		if e, found := p.mentions(text); found {
			return p.reason(e, e.Path, "`"+w.By+"` on the names xargs reads from "+file+", which names it"), true, true
		}
		return "", false, true
	case strings.Contains(v, "(entries of ") && strings.HasSuffix(v, ")"):
		i := strings.Index(v, "(entries of ")
		dir, pat := v[:i], v[i+len("(entries of "):len(v)-1]
		if strings.ContainsAny(dir, "$`") {
			return "", false, false
		}
		names, listed := p.lsList(dir, pat)
		if !listed {
			if es := p.Entries(); len(es) > 0 && !w.Maybe {
				return p.reason(es[0], es[0].Path, "`"+w.By+"` on the names `ls "+pat+"` prints, too many to read: name the files"), true, true
			}
			return "", false, true
		}
		for _, n := range names {
			if e, found := p.Touches(n, true); found && !w.Maybe {
				return p.reason(e, e.Path, "`"+w.By+"` on the names `ls "+pat+"` prints, which name it"), true, true
			}
		}
		return "", false, true
	case strings.Contains(v, "(output of "):
		// grep -rl … ROOT: the files under ROOT.
		start := strings.TrimSuffix(w.Path.Prefix, "/")
		if strings.ContainsAny(w.Path.Prefix, "$`") || w.Path.Prefix == "" {
			start = ""
		}
		if start == "" && strings.HasPrefix(w.Path.Prefix, "/") {
			start = "/"
		}
		if start == "" {
			if es := p.Entries(); len(es) > 0 && !w.Maybe {
				return p.reason(es[0], es[0].Path, "`"+w.By+"` on the names a search prints, from a folder known only when it runs"), true, true
			}
			return "", false, true
		}
		if e, found := p.Touches(start, true); found && !w.Maybe {
			return p.reason(e, e.Path, "`"+w.By+"` on the names a search of "+start+" prints: search a folder without hook files"), true, true
		}
		return "", false, true
	case strings.Contains(v, " prints)") && strings.Contains(v, "(names "):
		if es := p.Entries(); len(es) > 0 && !w.Maybe {
			i := strings.Index(v, "(names ")
			return p.reason(es[0], es[0].Path, "`"+w.By+"` on the "+v[i+1:len(v)-1]+
				", known only when it runs: name the files, or list a folder without hook files"), true, true
		}
		return "", false, true
	}
	return "", false, false
}

// readList returns the text of the file of names file (relative to the
// place's directory), or false when the command writes it first, or it
// is not a regular file of at most maxListBytes (the text is then
// "absent" when there is no such file).
func (p *place) readList(sc *shell.Script, file string) (string, bool) {
	abs := p.abs(file)
	for _, w := range sc.Writes {
		if !w.Path.Dynamic && p.abs(w.Path.Value) == abs {
			return "", false
		}
		if name, ok := w.Path.Name(); w.Path.Dynamic && ok && name == filepath.Base(abs) {
			return "", false // a path of that name, made at run time
		}
	}
	f, err := os.Open(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return "absent", false
	}
	if err != nil {
		return "", false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxListBytes {
		return "", false
	}
	b, err := io.ReadAll(io.LimitReader(f, maxListBytes+1))
	if err != nil || len(b) > maxListBytes {
		return "", false
	}
	return string(b), true
}

// maxLsNames bounds the names lsList reads.
const maxLsNames = 10000

// lsList returns the names ls PAT prints, run in directory dir ("" or
// "DIR/", relative to the place's): for each file PAT matches, its name;
// for each directory, the name of each entry but hidden ones, which
// xargs then reads relative to dir. False past maxLsNames.
func (p *place) lsList(dir, pat string) ([]string, bool) {
	base := p.abs(strings.TrimSuffix(dir, "/"))
	if dir == "" {
		base = p.abs(".")
	}
	full := pat
	if !filepath.IsAbs(pat) {
		full = filepath.Join(base, pat)
	}
	matches := []string{full}
	if strings.ContainsAny(pat, "*?[") {
		var err error
		if matches, err = filepath.Glob(full); err != nil {
			return nil, false
		}
	}
	var names []string
	for i, m := range matches {
		if i >= maxLsNames {
			return nil, false
		}
		fi, err := os.Stat(m)
		if err != nil {
			continue
		}
		if !fi.IsDir() {
			names = append(names, m)
			continue
		}
		es, err := readDirNames(m, maxLsNames-len(names)+1)
		if err != nil || len(names)+len(es) > maxLsNames {
			return nil, false
		}
		for _, e := range es {
			if !strings.HasPrefix(e, ".") {
				names = append(names, filepath.Join(base, e)) // a bare name: read where xargs runs
			}
		}
	}
	return names, true
}

// readDirNames returns up to n names of directory d's entries.
func readDirNames(d string, n int) ([]string, error) {
	f, err := os.Open(d)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names, err := f.Readdirnames(n)
	if errors.Is(err, io.EOF) {
		err = nil
	}
	return names, err
}
