package guard

import (
	"errors"
	"io/fs"
	"os"
	"path"
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
// a call, and the walks of a call read at most maxSearchEntries entries
// (sixty ignored folders of 9,999 names each, made in one call, would
// otherwise cost 600,000); past that, the usual names are looked up.
//
// Of a find's :(glob) pathspec (REL**/NAME, REL**/NAME/**), only a .env
// file that the find deletes counts: one with a part of its path under
// REL that NAME matches (build/x1/.env for -name x1, not build/.env).
func (t *worktree) ignoredEnv(top, rel, pathspec string) (string, bool) {
	key := top + "\x00" + rel
	files, ok := t.envDirs[key]
	if !ok {
		var read int
		files, read = findIgnoredEnvs(top, rel, max(0, maxSearchEntries-t.envWalked))
		t.envWalked += read
		if t.envDirs == nil {
			t.envDirs = map[string][]string{}
		}
		t.envDirs[key] = files
	}
	keep := envKeep(pathspec)
	for _, f := range files {
		if keep == nil || f == rel || keep(f) {
			return f, true
		}
	}
	return "", false
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

// envKeep returns whether a .env file at rel (relative to the top) is
// one the :(glob) pathspec of a find deletes (see ignoredEnv); nil, any
// file, for another pathspec or one not of that shape.
func envKeep(pathspec string) func(rel string) bool {
	p, ok := strings.CutPrefix(pathspec, ":(glob)")
	if !ok {
		return nil
	}
	p = strings.TrimSuffix(p, "/**")
	i := strings.LastIndex(p, "**/")
	if i < 0 {
		return nil
	}
	under, name := p[:i], p[i+3:]
	if name == "" || strings.Contains(name, "/") {
		return nil
	}
	return func(rel string) bool {
		r, ok := strings.CutPrefix(rel, under)
		if !ok {
			return false
		}
		for _, el := range strings.Split(r, "/") {
			if m, err := path.Match(name, el); m || err != nil || strings.EqualFold(el, name) {
				return true
			}
		}
		return false
	}
}

// maxIgnoredEnvs bounds the .env files kept of one folder: past it the
// folder itself stands for the rest (and counts for any pathspec).
const maxIgnoredEnvs = 64

// findIgnoredEnvs is ignoredEnv's walk, without its memo: the .env files
// under rel, relative to top (rel itself last when there were more than
// maxIgnoredEnvs), reading at most left entries, and how many it read.
func findIgnoredEnvs(top, rel string, left int) (found []string, read int) {
	dir := strings.TrimSuffix(rel, "/")
	if slices.Contains(scratchNames, filepath.Base(dir)) {
		return nil, 0
	}
	root := filepath.Join(filepath.FromSlash(top), filepath.FromSlash(dir))
	add := func(p string) {
		if r, err := filepath.Rel(filepath.FromSlash(top), p); err == nil {
			p = r
		}
		found = append(found, filepath.ToSlash(p))
	}
	err := readfile.Walk(root, min(maxEnvWalk, left), func(p string, d fs.DirEntry, err error) error {
		read++
		if err != nil {
			return nil
		}
		if d.IsDir() && p != root && (d.Name() == ".git" || slices.Contains(scratchNames, d.Name())) {
			return fs.SkipDir
		}
		if !d.IsDir() && IsEnvFile(d.Name()) {
			if len(found) == maxIgnoredEnvs {
				found = append(found, rel)
				return fs.SkipAll
			}
			add(p)
		}
		return nil
	})
	if errors.Is(err, readfile.ErrBound) {
		for _, n := range envNames {
			if fi, err := os.Lstat(filepath.Join(root, n)); err == nil && !fi.IsDir() {
				add(filepath.Join(root, n))
			}
		}
	}
	return found, read
}
