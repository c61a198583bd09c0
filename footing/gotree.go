package footing

import (
	"context"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// maxGoDirs bounds the folders read to name the programs of one go
// command's package pattern (./...): past it the command is refused.
const maxGoDirs = 4096

// maxGoEntries bounds the entries of those folders read in all: a
// folder of a million names, which the model can make in one call, is
// not listed whole (past it the command is refused).
const maxGoEntries = 1 << 16

// programsTree judges w, programs a build or a package manager writes
// into a folder, named after the packages of w.From (a folder, go's
// pattern with "...", or a word known only at run time) by their
// metadata ([shell.Write.Programs]: go's folders and go.mod, npm's
// package.json bin, Cargo.toml's bins, Python's scripts). Only when a
// program may land on an entry of the footing are the packages read: an
// entry directly in that folder, or, for a folder known only at run time
// ($(go env GOBIN), $(npm prefix -g)/bin, ~/.local/bin), any entry of
// the name; a folder inside a protected tree takes any program. A
// package naming a program like the entry is a change to it; packages
// that cannot be read (past the bounds, a remote, a setup.py that names
// it) may be named anything.
func (p *place) programsTree(ctx context.Context, sc *shell.Script, w shell.Write) (string, bool) {
	fold := p.folded
	dest := strings.TrimSuffix(w.Path.Value, "/…")
	byName := map[string]Entry{}
	d, known := treeDir(w.Path)
	if build, ok := shell.InstallPrefixOf(w.Path); ok {
		if prefix, ok := cmakePrefix(p.abs(build)); ok {
			d, known, dest = filepath.Join(prefix, "bin"), true, filepath.Join(prefix, "bin")
		}
	}
	var dir string
	if known {
		dir = p.abs(d)
	}
	for _, e := range p.Entries() {
		switch {
		case !known:
			byName[fold(filepath.Base(e.Path))] = e
		case dir == "":
		case fold(filepath.Dir(e.Path)) == fold(dir):
			byName[fold(filepath.Base(e.Path))] = e
		case e.Tree && (fold(e.Path) == fold(dir) || isUnder(fold(e.Path), fold(dir))):
			return p.reason(e, e.Path, "`"+w.By+"` (it writes a program into "+dir+")"), true
		}
	}
	if len(byName) == 0 {
		return "", false
	}
	by := "`" + w.By + "`"
	from := *w.From
	cannot := func(why string) (string, bool) {
		// The entry named is the same each time: the first of the
		// footing's, a program (the hook's binary) before any other.
		var pick Entry
		for _, e := range p.Entries() {
			if _, ok := byName[fold(filepath.Base(e.Path))]; ok && (pick.Path == "" || e.Kind == Binary && pick.Kind != Binary) {
				pick = e
			}
		}
		if pick.Path == "" {
			return "", false
		}
		return p.reason(pick, pick.Path, by+" (it writes the programs of "+from.Value+", "+why+", into "+dest+", which may hold it)"), true
	}
	if from.Dynamic {
		return cannot("which are known only when it runs")
	}
	root, recursive := from.Value, false
	if w.Programs() == "go" {
		root, recursive = goPattern(from.Value)
	}
	ctx, cancel := context.WithTimeout(ctx, listTimeout)
	defer cancel()
	var hit string
	var entry Entry
	err := programs(ctx, w.Programs(), p.abs(root), recursive, func(pkgDir, name string) bool {
		if e, ok := byName[fold(name)]; ok {
			hit, entry = pkgDir, e
			return false
		}
		return true
	})
	if hit != "" {
		return p.reason(entry, entry.Path, by+" (it installs a program of "+hit+" as "+filepath.Base(entry.Path)+" into "+dest+")"), true
	}
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && !sc.Creates(shell.Static(root)) {
			return "", false // the build or install fails: nothing is written
		}
		return cannot("whose names cannot be read: " + err.Error())
	}
	return "", false
}

// goPattern splits a package pattern into the folder it starts from and
// whether it takes every folder under it (cmd/... and cmd/x... start
// from cmd; ... from the current folder).
func goPattern(v string) (root string, recursive bool) {
	i := strings.Index(v, "...")
	if i < 0 {
		return v, false
	}
	root = v[:strings.LastIndexByte(v[:i], '/')+1]
	root = strings.TrimSuffix(root, "/")
	if root == "" {
		if strings.HasPrefix(v, "/") {
			return "/", true
		}
		return ".", true
	}
	return root, true
}

// goPackages calls f with each folder of Go files at or (recursive)
// under root, as go's patterns select them, and the name of the program
// it builds: its module path's last element (a major version suffix
// skipped) for a folder holding go.mod, its own name otherwise (see
// goDirs).
func goPackages(ctx context.Context, root string, recursive bool, f func(dir, name string) bool) error {
	var err error
	walkErr := goDirs(ctx, root, recursive, func(dir string, _ []string, hasMod bool) bool {
		name := filepath.Base(dir)
		if hasMod {
			if name, err = modulePath(filepath.Join(dir, "go.mod")); err != nil {
				return false
			}
		}
		return f(dir, name)
	})
	if err != nil {
		return err
	}
	return walkErr
}

// goDirs calls f with each folder of Go files at or (recursive) under
// root, as go's patterns select them (folders whose names start with "."
// or "_", testdata and vendor are skipped below root; links to folders
// are not followed), its .go files' names, and whether it holds go.mod.
// It stops when f returns false, and fails past maxGoDirs folders or
// ctx's deadline.
func goDirs(ctx context.Context, root string, recursive bool, f func(dir string, files []string, hasMod bool) bool) error {
	queue := []string{root}
	left := maxGoEntries
	for n := 0; len(queue) > 0; n++ {
		if n >= maxGoDirs {
			return errors.New("more than 4,096 folders")
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		dir := queue[0]
		queue = queue[1:]
		fd, err := readfile.Dir(dir)
		if err != nil {
			return err
		}
		entries, err := fd.ReadDir(left + 1)
		fd.Close()
		if err != nil && err != io.EOF {
			return err
		}
		if left -= len(entries); left < 0 {
			return errors.New("more than 65,536 entries in the folders of a go pattern")
		}
		slices.SortFunc(entries, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
		var files []string
		hasMod := false
		for _, e := range entries {
			name := e.Name()
			switch {
			case e.IsDir():
				if recursive && name[0] != '.' && name[0] != '_' && name != "testdata" && name != "vendor" {
					queue = append(queue, filepath.Join(dir, name))
				}
			case name == "go.mod":
				hasMod = true
			case strings.HasSuffix(name, ".go"):
				files = append(files, name)
			}
		}
		if len(files) > 0 && !f(dir, files, hasMod) {
			return nil
		}
	}
	return nil
}

// goCode returns a footing entry that the Go code a go command runs
// names (go run, go test, go generate's directives, a program -exec
// runs): each .go file of the packages at ef.Path (a folder or a pattern
// with "..."), read as codeFile reads a file of code, its paths taken
// from the command's folder and from the package's (go test and go
// generate run there). In a git worktree only the files that differ
// from HEAD (untracked, ignored or changed: what the model may have
// written) are read, so that a project whose committed code names hook
// files (a hook's own tests) runs its tests. Past the bytes one call
// reads, any entry.
func (p *place) goCode(ctx context.Context, ef shell.Effect) (Entry, bool) {
	if ef.Lang() != "go" || ef.Code().Value != "" || ef.Path.Dynamic || strings.HasSuffix(ef.Path.Value, ".go") || !filepath.IsAbs(p.dir) {
		return Entry{}, false // a .go file: codeFile
	}
	root, recursive := goPattern(ef.Path.Value)
	if p.madeSeen == nil {
		p.madeSeen = &madeMemo{seen: map[string]madeResult{}}
	}
	absRoot := p.abs(root)
	key := goKey{p.dir, absRoot, recursive}
	if r, ok := p.madeSeen.goSeen[key]; ok && (r.past || p.madeSeen.fileBytes+r.bytes <= maxCodeFileBytes) {
		// The same packages from the same folder (go test ./... twice,
		// or judged again as a command the script files run): read
		// again, they give the same answer, the bytes counted again.
		p.madeSeen.fileBytes += r.bytes
		return r.e, r.found
	}
	start := p.madeSeen.fileBytes
	e, found, past := p.goCodeRead(ctx, absRoot, recursive)
	if p.madeSeen.goSeen == nil {
		p.madeSeen.goSeen = map[goKey]goResult{}
	}
	p.madeSeen.goSeen[key] = goResult{e, found, past, p.madeSeen.fileBytes - start}
	return e, found
}

// goKey is what goCode's answer depends on: the command's folder and
// the package pattern's.
type goKey struct {
	dir, root string
	recursive bool
}

// goResult is goCode's answer for one goKey, whether it was past the
// bytes one call reads, and the bytes it read.
type goResult struct {
	e           Entry
	found, past bool
	bytes       int
}

// goCodeRead is goCode's reading of the Go files of the packages at
// absRoot (under it, with recursive); past reports the bytes one call
// reads exceeded.
func (p *place) goCodeRead(ctx context.Context, absRoot string, recursive bool) (Entry, bool, bool) {
	ctx, cancel := context.WithTimeout(ctx, listTimeout)
	defer cancel()
	var hit Entry
	found, past := false, false
	visit := func(dir string, files []string, _ bool) bool {
		pkg := p.at(dir)
		for _, name := range files {
			if p.madeSeen.fileBytes > maxCodeFileBytes {
				past = true
				return false
			}
			text, err := readfile.Regular(filepath.Join(dir, name), maxLongScript)
			if err != nil {
				continue // not a regular file, or too long: go fails on it
			}
			p.madeSeen.fileBytes += len(text)
			e, ok := pkg.mentions(text)
			if !ok && dir != p.dir {
				e, ok = p.mentions(text) // from the command's folder too (the same when it is the package's)
			}
			if ok {
				hit, found = e, true
				return false
			}
		}
		return true
	}
	var err error
	if changed := p.changedFiles(ctx, absRoot); changed != nil {
		// Only what differs from HEAD: no walk of the tree.
		byDir := map[string][]string{}
		for f := range changed {
			if rel, ok := goSelects(absRoot, f, recursive); ok && strings.HasSuffix(rel, ".go") {
				byDir[filepath.Dir(f)] = append(byDir[filepath.Dir(f)], filepath.Base(f))
			}
		}
		for _, d := range slices.Sorted(maps.Keys(byDir)) {
			if !visit(d, byDir[d], false) {
				break
			}
		}
	} else {
		err = goDirs(ctx, absRoot, recursive, visit)
	}
	if found {
		return hit, true, false
	}
	if past || err != nil && !errors.Is(err, os.ErrNotExist) {
		if es := p.Entries(); len(es) > 0 {
			return es[0], true, past // past what one call reads, or not read in time
		}
	}
	return Entry{}, false, past
}

// modulePath returns the program name a go.mod's module path gives: its
// last element, a major version suffix skipped. A module line it cannot
// read as go does (a quoted path with an escape, a block, a file past
// the bound) fails: the name may be anything.
func modulePath(p string) (string, error) {
	text, err := readfile.Regular(p, maxMeta)
	if err != nil {
		return "", err
	}
	for line := range strings.Lines(text) {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module")
		if !ok || rest == "" || rest[0] != ' ' && rest[0] != '\t' && rest[0] != '"' && rest[0] != '`' && rest[0] != '(' {
			continue
		}
		mod := strings.TrimSpace(strings.SplitN(strings.TrimSpace(rest), "//", 2)[0])
		if len(mod) >= 2 && (mod[0] == '"' || mod[0] == '`') && mod[len(mod)-1] == mod[0] {
			mod = mod[1 : len(mod)-1]
		}
		if mod == "" || strings.ContainsAny(mod, "\\\"`()") {
			return "", errors.New("a module line not read: " + strings.TrimSpace(line))
		}
		elems := strings.Split(mod, "/")
		name := elems[len(elems)-1]
		if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" && name != "v1" && name[1] != '0' {
			name = elems[len(elems)-2]
		}
		return name, nil
	}
	return "", errors.New("no module line in " + p)
}

// changedFiles returns the files under dir that differ from HEAD in its
// git worktree (untracked and ignored ones too), as absolute paths; nil
// when dir is not in one, or its state cannot be read safely or in time
// (then every file is read).
func (p *place) changedFiles(ctx context.Context, dir string) map[string]bool {
	if out, ok := p.changed[dir]; ok {
		return out // once a folder a call: go test ./a ./b … runs git once a package
	}
	root := gitRoot(dir)
	var out map[string]bool
	if root != "" && p.unsafeRepo(ctx, root) == "" {
		// Only .go files: an ignored node_modules' files are not listed.
		if names, err := gitStatus(ctx, root, []string{filepath.Join(dir, "*.go")}, true, true); err == nil {
			out = make(map[string]bool, len(names))
			for _, n := range names {
				out[filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(n, "/")))] = true
			}
		}
	}
	if p.changed == nil {
		p.changed = map[string]map[string]bool{}
	}
	p.changed[dir] = out
	return out
}

// goSelects reports whether go's package pattern at root (with
// recursive, root/...) selects the file f, and returns f relative to
// root: a file of root itself, or, recursive, of a folder under it none
// of whose names starts with "." or "_" or is testdata or vendor.
func goSelects(root, f string, recursive bool) (string, bool) {
	rel, err := filepath.Rel(root, f)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	dir := filepath.Dir(rel)
	if dir == "." {
		return rel, true
	}
	if !recursive {
		return "", false
	}
	for _, n := range strings.Split(filepath.ToSlash(dir), "/") {
		if n == "" || n[0] == '.' || n[0] == '_' || n == "testdata" || n == "vendor" {
			return "", false
		}
	}
	return rel, true
}
