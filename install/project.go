package install

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// projectRoot returns the project directory for the working directory wd:
// the root of the git repository that holds wd (the nearest of wd and its
// parents with a .git entry, a directory or, in a worktree or submodule, a
// file), else wd itself. The home directory and those above it are never
// the root: a home directory kept in git (dotfiles) holds the user's files,
// not a project's, and its .claude is the user's own.
func projectRoot(wd, home string) string {
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

// projectNote returns the project directory Main uses without --dir and,
// when it is not the working directory, says so on w; "" when the
// working directory is unknown (prepare then reports the error).
func projectNote(w io.Writer) string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	home, _ := os.UserHomeDir()
	root := projectRoot(wd, home)
	if root != wd {
		fmt.Fprintf(w, "note: project directory %s, the repository's root (the working directory is %s; --dir to choose)\n", root, wd)
	}
	return root
}
