package footing

import (
	"context"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
	"github.com/agenthooks/hooks/internal/githooks"
	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/internal/tempvar"
	"github.com/agenthooks/hooks/shell"
)

// maxLongScript bounds a script file too long to parse that files reads
// for the footing paths it names.
const maxLongScript = 8 << 20

// maxModuleFile bounds a code file read for the modules it imports.
const maxModuleFile = 1 << 20

// files judges the script files a command runs (bash x.sh, source x.sh,
// ./x.sh), read from the command's directory: what they certainly do
// (shell.Script.Definite) is judged as the command's own would be, so
// that a script an earlier call wrote cannot replace the hook's binary
// or settings when a later call runs it. A file that cannot be read (a
// FIFO) or parsed is judged by the footing paths its text names.
//
// The hooks the command's git commands may run (package githooks) are
// judged the same way: a pre-commit hook an earlier call wrote runs with
// the next git commit.
func (p *place) files(ctx context.Context, sc *shell.Script, cmd string) (string, bool) {
	runs, hooks := sc.RunsFiles(), githooks.Runs(sc)
	if !filepath.IsAbs(p.dir) || !runs && !hooks {
		return "", false
	}
	r := &readfile.Scripts{Dir: p.dir}
	if runs {
		if reason, deny := p.filesOf(ctx, cmd, r); deny {
			return reason, true
		}
	}
	if !hooks {
		return "", false
	}
	for _, use := range githooks.Dirs(sc) {
		if use.Dir == "$" {
			continue // git's settings known only at run time: judged with the command (foreignRepo)
		}
		top, hooks, err := githooks.Find(ctx, p.dir, use)
		if err != nil {
			if es := p.Entries(); len(es) > 0 {
				return p.reason(es[0], es[0].Path, "git's hooks, which cannot be read ("+err.Error()+"),"), true
			}
			return "", false
		}
		if len(hooks) == 0 {
			continue
		}
		if reason, deny := p.filesOf(ctx, githooks.Script(top, hooks), r); deny {
			return reason, true
		}
	}
	return "", false
}

// filesOf judges the script files cmd runs, read by r.
func (p *place) filesOf(ctx context.Context, cmd string, r *readfile.Scripts) (string, bool) {
	s2, err := (&shell.Parser{Files: r.Read, Resolve: p.resolveHome}).Parse(ctx, cmd)
	if len(r.Unread) > 0 {
		if es := p.Entries(); len(es) > 0 {
			return p.reason(es[0], es[0].Path, "the script file "+r.Unread[0]+
				", which cannot be read before it runs (not a regular file, or one of too many),"), true
		}
		return "", false
	}
	for _, long := range r.Long {
		// Past what is parsed: judged by the footing paths its text names.
		abs := long
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(p.dir, abs)
		}
		e, found, read := p.fileMentions(abs)
		if !read {
			if es := p.Entries(); len(es) > 0 {
				return p.reason(es[0], es[0].Path, "the script file "+long+", too long to read,"), true
			}
			continue
		}
		if found {
			return p.reason(e, e.Path, "the script file "+long+", which names it,"), true
		}
	}
	if err != nil {
		for _, text := range r.Texts {
			if e, ok := p.mentions(text); ok {
				return p.reason(e, e.Path, "a script file the command runs, which cannot be checked ("+err.Error()+") and names it,"), true
			}
		}
		return "", false
	}
	tmp, ownTemp := tempvar.Temps(s2, cmd)
	orderRead, ordered := false, false
	for _, path := range r.Paths {
		stale := false
		for i, w := range s2.Writes {
			if w.By == "mktemp" && ownTemp || w.Path.Dynamic && tempvar.In(w.Path, tmp) || !w.MayBe(path) {
				continue // a new temporary file, or one under it; or not the file
			}
			if n, ok := s2.WritesThrough(path); ok && i >= n {
				// . .env && psql "$URL": what runs after the file was read
				// does not change what it ran, when nothing runs it again.
				if !orderRead {
					orderRead, ordered = true, inOrder(append([]string{cmd}, r.Texts...)...)
				}
				if ordered {
					continue
				}
			}
			stale = true
			break
		}
		if stale {
			// cp x.sh y.sh && bash y.sh: what runs is not what was read.
			if es := p.Entries(); len(es) > 0 {
				return p.reason(es[0], es[0].Path, "the script file "+path+", which the command may write before it runs it,"), true
			}
			return "", false
		}
	}
	for _, c := range s2.Commands {
		if c.SetByCommand() {
			// X='…' make, with a recipe taking $(X): text the command
			// gives a file it runs, known only at run time.
			if es := p.Entries(); len(es) > 0 {
				return p.reason(es[0], es[0].Path, "`"+c.String()+"`, whose text the command sets,"), true
			}
		}
		if c.Dynamic && c.FromShebang() {
			// #!/usr/bin/env -S sh -c '…': code the file's first line
			// runs, known only at run time.
			if es := p.Entries(); len(es) > 0 {
				return p.reason(es[0], es[0].Path, "the #! line of a file the command runs, which runs `"+c.String()+"`,"), true
			}
		}
		for _, ef := range c.Effects {
			// ./x.py: a file run by its path, read for its #! line.
			if _, inFile := c.ScriptFile(); ef.Kind == shell.RunsCode && !inFile {
				if e, ok := p.codeFile(ef); ok {
					return p.reason(e, e.Path, "the "+ef.Lang()+" code in "+ef.Path.Value+", which the command runs and which names it,"), true
				}
			}
		}
	}
	f := s2.FromFiles()
	if f == nil {
		return "", false
	}
	inner := *p
	inner.src = ""
	if reason, deny := inner.script(ctx, f.Definite(), ""); deny {
		return reason + " (in " + fileNames(f) + ", which the command runs)", true
	}
	return "", false
}

// fileNames names the script files that hold f's commands.
func fileNames(f *shell.Script) string {
	var names []string
	for _, c := range f.Commands {
		if n, ok := c.ScriptFile(); ok && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "a script file"
	}
	return strings.Join(names[:min(len(names), 3)], " and ")
}

// codeFile returns a footing entry the file of code in another language
// names (python3 x.py, node x.js, ./x.py run by its path): a file an
// earlier call wrote is read, up to maxLongScript bytes, for the footing
// paths its text spells, as inline code is. Shell scripts are read by
// files; a file that cannot be read is judged by the command's text.
func (p *place) codeFile(ef shell.Effect) (Entry, bool) {
	switch ef.Lang() {
	case "sh", "npm-script", "make", "":
		return Entry{}, false
	case "go":
		if e, ok := p.goCode(context.Background(), ef); ok {
			return e, true // a package's files
		}
	}
	if ef.Code().Value != "" || ef.Path.Dynamic || ef.Path.Value == "" || !filepath.IsAbs(p.dir) {
		return Entry{}, false
	}
	abs := ef.Path.Value
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(p.dir, abs)
	}
	e, found, read := p.fileMentions(abs)
	if !read && p.madeSeen.fileBytes > maxCodeFileBytes {
		// Past what one call reads: any footing entry.
		if es := p.Entries(); len(es) > 0 {
			return es[0], true
		}
	}
	if found || !read {
		return e, found
	}
	return p.moduleMentions(ef.Lang(), abs)
}

// moduleMentions returns a footing entry that a local module the code
// file at abs imports names (codetext.Imports, breadth first, to its
// bounds; a module not there is an installed package, not read).
// Each file and language is read once a call (python3 x.py; python3
// x.py; … read x.py's modules once).
func (p *place) moduleMentions(lang, abs string) (Entry, bool) {
	if p.madeSeen == nil {
		p.madeSeen = &madeMemo{seen: map[string]madeResult{}}
	}
	key := lang + "\x00" + abs
	if r, ok := p.madeSeen.modules[key]; ok {
		return r, r.Path != ""
	}
	e, _ := p.readModules(lang, abs)
	if p.madeSeen.modules == nil {
		p.madeSeen.modules = map[string]Entry{}
	}
	p.madeSeen.modules[key] = e
	return e, e.Path != ""
}

// readModules is moduleMentions without its memo.
func (p *place) readModules(lang, abs string) (Entry, bool) {
	text, err := readfile.Regular(abs, maxModuleFile)
	if err != nil {
		return Entry{}, false
	}
	seen := map[string]bool{filepath.ToSlash(abs): true}
	queue := codetext.Imports(lang, text, path.Dir(filepath.ToSlash(abs)))
	left := codetext.MaxModuleBytes
	for i, read := 0, 0; i < len(queue) && i < codetext.MaxModulePaths && read < codetext.MaxModules && left > 0; i++ {
		m := queue[i]
		if seen[m] {
			continue
		}
		seen[m] = true
		text, err := readfile.Regular(filepath.FromSlash(m), int64(left))
		if err != nil {
			continue // an installed package, one past the bytes left, or not one to read
		}
		read++
		left -= len(text)
		if e, ok := p.mentions(text); ok {
			return e, true
		}
		queue = append(queue, codetext.Imports(lang, text, path.Dir(m))...)
	}
	return Entry{}, false
}

// fileMentions returns a footing entry the text of the file at abs (up
// to maxLongScript bytes) names, each file read once a call and at most
// maxCodeFileBytes in all; read is false for a file not read (missing,
// too long, not a regular file, past the bound).
func (p *place) fileMentions(abs string) (e Entry, found, read bool) {
	if p.madeSeen == nil {
		p.madeSeen = &madeMemo{seen: map[string]madeResult{}}
	}
	m := p.madeSeen
	if r, ok := m.files[abs]; ok {
		return r.e, r.e.Path != "", r.read
	}
	if m.fileBytes > maxCodeFileBytes {
		return Entry{}, false, false
	}
	text, err := readfile.Regular(abs, maxLongScript)
	m.fileBytes += len(text)
	r := fileResult{read: err == nil}
	if err == nil {
		r.e, _ = p.mentions(text)
	}
	if m.files == nil {
		m.files = map[string]fileResult{}
	}
	m.files[abs] = r
	return r.e, r.e.Path != "", r.read
}

// fileResult is fileMentions's answer for one file.
type fileResult struct {
	e    Entry
	read bool
}

// maxCodeFileBytes bounds the bytes of code files codeFile reads in one
// call.
const maxCodeFileBytes = 16 << 20

// resolveHome is package shell's Parser.Resolve: a script file's path
// that starts with the home folder (~/x, $HOME/x, ${HOME}/x) is read
// from there, when the command does not set HOME (. ~/x.sh is judged by
// what x.sh holds, as . ./x.sh is).
func (p *place) resolveHome(w shell.Word) (string, bool) {
	v := w.Value
	var rest string
	switch {
	case strings.HasPrefix(v, "~/"):
		rest = v[1:]
	case strings.HasPrefix(v, "$HOME/"):
		rest = v[5:]
	case strings.HasPrefix(v, "${HOME}/"):
		rest = v[7:]
	default:
		return "", false
	}
	if p.Home == "" || strings.ContainsAny(rest, "$`*?[{\\") || !p.onlyExpanded("HOME") {
		return "", false
	}
	for _, e := range strings.Split(rest, "/") {
		if e == ".." {
			return "", false
		}
	}
	return filepath.ToSlash(filepath.Join(p.Home, filepath.FromSlash(rest))), true
}
