package hooks

import (
	"context"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// A Write is one file that a tool call writes, creates or deletes, as
// [Tool.Writes] reports it.
type Write struct {
	// Path is the file's path resolved against the working directory
	// given to [Tool.Writes]: absolute and clean. With no working
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

// Writes returns every file the call writes, creates or deletes, like
// [Tool.WritePaths], with each path resolved against cwd (the event's
// working directory, Base.Cwd; a shell command's own ShellInput.Cwd takes
// precedence when set), and with the targets of a shell command that are
// known only at run time marked Dynamic instead of left out.
//
// For a shell command that does not parse, it returns an error (from
// package shell) and no shell writes: what the command writes is then
// unknown, and a policy that gates writes should deny it.
//
// Writes is WritesContext with no deadline of its own.
func (t *Tool) Writes(cwd string) ([]Write, error) {
	return t.WritesContext(context.Background(), cwd)
}

// WritesContext is [Tool.Writes] with the shell command parsed by a
// [shell.Parser] (its default limits) under ctx: pass the handler's
// context, so that parsing stops with ctx's error when the handler's
// deadline passes, and a command past the parser's limits is an error
// (wrapping [shell.ErrLimit]) a policy denies, not a handler that
// overruns its deadline.
func (t *Tool) WritesContext(ctx context.Context, cwd string) ([]Write, error) {
	if t == nil {
		return nil, nil
	}
	var out []Write
	add := func(dir, p string, del bool) {
		out = append(out, resolve(cwd, dir, p, del))
	}
	switch in := t.Input.(type) {
	case *WriteInput:
		add(cwd, in.Path, false)
	case *EditInput:
		add(cwd, in.Path, false)
	case *DeleteInput:
		add(cwd, in.Path, true)
	case *PatchInput:
		in.each(func(p string, del bool) { add(cwd, p, del) })
	case *ShellInput:
		dir := cwd
		if in.Cwd != "" {
			dir = join(cwd, in.Cwd)
		}
		if in.Patch != nil {
			in.Patch.each(func(p string, del bool) { add(dir, p, del) })
		}
		ws, err := in.writes(ctx)
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
			out = append(out, Write{Path: p, Name: name, Dynamic: true, Delete: w.Delete, Recursive: w.Recursive, Maybe: w.Maybe})
		}
	}
	return out, nil
}

// writes parses the command within a shell.Parser's default limits,
// under ctx, and returns the files it writes.
func (in *ShellInput) writes(ctx context.Context) ([]shell.Write, error) {
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
func (p *PatchInput) each(fn func(path string, del bool)) {
	for _, f := range p.Files {
		fn(f.Path, f.Op == PatchDelete || f.MoveTo != "")
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

// resolve returns the Write of static path p resolved against dir (the
// directory the tool runs in), with Rel relative to cwd.
func resolve(cwd, dir, p string, del bool) Write {
	w := Write{Path: p, Delete: del}
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
