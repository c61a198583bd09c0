package guard

import (
	"errors"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on a reader whose file names come from data, not from its
// words (issue 38): `xargs cat < list`, `cat $(cat list)` and `while
// read f; do cat "$f"; done < list` printed the app/.env that list
// names, and `find app -name '.e*' | xargs cat`, `cat $(ls -a app |
// grep env)` and `for f in app/.*; do cat $f; done` the one a listing
// of app names. A name read at run time is dynamic to package shell;
// here it is followed to where it comes from:
//
//   - a file of names (xargs's "(lines of FILE)", $(cat FILE), $(<FILE),
//     a loop's done < FILE or for f in $(cat FILE)) is read, bounded
//     (maxListRead, maxListBytes), once a call, and denied when a line
//     names a credential file or it cannot be read whole; a file the
//     same command writes is judged by the words echo and printf print;
//   - a listing of a folder the same command makes (ls, find, a for
//     loop's glob) is judged as naming every file the listing can name
//     in that folder: ls and a glob its entries (dot files with -a or
//     a glob of them), find those under it that its -name tests let
//     through, by the bounded walk of rule 7's tree search
//     (credentialsUnder). A listing of a tree too big to walk is denied
//     when it may name a credential file.
//
// `find . -name '*.go' | xargs cat` and `ls src | xargs wc -l` pass:
// the first names no credential file, the second prints no file's text.

// maxListRead bounds the bytes of a file of names read, and
// maxListBytes those of all the files of names a call reads: past
// either, the names are not known and the read is denied.
const (
	maxListRead  = 64 << 10
	maxListBytes = 1 << 20
)

// A listing is a folder a command of a script lists: its entries only
// (ls, a glob) or the tree under it (find), its dot files or not, the
// name patterns it lets through (none: all).
type listing struct {
	dir    shell.Word
	tree   bool
	hidden bool
	names  []string
	any    bool // a test not read (! -name, -regex): any name
	// git is the git command that lists (see listers.go): git is asked
	// what it names.
	git *shell.Command
}

// listings is what listedReads read of a script, once a script: the
// folders it lists (nil until read) and what they name, what the files
// its loops read (done < FILE) name (nil until read), and the
// credential file found for each file of names and each folder a read's
// name starts with ("" for none).
type listings struct {
	all   []listing
	here  []listing // ls's without a folder
	fixed string    // the credential file the others name
	done  *string   // the credential file the loops' files name
	// written are the static paths s writes, printed the credential
	// file its echo and printf name (nil until read).
	written map[string]bool
	printed *string
	// unknown: a program other than echo and printf writes a file of s,
	// or sends its output to one (nil until read).
	unknown *string
	byFile  map[string]string
	byDir   map[string]string
	// deep is the credential file a tree search of the listings'
	// folders shows, by the search's patterns (see deepListed).
	deep     map[string]string
	dirsHere map[string]deepFolders // deepDirs' answers, by folder
	// byShows is the credential file the listings name that a line
	// search may show, by its key (see grepShows).
	byShows map[string]string
	uniq    []listing // the listings of a folder named, each once
}

// catSubst is compiled when first used (no start-up work): a
// substitution that prints a file ($(cat F), $(<F), `cat F`).
var catSubst = lazy[*regexp.Regexp]{make: func() *regexp.Regexp {
	return regexp.MustCompile("(?:\\$\\(\\s*(?:cat\\s+(?:--\\s+)?|<\\s*)|`\\s*cat\\s+)([\\w./@+-]+)\\s*[)`]")
}}

// mayCatSubst reports whether text may hold a substitution catSubst
// matches: most text has none, and a scan for "cat" and "<" is cheaper.
func mayCatSubst(text string) bool {
	return strings.Contains(text, "cat") || strings.Contains(text, "$(<") || strings.Contains(text, "$( <")
}

// afterKeyword returns, for each word kw of src that starts a word (at
// the start, or after a blank or one of ;&|({`), the text after it up
// to the end of its line or a ';'.
func afterKeyword(src, kw string) []string {
	var out []string
	for i := 0; i < len(src); {
		j := strings.Index(src[i:], kw)
		if j < 0 {
			break
		}
		j += i
		i = j + len(kw)
		if j > 0 && !strings.ContainsRune(" \t\n;&|({`", rune(src[j-1])) {
			continue
		}
		rest := src[i:]
		if end := strings.IndexAny(rest, ";\n"); end >= 0 {
			rest = rest[:end]
		}
		out = append(out, rest)
	}
	return out
}

// loopFiles returns the files src's loops read their names from: done
// < FILE, and for NAME in $(cat FILE).
func loopFiles(src string) []string {
	var out []string
	for _, rest := range afterKeyword(src, "done") {
		rest = strings.TrimLeft(rest, " \t")
		if !strings.HasPrefix(rest, "<") || strings.HasPrefix(rest, "<<") || strings.HasPrefix(rest, "<(") {
			continue
		}
		rest = strings.TrimLeft(rest[1:], " \t")
		end := strings.IndexFunc(rest, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./@+-", r))
		})
		if end < 0 {
			end = len(rest)
		}
		if end > 0 {
			out = append(out, rest[:end])
		}
	}
	if mayCatSubst(src) {
		for _, m := range catSubst.get().FindAllStringSubmatch(src, -1) {
			out = append(out, m[1]) // for f in $(cat list)
		}
	}
	return out
}

// forWords returns the words of src's for loops (for NAME in WORDS).
func forWords(src string) []string {
	var out []string
	for _, rest := range afterKeyword(src, "for") {
		f := strings.Fields(rest)
		if len(f) >= 2 && f[1] == "in" {
			out = append(out, f[2:]...)
		}
	}
	return out
}

// listedReads returns the credential file dynamic read p of a command of
// s may be, when its name comes from a file of names or a listing (see
// above); lists holds what was read of s for it, once a script;
// ls is as for listedShown; deep, when not nil, is the tree search of a
// reader that recurses into the folders it is given (see deepListed).
func (at *place) listedReads(s *shell.Script, lists **listings, p shell.Word, extra []string, ls *lineSearch, deep *shell.TreeSearch) (string, bool) {
	if at.cfg != nil && at.cfg.Away || at.dir == "" {
		return "", false
	}
	l := at.listsOf(lists)
	v := p.Value
	var files []string
	if f, ok := p.LinesFile(); ok {
		files = append(files, f)
	}
	if mayCatSubst(v) {
		for _, m := range catSubst.get().FindAllStringSubmatch(v, -1) {
			files = append(files, m[1])
		}
	}
	variable := strings.Contains(v, "$") && !strings.Contains(v, "$(")
	if variable && l.done == nil {
		// The files a loop reads its names from, once a script.
		done := at.namesInAny(s, l, loopFiles(at.src), extra)
		l.done = &done
	}
	if variable && *l.done != "" {
		return *l.done, true
	}
	if c := at.namesInAny(s, l, files, extra); c != "" {
		return c, true
	}
	if !strings.Contains(v, "{}") && !strings.Contains(v, "(names ") && !strings.Contains(v, "(entries of ") &&
		!strings.Contains(v, "(lines of ") && // find app > l; xargs cat < l
		!strings.Contains(v, "(output of ") &&
		!strings.Contains(v, "$(") && !strings.Contains(v, "`") && !variable {
		return "", false
	}
	if l.all == nil {
		l.all = at.listingsOf(s)
		// The listings of a folder named, once a script; those of ls
		// without one (two at most: its dot files or not) once a folder
		// a read's name starts with.
		here := map[bool]bool{}
		for _, x := range l.all {
			if x.dir.Value == "" {
				here[x.hidden] = true
			} else if l.fixed == "" {
				l.fixed, _ = at.listedCredential(x, extra)
			}
		}
		for hidden := range here {
			l.here = append(l.here, listing{hidden: hidden})
		}
	}
	if l.fixed != "" && ls == nil {
		return l.fixed, true
	}
	if deep != nil {
		// What the listings name, searched as the reader searches.
		here := staticFolder(v)
		if here == "" {
			here = "."
		}
		if c, ok := at.deepListed(l, *deep, here, extra); ok {
			return c, true
		}
	}
	if ls != nil && l.fixed != "" {
		// grep TODO (output of git ls-files): each listing again, with
		// the search's test, once a search's patterns.
		c, ok := l.byShows[ls.key]
		if !ok {
			if l.uniq == nil {
				l.uniq = uniqListings(l.all)
			}
			for _, x := range l.uniq {
				if c, ok = at.listedShown(x, extra, ls); ok {
					break
				}
			}
			if l.byShows == nil {
				l.byShows = map[string]string{}
			}
			l.byShows[ls.key] = c
		}
		if c != "" {
			return c, true
		}
	}
	prefix := staticFolder(v)
	c, ok := l.byDir[prefix]
	if !ok {
		for _, x := range l.here {
			x.dir = shell.Static(prefix) // ls in the folder cd moved to
			if c, ok = at.listedCredential(x, extra); ok {
				break
			}
		}
		l.byDir[prefix] = c
	}
	return c, c != ""
}

// listsOf returns *lists, made when nil.
func (at *place) listsOf(lists **listings) *listings {
	if *lists == nil {
		*lists = &listings{byFile: map[string]string{}, byDir: map[string]string{}}
	}
	return *lists
}

// namesInAny is namesIn for each of files, each once a script: the
// first credential file one names.
func (at *place) namesInAny(s *shell.Script, l *listings, files []string, extra []string) string {
	for _, f := range files {
		c, ok := l.byFile[f]
		if !ok {
			c = at.namesIn(s, l, f, extra)
			l.byFile[f] = c
		}
		if c != "" {
			return c
		}
	}
	return ""
}

// namesIn returns the credential file a line of file f (from the
// place's folder) names, reading it once a call; a file s writes is
// judged by the words its echo and printf commands print.
func (at *place) namesIn(s *shell.Script, l *listings, f string, extra []string) string {
	if l.written == nil {
		l.written = map[string]bool{}
		for _, wr := range s.Writes {
			if !wr.Delete && !wr.Path.Dynamic {
				l.written[path.Clean(wr.Path.Value)] = true
			}
		}
	}
	if l.written[path.Clean(f)] {
		if l.unknown == nil {
			u := unknownWriter(s)
			l.unknown = &u
		}
		if *l.unknown != "" {
			// git ls-files > l && xargs cat < l printed .env under bash.
			return "the names in it, which " + *l.unknown + " writes before they are read"
		}
		if l.printed == nil {
			c, _ := at.printedCredential(s, extra)
			l.printed = &c
		}
		return *l.printed
	}
	w := at.wt
	if w == nil {
		w = &worktree{}
	}
	abs := filepath.FromSlash(joinPath(at.dir, f))
	found, ok := w.listed[abs]
	if !ok {
		text, err := "", errors.New("past the bytes read of files of names a call")
		if w.listBytes < maxListBytes {
			text, err = readfile.Regular(abs, maxListRead)
			w.listBytes += len(text)
		}
		switch {
		case err != nil && !readfile.Missing(err) && !strings.HasPrefix(abs, "/dev/"):
			// Past a bound, or not a regular file: the names in it are
			// not known, and may be a credential file's.
			found = "the names in it, which could not be read (" + err.Error() + ")"
		case err == nil:
			for line := range strings.SplitSeq(text, "\n") {
				line = strings.Trim(strings.TrimSpace(line), `"'`)
				if line != "" && IsSecretFile(line, extra) {
					found = line
					break
				}
				if t, ok := at.linkedSecret(line, extra); line != "" && ok {
					found = line + " (a link to " + t + ")"
					break
				}
			}
		}
		if w.listed == nil {
			w.listed = map[string]string{}
		}
		w.listed[abs] = found
	}
	if found == "" {
		return ""
	}
	return found + " (named in " + f + ")"
}

// unknownWriter returns a program of s, other than echo and printf,
// that may write a file of names s reads: one whose standard output goes
// to a file, or one that writes a file itself (tee, cp); "" for none.
// Which file a redirection writes is not told apart: any such program
// counts.
func unknownWriter(s *shell.Script) string {
	for _, w := range s.Writes {
		if !w.Delete && w.By != ">" && w.By != ">>" && w.By != "echo" && w.By != "printf" {
			return "`" + w.By + "`"
		}
	}
	for _, c := range s.Commands {
		if c.QuietOut() && c.Name != "echo" && c.Name != "printf" {
			return "`" + clip(c.String()) + "`"
		}
	}
	return ""
}

// staticFolder returns the folder the static start of word value v
// names ("app" of "app/$f"), "." when none.
func staticFolder(v string) string {
	if i := strings.IndexAny(v, "$`{(*?["); i >= 0 {
		v = v[:i]
	}
	if i := strings.LastIndexByte(v, '/'); i > 0 {
		return v[:i]
	}
	return "."
}

// listingsOf returns the folders the commands of s list (ls, find) and
// its for loops' globs.
func (at *place) listingsOf(s *shell.Script) []listing {
	out := []listing{}
	for _, c := range s.Commands {
		switch c.Name {
		case "ls":
			l := listing{}
			var dirs []shell.Word
			for _, a := range c.Args[1:] {
				switch {
				case a.Value == "--all" || a.Value == "--almost-all" ||
					!a.Dynamic && strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.ContainsAny(a.Value, "aA"):
					l.hidden = true
				case strings.HasPrefix(a.Value, "-") && !a.Dynamic:
				default:
					dirs = append(dirs, a)
				}
			}
			if len(dirs) == 0 {
				dirs = []shell.Word{{}}
			}
			for _, d := range dirs {
				l.dir = d
				out = append(out, l)
			}
		case "find":
			out = append(out, findListings(c)...)
		case "rg", "fd", "fdfind", "tree", "git", "du":
			piped := slices.Contains(c.Via, "$(…)") || slices.Contains(c.Via, "<(…)") || strings.Contains(at.src, "|")
			out = append(out, listerListings(c, piped)...)
		}
	}
	for _, g := range forWords(at.src) {
		g = strings.Trim(g, `"'`)
		if !strings.ContainsAny(g, "*?[") {
			continue
		}
		dir, base := path.Split(g)
		if strings.ContainsAny(dir, "*?[$`") {
			continue
		}
		out = append(out, listing{dir: shell.Static(path.Clean("./" + dir)), hidden: strings.HasPrefix(base, "."),
			names: []string{base}})
	}
	return out
}

// findListings returns the listings of find command c: each start
// point, its tree, the -name and -iname patterns as its names (any
// name with a test that is not read).
func findListings(c *shell.Command) []listing {
	var starts []shell.Word
	l := listing{tree: true, hidden: true}
	i := 1
	for ; i < len(c.Args); i++ {
		v := c.Args[i].Value
		if !c.Args[i].Dynamic && (strings.HasPrefix(v, "-") || v == "(" || v == "!") {
			break
		}
		starts = append(starts, c.Args[i])
	}
	// The names -name and -iname let through narrow what find prints
	// when they are joined with -a: with -o, or a test of them not
	// read, a name they do not match may be printed too. A negated test
	// (! -path './node_modules/*') only narrows.
	or, not := false, false
	for ; i < len(c.Args); i++ {
		switch v := c.Args[i].Value; v {
		case "-name", "-iname":
			if i+1 < len(c.Args) && !c.Args[i+1].Dynamic && !not {
				l.names = append(l.names, strings.ToLower(c.Args[i+1].Value))
			} else if !not {
				l.any = true
			}
			i++
		case "-o", "-or", ",":
			or = true
		case "!", "-not":
			not = true
			continue
		}
		not = false
	}
	l.any = l.any || or
	if len(starts) == 0 {
		starts = []shell.Word{shell.Static(".")}
	}
	out := make([]listing, 0, len(starts))
	for _, d := range starts {
		l.dir = d
		out = append(out, l)
	}
	return out
}
