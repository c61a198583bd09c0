package shell

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// decl walks declare, export, local, readonly, typeset and nameref.
func (w *walker) decl(d *syntax.DeclClause, sc *scope, via []string) {
	c := &Command{Name: d.Variant.Value, Args: []Word{Static(d.Variant.Value)}, Via: via}
	integer := false
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			if l := a.Value.Lit(); strings.HasPrefix(l, "-") && strings.Contains(l, "i") {
				integer = true
			}
		}
	}
	for _, a := range d.Args {
		w.subst(a, sc, via)
		if a.Name != nil && integer {
			if sc.ints == nil || !sc.ints[a.Name.Value] {
				w.copying(len(sc.ints) + 1)
				m := map[string]bool{a.Name.Value: true}
				for k := range sc.ints {
					m[k] = true
				}
				sc.ints = m
			}
			if a.Value != nil {
				w.arithUse(a.Value, sc, via)
			}
		}
		if a.Naked && a.Name == nil && a.Value != nil {
			ws := w.words(a.Value)
			c.Args = append(c.Args, ws...)
			w.nakedAssign(d.Variant.Value, a.Value, ws, sc, via)
			continue
		}
		if a.Naked && a.Name != nil {
			c.Args = append(c.Args, Static(a.Name.Value))
			continue
		}
		if a.Name != nil {
			v := Word{}
			if a.Value != nil {
				v = w.word(a.Value)
			}
			w.assign(a.Name.Value, v, sc, via)
			w.setVar(sc, a.Name.Value, v.Dynamic)
			w.startupVar(a.Name.Value, v)
			c.Args = append(c.Args, MakeWord(a.Name.Value+"="+v.Value, v.Dynamic,
				a.Name.Value+"="+v.Prefix(), v.Suffix()))
		}
	}
	w.staticNames(c)
	if w.add(c) {
		// A declaration reads and writes no file: the tables know it.
		w.effects(c, sc, stdin{})
	}
}

// call walks a simple command.
func (w *walker) call(c *syntax.CallExpr, sc *scope, via []string, in stdin) {
	for _, a := range c.Assigns {
		w.subst(a, sc, via)
		if a.Name != nil && a.Value != nil {
			v := w.word(a.Value)
			w.assign(a.Name.Value, v, sc, via)
			if len(c.Args) == 0 {
				if sc.ints[a.Name.Value] {
					w.arithUse(a.Value, sc, via)
				}
				w.setVar(sc, a.Name.Value, v.Dynamic)
				w.startupVar(a.Name.Value, v)
			}
		}
	}
	args := w.mem.wordSlice(len(c.Args))
	var procs []*syntax.ProcSubst
	for _, x := range c.Args {
		if needsSubst(x) {
			w.subst(x, sc, via)
			procs = appendProcs(procs, x)
		}
		if hasBrace(x) || onlySubst(x) {
			args = append(args, w.words(x)...) // {a,b}, $(echo a b): several words
		} else {
			args = append(args, w.join(x.Parts))
		}
	}
	w.procs = procs // after the walks of the substitutions, which set their own
	if len(args) == 0 {
		return
	}
	saved := w.prefixEnv
	for _, a := range c.Assigns {
		if a.Name != nil && (a.Name.Value == "NODE_OPTIONS" || a.Name.Value == "GOFLAGS" || a.Name.Value == "GOENV" ||
			a.Name.Value == "PYTEST_ADDOPTS") && a.Value != nil {
			w.startupVar(a.Name.Value, w.word(a.Value))
		}
		if a.Name != nil && (a.Name.Value == "BASH_ENV" || a.Name.Value == "ENV") && a.Value != nil {
			p := w.word(a.Value)
			if !args[0].Dynamic && isShell(baseName(args[0].Value)) {
				// The shell first runs the file BASH_ENV (ENV for sh) names.
				w.scriptFile(p, in, sc, append(via[:len(via):len(via)], a.Name.Value+"="), newShell)
			}
			// So does each shell the command runs (sudo bash, env sh,
			// make's recipes): the file is code it runs.
			if !p.Dynamic && len(w.prefixEnv) < maxStartup {
				w.prefixEnv = append(w.prefixEnv[:len(w.prefixEnv):len(w.prefixEnv)], p)
			}
		}
	}
	shellAt := w.shellAt
	w.shellAt = sc
	w.callArgs(args, sc, via, in)
	w.shellAt = shellAt
	w.prefixEnv = saved
}

// callArgs walks a simple command of words args that runs in the shell
// of sc with standard input in: a function it calls, then the command.
func (w *walker) callArgs(args []Word, sc *scope, via []string, in stdin) {
	if len(sc.funcs) == 0 {
		// No function is defined (most scripts): none of the lookups
		// below, three of them in maps, finds one.
		w.run(args, sc, via, in, true)
		if len(sc.funcs) != 0 {
			w.calledOwn(args, sc, false) // the command defined one (source)
		}
		return
	}
	body, isFunc := sc.funcs[args[0].Value]
	isFunc = isFunc && !args[0].Dynamic && !w.inFunc[body]
	moves := isFunc && w.moves[body]
	at, defined := w.funcAt[body]
	if isFunc && !moves && in.doc == nil && !in.piped && defined && !at.same(sc) {
		// Walked from this directory once already: the same paths.
		k := funcKey{body, sc.dir.Value, ""}
		if sc.alt != nil {
			k.alt = "\x00" + sc.alt.Value
		}
		if w.funcWalked[k] {
			defined = false
		} else {
			if w.funcWalked == nil {
				w.funcWalked = map[funcKey]bool{}
			}
			w.funcWalked[k] = true
		}
	}
	if isFunc && (in.doc != nil || in.piped || moves || defined && !at.same(sc)) {
		// A function runs at its call: walk its body again with the
		// call's standard input, from the call's directory (its paths
		// are the call's: cd /tmp && f() { rm -rf src; } && cd ~/p && f
		// deletes ~/p/src), and, when it changes the directory, in the
		// caller's shell, which its cd moves.
		if in.doc != nil || in.piped {
			w.resolve(&in)
		}
		w.reparsed += int(body.End().Offset() - body.Pos().Offset())
		if w.reparsed > w.lim.MaxReparsed {
			w.fail(&LimitError{Limit: "reparsed", Max: w.lim.MaxReparsed})
			return
		}
		if w.inFunc == nil {
			w.inFunc = map[*syntax.Stmt]bool{}
		}
		w.inFunc[body] = true
		target := sc
		if !moves {
			sub := *sc
			target = &sub
		}
		w.stmt(body, target, append(via[:len(via):len(via)], args[0].Value+"()"), in)
		delete(w.inFunc, body)
	}
	w.run(args, sc, via, in, true)
	w.calledOwn(args, sc, moves)
}

// calledOwn records, after a call of args in sc, a function of that name
// that moves the shell, defined by the call (eval 'f() { cd x; }'), or
// called inside its own body: where it leaves the shell is known only at
// run time. moves is whether the call ran such a function itself.
func (w *walker) calledOwn(args []Word, sc *scope, moves bool) {
	if len(sc.funcs) == 0 {
		return
	}
	if body, ok := sc.funcs[args[0].Value]; ok && !args[0].Dynamic && w.moves[body] && !moves {
		w.moved(sc)
	}
}

// moved records that code run in the shell of sc (a function, an alias)
// changed its directory to one known only at run time.
func (w *walker) moved(sc *scope) {
	old := sc.dir
	sc.dir = Word{Value: "$PWD", Dynamic: true}
	cdAlt(sc, old, &w.mem)
}

// output returns what statement s writes to its standard output when
// that is static text: echo or printf of static words (see staticOutput);
// nil otherwise.
func (w *walker) output(s *syntax.Stmt) *Word {
	return w.outputOf([]*syntax.Stmt{s})
}

// outputOf is output for a list of one statement.
func (w *walker) outputOf(list []*syntax.Stmt) *Word {
	if len(list) != 1 || len(list[0].Redirs) > 0 || list[0].Negated || list[0].Background {
		return nil
	}
	c, ok := list[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 || len(c.Args) == 0 {
		return nil
	}
	if !slices.ContainsFunc(c.Args, hasBrace) {
		// Only echo and printf have a static output: not worth the
		// words of any other command (brace expansion counts against
		// its bound: words with braces are expanded as before).
		if n := w.join(c.Args[0].Parts); n.Dynamic || !echoOrPrintf(baseName(n.Value)) {
			return nil
		}
	}
	args := make([]Word, 0, len(c.Args))
	for _, x := range c.Args {
		if hasBrace(x) {
			args = append(args, w.words(x)...)
		} else {
			args = append(args, w.join(x.Parts)) // what words gives, without its slice
		}
	}
	out, ok := staticOutput(args)
	if !ok {
		return nil
	}
	d := Static(out)
	return &d
}

// staticOutput returns what echo or printf with the static words args
// writes, when this package can tell exactly: echo without options (or
// with -n) writes its words joined by spaces (bash's echo leaves
// backslashes alone without -e); printf with a format of plain text, or
// of "%s" and "%s\n" (reused for each argument).
func staticOutput(args []Word) (string, bool) {
	for _, a := range args {
		if a.Dynamic {
			return "", false
		}
	}
	name := baseName(args[0].Value)
	rest := args[1:]
	switch name {
	case "echo":
		nl := "\n"
		if len(rest) > 0 && rest[0].Value == "-n" {
			nl, rest = "", rest[1:]
		}
		if len(rest) > 0 && strings.HasPrefix(rest[0].Value, "-") {
			return "", false
		}
		var b strings.Builder
		for i, a := range rest {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(a.Value)
		}
		return b.String() + nl, true
	case "printf":
		if len(rest) > 0 && rest[0].Value == "--" {
			rest = rest[1:]
		}
		if len(rest) == 0 || strings.HasPrefix(rest[0].Value, "-") {
			return "", false
		}
		f := rest[0].Value
		switch f {
		case "%s", "%s\\n":
			nl := ""
			if f != "%s" {
				nl = "\n"
			}
			var b strings.Builder
			for _, a := range rest[1:] {
				b.WriteString(a.Value + nl)
			}
			if len(rest) == 1 {
				b.WriteString(nl)
			}
			return b.String(), true
		}
		if len(rest) == 1 && !strings.ContainsAny(f, "%\\") {
			return f, true
		}
	}
	return "", false
}

// echoOrPrintf reports whether name is one of the commands whose output
// staticOutput knows.
func echoOrPrintf(name string) bool {
	return name == "echo" || name == "printf"
}

// isShell reports whether name is a shell this package follows.
func isShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "fish", "oksh", "loksh":
		return true
	}
	return false
}

// run records the command args and walks what it runs. sameShell reports
// that it runs in the shell of sc (so that cd changes sc).
func (w *walker) run(args []Word, sc *scope, via []string, in stdin, sameShell bool) {
	if w.err != nil || len(args) == 0 {
		return
	}
	// Each wrapper hop (sudo sudo … rm) and each nested script runs
	// inside this call: without a bound a chain of n wrappers costs n³.
	if w.runDepth >= 2*w.lim.MaxNested {
		w.fail(&LimitError{Limit: "nested", Max: w.lim.MaxNested})
		return
	}
	w.runDepth++
	w.runCmd(args, sc, via, in, sameShell)
	w.runDepth--
}

// runCmd is run within the bound of nested runs (a deferred decrement of
// the depth for each command cost more than this call).
func (w *walker) runCmd(args []Word, sc *scope, via []string, in stdin, sameShell bool) {
	cmd := w.mem.command()
	cmd.Args, cmd.Via = args, via
	cmd.quietOut = w.sink && w.sinkVia == len(via)
	if !w.add(cmd) {
		return
	}
	if args[0].Dynamic {
		name, ok := args[0].Name()
		if !ok || name == "" || name == "/" || !strings.Contains(args[0].Suffix(), "/") {
			cmd.Dynamic = true
			w.effects(cmd, sc, in)
			return
		}
		cmd.Name = baseName(name)
		cmd.DynamicDir = true
		// An unquoted expansion may split the name into several words:
		// the command is then what its first word names.
		cmd.Dynamic = args[0].split
	} else {
		cmd.Name = baseName(args[0].Value)
	}
	w.effects(cmd, sc, in)
	if v, ok := lookAlias(sc, args[0].Value); ok && !args[0].Dynamic && len(via) <= w.lim.MaxNested {
		// An alias runs its value with the words after it: every shell
		// expands them when interactive, sh, dash, zsh and ksh always,
		// bash with shopt -s expand_aliases.
		aliasVia := plus(via, "alias "+args[0].Value)
		if v == "\x00" {
			w.unknown(cmd.String(), aliasVia)
		} else {
			var b strings.Builder
			b.WriteString(v)
			dyn := false
			for _, a := range args[1:] {
				b.WriteByte(' ')
				b.WriteString(a.Value)
				dyn = dyn || a.Dynamic
			}
			sub := *sc
			// An alias is not expanded inside its own value.
			sub.aliases = w.withAlias(sc.aliases, args[0].Value, "")
			delete(sub.aliases, args[0].Value)
			w.nested(b.String(), dyn, &sub, aliasVia)
			if sameShell && (!sub.dir.Equal(sc.dir) || sub.alt != sc.alt) {
				// Its value runs in this shell: a cd in it moves it.
				w.moved(sc)
			}
		}
	}
	switch cmd.Name {
	case "read", "mapfile", "readarray", "printf", "test", "[", "unset", "declare", "typeset", "local", "export":
		w.nameOperands(cmd, sc)
		if sameShell {
			w.setsVars(cmd, sc)
		}
	}
	switch cmd.Name {
	case "cd", "pushd", "popd", "chdir":
		if sameShell {
			if w.shadowed(args[0], sc) {
				// A function, alias or disabled builtin of that name
				// runs instead: where the shell is after it is known
				// only at run time (cd() { :; }; cd /tmp && rm -rf d).
				w.moved(sc)
				return
			}
			cd(cmd, sc, &w.cleanDirs, &w.mem)
			if len(sc.dir.Value) > maxDir {
				w.fail(&LimitError{Limit: "path", Max: maxDir})
			}
		}
		return
	}
	if r := runnerOf(cmd.Name); r != nil {
		r(w, cmd, sc, in, sameShell)
	}
}

// baseName returns the command name of word s (see [Command.Name]).
func baseName(s string) string {
	lower := true // s has no upper-case ASCII letter and is ASCII
	for i := len(s) - 1; i >= 0; i-- {
		switch nameByte[s[i]] {
		case 0:
			continue
		case 1:
			s = s[i+1:]
		default:
			lower = false
			continue
		}
		break
	}
	if !lower {
		s = strings.ToLower(s)
	}
	s = strings.TrimSuffix(s, ".exe")
	if len(s) > 1 && s[0] == 'g' && isGNUTool(s[1:]) {
		s = s[1:]
	}
	return s
}

// nameByte is baseName's class of each byte (data the compiler makes: no
// work at start-up): 1 for a slash or backslash, 2 for an upper-case
// ASCII letter or a byte past ASCII, 0 for any other.
// TestNameByteTable holds it to that.
const nameByte = "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x00\x01\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
	"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
	"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02" +
	"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"

// isGNUTool reports whether s is a GNU tool that Homebrew installs with
// a "g" prefix on macOS and that this package knows.
func isGNUTool(s string) bool {
	switch s {
	case "rm", "cp", "mv", "ln", "dd", "tee", "install", "truncate", "touch", "sed", "env", "nice", "nohup",
		"timeout", "stdbuf", "xargs", "find", "chroot", "shred", "unlink", "rmdir", "time", "sort":
		return true
	}
	return false
}

// funcKey is a function body and the directories a call of it was
// walked from (see callArgs).
type funcKey struct {
	body     *syntax.Stmt
	dir, alt string
}

// lookAlias returns the alias name has in sc: a map lookup only when
// the script defined an alias (most define none).
func lookAlias(sc *scope, name string) (string, bool) {
	if len(sc.aliases) == 0 {
		return "", false
	}
	v, ok := sc.aliases[name]
	return v, ok
}
