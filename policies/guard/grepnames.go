package guard

import (
	"path"
	"path/filepath"
	"regexp"
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
// tell whether a line search of them matches; past it, one is shown.
const maxGrepTexts = 8

// grepShows returns, for command c of s, a test of whether c may show
// the text of the credential file at an absolute path; nil when it may
// show any file it reads (see above).
func (at *place) grepShows(s *shell.Script, c *shell.Command) func(string) bool {
	if at.cfg != nil && at.cfg.Away || at.dir == "" || at.wt == nil {
		return nil
	}
	search, ok := shell.LineSearchOf(c)
	if !ok || search.Unicode() {
		return nil
	}
	re, ok := search.Regexp()
	if !ok || re == nil || !onDiskNow(s) {
		return nil
	}
	return func(p string) bool { return at.grepMatches(p, re) }
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
// p: its text matches, it cannot be read whole, or the call has read
// maxGrepTexts files already. A file that is not there shows nothing.
func (at *place) grepMatches(p string, re *regexp.Regexp) bool {
	if at.wt.grepTexts >= maxGrepTexts {
		return true
	}
	at.wt.grepTexts++
	text, err := readfile.Regular(filepath.FromSlash(p), maxEnvSearch)
	switch {
	case err != nil && readfile.Missing(err):
		return false
	case err != nil:
		return true
	}
	return re.MatchString(text)
}

// lsFilesShown is gitListed for git ls-files read by a line search whose
// test is shows (see above): q, paths and globs are lsFilesQuery's. known
// is false when the names are not known (git could not tell, or one of
// them may be split or read as an option): the caller judges them as
// before.
func (at *place) lsFilesShown(dir string, q, paths, globs, extra []string, shows func(string) bool) (found string, ok, known bool) {
	out, err := at.ask(dir, append(append(append(q, "--"), globs...), paths...))
	if err != nil {
		return "", false, false
	}
	var creds []string
	for name := range strings.SplitSeq(string(out), "\x00") {
		if name == "" {
			continue
		}
		if riskyName(name) {
			return "", false, false
		}
		if IsSecretFile(name, extra) {
			creds = append(creds, name)
		}
	}
	for _, name := range creds {
		// Where git runs and where the reader does may differ (git -C):
		// either file may be the one read.
		if shows(joinPath(dir, name)) || shows(joinPath(at.dir, name)) {
			return name + " (in the names git lists, a line of which the search may match)", true, true
		}
	}
	return "", false, true
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

// listedShown is listedCredential for a reader that shows only the
// credential files (by absolute path) shows reports (nil: all of them),
// which is asked only of the names git ls-files prints: a walk's names
// (find, fd, du) may hold blanks or dashes that turn into options.
func (at *place) listedShown(l listing, extra []string, shows func(string) bool) (string, bool) {
	if l.dir.Dynamic {
		return "", false
	}
	if l.git != nil && at.wt != nil {
		return at.gitListed(l.git, extra, shows)
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
