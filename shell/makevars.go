package shell

import "strings"

// Make substitutes a variable's text into a recipe before the shell
// reads it: `X = ; rm -rf d` and `echo $(X)` run rm. So a recipe line is
// walked with the variables make knows put in as text: those the
// makefile defines (=, :=, ::=, ?=, +=, define), those the command line
// gives (make X=…), and make's own (MAKE, RM, CC, …); $(shell CMD) is a
// command substitution, and CMD, like the right side of !=, runs while
// make reads the makefile. A reference to a variable the environment
// gives stays a word known only at run time, unless the command's text
// names the variable (X='; rm -rf d' make): its text is then not known,
// nor is the text of $(file …) and $(guile …), or of a text
// function whose arguments hold a shell's operator; such a recipe is an
// unknown command. $(eval TEXT), in a recipe or outside one, reads TEXT
// as makefile lines where make expands it: the rules and variables it
// makes are the makefile's. SHELL and .SHELLFLAGS other than a shell's
// run each recipe line with them.

// maxMakeExpand bounds the bytes one recipe line expands to, and
// maxMakeDepth how deep variables nest in one another.
const (
	maxMakeExpand = 1 << 16
	maxMakeDepth  = 16
	maxMakeEvals  = 256 // the $(eval …) texts read, each as a makefile
	maxMakeEach   = 64  // the words of a $(foreach …) list expanded one by one
)

// callsEval reports whether a makefile line outside a recipe calls
// $(eval …), in itself or in a function it calls ($(foreach v,…,$(eval
// …))).
func callsEval(line string) bool {
	return (strings.HasPrefix(line, "$(") || strings.HasPrefix(line, "${")) &&
		(strings.Contains(line, "(eval ") || strings.Contains(line, "{eval ") || strings.Contains(line, "(eval\t"))
}

// makeVars are the variables a command line gives make: a value known
// only at run time is nil.
type makeVars map[string]*string

// assign records a makefile line that assigns a variable, and the
// commands make runs as it reads the line (!=, $(shell …)); it reports
// whether line is an assignment.
func (m *makefile) assign(line string) bool {
	for _, p := range [...]string{"override ", "export ", "private "} {
		line = strings.TrimPrefix(line, p)
	}
	name, op, value, ok := splitAssign(line)
	if !ok {
		return false
	}
	if m.vars == nil {
		m.vars = map[string]string{}
	}
	if _, set := m.vars[name]; set || op == "+=" {
		m.again = true
	}
	switch op {
	case "+=":
		m.vars[name] += " " + value
	case "?=":
		if _, set := m.vars[name]; !set {
			m.vars[name] = value
			if m.cond == nil {
				m.cond = map[string]bool{}
			}
			m.cond[name] = true
		}
	case "!=":
		m.parse = append(m.parse, value)
		m.vars[name] = "$(shell " + value + ")"
	default:
		m.vars[name] = value
	}
	return true
}

// splitAssign splits NAME OP VALUE (OP one of =, :=, ::=, :::=, ?=, +=,
// !=); ok is false when line is none.
func splitAssign(line string) (name, op, value string, ok bool) {
	eq := strings.IndexByte(line, '=')
	if eq <= 0 {
		return "", "", "", false
	}
	i := eq
	for i > 0 && strings.IndexByte(":?+!", line[i-1]) >= 0 {
		i--
	}
	name = strings.TrimSpace(line[:i])
	if name == "" || strings.ContainsAny(name, " \t:#") {
		return "", "", "", false
	}
	return name, line[i : eq+1], strings.TrimSpace(line[eq+1:]), true
}

// shellCalls appends the commands of the $(shell …) calls in text.
func (m *makefile) shellCalls(text string) {
	for i := 0; i+8 < len(text); i++ {
		if text[i] != '$' || text[i+1] != '(' && text[i+1] != '{' || !strings.HasPrefix(text[i+2:], "shell") {
			continue
		}
		j := closing(text, i+1)
		if body, ok := strings.CutPrefix(text[i+2:j], "shell"); ok && (body == "" || body[0] == ' ' || body[0] == '\t') {
			m.parse = append(m.parse, strings.TrimSpace(body))
		}
	}
}

// closing returns the index of the bracket that closes the one at i (or
// len(s)).
func closing(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '(', '{':
			depth++
		case ')', '}':
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return len(s)
}

// makeBuiltin returns the value make gives a variable of its own.
func makeBuiltin(name string) (string, bool) {
	switch name {
	case "MAKE":
		return "make", true
	case "RM":
		return "rm -f", true
	case "CC":
		return "cc", true
	case "CXX":
		return "g++", true
	case "AR":
		return "ar", true
	case "CPP":
		return "cc -E", true
	case "LD":
		return "ld", true
	case "SHELL":
		return "/bin/sh", true
	case ".SHELLFLAGS":
		return "-c", true
	}
	return "", false
}

// expander expands the references of recipe text.
type expander struct {
	m        *makefile
	cmd      makeVars
	envFirst bool                   // make -e: the environment's variables override the makefile's
	named    func(name string) bool // the command's text names the variable
	budget   int
	args     []string // $(1), $(2), … of a $(call …)
	set      bool     // a text not known was one the command may set
	// include reads a makefile an include line of $(eval …) names.
	include func(name string) (string, bool)
	shells  int // the $(shell …) calls expanded
	inEval  int // the $(eval …) calls (and include names) being expanded
}

// refText returns the text of variable name, "\x00" when it is not
// known.
func (e *expander) refText(name string) string {
	e.budget = maxMakeExpand
	x, ok := e.ref(name, 0)
	if !ok {
		return "\x00"
	}
	return strings.TrimSpace(x)
}

// hasEnvFirst reports make's -e (--environment-overrides) among args.
func hasEnvFirst(args []Word) bool {
	for _, a := range args {
		v := a.Value
		if v == "--environment-overrides" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "e") && !a.Dynamic {
			return true
		}
		if v == "--" {
			break
		}
	}
	return false
}

// quoteSingle quotes s for the shell.
func quoteSingle(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// expand returns s as the shell gets it, or false when its text is not
// known.
func (e *expander) expand(s string, depth int) (string, bool) {
	if depth > maxMakeDepth {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		var ref string
		switch c := s[i+1]; c {
		case '$':
			b.WriteByte('$')
			i++
			continue
		case '(', '{':
			j := closing(s, i+1)
			ref = s[i+2 : min(j, len(s))]
			i = j
		default:
			ref = string(c)
			i++
		}
		out, ok := e.ref(ref, depth)
		if !ok {
			return "", false
		}
		if e.budget -= len(out); e.budget < 0 {
			return "", false
		}
		b.WriteString(out)
	}
	return b.String(), true
}

// makeWord is what a reference whose value is a word known only at run
// time becomes.
const makeWord = "${MAKEVAR}"

// ref returns the text of the reference $(ref).
func (e *expander) ref(ref string, depth int) (string, bool) {
	if fn, args, ok := strings.Cut(ref, " "); ok && fn != "" && !strings.ContainsAny(fn, ":=") {
		return e.function(fn, args, depth)
	}
	name := ref
	if k := strings.IndexByte(name, ':'); k > 0 && strings.Contains(name[k:], "=") {
		name = name[:k] // $(SRCS:.c=.o)
	}
	if len(name) <= 2 && strings.IndexByte("@<^*?|+%", name[0]) >= 0 {
		return makeWord, true // an automatic variable: a target's or a prerequisite's name
	}
	if n := len(e.args); n > 0 && len(name) == 1 && name[0] >= '1' && name[0] <= '9' {
		if k := int(name[0] - '1'); k < n {
			return e.args[k], true
		}
		return "", true
	}
	if v, ok := e.cmd[name]; ok {
		if v == nil {
			e.set = true
			return "", false
		}
		return e.expand(*v, depth+1)
	}
	if v, ok := e.m.vars[name]; ok {
		if (e.envFirst || e.m.cond[name]) && name != "SHELL" && e.named(name) {
			e.set = true
			return "", false // the environment's, which the command may give
		}
		return e.expand(v, depth+1)
	}
	if name != "SHELL" && e.named(name) {
		e.set = true
		return "", false // the command may give it through the environment
	}
	if v, ok := makeBuiltin(name); ok {
		return v, true
	}
	return makeWord, true
}

// function returns the text of $(fn args).
func (e *expander) function(fn, args string, depth int) (string, bool) {
	switch fn {
	case "shell":
		e.shells++
		x, ok := e.expand(args, depth+1)
		if ok && e.inEval > 0 && !strings.Contains(x, makeWord) {
			if out, known := e.shellOutput(x); known {
				e.shells-- // what it prints is known: read as makefile text
				return out, true
			}
		}
		return "$(" + x + ")", ok
	case "eval":
		// Its argument, expanded, is read as makefile lines: rules and
		// variables, which later references see.
		shells := e.shells
		e.inEval++
		x, ok := e.expand(args, depth+1)
		e.inEval--
		if !ok || e.shells != shells || strings.Contains(x, makeWord) || e.m.evals >= maxMakeEvals {
			return "", false // the output of $(shell …), or a variable's, read as makefile text
		}
		e.m.evals++
		e.m.read(x, e.include)
		return "", true
	case "file", "guile":
		return "", false
	case "call":
		name, rest := args, ""
		if a := splitArgs(args, 2); len(a) == 2 {
			name, rest = a[0], a[1]
		}
		var vals []string
		if rest != "" {
			for _, a := range splitArgs(rest, -1) {
				x, ok := e.expand(a, depth+1)
				if !ok {
					return "", false
				}
				vals = append(vals, x)
			}
		}
		name, ok := e.expand(strings.TrimSpace(name), depth+1)
		if !ok {
			return "", false
		}
		body, defined := e.m.vars[name]
		if !defined {
			return e.ref(name, depth+1)
		}
		saved := e.args
		e.args = vals
		x, ok := e.expand(body, depth+1)
		e.args = saved
		return x, ok
	case "foreach":
		parts := splitArgs(args, 3)
		if len(parts) < 3 {
			return makeWord, true
		}
		name := strings.TrimSpace(parts[0])
		if e.m.vars == nil {
			e.m.vars = map[string]string{}
		}
		// The loop's variable is restored after it; what an $(eval …)
		// in it assigns stays.
		saved, had := e.m.vars[name]
		defer func() {
			if had {
				e.m.vars[name] = saved
			} else {
				delete(e.m.vars, name)
			}
		}()
		if list, ok := e.expand(parts[1], depth+1); ok && !strings.Contains(list, makeWord) && len(strings.Fields(list)) <= maxMakeEach {
			// Each word of a list known here, in turn.
			var outs []string
			for _, v := range strings.Fields(list) {
				e.m.vars[name] = v
				x, ok := e.expand(parts[2], depth+1)
				if !ok {
					return "", false
				}
				outs = append(outs, x)
			}
			return strings.Join(outs, " "), true
		}
		e.m.vars[name] = makeWord
		return e.expand(parts[2], depth+1)
	case "if", "or", "and":
		// Each branch may be the text.
		var outs []string
		for _, a := range splitArgs(args, -1) {
			x, ok := e.expand(a, depth+1)
			if !ok {
				return "", false
			}
			if strings.TrimSpace(x) != "" {
				outs = append(outs, x)
			}
		}
		return strings.Join(outs, " ; "), true
	}
	// A text function: a word, unless its arguments hold an operator.
	x, ok := e.expand(args, depth+1)
	if !ok || strings.ContainsAny(strings.ReplaceAll(x, makeWord, ""), ";&|<>()`$\n'\"\\") {
		return "", false
	}
	return makeWord, true
}

// plainShell reports whether make's SHELL and .SHELLFLAGS, as given,
// run a recipe line as sh -c does.
func plainShell(sh, flags string) bool {
	switch baseName(strings.TrimSpace(sh)) {
	case "sh", "bash", "dash", "zsh", "ksh":
	default:
		return false
	}
	switch strings.Join(strings.Fields(flags), " ") {
	case "", "-c", "-ec", "-e -c", "-euc", "-eu -c", "-o pipefail -c", "-eo pipefail -c", "-euo pipefail -c", "-eu -o pipefail -c":
		return true
	}
	return false
}

// commandVars returns the variables the words of make's command line
// assign (NAME=VALUE and the other operators), and the commands a != of
// them runs.
func commandVars(args []Word) (makeVars, []string) {
	var vars makeVars
	var run []string
	for _, a := range args {
		if strings.HasPrefix(a.Prefix(), "-") || !strings.Contains(a.Prefix(), "=") && !a.Dynamic && !strings.Contains(a.Value, "=") {
			continue
		}
		name, op, value, ok := splitAssign(a.Value)
		if !ok || a.Dynamic && !strings.Contains(a.Prefix(), "=") {
			continue
		}
		if vars == nil {
			vars = makeVars{}
		}
		if a.Dynamic {
			vars[name] = nil
			continue
		}
		if op == "!=" {
			run = append(run, value)
			value = "$(shell " + value + ")"
		}
		v := value
		vars[name] = &v
	}
	return vars, run
}

// namesVar reports whether text holds name as a word of its own (not
// inside a longer name).
func namesVar(text, name string) bool {
	ident := func(c byte) bool {
		return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	for i := 0; i < len(text); {
		k := strings.Index(text[i:], name)
		if k < 0 {
			return false
		}
		k += i
		if (k == 0 || !ident(text[k-1])) && (k+len(name) == len(text) || !ident(text[k+len(name)])) {
			return true
		}
		i = k + 1
	}
	return false
}

// setVia is the [Command.Via] element of a command whose text the
// script itself sets where a file's reading cannot see it: a recipe line
// with a make variable the command gives through the environment.
const setVia = "(set by the command)"

// SetByCommand reports whether c is a command known only at run time
// whose text the script itself gives a file it runs, out of the file's
// sight (X='; rm -rf d' make, with a recipe `go test $(X)`): unlike what
// only run time knows in a file a project ships, it is the command's
// own doing.
func (c *Command) SetByCommand() bool {
	return c.Dynamic && len(c.Via) > 0 && c.Via[len(c.Via)-1] == setVia
}

// splitArgs splits a make function's arguments at the commas outside
// nested references, into at most n parts (n < 0: all).
func splitArgs(s string, n int) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case ',':
			if depth == 0 && (n < 0 || len(out) < n-1) {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
