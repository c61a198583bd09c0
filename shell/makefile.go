package shell

import (
	"strings"
)

// Makefiles read from disk: make runs the recipes of the targets it is
// given (or of the first target), and of their prerequisites, each line
// with sh -c. With [Parser.Files] set, the makefile is read and those
// recipes walked as a script file's commands (see [Command.ScriptFile]).
// A make variable in a recipe ($(OUT), ${CC}, $@) is a word known only
// at run time; include, conditionals and pattern rules are not followed.

// maxMakeTargets bounds the targets whose recipes are walked.
const maxMakeTargets = 512

// anyGoal stands for a goal known only at run time (make "$T"): every
// target's recipes may run.
const anyGoal = "\x00any"

// makefile is what readMakefile finds: each target's prerequisites and
// recipe lines, and the first target (the default goal).
type makefile struct {
	first   string
	order   []string // the targets, in the order first seen
	prereqs map[string][]string
	recipes map[string][]string
}

// readMakefile reads the rules of a makefile's text.
func readMakefile(text string) *makefile {
	// At most one rule a colon: maps made once at their size, not grown
	// (a generated makefile of a large project has thousands of rules).
	n := min(strings.Count(text, ":"), 1<<16)
	m := &makefile{prereqs: make(map[string][]string, n), recipes: make(map[string][]string, n)}
	if strings.Contains(text, "\\\n") {
		text = strings.ReplaceAll(text, "\\\n", " ")
	}
	var current []string
	inDefine := false
	for rest := text; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if inDefine {
			inDefine = strings.TrimSpace(line) != "endef"
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
		if strings.HasPrefix(trimmed, "define ") || trimmed == "define" {
			inDefine = true
			continue
		}
		colon := strings.IndexByte(line, ':')
		eq := strings.IndexByte(line, '=')
		if colon < 0 || eq >= 0 && eq < colon || strings.HasPrefix(line[colon:], ":=") || strings.HasPrefix(line[colon:], "::=") {
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
			if strings.HasPrefix(t, "$") || strings.Contains(t, "%") {
				continue
			}
			if m.first == "" && !strings.HasPrefix(t, ".") {
				m.first = t
			}
			if _, ok := m.prereqs[t]; !ok {
				m.order = append(m.order, t)
			}
			m.prereqs[t] = append(m.prereqs[t], prereqs...)
			current = append(current, t)
			if hasInline {
				m.recipes[t] = append(m.recipes[t], inline)
			}
		}
	}
	return m
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
		for _, p := range m.prereqs[t] {
			visit(p, depth+1)
		}
		lines = append(lines, m.recipes[t]...)
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

// makeRecipe returns a recipe line as the shell gets it: without make's
// prefixes (@, -, +), with $$ made $ and each make variable a shell
// expansion known only at run time.
func makeRecipe(line string) string {
	line = strings.TrimLeft(line, " \t@-+")
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		if line[i] != '$' || i+1 == len(line) {
			b.WriteByte(line[i])
			continue
		}
		switch c := line[i+1]; c {
		case '$':
			b.WriteByte('$')
			i++
		case '(', '{':
			closer := byte(')')
			if c == '{' {
				closer = '}'
			}
			depth, j := 0, i+1
			for ; j < len(line); j++ {
				if line[j] == c {
					depth++
				} else if line[j] == closer {
					if depth--; depth == 0 {
						break
					}
				}
			}
			b.WriteString("${MAKEVAR}")
			i = j
		default:
			b.WriteString("${MAKEVAR}")
			i++
		}
	}
	return b.String()
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
	for _, line := range readMakefile(text).run(goals) {
		if w.err != nil {
			break
		}
		sub := *sc
		w.walkFile(makeRecipe(line), p, &sub, via)
	}
	return true
}
