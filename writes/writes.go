// Package writes says which files a tool call writes, creates or deletes,
// on every host: the path of a write, an edit or a delete, every file of a
// patch, and what a shell command writes as package [shell] reads it.
//
// It is a package of its own, not methods of [hooks.Tool], so that a hook
// that never asks links no shell parser: the parser's dependency does work
// at start-up, which a hook pays on every tool call.
package writes

import (
	"context"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
)

// A File is one file that a tool call writes, creates or deletes, as
// [Of] reports it.
type File struct {
	// Path is the file's path resolved against the working directory
	// given to [Of]: absolute and clean. With no working
	// directory, it is as the host sent it or the command names it.
	//
	// For a Dynamic path it is the command's text, each part known only at
	// run time written as in the command ("$OUT/.env").
	Path string
	// Rel is Path relative to the working directory, with forward
	// slashes ("secrets/key.pem"; "../x" when outside it). It is "" when
	// it cannot be known: a Dynamic path, or an absolute one given no
	// working directory.
	Rel string
	// Name is the file name, the last element of Path. For a Dynamic
	// path it is "" unless the command names the file statically
	// (`> "$dir/.env"` has Name ".env").
	Name string
	// Dynamic reports that the path is known only when the command runs:
	// it holds a variable, a command substitution, a glob, or sits under
	// a directory a cd with such a target moved to.
	Dynamic bool
	// Delete reports that the file is deleted or moved away (Cursor's
	// Delete tool, a patch's delete, rm, mv's sources, …).
	Delete bool
	// Recursive reports, with Delete, that a directory tree may be
	// deleted (rm -r, find -delete, git clean, …).
	Recursive bool
	// Maybe reports that the program writing it is not one package
	// shell knows ([shell.Unknown]): the path is an operand that could
	// name a file, which the program may write.
	Maybe bool
}

// Of returns every file the call writes, creates or deletes, like
// [Paths], with each path resolved against cwd (the event's working
// directory, [hooks.Base].Cwd; a shell command's own
// [hooks.ShellInput].Cwd takes precedence when set), and with the targets
// of a shell command that are known only at run time marked Dynamic
// instead of left out.
//
// A shell command is parsed by a [shell.Parser] with its default limits,
// under ctx: pass the handler's context, so that parsing stops with ctx's
// error when the handler's deadline passes. For a command that does not
// parse, or is past the parser's limits (an error wrapping
// [shell.ErrLimit]), Of returns the error and no shell writes: what the
// command writes is then unknown, and a policy that gates writes should
// deny it.
func Of(ctx context.Context, t *hooks.Tool, cwd string) ([]File, error) {
	if t == nil {
		return nil, nil
	}
	var out []File
	add := func(dir, p string, del bool) {
		out = append(out, resolve(cwd, dir, p, del))
	}
	switch in := t.Input.(type) {
	case *hooks.WriteInput:
		add(cwd, in.Path, false)
	case *hooks.EditInput:
		add(cwd, in.Path, false)
	case *hooks.DeleteInput:
		add(cwd, in.Path, true)
	case *hooks.PatchInput:
		each(in, func(p string, del bool) { add(cwd, p, del) })
	case *hooks.ShellInput:
		dir := cwd
		if in.Cwd != "" {
			dir = join(cwd, in.Cwd)
		}
		if in.Patch != nil {
			each(in.Patch, func(p string, del bool) { add(dir, p, del) })
		}
		ws, err := shellWrites(ctx, in)
		if err != nil {
			return out, err
		}
		for _, w := range ws {
			if !w.Path.Dynamic {
				r := resolve(cwd, dir, w.Path.Value, w.Delete)
				r.Recursive, r.Maybe = w.Recursive, w.Maybe
				out = append(out, r)
				continue
			}
			name, _ := w.Path.Name()
			p := w.Path.Value
			if dir != "" && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
				p = strings.TrimSuffix(dir, "/") + "/" + p
			}
			out = append(out, File{Path: p, Name: name, Dynamic: true, Delete: w.Delete, Recursive: w.Recursive, Maybe: w.Maybe})
		}
	}
	return out, nil
}

// Paths returns every file path the call would create, change, delete or
// move to, as the host sent it or the shell command names it: the path of
// a write, an edit or a delete, every file of a patch (rename destinations
// included), every file of a patch a shell command applies through the
// host ([hooks.ShellInput].Patch), and the files a shell command writes or
// deletes (redirections and the writers package shell knows, relative
// paths joined to the directory a cd in the command moved to), and the
// operands of programs package shell does not know, which they may write
// ([File].Maybe in [Of]). It is nil for other tools.
//
// Paths are absolute or relative to the session's working directory, as
// the host or the command wrote them. A shell target known only at run
// time (`> "$f"`) is not in Paths, nor is anything of a command that does
// not parse: a policy that must not be talked past uses [Of], which
// reports both, with every path resolved.
func Paths(t *hooks.Tool) []string {
	if t == nil {
		return nil
	}
	var ps []string
	add := func(p string, _ bool) { ps = append(ps, p) }
	switch in := t.Input.(type) {
	case *hooks.WriteInput:
		return []string{in.Path}
	case *hooks.EditInput:
		return []string{in.Path}
	case *hooks.DeleteInput:
		return []string{in.Path}
	case *hooks.PatchInput:
		each(in, add)
	case *hooks.ShellInput:
		if in.Patch != nil {
			each(in.Patch, add)
		}
		ws, _ := shellWrites(context.Background(), in)
		for _, w := range ws {
			if !w.Path.Dynamic {
				ps = append(ps, w.Path.Value)
			}
		}
	}
	return ps
}

// shellWrites parses the command within a shell.Parser's default limits,
// under ctx, and returns the files it writes.
func shellWrites(ctx context.Context, in *hooks.ShellInput) ([]shell.Write, error) {
	if in.Command == "" {
		return nil, nil
	}
	s, err := (&shell.Parser{}).Parse(ctx, in.Command)
	if err != nil {
		return nil, err
	}
	return s.Writes, nil
}

// each calls fn with every path of the patch and whether it is deleted
// (a delete, or the source of a move).
func each(p *hooks.PatchInput, fn func(path string, del bool)) {
	for _, f := range p.Files {
		fn(f.Path, f.Op == hooks.PatchDelete || f.MoveTo != "")
		if f.MoveTo != "" {
			fn(f.MoveTo, false)
		}
	}
}

// join returns p resolved against dir: p itself when absolute or when
// dir is "", else dir/p, clean.
func join(dir, p string) string {
	if dir == "" || isAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// isAbs reports whether p is absolute on this system or in slash form.
func isAbs(p string) bool {
	return filepath.IsAbs(p) || strings.HasPrefix(p, "/")
}

// resolve returns the File of static path p resolved against dir (the
// directory the tool runs in), with Rel relative to cwd.
func resolve(cwd, dir, p string, del bool) File {
	w := File{Path: p, Delete: del}
	switch {
	case dir != "":
		w.Path = filepath.Clean(join(dir, p))
		if cwd == "" {
			if !isAbs(w.Path) {
				w.Rel = filepath.ToSlash(w.Path)
			}
		} else if r, err := filepath.Rel(filepath.Clean(cwd), w.Path); err == nil {
			w.Rel = filepath.ToSlash(r)
		}
	case !isAbs(p) && p != "":
		w.Rel = path.Clean(filepath.ToSlash(p))
	}
	name := strings.TrimRight(w.Path, `/\`)
	w.Name = name[strings.LastIndexAny(name, `/\`)+1:]
	return w
}
