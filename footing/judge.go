package footing

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/tempvar"
	"github.com/agenthooks/hooks/shell"
	"github.com/agenthooks/hooks/writes"
)

// Judge returns the reason to deny tool call t, and true, when it would
// change the footing: a file tool's write, edit, delete or patch of a
// footing path, or a shell command that writes, deletes, moves, links
// or changes the mode of one (as package shell reads it), runs inline
// code naming one, runs a git command that would rewrite one (judged
// against the repository's state, see [Set.Git]), or runs the binary's
// own install, uninstall or --observe. A shell command that does not
// parse is denied when its text names a footing path; reads are allowed.
//
// Parsing stops when ctx is done: the call is then denied when it names
// a footing path.
func (s *Set) Judge(ctx context.Context, t *hooks.Tool) (reason string, deny bool) {
	if t == nil {
		return "", false
	}
	ctx = withGitReads(ctx)
	defer settle(ctx)
	defer func() {
		if p := recover(); p != nil {
			reason, deny = fmt.Sprintf("footing: this call could not be checked against the hook's own files (%v); "+
				"write it more simply, or ask the user", p), true
		}
	}()
	tool := t
	var sh *hooks.ShellInput
	if in, ok := t.Input.(*hooks.ShellInput); ok {
		sh = in
		if in.Patch == nil {
			tool = nil
		} else {
			tool = &hooks.Tool{Name: t.Name, Input: &hooks.ShellInput{Cwd: in.Cwd, Patch: in.Patch}}
		}
	}
	if tool != nil {
		ws, _ := writes.Of(ctx, tool, s.Cwd)
		for _, w := range ws {
			if e, ok := s.Touches(w.Path, w.Delete); ok {
				return s.reason(e, w.Path, t.Name), true
			}
		}
	}
	if in, ok := t.Input.(*hooks.MCPInput); ok {
		for _, p := range mcpPaths(in) {
			if e, ok := s.Touches(p, true); ok {
				return s.reason(e, s.abs(p), "the MCP tool "+in.Tool), true
			}
		}
	}
	if sh == nil || sh.Command == "" {
		return "", false
	}
	dir := s.Cwd
	if sh.Cwd != "" {
		dir = s.abs(sh.Cwd)
	}
	at := s.at(dir)
	at.src = sh.Command
	sc, err := (&shell.Parser{Resolve: at.resolveHome}).Parse(ctx, sh.Command)
	if err != nil {
		if e, ok := at.mentions(sh.Command); ok {
			return s.reason(e, e.Path, "this command, which cannot be checked ("+err.Error()+"),"), true
		}
		if errors.Is(err, shell.ErrLimit) && mentionsGit(sh.Command) {
			// Past a bound (git -c … ×1,100 checkout drop): git may
			// rewrite the hook's files without naming them.
			return "footing: this command cannot be checked (" + err.Error() + ") and runs git, which may change the hook " +
				"that guards this session without naming its files; run a shorter git command, or ask the user to change the hook", true
		}
		if errors.Is(err, shell.ErrLimit) || errors.Is(err, shell.ErrTooDeep) || ctx.Err() != nil {
			// Past a bound, or out of time: what it writes is not known,
			// and a name built at run time (x=gu; cp /bin/true
			// bin/${x}ard) is not in its text. No command a person means
			// to run is that large.
			return "footing: this command cannot be checked (" + err.Error() + "), so it may change the hook that guards " +
				"this session; split it into smaller commands, or ask the user to change the hook", true
		}
		return "", false
	}
	if r, deny := at.script(ctx, sc, sh.Command); deny {
		return r, true
	}
	return at.files(ctx, sc, sh.Command)
}

// reason is the deny's reason: what the call would change, and what to
// do instead.
func (s *Set) reason(e Entry, path, by string) string {
	what := string(e.Kind)
	if e.Host != "" {
		what = string(e.Host) + " " + what
	}
	return "footing: this would change the hook that guards this session: " + path + " is its " + what +
		", and " + by + " would change it; the hook's own files are the user's to change: ask the user to change the hook"
}

// place is the footing seen from the directory a command starts in.
type place struct {
	*Set
	dir  string
	src  string // the command's text
	made bool   // src is code made at run time, read as text (madeCode)
	// madeSeen holds madeCode's answer for each text it read, and the
	// bytes it parsed (shared by the places of one call).
	madeSeen *madeMemo
	moves    *moveMemo // movedFor's classing of the call's git commands
	// temps are the variables of the script being judged that hold a
	// new temporary file or folder (see tempvar.Temps).
	temps []string
}

// at returns s seen from directory dir.
func (s *Set) at(dir string) *place {
	return &place{Set: s, dir: dir}
}

// abs returns x absolute and clean, relative to the command's directory.
func (p *place) abs(x string) string {
	if x != "" && p.dir != "" && !filepath.IsAbs(x) && !strings.HasPrefix(x, "/") && !strings.HasPrefix(x, "~") {
		x = join(p.dir, x)
	}
	return p.Set.abs(x)
}

// Touches is [Set.Touches] with relative paths taken from the command's
// directory.
func (p *place) Touches(x string, holder bool) (Entry, bool) {
	return p.Set.Touches(p.abs(x), holder)
}

// script judges a parsed shell command whose text is src.
func (p *place) script(ctx context.Context, sc *shell.Script, src string) (string, bool) {
	if !p.mayChange(sc) {
		return "", false
	}
	tmp, ownTemp := tempvar.Temps(sc, src)
	defer func(t []string) { p.temps = t }(p.temps)
	p.temps = tmp
	pats, fold, byName := findNames(sc)
	// What the command's whole text mentions is read once: each script
	// file a command runs and each list xargs reads would read it again
	// (3,000 `node a.js` took minutes).
	var srcRead, srcHit bool
	var srcEntry Entry
	mentionsSrc := func() (Entry, bool) {
		if !srcRead {
			srcEntry, srcHit = p.mentions(src)
			srcRead = true
		}
		return srcEntry, srcHit
	}
	// What the command's text mentions without the name of a footing
	// file it runs, once a name.
	ownRuns := map[string]Entry{}
	runsOwn := func(name string) (Entry, bool) {
		if e, ok := ownRuns[name]; ok {
			return e, e.Path != ""
		}
		e, _ := p.mentions(strings.ReplaceAll(src, name, ""))
		ownRuns[name] = e
		return e, e.Path != ""
	}
	for _, w := range sc.Writes {
		if w.By == "mktemp" && ownTemp || w.Path.Dynamic && tempvar.In(w.Path, tmp) {
			continue // a new temporary file, or one under it
		}
		if _, after, ok := strings.Cut(w.Path.Value, "{}"); ok && strings.Contains(after, "/") {
			// {}/../bin: a path that goes on from the entry find selects,
			// anywhere; judged by its own name below.
		} else if w.By == "find" && w.Delete && !w.Recursive && (!w.Path.Dynamic || homePath(w.Path.Value)) {
			// find -type d -delete: the empty directories under it.
			if e, ok := p.emptyDirDelete(w.Path.Value); ok {
				return p.reason(e, e.Path, "`find "+w.Path.Value+" -type d -delete` (it deletes the empty folders under it)"), true
			}
			continue
		} else if byName && (w.By == "find" || strings.Contains(w.Path.Value, "{}")) {
			// The files find selects by name: -delete, or -exec … {}.
			if e, ok := p.findTouches(pats, fold); ok {
				return p.reason(e, e.Path, "`find` selecting by name, then "+w.By), true
			}
			continue
		}
		if !byName && w.Path.Dynamic && strings.Contains(w.Path.Value, "{}") && !strings.ContainsAny(w.Path.Prefix(), "$`") {
			// A file find selects by no name: any under its start point.
			start := strings.TrimSuffix(w.Path.Prefix(), "/")
			if start == "" {
				start = "."
			}
			if e, ok := p.Touches(start, true); ok {
				return p.reason(e, e.Path, "`find "+start+"` selecting files by no name, then "+w.By), true
			}
		}
		switch w.By {
		case "git checkout", "git restore", "git switch", "git reset", "git stash":
			continue // judged by the repository's state, below
		case "git":
			if w.Delete || w.From != nil {
				continue // git clean, git apply: judged below
			}
			// What the diff family's --output, archive -o, config -f and
			// worktree add write is judged by its path.
		}
		if w.Programs() != "" {
			if r, ok := p.programsTree(ctx, sc, w); ok {
				return r, true
			}
			continue
		}
		if w.From != nil {
			if r, ok := p.tree(ctx, sc, w); ok {
				return r, true
			}
			continue
		}
		if r, deny, ok := p.xargsNames(sc, w); ok {
			if deny {
				return r, true
			}
			continue
		}
		if w.Path.Dynamic && strings.Contains(w.Path.Value, "(input)") {
			// Names xargs reads from its input, which the command's own
			// text may spell (printf NAME | xargs rm, or a list it writes
			// first).
			if e, ok := mentionsSrc(); ok {
				return p.reason(e, e.Path, "`"+w.By+"` on names read from its input, which the command spells"), true
			}
		}
		if r, ok := p.word(w.Path, w.Delete || w.Recursive || strings.HasPrefix(w.By, "git"), w.Maybe, w.By); ok {
			return r, true
		}
	}
	var movers []*shell.Command
	cds := cdsAndRevs(ctx, sc)
	readCodeDone := false // the files the script reads, judged once as code it may run
	for _, c := range sc.Commands {
		if r, ok := p.self(c); ok {
			return r, true
		}
		if r, ok := p.signals(sc, c); ok {
			return r, true
		}
		if c.Dynamic && len(c.Args) > 0 {
			// Code a shell runs, made at run time from names find or xargs
			// put in it (find -exec sh -c 'rm {}').
			if e, ok := p.namesInCode(sc, c.Args[0]); ok {
				return p.reason(e, e.Path, "`"+c.Args[0].Value+"` runs on names find or xargs put in it"), true
			}
			// Code made at run time (bash -c "cp x $PWD/bin/guard"): its
			// text is all there is to read; of code piped in, the
			// command's.
			code := c.Args[0].Value
			if !readCodeDone {
				readCodeDone = true
				if e, f, ok := p.readCode(sc, src+"\n"+code); ok {
					return p.reason(e, e.Path, "code known only when it runs, which may be the text of "+f+", which names it,"), true
				}
			}
			if strings.HasSuffix(code, "from a pipe)") {
				if e, ok := mentionsSrc(); ok {
					return p.reason(e, e.Path, "code known only when it runs, which the command names"), true
				}
			} else if r, ok := p.madeCode(ctx, code); ok {
				return r, true
			}
		}
		for _, ef := range c.Effects {
			switch {
			case ef.Kind == shell.Writes && ef.Meta:
				if r, ok := p.metaWrite(sc, ef, findSel{pats, fold, byName}); ok {
					return r, true
				}
			case ef.Kind == shell.RunsCode:
				mentions := func() (Entry, bool) { return p.mentions(ef.Code().Value) }
				switch {
				case ef.Code().Value == "" && ef.Path.Value != "" && !strings.ContainsAny(ef.Path.Value, "$`*?[") && p.isFooting(ef.Path.Value):
					// A footing file run (source ~/.bashrc): running it
					// changes it no more than reading it; the command's
					// text is read without its name.
					name := ef.Path.Value
					mentions = func() (Entry, bool) { return runsOwn(name) }
				case ef.Code().Dynamic || ef.Code().Value == "":
					mentions = mentionsSrc // a script piped in, or read from a file: the command's text is all there is to read
				}
				if e, ok := mentions(); ok {
					return p.reason(e, e.Path, "the "+ef.Lang()+" code "+c.Name+" runs"), true
				}
				if e, ok := p.codeFile(ef); ok {
					return p.reason(e, e.Path, "the "+ef.Lang()+" code in "+ef.Path.Value+", which "+c.Name+" runs and which names it,"), true
				}
				if e, ok := p.namesInCode(sc, ef.Code()); ok {
					return p.reason(e, e.Path, "the "+ef.Lang()+" code "+c.Name+" runs on names find or xargs put in it"), true
				}
			}
		}
		if r, ok := p.links(c); ok {
			return r, true
		}
		if r, ok := p.program(c); ok {
			return r, true
		}
		if c.Name == "git" {
			if r, ok := p.git(ctx, c, movers, cds); ok {
				return r, true
			}
			if gitMoves(c) {
				movers = append(movers, c)
			}
		}
		if writesGitDir(c) {
			movers = append(movers, c)
		}
		if c.Dynamic {
			// What it runs may set git's environment (eval "$x",
			// export ${a}R=…): a later git command's state is not known.
			movers = append(movers, c)
		}
	}
	return "", false
}

// word judges a write of path w by by: holder as for [Set.Touches];
// maybe for an operand of a program package shell does not know.
func (p *place) word(w shell.Word, holder, maybe bool, by string) (string, bool) {
	if !w.Dynamic {
		if e, ok := p.Touches(w.Value, holder); ok {
			return p.reason(e, p.abs(w.Value), by), true
		}
		return "", false
	}
	if abs, ok := p.resolveHome(w); ok {
		// ~/.local/state/…/x, $HOME/…: the home directory the footing
		// knows, when the command leaves HOME alone; a file written into
		// a footing folder is seen by its whole path.
		if e, ok := p.Touches(abs, holder); ok {
			return p.reason(e, abs, by), true
		}
	}
	if e, ok := p.dynamic(w, maybe, holder); ok {
		return p.reason(e, w.Value, by+" (a path known only when the command runs, which may name it: spell the path out)"), true
	}
	return "", false
}

// dynamic reports the entry a path known only at run time may name. Its
// static directory proves nothing (a variable may hold "../"), so only
// its file name is read: with a static name (not "." or ".."), an entry
// of that name, or, for a holder (a delete, a move, a mode change), an
// entry under a directory of that name; with none, any entry, except for
// an operand of a program package shell does not know (maybe), which
// may not be a path at all. A file of a static name written into a
// plugin folder through a variable is not seen.
func (p *place) dynamic(w shell.Word, maybe, holder bool) (Entry, bool) {
	if e, ok, glob := p.glob(w, holder); glob {
		return e, ok
	}
	name, named := w.Name()
	if name == "." || name == ".." || name == "/" {
		named = false
	}
	if !named {
		if maybe || !p.computed(w) {
			return Entry{}, false
		}
		if es := p.Entries(); len(es) > 0 {
			return es[0], true
		}
		return Entry{}, false
	}
	for _, e := range p.Entries() {
		if strings.EqualFold(filepath.Base(e.Path), name) {
			return e, true
		}
		if holder {
			for _, el := range strings.Split(filepath.ToSlash(e.Path), "/") {
				if strings.EqualFold(el, name) {
					return e, true
				}
			}
		}
	}
	return Entry{}, false
}

// computed reports whether the script itself makes the path w, known
// only at run time: a command substitution, a glob, a variable the
// script assigns or reads into (f=bin/guard; rm "$f"), or the names a
// program takes from data ("$@": what xargs appends from its input, the
// files rg --pre or git grep -O hand their program). A variable it
// only expands ("$LOG_FILE", "$GITHUB_OUTPUT") comes from the
// environment, which the host and the user set: it is not counted, as
// rule 3 of examples/guard does not count it.
func (p *place) computed(w shell.Word) bool {
	v := w.Value
	if strings.ContainsAny(v, "`*?[") || strings.Contains(v, "$(") || strings.Contains(v, "$@") || strings.Contains(v, "${@") || strings.Contains(v, "$*") {
		return true
	}
	if positional(v) && passesNames(p.src) {
		// sh -c 'rm "$0"' {} run by find or xargs: a name it selects.
		return true
	}
	for i := 0; i < len(v); i++ {
		if v[i] != '$' {
			continue
		}
		j := i + 1
		if j < len(v) && v[j] == '{' {
			j++
		}
		k := j
		for k < len(v) && tempvar.IsIdent(v[k]) {
			k++
		}
		if name := v[j:k]; name != "" && !p.onlyExpanded(name) {
			return true
		}
	}
	return false
}

// glob reads a path whose only run-time parts are glob characters (*.o,
// bin/g?ard, .c[l]aude): it reports the entry the pattern matches (or,
// for a holder, one under a directory it matches, or any under a folder
// entry the pattern lies in), and glob true. A path with an expansion,
// a command substitution, a brace or a leading ~ is not a glob here.
func (p *place) glob(w shell.Word, holder bool) (Entry, bool, bool) {
	v := w.Value
	if strings.ContainsAny(v, "$`{~\\") || !strings.ContainsAny(v, "*?[") {
		return Entry{}, false, false
	}
	pat := p.abs(v)
	if pat == "" {
		return Entry{}, false, false
	}
	if p.fold {
		pat = strings.ToLower(pat)
	}
	// The pattern's text before its first special character: a path
	// that does not start with it matches not, nor does a folder above it
	// (a prefix of it). 6,000 globs took 300 ms, each matched against
	// every entry and each of its folders (issue 38).
	fixed := pat
	if i := strings.IndexAny(pat, "*?[\\"); i >= 0 {
		fixed = pat[:i]
	}
	for _, e := range p.Entries() {
		ep := e.Path
		if p.fold {
			ep = strings.ToLower(ep)
		}
		if !strings.HasPrefix(ep, fixed) {
			if e.Tree && isUnder(ep, pat) {
				return e, true, true
			}
			continue
		}
		if ok, _ := filepath.Match(pat, ep); ok {
			return e, true, true
		}
		if e.Tree && isUnder(ep, pat) {
			return e, true, true
		}
		if holder {
			for d := filepath.Dir(ep); d != filepath.Dir(d); d = filepath.Dir(d) {
				if ok, _ := filepath.Match(pat, d); ok {
					return e, true, true
				}
			}
		}
	}
	return Entry{}, false, true
}
