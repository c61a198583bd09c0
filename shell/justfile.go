package shell

import (
	"path"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
)

// Task runners read from disk (issue 38): just runs the recipes of a
// justfile, each line with sh -c; with [Parser.Files] set, the
// justfile is read and the recipes a command runs walked as a script
// file's commands (see [Command.ScriptFile]), as make's recipes are.

// justNames are the names just looks for in its working directory.
var justNames = [...]string{"justfile", "Justfile", ".justfile", "JUSTFILE"}

// justEffects: just [OPTIONS] [RECIPE [ARGS]…]. It runs the recipes
// named (the first, or the one marked [default], when none is) with
// their dependencies, from -f FILE or the justfile of -d DIR or of the
// directory it runs in; --command runs a command of its own words.
// --list, --show, --dump, --summary, --evaluate, --fmt and --dry-run run
// none.
func justEffects(w *walker, c *Command, sc *scope, in stdin) {
	f := w.flags(c, Spec{Short: "d:f:c:lnquvg", Permute: true, Long: []string{"justfile=", "working-directory=",
		"command=", "set=", "shell=", "shell-arg=", "dotenv-filename=", "dotenv-path=", "color=", "list", "summary",
		"show=", "dump", "dump-format=", "evaluate", "fmt", "check", "dry-run", "quiet", "verbose", "unstable",
		"choose", "edit", "init", "variables", "completions=", "help", "version", "changelog", "yes", "global-justfile",
		"groups", "unsorted", "list-heading=", "list-prefix=", "list-submodules", "no-dotenv", "no-deps",
		"highlight", "no-highlight", "clear-shell-args", "shell-command", "explain", "timestamp",
		"one", "allow-missing", "ceiling=", "chooser=", "command-color=", "justfile-names="}})
	for i, a := range c.Args[1:] {
		if a.Value == "--" {
			break
		}
		if a.Value == "-c" || a.Value == "--command" {
			w.run(c.Args[i+2:], sc, plus(c.Via, c.Name), in, false)
			return
		}
		if v, ok := strings.CutPrefix(a.Value, "--command="); ok {
			w.run(append([]Word{{Value: v, Dynamic: a.Dynamic}}, c.Args[i+2:]...), sc, plus(c.Via, c.Name), in, false)
			return
		}
	}
	if f.Has("l", "list", "summary", "show", "dump", "evaluate", "fmt", "check", "n", "dry-run", "choose", "edit",
		"init", "variables", "completions", "help", "version", "changelog", "groups") {
		return
	}
	// The justfile, as the command names it (relative to the directory
	// it runs in); without -f, just looks in the folders above too
	// (maxJustUp here). Its recipes run in its folder, or in -d DIR.
	var names []Word
	if p, ok := f.Value("f"); ok {
		names = []Word{p}
	} else if p, ok := f.Value("justfile"); ok {
		names = []Word{p}
	} else {
		for _, n := range justNames {
			names = append(names, Static(n))
		}
	}
	for _, p := range names {
		w.runsCode(c, sc, "just", Word{}, p)
	}
	if w.err != nil || sc.dir.Dynamic || f.Has("shell", "shell-arg", "g", "global-justfile") {
		return
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return
	}
	if len(names) > 1 {
		for up := 1; up <= maxJustUp; up++ {
			for _, n := range justNames[:3] {
				names = append(names, Static(strings.Repeat("../", up)+n))
			}
		}
	}
	via := plus(c.Via, c.Name)
	for _, n := range names {
		if n.Dynamic {
			return
		}
		p := joinDir(sc.dir, n)
		j, ok := w.loadJustfile(p.Value)
		if !ok {
			continue
		}
		if j.foreign {
			w.unknown(c.String()+" (recipes run by a shell the justfile sets)", via)
			return
		}
		at := &scope{dir: joinDir(sc.dir, Static(path.Dir(n.Value)))}
		if d, ok := f.Value("d"); ok {
			at = &scope{dir: joinDir(sc.dir, d)}
		} else if d, ok := f.Value("working-directory"); ok {
			at = &scope{dir: joinDir(sc.dir, d)}
		}
		ops := f.Operands
		for i, o := range ops {
			// A module's recipe: just foo::evil, or just foo evil.
			mod, rest, sub := strings.Cut(o.Value, "::")
			if _, isMod := j.mods[mod]; o.Dynamic || !isMod {
				continue
			}
			modOps := ops[i+1:]
			if sub {
				modOps = append([]Word{Static(rest)}, modOps...)
			}
			w.justModule(j, p.Value, mod, modOps, via)
			ops = ops[:i]
			break
		}
		if len(ops) > 0 || len(ops) == len(f.Operands) {
			for _, r := range j.run(ops) {
				w.walkFile(r, p, at, via)
			}
		}
		return
	}
}

// maxJustUp bounds the folders above the one just runs in where its
// justfile is looked for; maxJustFiles the files one justfile imports,
// theirs counted.
const (
	maxJustUp    = 3
	maxJustFiles = 16
)

// loadJustfile reads the justfile at p (as [Parser.Files] takes it) with
// the files it imports, relative to its folder, once a walk: a recipe
// of an imported file is one of the justfile's.
func (w *walker) loadJustfile(p string) (*justfile, bool) {
	return fileMemo(w, "justfile", p, func(text string) (*justfile, bool) {
		j := readJustfile(text)
		queue := resolveAll(path.Dir(p), j.imports)
		for i := 0; i < len(queue) && i < maxJustFiles; i++ {
			t, ok := w.lim.Files(queue[i])
			if !ok {
				continue
			}
			k := readJustfile(t)
			j.merge(k)
			queue = append(queue, resolveAll(path.Dir(queue[i]), k.imports)...)
		}
		return j, true
	})
}

// justModule walks the recipes ops runs of module mod of justfile j
// (read from p): the file mod's line names, or mod.just, mod/mod.just,
// mod/justfile or mod/.justfile beside p, whose recipes run in its own
// folder.
func (w *walker) justModule(j *justfile, p, mod string, ops []Word, via []string) {
	dir := path.Dir(p)
	cands := []string{mod + ".just", mod + "/mod.just", mod + "/justfile", mod + "/.justfile", mod + "/Justfile"}
	if given := j.mods[mod]; given != "" {
		cands = []string{given}
	}
	for _, cand := range cands {
		mp := path.Join(dir, cand)
		m, ok := w.loadJustfile(mp)
		if !ok {
			continue
		}
		if m.foreign {
			w.unknown("just "+mod+" (recipes run by a shell the module sets)", via)
			return
		}
		for _, r := range m.run(ops) {
			w.walkFile(r, Static(mp), &scope{dir: Static(path.Dir(mp))}, via)
		}
		return
	}
}

// resolveAll returns the paths ps, each relative to dir unless absolute.
func resolveAll(dir string, ps []string) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		if !path.IsAbs(p) && !strings.HasPrefix(p, "~") {
			p = path.Join(dir, p)
		}
		out = append(out, p)
	}
	return out
}

// A justfile is the recipes of a justfile, as much as the guard reads.
type justfile struct {
	order   []string            // recipe names, in the file's order
	body    map[string]string   // the lines of each recipe, as a shell script
	deps    map[string][]string // the recipes each one runs first (or after, &&)
	def     string              // the recipe marked [default], if any
	foreign bool                // a shell of its own (set shell, [script]): not read
	// imports are the files its import lines name, and mods its
	// modules (mod NAME, with the path given or "").
	imports []string
	mods    map[string]string
}

// merge adds the recipes, aliases and modules of k (a file j imports)
// that j does not define.
func (j *justfile) merge(k *justfile) {
	for _, n := range k.order {
		if _, ok := j.body[n]; !ok {
			j.order = append(j.order, n)
		}
	}
	for n, b := range k.body {
		if _, ok := j.body[n]; !ok {
			j.body[n], j.deps[n] = b, k.deps[n]
		}
	}
	for n, m := range k.mods {
		if _, ok := j.mods[n]; !ok {
			j.mods[n] = m
		}
	}
	j.foreign = j.foreign || k.foreign
}

// maxJustRecipes bounds the recipes one command runs, dependencies
// counted.
const maxJustRecipes = 256

// run returns the bodies of the recipes the operands ops run, each
// recipe once, its dependencies first: operands that name no recipe
// are arguments. With no operand, the default recipe.
func (j *justfile) run(ops []Word) []string {
	var names []string
	for _, o := range ops {
		if o.Dynamic {
			continue
		}
		n := strings.ReplaceAll(o.Value, "::", " ")
		if _, ok := j.body[n]; ok {
			names = append(names, n)
		}
	}
	if len(ops) == 0 {
		if j.def != "" {
			names = []string{j.def}
		} else if len(j.order) > 0 {
			names = j.order[:1]
		}
	}
	seen := map[string]bool{}
	var out []string
	var visit func(n string)
	visit = func(n string) {
		if seen[n] || len(seen) >= maxJustRecipes {
			return
		}
		seen[n] = true
		for _, d := range j.deps[n] {
			visit(d)
		}
		if b := j.body[n]; b != "" {
			out = append(out, b)
		}
	}
	for _, n := range names {
		visit(n)
	}
	return out
}

// readJustfile reads a justfile's recipes: a line at the margin NAME
// [PARAMS]: [DEPS] starts one (not an assignment NAME := …), and the
// indented lines after it are its body (see recipeScript).
func readJustfile(text string) *justfile {
	j := &justfile{body: map[string]string{}, deps: map[string][]string{}, mods: map[string]string{}}
	vars := justVars(text)
	cur := ""
	var lines []string
	markDefault := false
	end := func() {
		if cur != "" {
			j.body[cur] = recipeScript(lines, vars)
		}
		cur, lines = "", lines[:0]
	}
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			if cur != "" {
				lines = append(lines, line)
			}
			continue
		}
		end()
		l := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(l, "#"):
			continue
		case strings.HasPrefix(l, "["):
			if strings.Contains(l, "default") {
				markDefault = true
			}
			if strings.HasPrefix(l, "[script") {
				j.foreign = true
			}
			continue
		case strings.HasPrefix(l, "set "):
			if f := strings.Fields(l); len(f) > 1 && (f[1] == "shell" || f[1] == "windows-shell" || f[1] == "script-interpreter") {
				j.foreign = true
			}
			continue
		case strings.HasPrefix(l, "alias "):
			if k, v, ok := strings.Cut(strings.TrimPrefix(l, "alias "), ":="); ok {
				j.deps[strings.TrimSpace(k)] = []string{strings.TrimSpace(v)}
				j.body[strings.TrimSpace(k)] = ""
			}
			continue
		}
		if f := strings.Fields(l); len(f) > 1 && (f[0] == "import" || f[0] == "import?") {
			if p, ok := justString(strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l, f[0]), " "))); ok {
				j.imports = append(j.imports, p)
			}
			continue
		} else if len(f) > 1 && (f[0] == "mod" || f[0] == "mod?") {
			p := ""
			if len(f) > 2 {
				p, _ = justString(strings.TrimSpace(l[strings.Index(l, f[1])+len(f[1]):]))
			}
			j.mods[f[1]] = p
			continue
		}
		name, rest, ok := strings.Cut(strings.TrimPrefix(l, "@"), ":")
		if !ok || strings.HasPrefix(rest, "=") || strings.Contains(name, "=") {
			continue // an assignment, an export, an import, a mod
		}
		fields := strings.Fields(name)
		if len(fields) == 0 || fields[0] == "export" || fields[0] == "import" || fields[0] == "mod" {
			continue
		}
		cur = fields[0]
		j.order = append(j.order, cur)
		if markDefault {
			j.def, markDefault = cur, false
		}
		var deps []string
		for _, d := range strings.Fields(strings.ReplaceAll(strings.ReplaceAll(rest, "(", " "), ")", " ")) {
			if d != "&&" && !strings.ContainsAny(d, `"'{}`) {
				deps = append(deps, d)
			}
		}
		j.deps[cur] = deps
		j.body[cur] = ""
	}
	end()
	return j
}

// recipeScript returns the shell script a recipe's body lines run. Each
// line is a command of its own, without a task runner's @ and -
// prefixes, and comments are dropped. A body whose first line is a #!
// line is a file that program runs: the script runs it with the body
// (without the #! line, its indent removed) on its standard input, so
// that inline code is judged as such (python3 <<'EOF' … EOF). A {{…}}
// interpolation of a string or of a variable set to one (vars) is its
// text, as just puts it in the line; any other is a word known only at
// run time.
func recipeScript(lines []string, vars map[string]string) string {
	if len(lines) == 0 {
		return ""
	}
	var b strings.Builder
	first := strings.TrimSpace(lines[0])
	if strings.HasPrefix(first, "#!") {
		prog := strings.Fields(first[2:])
		if len(prog) > 1 && path.Base(prog[0]) == "env" {
			prog = prog[1:]
			for len(prog) > 1 && strings.HasPrefix(prog[0], "-") {
				prog = prog[1:]
			}
		}
		if len(prog) == 0 {
			return ""
		}
		indent := lines[0][:len(lines[0])-len(codetext.TrimBlank(lines[0]))]
		b.WriteString(path.Base(prog[0]) + " <<'__RECIPE_END__'\n")
		for _, l := range lines[1:] {
			b.WriteString(interpolateWith(strings.TrimPrefix(l, indent), vars))
			b.WriteByte('\n')
		}
		b.WriteString("__RECIPE_END__\n")
		return b.String()
	}
	for _, l := range lines {
		l = strings.TrimLeft(strings.TrimSpace(l), "@-")
		if strings.HasPrefix(l, "#") {
			continue
		}
		b.WriteString(interpolateWith(l, vars))
		b.WriteByte('\n')
	}
	return b.String()
}

// interpolate returns a recipe line with each {{…}} of a task runner's
// template replaced by a parameter expansion known only at run time.
func interpolate(l string) string { return interpolateWith(l, nil) }

// interpolateWith is interpolate, with an interpolation of a just
// string ("src", 'src') or of a variable vars holds replaced by its text.
func interpolateWith(l string, vars map[string]string) string {
	if !strings.Contains(l, "{{") {
		return l
	}
	var b strings.Builder
	for {
		i := strings.Index(l, "{{")
		if i < 0 {
			break
		}
		j := strings.Index(l[i:], "}}")
		if j < 0 {
			break
		}
		b.WriteString(l[:i])
		x := strings.TrimSpace(l[i+2 : i+j])
		if v, ok := justString(x); ok {
			b.WriteString(v)
		} else if v, ok := vars[x]; ok {
			b.WriteString(v)
		} else {
			b.WriteString("${__TEMPLATE__}")
		}
		l = l[i+j+2:]
	}
	b.WriteString(l)
	return b.String()
}

// justString returns the text of a just string literal: '…' as it is,
// "…" with its escapes.
func justString(x string) (string, bool) {
	switch {
	case len(x) >= 2 && x[0] == '\'' && x[len(x)-1] == '\'' && !strings.Contains(x[1:len(x)-1], "'"):
		return x[1 : len(x)-1], true
	case len(x) >= 2 && x[0] == '"' && x[len(x)-1] == '"':
		v, err := strconv.Unquote(x)
		return v, err == nil
	}
	return "", false
}

// justVars returns the variables a justfile sets to a string at the
// margin (NAME := "text", export NAME := 'text').
func justVars(text string) map[string]string {
	vars := map[string]string{}
	for line := range strings.Lines(text) {
		if line == "" || line[0] == ' ' || line[0] == '\t' {
			continue
		}
		k, v, ok := strings.Cut(strings.TrimSpace(line), ":=")
		if !ok {
			continue
		}
		k = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(k), "export "))
		if strings.ContainsAny(k, " \t") {
			continue
		}
		if x, ok := justString(strings.TrimSpace(v)); ok {
			vars[k] = x
		}
	}
	return vars
}
