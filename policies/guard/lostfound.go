package guard

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on the objects git keeps outside its commits, reflogs and index
// (issue 38): a .env added and reset (`git add .env; git reset`), or
// committed and dropped from every branch, leaves a dangling blob, which
// `git fsck --lost-found` writes under .git/lost-found/other/ by its id,
// with no name; a later `cat .git/lost-found/other/*` printed its KEY=
// under bash. Whether a blob without a name was a credential file's
// cannot be told, so a read under a lost-found folder is judged as a
// read of any blob: denied. (git cat-file --batch-all-objects and git
// fsck's ids given to git cat-file are judged by gittree.go.)

// lostFound returns the folder of git's lost and found objects read path
// v is under, if it is one: a part "lost-found" after a .git part or
// after a part known only at run time ($(git rev-parse --git-dir)).
func lostFound(v string) (string, bool) {
	if len(v) < len("lost-found") {
		return "", false
	}
	i := strings.Index(v, "lost-found")
	if i < 0 {
		return "", false
	}
	end := i + len("lost-found")
	if i > 0 && v[i-1] != '/' || end < len(v) && v[end] != '/' {
		return "", false
	}
	before := v[:i]
	if strings.HasSuffix(before, ".git/") || strings.ContainsAny(before, "$`)") || strings.Contains(before, "/.git/") {
		return v[:end] + " (the blobs git fsck --lost-found writes there, which may be a credential file's)", true
	}
	return "", false
}

// lostBlob reports whether the file at path p (slashes) is one of git's
// lost objects (see lostFound).
func lostBlob(p string) bool {
	_, ok := lostFound(p)
	return ok
}

// underGit reports whether path v is in a .git folder, or is one.
func underGit(v string) bool {
	return v == ".git" || strings.HasPrefix(v, ".git/") || strings.HasSuffix(v, "/.git") || strings.Contains(v, "/.git/")
}

// runsFsckLostFound reports whether a command of s runs git fsck with
// --lost-found, which writes git's lost objects where a later command of
// s may read them though the folder is not there yet: read once a
// script, when a rule first asks.
func (at *place) runsFsckLostFound(s *shell.Script) bool {
	if at.fsckLost != nil && at.fsckLost.s == s {
		return at.fsckLost.runs
	}
	m := &fsckMemo{s: s}
	for _, c := range s.Commands {
		if c.Name != "git" {
			continue
		}
		if sub, ok := c.Subcommand(shell.Spec{Short: "C:c:"}); ok && len(sub) > 0 && (sub[0].Dynamic || sub[0].Value == "fsck") {
			for _, a := range sub[1:] {
				m.runs = m.runs || a.Dynamic || a.Value == "--lost-found"
			}
		}
	}
	at.fsckLost = m
	return m.runs
}

// fsckMemo holds runsFsckLostFound's answer for one script (a place
// judges other scripts too: awk's commands, script files).
type fsckMemo struct {
	s    *shell.Script
	runs bool
}

// lostUnder adds to out the files of git's lost objects in the git
// folder gitDir (its lost-found/other folder, written by an earlier git
// fsck --lost-found), each a credential file's text for all the guard
// can tell; budget bounds the entries read, and reports whether it was
// reached.
func lostUnder(gitDir string, budget int, out *searchWalk) int {
	n := 0
	err := readfile.Walk(filepath.Join(gitDir, "lost-found", "other"), budget, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		n++
		if !e.IsDir() {
			out.found = append(out.found, credential{path: p, regular: e.Type().IsRegular()})
		}
		return nil
	})
	if errors.Is(err, readfile.ErrBound) {
		out.partial = true
	}
	return n
}
