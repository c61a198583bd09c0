package footing

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/agenthooks/hooks/internal/readfile"
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
		text, state := p.readList(sc, file)
		if state == listAbsent {
			return "", false, true // xargs reads nothing (-a), or the command does not run (<)
		}
		if state == listUnread {
			// Made by the command itself, or not there to read: any name.
			if es := p.Entries(); len(es) > 0 && !w.Maybe {
				return p.reason(es[0], es[0].Path, "`"+w.By+"` on the names read from "+file+
					", which cannot be read before the command runs: name the files"), true, true
			}
			return "", false, true
		}
		dir := v[:strings.Index(v, "(lines of ")]
		tooMany := func() (string, bool, bool) {
			if es := p.Entries(); len(es) > 0 && !w.Maybe {
				return p.reason(es[0], es[0].Path, "`"+w.By+"` on the names read from "+file+
					", too many to read: name the files"), true, true
			}
			return "", false, true
		}
		if fieldCount(text) > maxListNames {
			return tooMany() // counted before any name is made
		}
		raw := strings.FieldsFunc(text, func(r rune) bool { return r == 0 || unicode.IsSpace(r) })
		var names []string
		// The fields as xargs splits them (quotes, backslashes), and as a
		// -d delimiter may (any byte that is not a path's).
		parts := append(raw, xargsFields(text)...)
		if dir == "" {
			parts = append(parts, strings.FieldsFunc(text, func(r rune) bool { return r == 0 || notPathByte(r) })...)
		}
		for _, name := range parts {
			if dir != "" && !strings.HasPrefix(name, "/") && !strings.HasPrefix(name, "~") {
				name = dir + name
			}
			names = append(names, name)
		}
		e, found, bounded := p.touchesAny(names)
		if !bounded {
			return tooMany()
		}
		if found {
			return p.reason(e, e.Path, "`"+w.By+"` on the names read from "+file+", which names it"), true, true
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
		if e, found, _ := p.touchesAny(names); found {
			return p.reason(e, e.Path, "`"+w.By+"` on the names `ls "+pat+"` prints, which name it"), true, true
		}
		return "", false, true
	case strings.Contains(v, "(output of "):
		// grep -rl … ROOT: the files under ROOT (whose text matches, for
		// a search whose patterns are known).
		start := strings.TrimSuffix(w.Path.Prefix(), "/")
		if strings.ContainsAny(w.Path.Prefix(), "$`") || w.Path.Prefix() == "" {
			start = ""
		}
		if start == "" && strings.HasPrefix(w.Path.Prefix(), "/") {
			start = "/"
		}
		if start == "" {
			if es := p.Entries(); len(es) > 0 && !w.Maybe {
				return p.reason(es[0], es[0].Path, "`"+w.By+"` on the names a search prints, from a folder known only when it runs"), true, true
			}
			return "", false, true
		}
		if s, known := w.Path.Search(); known && !w.Maybe {
			if e, found := p.searchTouches(start, s); found {
				return p.reason(e, e.Path, "`"+w.By+"` on the names a search of "+start+" prints, which may be its name: "+
					"search a folder without hook files"), true, true
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

// What readList found.
const (
	listRead   = iota
	listAbsent // no such file
	listUnread // written by the command first, not a regular file, or past maxListBytes
)

// readList returns the text of the file of names file (relative to the
// place's directory), and whether it was read (listRead).
func (p *place) readList(sc *shell.Script, file string) (string, int) {
	abs := p.abs(file)
	for _, w := range sc.Writes {
		if !w.Path.Dynamic && p.abs(w.Path.Value) == abs {
			return "", listUnread
		}
		if name, ok := w.Path.Name(); w.Path.Dynamic && ok && name == filepath.Base(abs) {
			return "", listUnread // a path of that name, made at run time
		}
	}
	text, err := readfile.Regular(abs, maxListBytes)
	switch {
	case readfile.Missing(err):
		return "", listAbsent
	case err != nil:
		return "", listUnread // a FIFO (never waited on), a folder, too long
	}
	return text, listRead
}

// maxLsNames bounds the names lsList reads.
const maxLsNames = 4096

// lsList returns the names ls PAT prints for the folders PAT matches
// (PAT from the place's directory; package shell gives the files it
// matches as words of their own): each entry's name but hidden ones,
// which xargs then reads relative to dir ("" or "DIR/", from the place's
// directory). False past maxLsNames.
func (p *place) lsList(dir, pat string) ([]string, bool) {
	base := p.abs(".")
	if dir != "" {
		base = p.abs(strings.TrimSuffix(dir, "/"))
	}
	full := p.abs(pat)
	matches := []string{full}
	if strings.ContainsAny(filepath.Dir(pat), "*?[") {
		return nil, false // */*/x: Glob would walk folders without a bound
	}
	if strings.ContainsAny(pat, "*?[") {
		var err error
		if matches, err = readfile.Glob(full, maxLsNames); err != nil {
			return nil, false
		}
	}
	var names []string
	for i, m := range matches {
		if i >= maxLsNames {
			return nil, false
		}
		fi, err := os.Stat(m)
		if err != nil || !fi.IsDir() {
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
	f, err := readfile.Dir(d)
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

// xargsFields splits text as xargs does by default: blanks and newlines
// separate items, a backslash keeps the next character, and single or
// double quotes keep what they hold ('.cl'aude/x is .claude/x). xargsNames
// reads both these and the plain fields (for -0 and -d lists).
func xargsFields(text string) []string {
	var out []string
	var b strings.Builder
	in, quote, esc := false, byte(0), false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case esc:
			b.WriteByte(c)
			esc, in = false, true
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				b.WriteByte(c)
			}
		case c == '\\':
			esc = true
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0:
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// namesInCode reports the entry that code a shell runs may reach when
// find or xargs put names in it (find -exec sh -c 'rm {}', xargs -I{}
// sh -c 'rm {}'): package shell cannot read such code, whose text holds
// a {} or a word for names xargs reads. The names find selects by name
// are judged by the names; any other, by any entry under find's start
// points, or any entry at all.
func (p *place) namesInCode(sc *shell.Script, code shell.Word) (Entry, bool) {
	v := code.Value
	if !code.Dynamic {
		return Entry{}, false
	}
	if strings.Contains(v, "{}") {
		if pats, fold, byName := findNames(sc); byName {
			return p.findTouches(pats, fold)
		}
		for _, c := range sc.Commands {
			if c.Name != "find" {
				continue
			}
			starts, _ := findOperands(c)
			for _, s := range starts {
				if s.Dynamic {
					return firstEntry(p)
				}
				if e, ok := p.Touches(s.Value, true); ok {
					return e, true
				}
			}
		}
		return Entry{}, false
	}
	for _, m := range []string{"(input)", "(lines of ", "(entries of ", "(output of ", " prints)"} {
		if strings.Contains(v, m) {
			return firstEntry(p)
		}
	}
	return Entry{}, false
}

// firstEntry is any footing entry, when there is one.
func firstEntry(p *place) (Entry, bool) {
	if es := p.Entries(); len(es) > 0 {
		return es[0], true
	}
	return Entry{}, false
}

// findOperands returns the start points of find command c (. when none).
func findOperands(c *shell.Command) (starts []shell.Word, rest []shell.Word) {
	args := c.Args[1:]
	i := 0
	for i < len(args) && !args[i].Dynamic && (args[i].Value == "-H" || args[i].Value == "-L" || args[i].Value == "-P") {
		i++
	}
	j := i
	for j < len(args) && (args[j].Dynamic || !strings.HasPrefix(args[j].Value, "-") && args[j].Value != "(" && args[j].Value != "!") {
		j++
	}
	starts = args[i:j]
	if len(starts) == 0 {
		starts = []shell.Word{shell.Static(".")}
	}
	return starts, args[j:]
}

// positional reports whether v is a shell's positional parameter: $0 to
// $9, or ${N}.
func positional(v string) bool {
	v = strings.Trim(v, `"`)
	if len(v) == 2 && v[0] == '$' && v[1] >= '0' && v[1] <= '9' {
		return true
	}
	if strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}") {
		n := v[2 : len(v)-1]
		return n != "" && strings.Trim(n, "0123456789") == ""
	}
	return false
}

// passesNames reports whether command text src hands names to a program
// it runs: find -exec (and -execdir, -ok), xargs or parallel.
func passesNames(src string) bool {
	return strings.Contains(src, "-exec") || strings.Contains(src, "-ok") || strings.Contains(src, "xargs") || strings.Contains(src, "parallel")
}

// maxListNames bounds the distinct names touchesAny reads.
const maxListNames = 4096 // distinct names; a list of more fields is refused unread

// touchesAny is Touches(name, true) for each of names, at a bounded cost:
// each distinct name once, past maxListNames none (bounded false), and
// symbolic links resolved once a folder (a name that is itself a link,
// with one Lstat, is resolved whole).
func (p *place) touchesAny(names []string) (e Entry, found, bounded bool) {
	seen := make(map[string]bool, min(len(names), maxListNames))
	var distinct []string // in order, so that the entry reported does not vary
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			distinct = append(distinct, n)
		}
	}
	if len(distinct) > maxListNames {
		return Entry{}, false, false
	}
	p.Set.resolveLinks()
	real := map[string]string{} // a folder, its links resolved
	for _, n := range distinct {
		a := p.abs(n)
		if a == "" {
			continue
		}
		if e, ok := p.Set.match(a, true); ok {
			return e, true, true
		}
		parent := filepath.Dir(a)
		r, ok := real[parent]
		if !ok {
			r = resolve(parent)
			real[parent] = r
		}
		if fi, err := os.Lstat(a); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			if e, ok := p.Set.match(resolve(a), true); ok {
				return e, true, true
			}
			continue
		}
		if e, ok := p.Set.match(filepath.Join(r, filepath.Base(a)), true); ok {
			return e, true, true
		}
	}
	return Entry{}, false, true
}

// fieldCount counts the blank-separated fields of text, without making
// them.
func fieldCount(text string) int {
	n, in := 0, false
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ' ', '\t', '\n', '\r', '\v', '\f', 0:
			in = false
		default:
			if !in {
				n++
			}
			in = true
		}
	}
	return n
}
