package guard

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// Git lists a submodule as one name, its folder (git ls-files, git diff
// --name-only, git ls-tree), and a reader that recurses into folders
// reads every file under it, untracked ones too, which no question on
// the superproject's names sees: with lib a submodule holding an
// untracked .env, `git ls-files | xargs grep -r KEY` and `git ls-files |
// xargs tar cf - | tar xO` printed lib/.env's KEY=1 under bash. The
// folders .gitmodules names are walked for credential files as rule 7's
// tree search walks (each once a call), whatever the reader.

// maxSubmodules bounds the submodules walked a call; past it, or when
// .gitmodules cannot be read, a credential file is taken to be in one.
const maxSubmodules = 16

// maxGitmodules bounds the .gitmodules read.
const maxGitmodules = 64 << 10

// submoduleCredential returns a credential file under a submodule of the
// repository git runs in at dir (absolute), whose names a command reads.
func (at *place) submoduleCredential(dir string, extra []string) (string, bool) {
	top, text, err := gitmodulesFor(dir, at.root)
	if top == "" {
		return "", false
	}
	if err != nil {
		return at.shown(filepath.Join(top, ".gitmodules")) + " (unreadable: a submodule's folder, which git lists whole, may hold a credential file)", true
	}
	n := 0
	for line := range strings.SplitSeq(text, "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(k) != "path" {
			continue
		}
		p := strings.TrimSpace(v)
		if n++; n > maxSubmodules || p == "" || strings.ContainsAny(p, "\"\\;#") {
			// Quoted or escaped in git's config syntax, or one too many.
			return at.shown(filepath.Join(top, ".gitmodules")) + " (a submodule's folder, which git lists whole, may hold a credential file)", true
		}
		l := listing{dir: shell.Static(joinPath(filepath.ToSlash(top), p)), tree: true, hidden: true}
		if f, ok := at.listedCredential(l, extra); ok {
			return f + " (in a submodule, which git lists as its folder)", true
		}
	}
	return "", false
}

// gitmodulesFor returns the folder of the .gitmodules that holds dir's
// submodules and its text: the first found from dir up to the folder
// that holds .git (the worktree's top) or root; top is "" when there is
// none.
func gitmodulesFor(dir, root string) (top, text string, err error) {
	if dir == "" || !isAbs(dir) {
		return "", "", nil
	}
	d := filepath.FromSlash(dir)
	for range 64 {
		f := filepath.Join(d, ".gitmodules")
		if _, err := os.Lstat(f); err == nil {
			text, err := readfile.Regular(f, maxGitmodules)
			return d, text, err
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return "", "", nil
		}
		up := filepath.Dir(d)
		if up == d || d == filepath.FromSlash(root) {
			return "", "", nil
		}
		d = up
	}
	return "", "", nil
}
