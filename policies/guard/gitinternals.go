package guard

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 2 on a repository's internals changed by hand (issue 38): `rm
// .git/refs/heads/feature` and `echo > .git/refs/heads/feature` dropped
// a branch whose commits only it held, and `printf … >> .git/config` can
// set an alias or a setting that runs a command, each past what the
// guard judges of git (git branch -D, git config). A write or a delete,
// by any program but git or by a file tool, of the .git folder itself
// or of a path inside it is denied, but for what people write there by
// hand: .git/info/exclude, .git/hooks (a hook is judged when git runs
// it), .git/description, the message files git leaves for an editor,
// and a lock a crashed git left (rm -f .git/index.lock).
//
// A repository's history is also lost by git itself: git prune, and git
// gc --prune=now or =all, delete the objects nothing references, which
// a dropped stash or a deleted branch leaves (git fsck --lost-found
// finds them until then); see gitLoses.

// gitInternal reports whether path p (slashes) is the .git folder of a
// repository or a path inside it other than those people write by hand
// (see above); del reports a delete.
func gitInternal(p string, del bool) bool {
	if !hasGitElem(p) {
		return false // most paths: no .git element, nothing split
	}
	elems := strings.Split(p, "/")
	for i, e := range elems {
		if !strings.EqualFold(e, ".git") {
			continue
		}
		rest := elems[i+1:]
		for len(rest) > 0 && (rest[0] == "" || rest[0] == ".") {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return true
		}
		if del && strings.HasSuffix(rest[len(rest)-1], ".lock") {
			return false // a lock a crashed git left
		}
		switch rest[0] {
		case "hooks", "description", "COMMIT_EDITMSG", "MERGE_MSG", "SQUASH_MSG", "TAG_EDITMSG", "EDIT_DESCRIPTION":
			return false
		case "info":
			return !(len(rest) == 2 && rest[1] == "exclude")
		}
		return true
	}
	return false
}

// hasGitElem reports whether one of p's elements is .git, case aside
// (what gitInternal looks for), without splitting p.
func hasGitElem(p string) bool {
	for i := 0; i+4 <= len(p); i++ {
		if p[i] == '.' && (i == 0 || p[i-1] == '/') && (i+4 == len(p) || p[i+4] == '/') && strings.EqualFold(p[i:i+4], ".git") {
			return true
		}
	}
	return false
}

// gitInternalsChanged returns rule 2's reason for a command of s that
// writes or deletes a repository's internals by hand (see above).
func gitInternalsChanged(s *shell.Script) (string, bool) {
	for _, c := range s.Commands {
		if c.Name == "git" || !c.HasEffect(shell.Writes) && !c.HasEffect(shell.Deletes) {
			continue // git's own: judged as git (rules 2 and 4); or nothing written
		}
		for _, e := range c.Effects {
			// A recursive delete is rule 1's (rm -rf .git).
			if (e.Kind == shell.Writes || e.Kind == shell.Deletes && !e.Recursive) && !e.Path.Dynamic && gitInternal(e.Path.Value, e.Kind == shell.Deletes) {
				return reasonGitInternal(c.String(), e.Path.Value), true
			}
		}
	}
	for _, w := range s.Writes {
		if w.By != "git" && !w.Path.Dynamic && !(w.Delete && w.Recursive) && gitInternal(w.Path.Value, w.Delete) {
			return reasonGitInternal(w.By, w.Path.Value), true
		}
	}
	return "", false
}

// reasonGitInternal is rule 2's reason for what writing p, a
// repository's internals, by hand.
func reasonGitInternal(what, p string) string {
	return "guard: rule 2 (no discarding uncommitted work or rewriting shared history): `" + clip(what) + "` changes " + p +
		", the repository's own records (its refs, index, objects, reflogs or settings), by hand: a branch, a stash or a " +
		"setting changed there is past what the guard checks of git; use git's own commands (git branch, git config, " +
		"git update-ref), or ask the user"
}
