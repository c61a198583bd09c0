// Package projectroot finds the project a command run in a subdirectory
// belongs to: the root of its git repository, never the home directory
// or above it.
package projectroot

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/agenthooks/hooks/install/internal/shellwords"
)

// Find returns the project directory for the working directory wd:
// the root of the git repository that holds wd (the nearest of wd and its
// parents with a .git entry, a directory or, in a worktree or submodule, a
// file), else wd itself. The home directory and those above it are never
// the root: a home directory kept in git (dotfiles) holds the user's files,
// not a project's, and its .claude is the user's own.
func Find(wd, home string) string {
	stop := ""
	if home != "" {
		stop = filepath.Clean(home)
	}
	for d := filepath.Clean(wd); ; d = filepath.Dir(d) {
		if d == stop || isAbove(d, stop) {
			return wd
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return wd
		}
	}
}

// isAbove reports that dir is a proper ancestor of p.
func isAbove(dir, p string) bool {
	if dir == "" || p == "" {
		return false
	}
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !filepath.IsAbs(rel) && (len(rel) < 3 || rel[:3] != ".."+string(filepath.Separator))
}

// Note returns the project directory Main uses without --dir and,
// when it is not the working directory, says so on w; "" when the
// working directory is unknown (prepare then reports the error).
func Note(w io.Writer) string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	home, _ := os.UserHomeDir()
	root := Find(wd, home)
	if root != wd {
		fmt.Fprintf(w, "note: project directory %s, the repository's root (the working directory is %s; --dir to choose)\n", root, wd)
	}
	return root
}

// Dirs returns dir and each directory above it up to the root of
// its git worktree (the nearest holding .git), or up to the root of the
// file system when there is none, but for home: OpenCode reads a
// project's configuration directories in each (measured outside git as
// well), and home's are the user's scope.
func Dirs(dir, home string) []string {
	dirs := []string{dir}
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return dirs
		}
		up := filepath.Dir(d)
		if up == d {
			return dirs
		}
		d = up
		if home == "" || !shellwords.SamePath(d, home) {
			dirs = append(dirs, d)
		}
	}
}
