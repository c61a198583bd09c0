package install

import (
	"errors"
	"fmt"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/install/internal/statedir"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A plugin host loads modules from more folders than the one install
// writes ([hostfacts.PluginLoads]): OpenCode reads plugin/ and plugins/
// of .opencode in the project and in each directory above it, of
// ~/.opencode, of its user directory and of $OPENCODE_CONFIG_DIR. Install
// writes only its own folder, and refuses while a module of ours for the
// same binary is in another (the host would run the hook twice on each
// event); uninstall removes every module of ours for the binary, wherever
// it is; doctor checks each and fails one whose binary is gone, which
// uninstall --orphans removes. A module is ours by its content (exactly
// what install renders for a binary), whatever its name; other modules
// are never touched.

// pluginFolders returns the folders h loads plugin modules from for
// scope s, the one install writes first, each once; nil when h has no
// such scope.
func (h *host) pluginFolders(s Scope, e env) []string {
	p := h.path(s, e)
	if p == "" {
		return nil
	}
	own := filepath.Dir(p)
	folders := []string{own}
	l := h.PluginLoads
	var confs []string
	switch s {
	case Project:
		for _, d := range projectDirs(e.dir, e.home) {
			for _, x := range l.Project {
				confs = append(confs, filepath.Join(d, x))
			}
		}
	case User:
		confs = append(confs, filepath.Dir(own))
		for _, x := range l.Home {
			confs = append(confs, filepath.Join(e.home, x))
		}
		if l.Env != "" {
			if v := e.getenv(l.Env); v != "" && filepath.IsAbs(v) {
				confs = append(confs, v)
			}
		}
	}
	for _, c := range confs {
		for _, f := range l.Folders {
			if d := filepath.Join(c, f); !slices.Contains(folders, d) {
				folders = append(folders, d)
			}
		}
	}
	return folders
}

// projectDirs returns dir and each directory above it up to the root of
// its git worktree (the nearest holding .git), or up to the root of the
// file system when there is none, but for home: OpenCode reads a
// project's configuration directories in each (measured outside git as
// well), and home's are the user's scope.
func projectDirs(dir, home string) []string {
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

// pluginFile is a module in a folder a plugin host loads from.
type pluginFile struct {
	path string
	// src is its content; err, why it cannot be read.
	src []byte
	err error
	// same is the path, listed before, of the file this one is too
	// (through a symbolic link), or "".
	same string
}

// pluginFiles returns the modules h loads for scope s: every file of
// its folders (pluginFolders) whose name ends with one of its extensions,
// through symbolic links, sorted by name in each folder; and the folders
// that exist but cannot be listed (the host loads nothing from them
// either), with why (their path and err).
func (h *host) pluginFiles(s Scope, e env) (files, unlisted []pluginFile) {
	seen := map[string]string{}
	for _, dir := range h.pluginFolders(s, e) {
		fi, err := os.Stat(dir)
		if errors.Is(err, fs.ErrNotExist) || err == nil && !fi.IsDir() {
			continue // nothing the host could load either
		}
		var ents []fs.DirEntry
		if err == nil {
			ents, err = os.ReadDir(dir)
		}
		if err != nil {
			unlisted = append(unlisted, pluginFile{path: dir, err: err})
			continue
		}
		for _, ent := range ents {
			if !slices.ContainsFunc(h.PluginLoads.Exts, func(x string) bool { return strings.HasSuffix(ent.Name(), x) }) {
				continue
			}
			p := filepath.Join(dir, ent.Name())
			fi, err := os.Stat(p)
			if err != nil && ent.Type()&fs.ModeSymlink != 0 && errors.Is(err, fs.ErrNotExist) || err == nil && fi.IsDir() {
				continue // a dangling link, a folder: not a module
			}
			f := pluginFile{path: p}
			f.src, f.err = safefile.Read(p)
			if f.err == nil && f.src == nil {
				continue // gone since
			}
			r := statedir.ResolvedPath(p)
			f.same = seen[r]
			if f.same == "" {
				seen[r] = p
			}
			files = append(files, f)
		}
	}
	return files, unlisted
}

// pluginCopies returns the modules of ours for binary h loads for scope
// s other than p (the one install writes), but those that are p, or a
// module listed before, through a symbolic link.
func (h *host) pluginCopies(s Scope, e env, binary, p string) []string {
	files, _ := h.pluginFiles(s, e)
	var out []string
	for _, f := range files {
		if f.err != nil || f.same != "" || shellwords.SamePath(f.path, p) || statedir.ResolvedPath(f.path) == statedir.ResolvedPath(p) {
			continue
		}
		if _, _, _, ours := h.pluginCommand(f.src, binary); ours {
			out = append(out, f.path)
		}
	}
	return out
}

// refuseCopies is Install's check of a plugin host: an error when a
// module of ours for binary is loaded from a folder other than p's, or
// is p through a link (the host would load two, and run the hook twice
// on each event).
func (h *host) refuseCopies(s Scope, e env, binary, p string) error {
	files, _ := h.pluginFiles(s, e)
	var copies []string
	for _, f := range files {
		if f.err != nil || shellwords.SamePath(f.path, p) {
			continue
		}
		if _, _, _, ours := h.pluginCommand(f.src, binary); ours {
			copies = append(copies, f.path)
		}
	}
	if len(copies) == 0 {
		return nil
	}
	return fmt.Errorf("%s also loads a plugin of this binary from %s: with the one install writes here it would run the hook twice on each event; "+
		"remove it (uninstall removes every plugin of ours for this binary wherever %s loads it from), then run install again",
		h.Title, strings.Join(copies, " and "), h.Title)
}

// pluginOrphan is a module of ours for a binary that no longer exists.
type pluginOrphan struct {
	path, binary string
}

// pluginOrphans returns the modules of ours h loads for scope s for hook
// binaries other than binary that no longer exist (moved or deleted
// without uninstall): the plugin cannot start them, and blocks every
// call.
func (h *host) pluginOrphans(s Scope, e env, binary string) []pluginOrphan {
	pr, err := h.renderer()
	if err != nil {
		return nil
	}
	files, _ := h.pluginFiles(s, e)
	var out []pluginOrphan
	for _, f := range files {
		if f.err != nil || f.same != "" {
			continue
		}
		argv, _, _, ok := pr.ReadPlugin(f.src)
		if !ok || len(argv) == 0 || shellwords.SamePath(argv[0], binary) || !filepath.IsAbs(argv[0]) && !shellwords.WindowsPath(argv[0]) {
			continue
		}
		if _, err := os.Stat(argv[0]); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if _, _, _, ours := h.pluginCommand(f.src, argv[0]); ours {
			out = append(out, pluginOrphan{f.path, argv[0]})
		}
	}
	return out
}
