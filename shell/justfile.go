package shell

import (
	"path"
	"strings"
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
	// it runs in) and as Files reads it; its recipes run in its folder,
	// or in -d DIR.
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
	at := sc
	if len(names) == 1 {
		at = &scope{dir: joinDir(sc.dir, Word{Value: path.Dir(names[0].Value), Dynamic: names[0].Dynamic})}
	}
	if d, ok := f.Value("d"); ok {
		at = &scope{dir: joinDir(sc.dir, d)}
	} else if d, ok := f.Value("working-directory"); ok {
		at = &scope{dir: joinDir(sc.dir, d)}
	}
	if w.err != nil || at.dir.Dynamic || f.Has("shell", "shell-arg", "g", "global-justfile") {
		return
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return
	}
	for _, n := range names {
		if n.Dynamic {
			return
		}
		p := joinDir(sc.dir, n)
		if j, ok := fileMemo(w, "justfile", p.Value, func(text string) (*justfile, bool) { return readJustfile(text), true }); ok {
			if j.foreign {
				w.unknown(c.String()+" (recipes run by a shell the justfile sets)", plus(c.Via, c.Name))
				return
			}
			for _, r := range j.run(f.Operands) {
				w.walkFile(r, p, &scope{dir: at.dir}, plus(c.Via, c.Name))
			}
			return
		}
	}
}

// A justfile is the recipes of a justfile, as much as the guard reads.
type justfile struct {
	order   []string            // recipe names, in the file's order
	body    map[string]string   // the lines of each recipe, as a shell script
	deps    map[string][]string // the recipes each one runs first (or after, &&)
	def     string              // the recipe marked [default], if any
	foreign bool                // a shell of its own (set shell, [script]): not read
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
	j := &justfile{body: map[string]string{}, deps: map[string][]string{}}
	cur := ""
	var lines []string
	markDefault := false
	end := func() {
		if cur != "" {
			j.body[cur] = recipeScript(lines)
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
// that inline code is judged as such (python3 <<'EOF' … EOF). {{…}}
// interpolations become a word known only at run time.
func recipeScript(lines []string) string {
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
		indent := lines[0][:len(lines[0])-len(strings.TrimLeft(lines[0], " \t"))]
		b.WriteString(path.Base(prog[0]) + " <<'__RECIPE_END__'\n")
		for _, l := range lines[1:] {
			b.WriteString(interpolate(strings.TrimPrefix(l, indent)))
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
		b.WriteString(interpolate(l))
		b.WriteByte('\n')
	}
	return b.String()
}

// interpolate returns a recipe line with each {{…}} of a task runner's
// template replaced by a parameter expansion known only at run time.
func interpolate(l string) string {
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
		b.WriteString("${__TEMPLATE__}")
		l = l[i+j+2:]
	}
	b.WriteString(l)
	return b.String()
}
