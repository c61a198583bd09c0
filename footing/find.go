package footing

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// findNames returns the -name and -iname patterns of the script's find
// commands, and ok when every find command selects only by them (each
// alternative of -o by its own; no negation, parentheses, -path or
// -regex, which could select other files): the files
// it deletes (-delete) or hands to -exec ({}) then have one of those
// names. ok is false when the script has no such find command, or one
// whose -delete comes before any -name (find . -delete -name x deletes
// every file).
func findNames(sc *shell.Script) (pats []string, fold []bool, ok bool) {
	found := false
	for _, c := range sc.Commands {
		if c.Name != "find" {
			continue
		}
		found = true
		named := false // in the current alternative
		for i := 1; i < len(c.Args); i++ {
			a := c.Args[i]
			if a.Dynamic {
				return nil, nil, false
			}
			switch a.Value {
			case "-o", "-or":
				// find . -name '*.rej' -o -name '*.orig': each alternative
				// selects by its names.
				if !named {
					return nil, nil, false
				}
				named = false
			case "!", "-not", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname", "(", ")", ",":
				return nil, nil, false
			case "-name", "-iname":
				if i+1 >= len(c.Args) || c.Args[i+1].Dynamic {
					return nil, nil, false
				}
				pats = append(pats, c.Args[i+1].Value)
				fold = append(fold, a.Value == "-iname")
				named = true
				i++
			case "-delete":
				if !named {
					return nil, nil, false // find . -delete -name x deletes every file
				}
			case "-exec", "-execdir", "-ok", "-okdir":
				if !named {
					return nil, nil, false // find . -exec rm {} + -name x: every file
				}
				// The command, read by package shell, up to its ; or +;
				// the expression goes on after it (… -o -delete).
				for i++; i < len(c.Args) && (c.Args[i].Dynamic || c.Args[i].Value != ";" && c.Args[i].Value != "+"); i++ {
				}
			}
		}
		if !named {
			return nil, nil, false
		}
	}
	return pats, fold, found
}

// findTouches returns the footing entry a find selecting by names pats
// could reach: one with a path element (a file or a directory above it)
// of one of those names.
//
// Each name of the entries' paths is matched once against each pattern,
// and the answer kept for the same patterns: a script of 3,000 `find
// -name xN | xargs rm -f` matched every pattern against every entry's
// names for each of its 3,000 writes, and took 160 s (issue 38).
func (p *place) findTouches(pats []string, fold []bool) (Entry, bool) {
	if len(pats) == 0 {
		return Entry{}, false
	}
	if m := p.findMemo; m != nil && len(m.pats) == len(pats) && (&m.pats[0] == &pats[0] || slices.Equal(m.pats, pats) && slices.Equal(m.fold, fold)) {
		return m.e, m.ok // the same slice, or the same patterns (the script, then the commands its files run)
	}
	folded := make([]string, len(pats)) // each pattern as it is matched, lower-cased when folded
	for i, pat := range pats {
		folded[i] = pat
		if fold[i] || p.fold {
			folded[i] = strings.ToLower(pat)
		}
	}
	matched := map[string]bool{} // each name of the entries' paths: whether a pattern matches it
	es := p.Entries()
	for _, e := range es {
		for _, el := range strings.Split(filepath.ToSlash(e.Path), "/") {
			if _, seen := matched[el]; seen || el == "" {
				continue
			}
			matched[el] = false
			lower := ""
			for i, pat := range folded {
				name := el
				if fold[i] || p.fold {
					if lower == "" {
						lower = strings.ToLower(el)
					}
					name = lower
				}
				if !mayGlob(pat, name) {
					continue
				}
				if ok, _ := filepath.Match(pat, name); ok {
					matched[el] = true
					break
				}
			}
		}
	}
	m := &findMemo{pats: pats, fold: fold}
	for _, e := range es {
		if slices.ContainsFunc(strings.Split(filepath.ToSlash(e.Path), "/"), func(el string) bool { return matched[el] }) {
			m.e, m.ok = e, true
			break
		}
	}
	p.findMemo = m
	return m.e, m.ok
}

// findMemo is findTouches' answer for one slice of patterns.
type findMemo struct {
	pats []string
	fold []bool
	e    Entry
	ok   bool
}

// mayGlob reports whether name may match the pattern pat as
// filepath.Match reads it: false when the literal text before pat's
// first special character does not begin name, or, when pat's last *
// is followed by literal text only (no ] that could close a class the *
// is in), that text does not end it. False is certain (a pattern that
// is not well formed matches nothing either); true is decided by
// filepath.Match.
func mayGlob(pat, name string) bool {
	i := strings.IndexAny(pat, `*?[\`)
	if i < 0 {
		return pat == name
	}
	if !strings.HasPrefix(name, pat[:i]) {
		return false
	}
	j := strings.LastIndexByte(pat, '*')
	if j < 0 {
		return true
	}
	tail := pat[j+1:]
	return strings.ContainsAny(tail, `?[]\`) || strings.HasSuffix(name, tail) // a ] may close a class the * is in
}

// maxEmptyWalk bounds the entries read to tell whether a folder of the
// footing holds a file.
const maxEmptyWalk = 256

// emptyDirDelete returns the footing entry a delete of the empty
// directories under start (find -type d -delete) may change: a protected
// tree start is in, when an empty folder is under start, or an entry
// under start that is a directory that holds an empty one (a folder of per-event scripts not
// yet written). A file, or a folder holding one, is never deleted.
func (p *place) emptyDirDelete(start string) (Entry, bool) {
	first, ok := p.Touches(start, true)
	if !ok {
		return Entry{}, false
	}
	abs := p.abs(start)
	fold := p.folded
	related := false
	for _, e := range p.Entries() {
		switch {
		case e.Tree && (fold(e.Path) == fold(abs) || isUnder(fold(e.Path), fold(abs))):
			related = true
			if mayEmpty(abs) {
				return e, true // an empty folder under start, in the tree
			}
		case fold(e.Path) == fold(abs) || isUnder(fold(abs), fold(e.Path)):
			related = true
			if mayEmpty(e.Path) {
				return e, true
			}
		}
	}
	if !related {
		return first, true // reached through a link: any
	}
	return Entry{}, false
}

// mayEmpty reports whether path is a directory that holds an empty
// directory, itself included, which find -type d -delete removes (read
// up to maxEmptyWalk entries; past them, it may).
func mayEmpty(path string) bool {
	fi, err := os.Lstat(path)
	if err != nil || !fi.IsDir() {
		return false
	}
	n, empty := 0, false
	walkErr := readfile.Walk(path, maxEmptyWalk, func(p string, d fs.DirEntry, err error) error {
		if n++; err != nil || n > maxEmptyWalk {
			empty = true
			return fs.SkipAll
		}
		if d.IsDir() && !dirHoldsAny(p) {
			empty = true
			return fs.SkipAll
		}
		return nil
	})
	return empty || walkErr != nil
}

// dirHoldsAny reports whether the folder at p holds an entry, read without
// listing it whole (a folder of a million names is read in a second).
func dirHoldsAny(p string) bool {
	f, err := readfile.Dir(p)
	if err != nil {
		return false
	}
	defer f.Close()
	es, _ := f.ReadDir(1)
	return len(es) > 0
}

// homePath reports whether a word known only at run time is a path from
// the home folder the shell puts for ~ (~/x), and nothing else dynamic.
func homePath(v string) bool {
	return (v == "~" || strings.HasPrefix(v, "~/")) && !strings.ContainsAny(v, "$`*?[{\\")
}
