package shell

import (
	"strings"
)

// Makefiles read from disk: make runs the recipes of the targets it is
// given (or of the first target), and of their prerequisites, each line
// with sh -c. With [Parser.Files] set, the makefile is read and those
// recipes walked as a script file's commands (see [Command.ScriptFile]).
// A make variable in a recipe ($(OUT), ${CC}, $@) is a word known only
// at run time. Included makefiles are read (a name known only at run
// time is not), and a pattern rule makes a target no rule of its own
// makes; both branches of a conditional count.

// maxMakeTargets bounds the targets whose recipes are walked.
const maxMakeTargets = 512

// anyGoal stands for a goal known only at run time (make "$T"): every
// target's recipes may run.
const anyGoal = "\x00any"

// makefile is what makefile.read finds: each target's prerequisites and
// recipe lines, and the first target (the default goal). A pattern rule
// (%.o: %.c) is kept under its pattern, in pats.
type makefile struct {
	first   string
	order   []string // the targets, in the order first seen
	prereqs map[string][]string
	recipes map[string][]string
	pats    []string
	files   int // the makefiles read, included ones too
	// vars are the variables the makefile defines, as text (see
	// makevars.go); cond those it defines with ?=, which the
	// environment overrides; parse the commands make runs as it reads
	// the makefile (!=, $(shell …)).
	vars  map[string]string
	cond  map[string]bool
	parse []string
	// again reports a variable assigned more than once (or added to):
	// its value as make reads a line may not be its last.
	again bool
	// eval reads a line of the makefile that calls $(eval …) where
	// make reads it (see makevars.go); nil: the line is not read.
	eval  func(line string)
	evals int // the $(eval …) texts read
	// names expands the names of an include directive that holds a
	// reference, where make reads it; nil, or not ok: not read.
	names func(text string) (string, bool)
}

// maxMakeIncludes bounds the makefiles one make reads, its own included.
const maxMakeIncludes = 16

// newMakefile returns an empty makefile with room for the rules of text.
func newMakefile(text string) *makefile {
	// At most one rule a colon: maps made once at their size, not grown
	// (a generated makefile of a large project has thousands of rules).
	n := min(strings.Count(text, ":"), 1<<16)
	return &makefile{prereqs: make(map[string][]string, n), recipes: make(map[string][]string, n)}
}

// read adds the rules of text to m, with the makefiles its include
// directives name (include, -include, sinclude; a name known only at
// run time is not read) in their place.
func (m *makefile) read(text string, include func(string) (string, bool)) {
	m.files++
	if strings.Contains(text, "\\\n") {
		text = strings.ReplaceAll(text, "\\\n", " ")
	}
	var current []string
	inDefine, defName := false, ""
	var defBody []string
	for rest := text; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if inDefine {
			if inDefine = strings.TrimSpace(line) != "endef"; inDefine {
				defBody = append(defBody, line)
			} else if defName != "" {
				m.assign(defName + " = " + strings.Join(defBody, "\n"))
			}
			continue
		}
		if strings.HasPrefix(line, "\t") {
			for _, t := range current {
				m.recipes[t] = append(m.recipes[t], line[1:])
			}
			continue
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		current = nil
		m.shellCalls(trimmed)
		if m.eval != nil && callsEval(trimmed) {
			m.eval(trimmed) // $(eval …) reads its text as makefile lines, here
			continue
		}
		if strings.HasPrefix(trimmed, "define ") || trimmed == "define" {
			inDefine, defBody = true, nil
			defName = strings.TrimRight(strings.TrimSpace(strings.TrimPrefix(trimmed, "define")), ":?+!= \t")
			continue
		}
		if names, ok := includeNames(trimmed); ok {
			if m.names != nil && strings.Contains(trimmed, "$") {
				// include $(shell echo x.mk), include $(DEPS): the names
				// as make expands them, when they are known.
				if x, ok := m.names(strings.Join(names, " ")); ok {
					names = strings.Fields(x)
				}
			}
			for _, name := range names {
				if include == nil || m.files >= maxMakeIncludes || strings.ContainsAny(name, "$*?[") {
					continue
				}
				if t, ok := include(name); ok {
					m.read(t, include)
				}
			}
			continue
		}
		colon := strings.IndexByte(line, ':')
		eq := strings.IndexByte(line, '=')
		if colon < 0 || eq >= 0 && eq < colon || strings.HasPrefix(line[colon:], ":=") || strings.HasPrefix(line[colon:], "::=") {
			m.assign(trimmed)
			continue // an assignment, a directive, or not a rule
		}
		targets := strings.Fields(line[:colon])
		rest := strings.TrimPrefix(line[colon+1:], ":")
		rest, inline, hasInline := strings.Cut(rest, ";")
		if i := strings.Index(rest, "|"); i >= 0 {
			rest = rest[:i] + " " + rest[i+1:] // order-only prerequisites run too
		}
		prereqs := strings.Fields(rest)
		for _, t := range targets {
			if strings.HasPrefix(t, "$") {
				continue
			}
			pattern := strings.Count(t, "%") == 1
			if strings.Contains(t, "%") && !pattern {
				continue
			}
			if m.first == "" && !strings.HasPrefix(t, ".") && !pattern {
				m.first = t
			}
			if _, ok := m.prereqs[t]; !ok {
				m.order = append(m.order, t)
				if pattern {
					m.pats = append(m.pats, t)
				}
			}
			m.prereqs[t] = append(m.prereqs[t], prereqs...)
			current = append(current, t)
			if hasInline {
				m.recipes[t] = append(m.recipes[t], inline)
			}
		}
	}
}

// includeNames returns the file names of an include directive (include,
// -include, sinclude), and whether line is one.
func includeNames(line string) ([]string, bool) {
	for _, d := range [...]string{"include ", "-include ", "sinclude "} {
		if rest, ok := strings.CutPrefix(line, d); ok {
			return strings.Fields(rest), true
		}
	}
	return nil, false
}

// rules returns the rules that make target t: its own, or else each
// pattern rule whose pattern matches it, its prerequisites with the
// stem put for %.
func (m *makefile) rules(t string) (prereqs, recipes []string) {
	if p, ok := m.prereqs[t]; ok {
		return p, m.recipes[t]
	}
	for _, pat := range m.pats {
		pre, suf, _ := strings.Cut(pat, "%")
		if len(t) < len(pre)+len(suf) || !strings.HasPrefix(t, pre) || !strings.HasSuffix(t, suf) {
			continue
		}
		stem := t[len(pre) : len(t)-len(suf)]
		for _, q := range m.prereqs[pat] {
			prereqs = append(prereqs, strings.Replace(q, "%", stem, 1))
		}
		recipes = append(recipes, m.recipes[pat]...)
	}
	return prereqs, recipes
}

// run returns the recipe lines make runs for goals (none: the first
// target), prerequisites first, each target once.
func (m *makefile) run(goals []string) []string {
	if len(goals) == 0 && m.first != "" {
		goals = []string{m.first}
	}
	seen := map[string]bool{}
	var lines []string
	var visit func(t string, depth int)
	visit = func(t string, depth int) {
		if seen[t] || len(seen) >= maxMakeTargets || depth > 64 {
			return
		}
		seen[t] = true
		prereqs, recipes := m.rules(t)
		for _, p := range prereqs {
			visit(p, depth+1)
		}
		lines = append(lines, recipes...)
	}
	for _, g := range goals {
		if g == anyGoal {
			for _, t := range m.order {
				visit(t, 0)
			}
			continue
		}
		visit(g, 0)
	}
	return lines
}

// makefileRecipes walks the recipes make runs from the makefile name
// (from the directory of sc, read through [Parser.Files]) for goals, each line in a shell of its
// own in directory sc.
func (w *walker) makefileRecipes(c *Command, sc *scope, name Word, goals []string) bool {
	if name.Dynamic || sc.dir.Dynamic || w.err != nil {
		return false
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return false
	}
	p := joinDir(sc.dir, name)
	text, ok := w.lim.Files(p.Value)
	if !ok {
		return false
	}
	via := plus(c.Via, c.Name)
	r := w.readMakefile(c, sc, p, text)
	m, e, evalsKnown, evalSet := r.m, r.e, r.evalsKnown, r.evalSet
	_, cmdRun := commandVars(c.Args[1:])
	if !evalsKnown {
		v := via
		if evalSet {
			v = plus(via, setVia)
		}
		w.unknown(c.String()+" (makefile text $(eval …) makes, known only when it runs)", v)
	}
	e.set = false
	if e.named("MAKEFLAGS") || e.named("MFLAGS") || e.named("MAKEFILES") || e.named("GNUMAKEFLAGS") {
		w.unknown(c.String()+" (make's settings from the environment, which the command sets)", plus(via, setVia))
		return true
	}
	for i, cmd := range append(cmdRun, m.parse...) {
		// Run while make reads the makefile, its variables put in when
		// each has one value ($(shell rm -rf $(D)) with D := src).
		if i >= len(cmdRun) && !m.again && strings.Contains(cmd, "$") {
			e.budget, e.set = maxMakeExpand, false
			if text, ok := e.expand(cmd, 0); ok && !e.set {
				cmd = text
			}
		}
		sub := *sc
		w.walkFile(cmd, p, &sub, via)
	}
	shellProg, flags := e.refText("SHELL"), e.refText(".SHELLFLAGS")
	for _, line := range m.run(goals) {
		if w.err != nil {
			break
		}
		e.budget, e.set = maxMakeExpand, e.set && (shellProg == "\x00" || flags == "\x00")
		text, ok := e.expand(strings.TrimLeft(line, " \t@-+"), 0)
		if ok && !plainShell(shellProg, flags) {
			// SHELL=./x.sh make: each line is run by that program.
			text = shellProg + " " + flags + " " + quoteSingle(text)
		}
		if !ok || shellProg == "\x00" || flags == "\x00" {
			v := via
			if e.set {
				v = plus(via, setVia)
			}
			w.unknown(c.String()+" (a recipe line whose make variables or functions give text known only when it runs)", v)
			continue
		}
		sub := *sc
		w.walkFile(text, p, &sub, via)
	}
	return true
}

// A makeRead is a makefile as one make command read it: its rules, the
// expander of its variables, and whether the $(eval …) texts it holds
// were known and set a variable the script names.
type makeRead struct {
	dir, vars, src, top string // what the reading depends on (see readMakefile)
	m                   *makefile
	e                   *expander
	evalsKnown, evalSet bool
}

// readMakefile reads the makefile p (text, read through Files) for make
// command c in directory sc, once a walk for the same directory, the
// same variables and options on the command line, and the same script:
// a script that runs make a hundred times reads a 1 MiB makefile once
// (a read takes tens of milliseconds). The goals do not change the
// reading.
func (w *walker) readMakefile(c *Command, sc *scope, p Word, text string) *makeRead {
	var vars strings.Builder
	for _, a := range c.Args[1:] {
		if a.Dynamic || strings.HasPrefix(a.Value, "-") || strings.Contains(a.Value, "=") {
			vars.WriteString(a.Value)
			vars.WriteByte(0)
		}
	}
	if r := w.makes[p.Value]; r != nil && r.dir == sc.dir.Value && r.vars == vars.String() && r.src == w.src && r.top == w.top {
		return r
	}
	include := func(name string) (string, bool) {
		// Relative to where make runs (its -C folder), as make reads it.
		return w.lim.Files(joinDir(sc.dir, Static(name)).Value)
	}
	m := newMakefile(text)
	cmdVars, _ := commandVars(c.Args[1:])
	top, src := w.top, w.src
	e := &expander{m: m, cmd: cmdVars, envFirst: hasEnvFirst(c.Args[1:]), named: func(name string) bool {
		return namesVar(top, name) || namesVar(src, name)
	}, include: include}
	r := &makeRead{dir: sc.dir.Value, vars: vars.String(), src: w.src, top: w.top, m: m, e: e, evalsKnown: true}
	m.eval = func(line string) {
		e.budget, e.set = maxMakeExpand, false
		if _, ok := e.expand(line, 0); !ok {
			r.evalsKnown, r.evalSet = false, r.evalSet || e.set
		}
	}
	m.names = func(text string) (string, bool) {
		e.budget, e.set = maxMakeExpand, false
		e.inEval++ // what $(shell echo …) prints is the names
		x, ok := e.expand(text, 0)
		e.inEval--
		return x, ok && !strings.Contains(x, makeWord)
	}
	m.read(text, include)
	if w.makes == nil {
		w.makes = map[string]*makeRead{}
	}
	w.makes[p.Value] = r
	return r
}

// shellOutput returns what the command x of a $(shell …) prints, as
// make gives it (its last newline dropped, the others spaces), when it
// is known: echo or printf of static words, or cat of one file Files
// reads (issue 38: $(eval $(shell echo 'X = rm -rf d')) defines X).
func (e *expander) shellOutput(x string) (string, bool) {
	s, err := Parse(x)
	if err != nil || len(s.Commands) != 1 || len(s.Writes) > 0 || s.Commands[0].Via != nil || s.Commands[0].Dynamic {
		return "", false
	}
	args := s.Commands[0].Args
	var out string
	switch c := s.Commands[0]; {
	case echoOrPrintf(c.Name):
		o, ok := staticOutput(args)
		if !ok {
			return "", false
		}
		out = o
	case c.Name == "cat" && len(args) == 2 && !args[1].Dynamic && !strings.HasPrefix(args[1].Value, "-") && e.include != nil:
		o, ok := e.include(args[1].Value)
		if !ok {
			return "", false
		}
		out = o
	default:
		return "", false
	}
	return strings.ReplaceAll(strings.TrimSuffix(out, "\n"), "\n", " "), true
}
