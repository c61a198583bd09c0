package guard

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on a line search of the files a lister names (issue 38): `git
// ls-files | xargs grep TODO` prints only the lines with TODO, yet was
// denied whenever a credential file was tracked. A grep whose patterns
// are known ([shell.LineSearchOf]) shows nothing of a file no line of
// which matches: each credential file git ls-files names is read from
// the disk, as `grep -r PATTERN .` has its credential files read
// (searchShows), and only one whose text matches, or that cannot be
// read, is shown. The text is trusted only when
//
//   - the names git prints cannot turn into grep's options or into
//     other words: every name git ls-files gives for the question is
//     asked (one question, within the call's), and a name that starts
//     with a dash, or holds a blank, a quote, a backslash or a byte
//     past ASCII (git may quote it, xargs splits it), leaves the names
//     unknown (`docs/x -v` tracked made grep -v print app/.env under
//     bash);
//   - the files are those on the disk now: the script runs only
//     programs in the tables, and none of them writes a credential file
//     or a path known only at run time (git checkout HEAD~1 -- app/.env
//     first) or extracts an archive;
//   - at most maxGrepTexts credential files are read in a call.
//
// Other listers (find, ls, fd, du, a file of names) read by grep are
// judged as before: as naming every credential file they may name.

// maxGrepTexts bounds the credential files whose text a call reads to
// tell whether a line search of them matches (each once a call for a
// search's patterns); past it, one is shown.
const maxGrepTexts = 8

// grepMemo is what grepShows and lsFilesShown read, once a call: whether
// the script leaves the files as they are, the searches' expressions by
// their patterns, whether each pattern and file matched, git's names by
// question, and the texts read.
type grepMemo struct {
	script *shell.Script
	onDisk bool
	res    map[string]*regexp.Regexp
	shown  map[string]bool
	names  map[string]lsNames
	texts  int
}

// lsNames is lsFilesShown's reading of git's answer to one question: the
// credential files named, and whether the names are known.
type lsNames struct {
	creds []string
	known bool
}

// A lineSearch is what a line search looks for (see grepShows): key
// names its patterns, re matches a text a line of which they match.
type lineSearch struct {
	key string
	re  *regexp.Regexp
}

// grepShows returns, for command c of s, the line search whose test
// (lineShows) tells whether c may show the text of a credential file it
// reads; nil when it may show any file it reads (see above).
func (at *place) grepShows(s *shell.Script, c *shell.Command) *lineSearch {
	if at.cfg != nil && at.cfg.Away || at.dir == "" || at.wt == nil {
		return nil
	}
	search, ok := shell.LineSearchOf(c)
	if !ok || search.Unicode() {
		return nil
	}
	m := &at.wt.grep
	if m.script != s {
		m.script, m.onDisk = s, onDiskNow(s)
	}
	if !m.onDisk {
		return nil
	}
	key := search.Syntax + "\x00" + strconv.FormatBool(search.Fold) + "\x00" + strings.Join(search.Patterns, "\x00")
	re, ok := m.res[key]
	if !ok {
		re, _ = search.Regexp()
		if m.res == nil {
			m.res = map[string]*regexp.Regexp{}
		}
		m.res[key] = re
	}
	if re == nil {
		return nil
	}
	return &lineSearch{key: key, re: re}
}

// lineShows reports whether line search ls (nil: one that shows all) may
// show the file at absolute path p.
func (at *place) lineShows(ls *lineSearch, p string) bool {
	return ls == nil || at.grepMatches(ls.key+"\x00"+p, p, ls.re)
}

// onDiskNow reports whether the files of the worktree a command of s
// reads are those on the disk before it runs: every program of s is in
// the tables, and none writes a credential file, a path known only at
// run time, or an archive's or a patch's files.
func onDiskNow(s *shell.Script) bool {
	for _, c := range s.Commands {
		if c.Dynamic || !c.Known {
			return false
		}
	}
	for _, w := range s.Writes {
		if w.Path.Dynamic || w.From != nil || w.Maybe || IsSecretFile(w.Path.Value, nil) || strings.HasPrefix(w.By, "git") {
			return false
		}
	}
	return true
}

// grepMatches reports whether a line search by re may show the file at
// p (key: the search's patterns and p): its text matches, it cannot be
// read whole, or the call has read maxGrepTexts files already. A file
// that is not there shows nothing.
func (at *place) grepMatches(key, p string, re *regexp.Regexp) bool {
	m := &at.wt.grep
	if shown, ok := m.shown[key]; ok {
		return shown
	}
	if m.texts >= maxGrepTexts {
		return true
	}
	m.texts++
	text, err := readfile.Regular(filepath.FromSlash(p), maxEnvSearch)
	shown := err != nil && !readfile.Missing(err) || err == nil && re.MatchString(text)
	if m.shown == nil {
		m.shown = map[string]bool{}
	}
	m.shown[key] = shown
	return shown
}

// lsFilesShown is gitListed for git ls-files read by line search ls (see
// above): q, paths and globs are lsFilesQuery's. known
// is false when the names are not known (git could not tell, or one of
// them may be split or read as an option): the caller judges them as
// before.
func (at *place) lsFilesShown(dir string, q, paths, globs, extra []string, ls *lineSearch) (found string, ok, known bool) {
	q = append(append(append(q, "--"), globs...), paths...)
	key := dir + "\x00" + strings.Join(q, "\x00")
	m := &at.wt.grep
	a, ok := m.names[key]
	if !ok {
		a = at.readLsNames(dir, q, extra)
		if m.names == nil {
			m.names = map[string]lsNames{}
		}
		m.names[key] = a
	}
	if !a.known {
		return "", false, false
	}
	for _, name := range a.creds {
		// Where git runs and where the reader does may differ (git -C):
		// either file may be the one read.
		if at.lineShows(ls, joinPath(dir, name)) || at.lineShows(ls, joinPath(at.dir, name)) {
			return name + " (in the names git lists, a line of which the search may match)", true, true
		}
	}
	return "", false, true
}

// readLsNames asks git q in dir and reads its answer for lsFilesShown.
func (at *place) readLsNames(dir string, q, extra []string) lsNames {
	out, err := at.ask(dir, q)
	if err != nil {
		return lsNames{}
	}
	var creds []string
	for name := range strings.SplitSeq(string(out), "\x00") {
		if name == "" {
			continue
		}
		if riskyName(name) {
			return lsNames{}
		}
		if IsSecretFile(name, extra) {
			creds = append(creds, name)
		}
	}
	return lsNames{creds: creds, known: true}
}

// riskyName reports whether name, as git prints it, may reach a reader
// as another word than itself: it starts with a dash (an option), or
// holds a blank, a quote, a backslash, a control byte or a byte past
// ASCII (git quotes it, xargs splits it or reads its quotes).
func riskyName(name string) bool {
	if strings.HasPrefix(name, "-") {
		return true
	}
	for i := 0; i < len(name); i++ {
		if b := name[i]; b <= ' ' || b >= 0x7f || b == '\'' || b == '"' || b == '\\' {
			return true
		}
	}
	return false
}

// listedCredential returns a credential file listing l can name, by the
// bounded walk of rule 7's tree search.
func (at *place) listedCredential(l listing, extra []string) (string, bool) {
	return at.listedShown(l, extra, nil)
}

// listedShown is listedCredential for a reader that is line search ls
// (nil: one that shows every file), which counts only for the names git
// ls-files prints: a walk's names (find, fd, du) may hold blanks or
// dashes that turn into options.
func (at *place) listedShown(l listing, extra []string, ls *lineSearch) (string, bool) {
	if l.dir.Dynamic {
		return "", false
	}
	if l.git != nil && at.wt != nil {
		return at.gitListed(l.git, extra, ls)
	}
	w := at.wt
	if w == nil {
		w = &worktree{}
	}
	root := filepath.FromSlash(joinPath(at.dir, l.dir.Value))
	walk := w.credentialsUnder(root, shell.TreeSearch{Hidden: l.hidden}, extra)
	for _, f := range walk.found {
		if !l.tree && filepath.Dir(f.path) != root || !l.lets(filepath.Base(f.path)) {
			continue
		}
		return at.shown(f.path) + " (listed by the same command)", true
	}
	if walk.partial && (l.lets(".env") || l.lets("id_rsa") || l.lets("credentials.json")) {
		return at.shown(root) + " (a tree too big to read, listed by the same command: a credential file may be in it)", true
	}
	return "", false
}

// lets reports whether listing l can name a file named name.
func (l listing) lets(name string) bool {
	if l.any || len(l.names) == 0 {
		return true
	}
	for _, p := range l.names {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
		if ok, _ := path.Match(p, strings.ToLower(name)); ok { // -iname's, lowered
			return true
		}
	}
	return false
}

// uniqListings returns the listings of all that name a folder, each
// once: a script of a thousand `git ls-files | xargs grep TODO` lists
// the same files a thousand times.
func uniqListings(all []listing) []listing {
	out := []listing{}
	seen := map[string]bool{}
	for _, x := range all {
		if x.dir.Value == "" {
			continue
		}
		var b strings.Builder
		b.WriteString(x.dir.Value)
		fmt.Fprintf(&b, "\x00%v%v%v%v\x00", x.dir.Dynamic, x.tree, x.hidden, x.any)
		b.WriteString(strings.Join(x.names, "\x00"))
		if x.git != nil {
			for _, a := range x.git.Args {
				fmt.Fprintf(&b, "\x01%v%s", a.Dynamic, a.Value)
			}
		}
		if k := b.String(); !seen[k] {
			seen[k] = true
			out = append(out, x)
		}
	}
	return out
}
