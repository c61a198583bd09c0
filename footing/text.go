package footing

import (
	"context"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// What the text of code names: inline code, code made at run time, and
// a command's whole text, read for the footing paths they spell.

// isFooting reports whether path x (from the command's directory) is a
// footing file, or one in a footing folder.
func (p *place) isFooting(x string) bool {
	_, ok := p.Touches(x, false)
	return ok
}

// madeCode judges code a shell runs that is made at run time (bash -c
// "cp /bin/true $PWD/bin/guard"), from its text: read as a script whose
// expansions are paths known only at run time, so that what it writes
// counts and what it only reads does not (bash -c "source ~/.bashrc &&
// cd $PWD" passes). Text that does not parse, and code made inside such
// code, are judged by the footing paths their text names.
//
// Each distinct text is read once a call, and at most maxMadeBytes of
// them are parsed (a function that evals a long text, called thousands
// of times, makes as many texts): past it, a text is judged by the
// footing paths it names.
func (p *place) madeCode(ctx context.Context, code string) (string, bool) {
	if t := strings.TrimSpace(code); !strings.ContainsAny(t, " \t\n;&|<>$`") && p.isFooting(t) {
		return "", false // a footing file run by name (source ~/.bashrc): running it does not change it
	}
	if p.madeSeen == nil {
		p.madeSeen = &madeMemo{seen: map[string]madeResult{}}
	}
	m := p.madeSeen
	if r, ok := m.seen[code]; ok {
		return r.reason, r.deny
	}
	var r madeResult
	m.bytes += len(code)
	sc, err := (&shell.Parser{}).Parse(ctx, code)
	if p.made || err != nil || m.bytes > maxMadeBytes {
		if e, ok := p.mentions(code); ok {
			r = madeResult{p.reason(e, e.Path, "code known only when it runs, which names it"), true}
		}
	} else {
		inner := *p
		inner.made, inner.src = true, code
		r.reason, r.deny = inner.script(ctx, sc, code)
	}
	m.seen[code] = r
	return r.reason, r.deny
}

// maxReadCodeFiles bounds the files readCode reads of a command that
// runs code made at run time.
const maxReadCodeFiles = 64

// maxMadeBytes bounds the bytes of code made at run time that madeCode
// parses in one call.
const maxMadeBytes = 1 << 20

// madeMemo is madeCode's memory for one call.
type madeMemo struct {
	seen  map[string]madeResult
	bytes int
	// files holds fileMentions's answer for each file it read, and
	// fileBytes the bytes it read.
	files     map[string]fileResult
	fileBytes int
	goSeen    map[goKey]goResult // goCode's answer for each folder and pattern
	modules   map[string]Entry   // moduleMentions's answer by language and file
}

// madeResult is madeCode's answer for one text.
type madeResult struct {
	reason string
	deny   bool
}

// mentions returns an entry that the text (inline code, or a command
// that cannot be parsed) names: a word of it that, read as a path
// (relative to the command's directory, ~ and $HOME for the home
// directory), is a footing path, lies under a footing folder, or is a
// directory that holds one; or one of an entry's plain spellings
// appearing anywhere in it. A heuristic: code that only reads a footing
// file it names is denied too.
//
// Each text is read once a folder a call: the same inline code (python3
// -c '…' on many lines of a script), the command's text judged again
// with the commands its files run, a Go file from its package's folder
// and the command's, gave the same answer each time (issue 38).
func (p *place) mentions(text string) (Entry, bool) {
	k := mentionKey{p.dir, text}
	n := len(p.Entries())
	if r, ok := p.mentioned[k]; ok && r.n == n {
		return r.e, r.ok // made again when resolveLinks has added entries
	}
	e, ok := p.mentionsRead(text)
	if p.mentioned == nil {
		p.mentioned = map[mentionKey]mentionResult{}
	}
	p.mentioned[k] = mentionResult{e, ok, len(p.Entries())}
	return e, ok
}

// mentionKey is what mentions' answer depends on: the folder paths are
// taken from, and the text.
type mentionKey struct{ dir, text string }

// mentionResult is mentions' answer, and the entries it was found among.
type mentionResult struct {
	e  Entry
	ok bool
	n  int
}

// mentionsRead is mentions, its text read.
func (p *place) mentionsRead(text string) (Entry, bool) {
	t := text
	if strings.Contains(text, "HOME") {
		t = strings.NewReplacer("${HOME}", "~", "$HOME", "~").Replace(text)
	}
	seen := map[string]bool{}
	var names map[string]bool
	plain := false
	for _, w := range strings.FieldsFunc(t, notPathByte) {
		if !hasAlnum(w) || seen[w] {
			continue // a word once: each costs the file system a look
		}
		seen[w] = true
		if len(seen) == 64 {
			names, plain = p.dirNames() // a long text: its folder read once, not a look a word
		}
		if plain && !names[p.foldName(w)] && !strings.ContainsAny(w, "/~") {
			// A bare word naming nothing in a folder reached without a
			// link: no link to follow, so its own path decides (a long
			// program's thousands of words cost no look each).
			if e, ok := p.Set.match(p.abs(w), true); ok {
				return e, true
			}
			continue
		}
		if e, ok := p.Touches(w, true); ok {
			return e, true
		}
	}
	for i, sps := range p.allSpellings() {
		if spelled(text, sps) {
			return p.Entries()[i], true
		}
	}
	return Entry{}, false
}

// spelled reports whether text holds one of the spellings sps of a path.
// Each ends in the path's last element, so the text is searched once for
// that element and each spelling checked where it ends: a long program
// costs one search a path, not one a spelling.
func spelled(text string, sps []string) bool {
	if len(sps) == 0 {
		return false
	}
	base := sps[0][strings.LastIndexByte(sps[0], '/')+1:]
	var rest []string
	for _, sp := range sps {
		if base == "" || !strings.HasSuffix(sp, base) {
			rest = append(rest, sp)
		}
	}
	for _, sp := range rest {
		if strings.Contains(text, sp) {
			return true
		}
	}
	if base == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(text[i:], base)
		if j < 0 {
			return false
		}
		end := i + j + len(base)
		for _, sp := range sps {
			if len(sp) <= end && text[end-len(sp):end] == sp {
				return true
			}
		}
		i = i + j + 1
	}
}

// notPathByte reports the characters that end a path in code: quotes,
// blanks, brackets and operators.
func notPathByte(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\'', '"', '`', '(', ')', ',', ';', '[', ']', '{', '}', '=', '<', '>', '|', '&', '+', ':', '!', '?', '*', '%', '$', '@', '#':
		return true
	}
	return false
}

// hasAlnum reports whether w has a letter or a digit.
func hasAlnum(w string) bool {
	for _, r := range w {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return true
		}
	}
	return false
}

// spellings returns the ways a command may name path: as is, and
// relative to the home directory, the command's directory and the
// project, with forward slashes.
func (p *place) spellings(path string) []string {
	out := []string{filepath.ToSlash(path)}
	if r, ok := rel(p.Home, path); ok {
		out = append(out, "~/"+r, "$HOME/"+r, "${HOME}/"+r)
	}
	for _, base := range [...]string{p.dir, p.Root()} {
		if r, ok := rel(base, path); ok {
			out = append(out, r)
		}
	}
	return out
}

// mentionsGit reports whether text holds the word git (a command or a
// path ending in /git).
func mentionsGit(text string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], "git")
		if j < 0 {
			return false
		}
		at := i + j
		end := at + 3
		before := at == 0 || strings.IndexByte(" \t\n;&|(/`'\"$", text[at-1]) >= 0
		after := end == len(text) || strings.IndexByte(" \t\n;&|)`'\"", text[end]) >= 0
		if before && after {
			return true
		}
		i = end
	}
}

// dirNames returns the names in the command's directory, and whether it
// is reached without a symbolic link and was read whole (at most 4,096
// names): a bare word that is none of them names nothing there to
// follow.
func (p *place) dirNames() (map[string]bool, bool) {
	dir := p.abs(".")
	if dir == "" {
		return nil, false
	}
	if d, ok := p.Set.dirs[dir]; ok {
		return d, d != nil
	}
	names, ok := p.readNames(dir)
	if p.Set.dirs == nil {
		p.Set.dirs = map[string]map[string]bool{}
	}
	p.Set.dirs[dir] = names
	return names, ok
}

// foldName returns w as dirNames keys it: lowercase where the file system
// ignores case.
func (p *place) foldName(w string) string {
	if p.Set.fold {
		return strings.ToLower(w)
	}
	return w
}

// readNames reads the names in dir for dirNames (nil, false: not read
// whole, or reached through a link).
func (p *place) readNames(dir string) (map[string]bool, bool) {
	if real, err := filepath.EvalSymlinks(dir); err != nil || real != dir {
		return nil, false
	}
	f, err := readfile.Dir(dir)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	list, err := f.Readdirnames(4097)
	if err != nil && err != io.EOF || len(list) > 4096 {
		return nil, false
	}
	names := make(map[string]bool, len(list))
	for _, n := range list {
		names[p.foldName(n)] = true
	}
	return names, true
}

// readCode returns a footing entry named by a file the script reads when
// it also runs code made at run time (sh -c "$(cat x.sh)", eval "$(<
// x.sh)", cat x.sh | bash, source <(cat x.sh)): the code may be that
// file's text. Each file is read as fileMentions reads it; the hook's
// own files are not (reading one runs nothing). text is the script's
// and the code's, read for $(< FILE).
func (p *place) readCode(sc *shell.Script, text string) (Entry, string, bool) {
	if !filepath.IsAbs(p.dir) {
		return Entry{}, "", false
	}
	var paths []string
	seen := map[string]bool{}
	for _, c := range sc.Commands {
		for _, e := range c.Effects {
			if e.Kind == shell.Reads && !e.Path.Dynamic && e.Path.Value != "" && !seen[e.Path.Value] {
				seen[e.Path.Value] = true
				paths = append(paths, e.Path.Value)
			}
		}
	}
	for rest := text; ; {
		i := strings.Index(rest, "$(<")
		if i < 0 {
			break
		}
		rest = strings.TrimLeft(rest[i+3:], " \t")
		if f, _, ok := strings.Cut(rest, ")"); ok && !strings.ContainsAny(f, "$`\"' \t") {
			paths = append(paths, f)
		}
	}
	if len(paths) > maxReadCodeFiles {
		// More files than are read for it: any of them may be the code.
		if es := p.Entries(); len(es) > 0 {
			return es[0], "one of the " + strconv.Itoa(len(paths)) + " files it reads", true
		}
		return Entry{}, "", false
	}
	for _, f := range paths {
		abs := f
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(p.dir, abs)
		}
		if p.isFooting(abs) {
			continue
		}
		if e, found, _ := p.fileMentions(abs); found {
			return e, f, true
		}
	}
	return Entry{}, "", false
}
