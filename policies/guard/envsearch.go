package guard

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// maxEnvWalk bounds the entries noEnvUnder reads.
const maxEnvWalk = 10000

var errWalkBound = errors.New("too many entries")

// noEnvUnder reports whether p is the names a search prints under a
// folder (grep -rl … src | xargs sed -i: package shell's
// "src/(output of grep)") and the worktree holds no .env file under
// that folder, or none whose text the search matches ([shell.Search]:
// grep -rl X . prints only files holding X), so that the write cannot
// reach one: rule 3 by the real state rather than the name alone. It is false when it cannot tell
// (no known directory, a walk past maxEnvWalk entries, an unreadable
// folder, a link to a folder).
func (at *place) noEnvUnder(p shell.Word) bool {
	return at.noneUnder("env", p, func(_, name string) bool { return IsEnvFile(name) })
}

// noCredentialUnder is noEnvUnder for every credential file (rule 7:
// grep -rl PRIVATE . | xargs cat printed app/id_rsa under bash), and
// git's lost blobs, which the walk reaches in .git.
func (at *place) noCredentialUnder(p shell.Word, extra []string) bool {
	return at.noneUnder("credential", p, func(path, name string) bool {
		path = filepath.ToSlash(path)
		return IsEnvFile(name) || IsSecretFile(path, extra) || lostBlob(path)
	})
}

// noneUnder is noEnvUnder for the files match picks by path and name,
// kind naming match. Its answer for a word is kept for the call (3,000
// `grep -rl TODO src | xargs cat` walked src 3,000 times: 5 s with 2,000
// files), and the walks of a call read at most maxWalkTotal entries in
// all: past them it cannot tell.
func (at *place) noneUnder(kind string, p shell.Word, match func(path, name string) bool) bool {
	i := strings.Index(p.Value, "(output of ")
	if !p.Dynamic || i < 0 || at.dir == "" || p.Prefix() == "" || p.Value[:i] != p.Prefix() || strings.ContainsAny(p.Prefix(), "$`~") {
		return false
	}
	m := at.disk()
	key := kind + "\x00" + at.dir + "\x00" + p.Value // the folder and the search: the walk's question
	if strings.Contains(at.src, "RIPGREP_CONFIG_PATH") {
		key += "\x00rg" // read below
	}
	if v, ok := m.seen[key]; ok {
		return v
	}
	none := at.walkNone(m, p, match)
	m.seen[key] = none
	return none
}

// maxWalkTotal bounds the entries the walks of noneUnder read in a
// call, maxGlobTotal the names of folders the globs of secretGlob read.
const (
	maxWalkTotal = 2 * maxEnvWalk
	maxGlobTotal = maxGlobNames
)

// A diskMemo holds the answers of noneUnder and secretGlob, and the
// entries and names they read, for a call.
type diskMemo struct {
	seen    map[string]bool
	globs   map[string]globAnswer
	walked  int
	globbed int
	// dotsSrc is the text dots answers for (see dotsIn).
	dotsSrc string
	dots    bool
}

// dotsIn reports whether src names dotglob or GLOBIGNORE, read once for
// a text (secretGlob asked it of the whole command for each glob: 3,000
// `head many/*.go` read 45 KB 3,000 times).
func (m *diskMemo) dotsIn(src string) bool {
	if m.dotsSrc != src || src == "" {
		m.dotsSrc = src
		m.dots = strings.Contains(src, "dotglob") || strings.Contains(src, "GLOBIGNORE")
	}
	return m.dots
}

// disk returns the diskMemo of at's call: its worktree reader's, which
// every place of the call shares (a place without one has its own).
func (at *place) disk() *diskMemo {
	m := at.walks
	if at.wt != nil {
		m = &at.wt.disk
	} else if m == nil {
		m = &diskMemo{}
		at.walks = m
	}
	if m.seen == nil {
		m.seen, m.globs = map[string]bool{}, map[string]globAnswer{}
	}
	return m
}

// walkNone is noneUnder's walk of the folder p names.
func (at *place) walkNone(m *diskMemo, p shell.Word, match func(path, name string) bool) bool {
	if m.walked >= maxWalkTotal {
		return false
	}
	root := filepath.FromSlash(joinPath(at.dir, strings.TrimSuffix(p.Prefix(), "/")))
	var re *regexp.Regexp
	s, searched := p.Search()
	if searched {
		re, searched = s.Regexp()
		// Options from a file or the environment the command sets, and
		// classes Go reads by ASCII, may print any .env file.
		searched = searched && !s.Unicode() && !strings.Contains(at.src, "RIPGREP_CONFIG_PATH")
	}
	found := false
	err := readfile.Walk(root, maxEnvWalk, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if m.walked++; m.walked > maxWalkTotal {
			return errWalkBound
		}
		if !d.IsDir() && match(path, d.Name()) && (!searched || d.Type()&fs.ModeSymlink != 0 || envMatches(path, re)) {
			found = true
			return fs.SkipAll
		}
		if d.Type()&fs.ModeSymlink != 0 {
			// grep -R follows it: a link to a folder is not walked here.
			if fi, err := os.Stat(path); err != nil || fi.IsDir() {
				return errWalkBound
			}
			// A link to a credential file under an innocent name (app/notes
			// to ~/.ssh/id_rsa): grep -R prints the link's name, and a
			// reader of it the file's text.
			if t, err := filepath.EvalSymlinks(path); err != nil || match(t, filepath.Base(t)) && (!searched || envMatches(t, re)) {
				found = true
				return fs.SkipAll
			}
		}
		return nil
	})
	return err == nil && !found
}

// maxEnvSearch bounds the .env file read to tell whether a search
// matches it: a longer one may.
const maxEnvSearch = 1 << 20

// envMatches reports whether a search by re may print the name of the
// .env file at path: its text matches, or it cannot be read.
func envMatches(path string, re *regexp.Regexp) bool {
	text, err := readfile.Regular(path, maxEnvSearch)
	return err != nil || re.MatchString(text)
}
