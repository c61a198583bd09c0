package guard

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
)

// ignoredEnv returns a .env file at or under rel (relative to the
// worktree at top), inside a folder git status lists as ignored whole
// ("!! deep/"), so that git does not list the files inside it: a .env
// there is work as one listed alone is (nothing makes its secrets
// again). It walks the folder (maxEnvWalk entries; not .git nor the
// build folders rule 1 names scratch, which a project's own .env is
// not kept in); a folder past the bound is not listed whole, so the
// usual .env names are looked up in it directly, since an earlier call
// can fill a folder with names to hide one. Each folder is walked once
// a call.
func (t *worktree) ignoredEnv(top, rel string) (string, bool) {
	key := top + "\x00" + rel
	if f, ok := t.envDirs[key]; ok {
		return f, f != ""
	}
	f := findIgnoredEnv(top, rel)
	if t.envDirs == nil {
		t.envDirs = map[string]string{}
	}
	t.envDirs[key] = f
	return f, f != ""
}

// envRoot returns the folder or file to look for .env files in when git
// status, asked for pathspec, lists the folder name (ending in /) as
// ignored whole: the path a literal pathspec names when it lies inside
// that folder (rm -rf deep/x3 deletes no more than deep/x3), else the
// folder.
func envRoot(name, pathspec string) string {
	if p, ok := strings.CutPrefix(pathspec, ":(literal)"); ok && strings.HasPrefix(p, name) {
		return p
	}
	return name
}

// envNames are the .env files looked up in a folder too big to walk.
var envNames = [...]string{".env", ".env.local", ".env.development", ".env.production", ".env.test",
	".env.staging", ".env.development.local", ".env.production.local", ".env.test.local"}

// findIgnoredEnv is ignoredEnv without its memo: the path of the first
// .env file found, relative to top, or "".
func findIgnoredEnv(top, rel string) string {
	dir := strings.TrimSuffix(rel, "/")
	if slices.Contains(scratchNames, filepath.Base(dir)) {
		return ""
	}
	root := filepath.Join(filepath.FromSlash(top), filepath.FromSlash(dir))
	found := ""
	err := readfile.Walk(root, maxEnvWalk, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && p != root && (d.Name() == ".git" || slices.Contains(scratchNames, d.Name())) {
			return fs.SkipDir
		}
		if !d.IsDir() && IsEnvFile(d.Name()) {
			found = p
			return fs.SkipAll
		}
		return nil
	})
	if found == "" && errors.Is(err, readfile.ErrBound) {
		for _, n := range envNames {
			if fi, err := os.Lstat(filepath.Join(root, n)); err == nil && !fi.IsDir() {
				found = filepath.Join(root, n)
				break
			}
		}
	}
	if found == "" {
		return ""
	}
	if r, err := filepath.Rel(filepath.FromSlash(top), found); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(found)
}
