package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash evaluates a variable's value as an arithmetic expression wherever
// the variable is read as arithmetic, and an array subscript in that
// value is expanded first: with x='a[$(rm -rf d)]', $((x)), ((x)), let x,
// [[ $x -eq 0 ]], declare -i y=$x, ${a[x]}, ${s:x}, a[$x]=1, ${!x},
// read "a[$x]", printf -v "a[$x]", test -v "a[$x]" all run rm. A static
// value with such a subscript is walked where it is assigned
// (walker.arithValue); a variable that the script sets to a value not
// known statically (x=$(…), read x, for x in $(…), …) is tracked in the
// scope, and reading it as arithmetic is a dynamic command. Variables
// the script does not set come from the environment the host gave it
// and are not followed.

// setVar records that the shell of sc set name, to a value known
// statically or not.
func (w *walker) setVar(sc *scope, name string, dynamic bool) {
	if dynamic && startupName(name) {
		w.startupVar(name, Word{Value: "$" + name + " (set at run time)", Dynamic: true})
	}
	if sc.vars[name] == dynamic {
		return
	}
	w.copying(len(sc.vars) + 1)
	m := make(map[string]bool, len(sc.vars)+1)
	for k, v := range sc.vars {
		m[k] = v
	}
	if dynamic {
		m[name] = true
	} else {
		delete(m, name)
	}
	sc.vars = m
}

// dynVar reports a dynamic command when name holds a value the script
// set dynamically: read as arithmetic, it may run code.
func (w *walker) dynVar(name string, sc *scope, via []string) {
	if sc.vars[name] {
		w.unknown("$"+name+" (its value read as arithmetic)", plus(via, "arithmetic"))
	}
}

// arithUse checks the variables that the arithmetic expression or word
// n reads; it does not go into arithmetic expansions inside n, which
// subst reaches on its own.
func (w *walker) arithUse(n syntax.Node, sc *scope, via []string) {
	if n == nil || len(sc.vars) == 0 {
		return
	}
	root := n
	w.walkTree(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Param != nil {
				w.dynVar(n.Param.Value, sc, via)
			}
		case *syntax.Word:
			if l := n.Lit(); isName(l) {
				w.dynVar(l, sc, via)
			}
		case *syntax.ArithmExp, *syntax.CmdSubst, *syntax.ProcSubst:
			return n == root
		}
		return true
	})
}

// arithNode checks n, met by subst's walk, for variables read as
// arithmetic.
func (w *walker) arithNode(n syntax.Node, sc *scope, via []string) {
	if len(sc.vars) == 0 {
		return
	}
	switch n := n.(type) {
	case *syntax.ArithmExp:
		w.arithUse(n.X, sc, via)
	case *syntax.ArithmCmd:
		w.arithUse(n.X, sc, via)
	case *syntax.LetClause:
		for _, x := range n.Exprs {
			w.arithUse(x, sc, via)
		}
	case *syntax.CStyleLoop:
		w.arithUse(n.Init, sc, via)
		w.arithUse(n.Cond, sc, via)
		w.arithUse(n.Post, sc, via)
	case *syntax.ParamExp:
		if n.Excl && n.Param != nil {
			w.dynVar(n.Param.Value, sc, via)
		}
		if n.Index != nil {
			w.arithUse(n.Index, sc, via)
		}
		if n.Slice != nil {
			w.arithUse(n.Slice.Offset, sc, via)
			w.arithUse(n.Slice.Length, sc, via)
		}
	case *syntax.Assign:
		if n.Index != nil {
			w.arithUse(n.Index, sc, via)
		}
	case *syntax.BinaryTest:
		switch n.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			w.arithUse(n.X, sc, via)
			w.arithUse(n.Y, sc, via)
		}
	}
}

// nameOperands checks the words that builtins take as variable names
// (read, printf -v, test -v, mapfile, declare, …): a subscript in a name
// is arithmetic, so a name built from a variable the script set
// dynamically may run code.
func (w *walker) nameOperands(c *Command, sc *scope) {
	w.staticNames(c)
	if len(sc.vars) == 0 {
		return
	}
	for i, a := range c.Args[1:] {
		if !a.Dynamic {
			continue
		}
		if (c.Name == "test" || c.Name == "[") && (i == 0 || c.Args[i].Value != "-v") {
			continue // only test -v NAME takes a name
		}
		for _, n := range refs(a.Value) {
			w.dynVar(n, sc, c.Via)
		}
	}
}

// refs returns the names of the variables that $name and ${name…} in s
// read.
func refs(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			continue
		}
		j := i + 1
		if j < len(s) && (s[j] == '{' || s[j] == '!') {
			j++
		}
		k := j
		for k < len(s) && (s[k] == '_' || s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z' || k > j && s[k] >= '0' && s[k] <= '9') {
			k++
		}
		if k > j {
			out = append(out, s[j:k])
		}
	}
	return out
}

// isName reports whether s is a shell variable name.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// setsVars records the variables that command c sets from input it
// reads (read, mapfile, readarray, printf -v): their values are dynamic.
func (w *walker) setsVars(c *Command, sc *scope) {
	switch c.Name {
	case "read":
		f := w.flags(c, Spec{Short: "ersa:d:i:n:N:p:t:u:"})
		if a, ok := f.Value("a"); ok {
			w.readVar(c, sc, a)
		}
		for _, o := range f.Operands {
			w.readVar(c, sc, o)
		}
		if len(f.Operands) == 0 {
			w.setVar(sc, "REPLY", true)
		}
	case "mapfile", "readarray":
		f := w.flags(c, Spec{Short: "d:n:O:s:tu:C:c:"})
		name := Static("MAPFILE")
		if len(f.Operands) > 0 {
			name = f.Operands[0]
		}
		w.readVar(c, sc, name)
	case "printf":
		f := w.flags(c, Spec{Short: "v:"})
		if v, ok := f.Value("v"); ok {
			// What printf makes of its format is not followed here.
			w.readVar(c, sc, v)
			if !v.Dynamic {
				w.setVar(sc, strings.TrimSuffix(v.Value, "]"), len(f.Operands) == 0 || f.Operands[0].Dynamic || len(f.Operands) > 1 && anyDynamic(f.Operands[1:]))
				if startupName(v.Value) {
					// What printf makes of its format is not followed:
					// printf -v PYTEST_ADDOPTS %s --basetemp=src.
					w.startupVar(v.Value, Word{Value: "$" + v.Value + " (printf -v)", Dynamic: true})
				}
			}
		}
	}
}

// readVar records that c sets the variable name to a value known only at
// run time (read, mapfile, printf -v). A name known only at run time may
// be any variable (PATH, GIT_EDITOR, BASH_ENV), and a variable whose
// value a program runs as a command gets a command not known: each is a
// dynamic command, and so is one declared -i, whose value is evaluated
// as arithmetic. An element (a[$i]) names its array, a.
func (w *walker) readVar(c *Command, sc *scope, name Word) {
	n := name.Value
	if name.Dynamic {
		n = name.Prefix()
	}
	// An element a[i] sets a (a[0] is a itself), whatever i is.
	i := strings.IndexByte(n, '[')
	if i >= 0 {
		n = n[:i]
	}
	switch {
	case name.Dynamic && (i < 0 || !isName(n)):
		w.unknown(c.String()+" (sets a variable whose name is known only at run time)", plus(c.Via, c.Name))
	case isCommandVar(n) || isPromptVar(n):
		w.unknown(c.String()+" (sets "+n+", run as a command, to a value known only at run time)", plus(c.Via, c.Name))
	case sc.ints[n]:
		// declare -i n; read n <<< 'a[$(…)]': the value is evaluated
		// as arithmetic when assigned, its subscript's $(…) run.
		w.unknown(c.String()+" (sets the integer variable "+n+": the value is evaluated as arithmetic)", plus(c.Via, c.Name))
	default:
		w.setVar(sc, n, true)
	}
}

func anyDynamic(ws []Word) bool {
	for _, w := range ws {
		if w.Dynamic {
			return true
		}
	}
	return false
}

// staticNames checks the words builtins take as variable names for a
// subscript that holds an expansion, static as written ('a[$(rm -rf
// d)]'): bash evaluates the subscript, running the command.
func (w *walker) staticNames(c *Command) {
	var names []Word
	switch c.Name {
	case "read":
		f := w.flags(c, Spec{Short: "ersa:d:i:n:N:p:t:u:"})
		names = f.Operands
		if a, ok := f.Value("a"); ok {
			names = append(names, a)
		}
	case "printf":
		f := w.flags(c, Spec{Short: "v:"})
		if v, ok := f.Value("v"); ok {
			names = []Word{v}
		}
	case "test", "[":
		for i, a := range c.Args[1:] {
			if i+2 < len(c.Args) && !a.Dynamic && a.Value == "-v" {
				names = append(names, c.Args[i+2])
			}
		}
	case "mapfile", "readarray", "unset", "declare", "typeset", "local", "export", "readonly":
		names = c.Args[1:]
	}
	for _, n := range names {
		v := n.Value
		if c.Name != "read" && c.Name != "printf" {
			v, _, _ = strings.Cut(v, "=")
		}
		if subscriptCode(v) {
			w.unknown(c.String()+" (the subscript of "+v+" is evaluated, its $(…) run)", plus(c.Via, c.Name))
			return
		}
	}
}

// subscriptCode reports whether s has a subscript ([…]) that holds an
// expansion bash runs when it evaluates it: $(…), `…`, ${…}, $[…].
func subscriptCode(s string) bool {
	i := strings.IndexByte(s, '[')
	if i < 0 {
		return false
	}
	t := s[i:]
	return strings.Contains(t, "$(") || strings.Contains(t, "`") || strings.Contains(t, "${") || strings.Contains(t, "$[")
}

// paramName returns the name a parameter expansion reads.
func paramName(p *syntax.ParamExp) string {
	if p.Param == nil {
		return ""
	}
	return p.Param.Value
}
