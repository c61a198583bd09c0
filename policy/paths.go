package policy

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
	"github.com/agenthooks/hooks/writes"
)

// matchPaths returns the fact of the first path the call reads, writes
// or deletes (by key) that glob matches, or "".
func (c *call) matchPaths(key, glob string) (fact, unseen string) {
	cwd := c.base.Cwd
	check := func(abs, rel, name string, dynamic bool) bool {
		return pathMatches(glob, abs, rel, name, dynamic)
	}
	switch key {
	case "reads":
		if in, ok := c.tool.Input.(*hooks.ReadInput); ok {
			abs, rel := resolve(cwd, in.Path)
			if check(abs, rel, path.Base(abs), false) {
				return "reads: " + abs, ""
			}
			return "", ""
		}
		s, err := c.parse()
		if err != nil {
			return "", "the command cannot be read (" + err.Error() + ")"
		}
		if s == nil {
			return "", ""
		}
		dir := cwd
		if sh, ok := c.tool.Input.(*hooks.ShellInput); ok && sh.Cwd != "" {
			dir, _ = resolve(cwd, sh.Cwd)
		}
		for _, cmd := range s.Commands {
			for _, e := range cmd.Effects {
				if e.Kind != shell.Reads {
					continue
				}
				name, _ := e.Path.Name()
				abs, _ := resolve(dir, e.Path.Value)
				_, rel := resolve(cwd, abs)
				if e.Path.Dynamic {
					abs, rel = e.Path.Value, ""
				}
				if check(abs, rel, name, e.Path.Dynamic) {
					return "reads: " + clip(abs) + " (" + e.By + ")", ""
				}
			}
		}
		return "", ""
	}
	if !c.filesDone {
		c.filesDone = true
		c.files, c.filesErr = safeWrites(c.ctx, c.tool, cwd)
	}
	if c.filesErr != nil {
		return "", "what the call writes cannot be read (" + c.filesErr.Error() + ")"
	}
	for _, f := range c.files {
		if f.Delete != (key == "deletes") {
			continue
		}
		if check(filepath.ToSlash(f.Path), f.Rel, f.Name, f.Dynamic) {
			return key + ": " + clip(f.Path), ""
		}
	}
	return "", ""
}

// resolve returns p absolute (against cwd, when p is relative and cwd
// is not "") and clean, with forward slashes, and relative to cwd ("" when
// outside it or unknown).
func resolve(cwd, p string) (abs, rel string) {
	p = filepath.ToSlash(p)
	cwd = filepath.ToSlash(cwd)
	if cwd == "" {
		if path.IsAbs(p) {
			return path.Clean(p), ""
		}
		return path.Clean(p), path.Clean(p)
	}
	if !path.IsAbs(p) && !filepath.IsAbs(p) {
		p = cwd + "/" + p
	}
	abs = path.Clean(p)
	root := path.Clean(cwd)
	if r, ok := strings.CutPrefix(abs, root+"/"); ok {
		rel = r
	} else if abs == root {
		rel = "."
	}
	return abs, rel
}

// pathMatches reports whether glob matches a path: by name when the
// glob has no slash, else by the path relative to the working directory
// or the absolute one (~/ expanded). A dynamic path matches by its
// static name only.
func pathMatches(glob, abs, rel, name string, dynamic bool) bool {
	return pathMatchesFold(glob, abs, rel, name, dynamic, foldCase())
}

// foldCase reports whether paths differ in case only on this system's
// usual file systems (macOS, Windows): there Secrets/x is secrets/x, and
// a glob must match both.
func foldCase() bool { return runtime.GOOS == "darwin" || runtime.GOOS == "windows" }

// pathMatchesFold is pathMatches, ignoring case when fold is set.
func pathMatchesFold(glob, abs, rel, name string, dynamic, fold bool) bool {
	if fold {
		glob, abs, rel, name = strings.ToLower(glob), strings.ToLower(abs), strings.ToLower(rel), strings.ToLower(name)
	}
	if !strings.Contains(glob, "/") {
		if name == "" {
			return false
		}
		ok, _ := path.Match(glob, name)
		return ok
	}
	if dynamic {
		return false
	}
	if rest, ok := strings.CutPrefix(glob, "~/"); ok {
		home, err := os.UserHomeDir()
		if err != nil || home == "" {
			return false
		}
		home = path.Clean(filepath.ToSlash(home))
		if fold {
			home = strings.ToLower(home)
		}
		return matchGlob(home+"/"+rest, abs)
	}
	if path.IsAbs(glob) {
		return matchGlob(glob, abs)
	}
	return rel != "" && rel != "." && !strings.HasPrefix(rel, "../") && matchGlob(glob, rel)
}

// MatchFile reports whether glob (checked, as in a policy file's
// writes or [Guard.Secrets]) matches f, a file a tool call writes: by
// name when the glob has no slash, else by its path relative to the
// working directory or its absolute path (a leading ~/ is the user's
// home). A path known only at run time matches by its static name only.
func MatchFile(glob string, f writes.File) bool {
	return pathMatches(glob, filepath.ToSlash(f.Path), f.Rel, f.Name, f.Dynamic)
}

// safeWrites is writes.Of, with a panic (a parser's bug the model's
// input may trigger) returned as an error.
func safeWrites(ctx context.Context, t *hooks.Tool, cwd string) (ws []writes.File, err error) {
	defer func() {
		if p := recover(); p != nil {
			ws, err = nil, fmt.Errorf("the parser failed: %v", p)
		}
	}()
	return writes.Of(ctx, t, cwd)
}
