package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// A Script is what [Parse] finds in a shell script: every simple command
// it may run and every file it may write.
type Script struct {
	// Commands are the simple commands in source order, nested ones
	// included (see [Command.Via]).
	Commands []*Command
	// Writes are the files the script writes or deletes.
	Writes []Write
}

// A Command is one simple command.
type Command struct {
	// Name is the base name of the command, lower-cased, without a
	// ".exe" suffix and without the "g" prefix that Homebrew gives GNU
	// tools on macOS ("/usr/bin/rm", `\rm`, "RM", "grm" and "rm.exe"
	// are all "rm"): macOS and Windows file systems ignore case. It is
	// "" when the name is [Command.Dynamic] (unless only its directory is,
	// see [Command.DynamicDir]) or the command has no words.
	Name string
	// Args are the command's words, Args[0] its name as written after
	// quote removal. Assignments before the name are not in Args.
	Args []Word
	// Dynamic reports that which command runs is known only at run time:
	// its name is a dynamic [Word] ($x, $(…), a glob such as /bin/r?), or
	// it is a script a runner reads from a pipe or a variable.
	Dynamic bool
	// DynamicDir reports that the command's name is a path whose
	// directory is known only at run time but whose base name is static
	// (~/go/bin/gopls, "$(go env GOPATH)"/bin/golangci-lint, "$HOME"/bin/rm):
	// Name is that base name and the command is not [Command.Dynamic].
	// An unquoted expansion in the name ($HOME/bin/rm) may split it into
	// several words, so such a command is Dynamic too, with its Name set.
	DynamicDir bool
	// Via names the commands that run this one, outermost first: "bash"
	// for `bash -c '…'`, "sudo" for `sudo rm …`, "$(…)" for a command
	// substitution; nil for a command the script runs itself.
	Via []string
	// Effects are what the command does to files and which foreign code
	// it runs, by the tables of programs this package knows (see
	// [Effect]); for a program not in the tables, its operands that could
	// name a file are [Unknown] effects.
	Effects []Effect
	// Known reports that the program is in the tables, so that Effects
	// are all it does to files as far as its options and operands show.
	// A known program whose Effects are all [Reads] only reads.
	Known bool
}

// Flags parses the command's arguments (Args[1:]) by spec.
func (c *Command) Flags(spec Spec) Flags {
	if len(c.Args) == 0 {
		return Flags{}
	}
	return spec.Parse(c.Args[1:])
}

// String returns the command's words joined by spaces.
func (c *Command) String() string {
	var b strings.Builder
	for i, a := range c.Args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Value)
	}
	return b.String()
}

// ErrTooDeep is what a [LimitError] for the limit "nested" also matches:
// scripts that run scripts more than MaxNested deep (16 by default).
var ErrTooDeep = errors.New("shell: scripts nested too deep")

var parsers = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash))
}}

// defaultParser is the [Parser] of [Parse].
var defaultParser Parser

// Parse parses the bash script src and returns the commands it runs and
// the files it writes, nested scripts included. A script that does not
// parse, or that runs a nested script that does not parse, is an error:
// bash runs a script line by line, so the lines before a syntax error
// would still run. Parse is [Parser.Parse] with the default limits and
// no deadline.
func Parse(src string) (*Script, error) {
	return defaultParser.Parse(context.Background(), src)
}

// walker gathers the commands and writes of a script and the scripts it
// nests.
type walker struct {
	out      *Script
	src      string // source of the script being walked
	depth    int    // how deep scripts nest (bash -c, eval, …)
	level    int    // how deep the walk is in the syntax of all scripts
	reparsed int    // bytes of nested scripts parsed
	expanded int    // words made by brace expansion
	err      error
	ctx      context.Context
	lim      *Parser // the limits, defaults filled in
	scriptIn stdin   // the standard input of the next nested script
	noFast   bool    // always use the syntax parser (for tests)
	inFunc   map[*syntax.Stmt]bool
	// scanning counts the commands being walked because an unknown
	// program's words named them (see unknownEffects).
	scanning int
	// runDepth counts the calls of run in progress: wrapper hops and
	// nested scripts, bounded by 2×MaxNested.
	runDepth int
	// nEffects counts the effects recorded, against maxEffects.
	nEffects int
	// copied counts the entries of scope maps copied, against maxCopied.
	copied int
}

// scope is the state of one shell that writes depend on: the directory
// a static cd moved to, relative to where the script started.
type scope struct {
	dir Word
	// alt is the other directory the shell may be in, when a cd that
	// may have failed came before (see cdAlt); nil when there is one.
	alt *Word
	// fds are the descriptors that exec redirected for the commands
	// after it ("0" is the standard input); funcs are the functions
	// defined so far. Both are copied before a change, since copies of a
	// scope share them.
	fds   map[string]stdin
	funcs map[string]*syntax.Stmt
	// aliases are the aliases defined so far (alias NAME=VALUE, and
	// hash -p PATH NAME as the value PATH); a dynamic value is "\x00".
	aliases map[string]string
	// vars are the variables the shell set to a value not known
	// statically (see arith.go).
	vars map[string]bool
	// ints are the variables declared with -i: what is assigned to them
	// is arithmetic.
	ints map[string]bool
}

// withAlias returns a copy of m with name set to value.
func (w *walker) withAlias(m map[string]string, name, value string) map[string]string {
	w.copying(len(m) + 1)
	c := make(map[string]string, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	c[name] = value
	return c
}

// script parses src and walks it in scope sc, with via naming the
// commands that run it.
func (w *walker) script(src string, sc *scope, via []string) error {
	if !w.live() {
		return w.err
	}
	if w.depth > 0 {
		if w.depth >= w.lim.MaxNested {
			return &LimitError{Limit: "nested", Max: w.lim.MaxNested}
		}
		w.reparsed += len(src)
		if w.reparsed > w.lim.MaxReparsed {
			return &LimitError{Limit: "reparsed", Max: w.lim.MaxReparsed}
		}
	}
	if !w.noFast {
		if cmds, ok := simple(src, w.lim.MaxCommands); ok {
			// Simple commands only: read as the parser would, without
			// paying for it (its first use in a process costs the most).
			saved := w.src
			w.src = src
			w.depth++
			in := w.scriptIn
			w.scriptIn = stdin{}
			w.walkSimple(cmds, sc, via, in)
			w.depth--
			w.src = saved
			return w.err
		}
	}
	depth, redirs := nestScan(src, w.lim.MaxDepth)
	if depth > w.lim.MaxDepth {
		return &LimitError{Limit: "depth", Max: w.lim.MaxDepth}
	}
	if redirs > maxEffects {
		// Each redirection is a write (an effect): past the bound before
		// the parser spends 350 bytes on each.
		return &LimitError{Limit: "effects", Max: maxEffects}
	}
	if substitutions(src) > maxSubst {
		return &LimitError{Limit: "substitutions", Max: maxSubst}
	}
	saved := w.src
	w.src = src
	w.depth++
	in := w.scriptIn
	w.scriptIn = stdin{}
	p := parsers.Get().(*syntax.Parser)
	// Statements are walked as they are parsed, so that the walk stops
	// at a limit without parsing the rest.
	var err error
	// A statement that a ; or & ends comes before the bodies of its
	// here-documents, which follow the newline: one with << in it waits
	// for the next line.
	var held []*syntax.Stmt
	flush := func() {
		for _, s := range held {
			w.stmt(s, sc, via, in)
		}
		held = held[:0]
	}
	// The loop never breaks: the parser's iterator calls its body again
	// after a false return when it has an error to give (a panic). To
	// stop, the reader ends the input, and the rest is skipped.
	rd := &cutReader{r: strings.NewReader(src)}
	for s, perr := range p.StmtsSeq(rd) {
		if perr != nil {
			if err == nil {
				err = perr
			}
			rd.cut = true
			continue
		}
		if w.err != nil || err != nil {
			rd.cut = true
			continue
		}
		if len(held) > 0 && s.Pos().Line() > held[len(held)-1].End().Line() {
			flush()
		}
		if len(held) > 0 || strings.Contains(w.text(s), "<<") {
			held = append(held, s)
		} else {
			w.stmt(s, sc, via, in)
		}
	}
	if err == nil && w.err == nil {
		flush()
	}
	parsers.Put(p)
	w.depth--
	w.src = saved
	if w.err != nil {
		return w.err
	}
	if err != nil {
		if len(via) > 0 {
			return fmt.Errorf("shell: script run by %s: %w", strings.Join(via, " "), err)
		}
		return fmt.Errorf("shell: %w", err)
	}
	return nil
}

func (w *walker) stmts(list []*syntax.Stmt, sc *scope, via []string, in stdin) {
	for _, s := range list {
		w.stmt(s, sc, via, in)
	}
}

// branch walks fn in a copy of sc, then merges the copy back (see merge).
func (w *walker) branch(sc *scope, fn func(*scope)) {
	c := *sc
	fn(&c)
	w.merge(sc, &c)
}

// merge folds into sc what a copy c of it, walked by code that may or may
// not have run (inside an if, a loop, after || or &&), may have changed:
// the directory becomes unknown if c's differs; aliases, functions,
// descriptors and -i variables c defined count from now on; a variable
// either set dynamically is dynamic.
func (w *walker) merge(sc, c *scope) {
	if c.dir != sc.dir {
		sc.dir = Word{Value: "$PWD", Dynamic: true}
	}
	sc.aliases, sc.funcs, sc.fds, sc.ints = c.aliases, c.funcs, c.fds, c.ints
	for k := range c.vars {
		if !sc.vars[k] {
			w.setVar(sc, k, true)
		}
	}
}

// stmt walks one statement whose standard input is in (a pipe, a
// here-document, what a compound command around it reads).
func (w *walker) stmt(s *syntax.Stmt, sc *scope, via []string, in stdin) {
	if s == nil || !w.live() {
		return
	}
	w.level++
	defer func() { w.level-- }()
	if w.level > 2*w.lim.MaxDepth+8 {
		// nestDepth bounds this before the parser runs; this is the
		// walk's own guard.
		w.fail(&LimitError{Limit: "depth", Max: w.lim.MaxDepth})
		return
	}
	if s.Background {
		// cmd &: run in a subshell, whose cd and definitions stay there.
		sub := *sc
		sc = &sub
	}
	if v, ok := sc.fds["0"]; ok {
		in = v
	}
	var fds []fdIn
	for _, r := range s.Redirs {
		w.redirect(r, sc, via, &in, &fds)
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) == 1 && len(c.Assigns) == 0 && c.Args[0].Lit() == "exec" && len(s.Redirs) > 0 {
			// exec with only redirections: they stay for what follows.
			w.copying(len(sc.fds) + len(fds) + 1)
			m := make(map[string]stdin, len(sc.fds)+len(fds)+1)
			for k, v := range sc.fds {
				m[k] = v
			}
			for _, f := range fds {
				m[f.fd] = f.in
			}
			for _, r := range s.Redirs {
				if (r.N == nil || r.N.Value == "0") && (r.Op == syntax.RdrIn || r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc ||
					r.Op == syntax.WordHdoc || r.Op == syntax.DplIn || r.Op == syntax.RdrInOut) {
					m["0"] = in
				}
			}
			sc.fds = m
		}
		w.call(c, sc, via, in)
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			x, y := *sc, *sc
			w.stmt(c.X, &x, via, in)
			w.stmt(c.Y, &y, via, stdin{piped: true, from: c.X})
		default: // && ||
			before := sc.alt
			w.stmt(c.X, sc, via, in)
			cdOK := c.Op == syntax.AndStmt && allAnd(c.X) && sc.alt != before
			w.branch(sc, func(sc *scope) {
				if cdOK {
					sc.alt = before // cd x && …: the cd took effect
				}
				w.stmt(c.Y, sc, via, in)
			})
		}
	case *syntax.Block:
		w.stmts(c.Stmts, sc, via, in)
	case *syntax.Subshell:
		sub := *sc
		w.stmts(c.Stmts, &sub, via, in)
	case *syntax.IfClause:
		w.branch(sc, func(sc *scope) {
			for ; c != nil; c = c.Else {
				w.stmts(c.Cond, sc, via, in)
				w.stmts(c.Then, sc, via, in)
			}
		})
	case *syntax.WhileClause:
		w.branch(sc, func(sc *scope) {
			w.stmts(c.Cond, sc, via, in)
			w.stmts(c.Do, sc, via, in)
		})
	case *syntax.ForClause:
		w.subst(c.Loop, sc, via)
		if it, ok := c.Loop.(*syntax.WordIter); ok && it.Name != nil {
			dyn := !it.InPos.IsValid()
			for _, x := range it.Items {
				for _, v := range w.words(x) {
					dyn = dyn || v.Dynamic
				}
			}
			w.setVar(sc, it.Name.Value, dyn)
		}
		w.branch(sc, func(sc *scope) { w.stmts(c.Do, sc, via, in) })
	case *syntax.CaseClause:
		w.subst(c.Word, sc, via)
		w.branch(sc, func(sc *scope) {
			for _, it := range c.Items {
				for _, p := range it.Patterns {
					w.subst(p, sc, via)
				}
				w.stmts(it.Stmts, sc, via, in)
			}
		})
	case *syntax.FuncDecl:
		w.branch(sc, func(sc *scope) { w.stmt(c.Body, sc, via, stdin{}) })
		if c.Name != nil {
			w.copying(len(sc.funcs) + 1)
			m := make(map[string]*syntax.Stmt, len(sc.funcs)+1)
			for k, v := range sc.funcs {
				m[k] = v
			}
			m[c.Name.Value] = c.Body
			sc.funcs = m
		}
	case *syntax.TimeClause:
		w.stmt(c.Stmt, sc, via, in)
	case *syntax.CoprocClause:
		sub := *sc
		w.stmt(c.Stmt, &sub, via, stdin{})
	case *syntax.DeclClause:
		w.decl(c, sc, via)
	case *syntax.TestDecl:
		w.stmt(c.Body, sc, via, stdin{})
	case nil:
	default:
		// ArithmCmd, TestClause, LetClause: only their substitutions run.
		w.subst(c, sc, via)
	}
}

// subst walks the command and process substitutions anywhere inside n
// (words, parameter expansions, arithmetic, tests).
func (w *walker) subst(n syntax.Node, sc *scope, via []string) {
	if n == nil {
		return
	}
	w.walkTree(n, func(n syntax.Node) bool {
		w.arithNode(n, sc, via)
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			// Each level copies the chain of commands that run it.
			w.copying(len(via) + 1)
		case *syntax.ParamExp:
			if n.Exp != nil && n.Exp.Op == syntax.OtherParamOps && n.Exp.Word != nil && strings.Contains(n.Exp.Word.Lit(), "P") {
				// ${x@P}: the value is expanded as a prompt, its $(…) run.
				w.unknown("${"+paramName(n)+"@P} (a value expanded as a prompt runs its $(…))", plus(via, "prompt expansion"))
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet && subscriptCode(w.text(n.X)) {
				w.unknown("[[ -v "+w.text(n.X)+" ]] (its subscript is evaluated)", plus(via, "[["))
			}
		case *syntax.BinaryTest:
			switch n.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				if subscriptCode(w.text(n.X)) || subscriptCode(w.text(n.Y)) {
					w.unknown("[[ "+w.text(n)+" ]] (its operands are evaluated as arithmetic)", plus(via, "[["))
				}
			}
		case *syntax.LetClause:
			for _, x := range n.Exprs {
				if t := w.text(x); strings.ContainsAny(t, `'"\`) && subscriptCode(t) {
					w.unknown("let "+t+" (a quoted expression is evaluated, its $(…) run)", plus(via, "let"))
				}
			}
		}
		switch n := n.(type) {
		case *syntax.CmdSubst:
			sub := *sc
			w.stmts(n.Stmts, &sub, append(via[:len(via):len(via)], "$(…)"), stdin{})
			return false
		case *syntax.ProcSubst:
			sub := *sc
			w.stmts(n.Stmts, &sub, append(via[:len(via):len(via)], "<(…)"), stdin{})
			return false
		}
		return true
	})
}

// needsSubst reports whether x may hold a substitution to walk.
func needsSubst(x *syntax.Word) bool {
	for _, p := range x.Parts {
		switch p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		default:
			return true
		}
	}
	return false
}

// stdin is what a command reads as standard input (or another
// descriptor).
type stdin struct {
	piped bool         // from a pipe, or a descriptor whose content is not known
	doc   *Word        // its content when known: a here-document or here-string, static output piped in
	from  *syntax.Stmt // the command piping in, whose output is read only when a shell reads it (see resolve)
	file  string       // a file redirection ("" when none)
}

// fdIn is what descriptor fd reads, other than the standard input.
type fdIn struct {
	fd string
	in stdin
}

// redirect records the write a redirection makes and what it makes the
// standard input (in) or another descriptor read (fds).
func (w *walker) redirect(r *syntax.Redirect, sc *scope, via []string, in *stdin, fds *[]fdIn) {
	if r.Word != nil && needsSubst(r.Word) {
		w.subst(r.Word, sc, via)
	}
	if r.Hdoc != nil && needsSubst(r.Hdoc) {
		w.subst(r.Hdoc, sc, via)
	}
	fd := ""
	if r.N != nil {
		fd = r.N.Value
		if strings.HasPrefix(fd, "{") {
			// {var}<…: the shell picks the descriptor and stores it in
			// var; it is read as $var.
			fd = "$" + strings.Trim(fd, "{}")
		}
	}
	var got *stdin
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll,
		syntax.RdrAllClob, syntax.AppAllClob:
		w.write(sc, w.word(r.Word), r.Op.String(), false)
	case syntax.RdrInOut:
		w.write(sc, w.word(r.Word), r.Op.String(), false)
		got = &stdin{file: w.word(r.Word).Value}
	case syntax.DplOut:
		t := w.word(r.Word)
		if t.Dynamic || !isFD(t.Value) {
			w.write(sc, t, r.Op.String(), false)
		}
	case syntax.RdrIn:
		got = &stdin{file: w.word(r.Word).Value}
		if r.Word != nil && len(r.Word.Parts) == 1 {
			if ps, ok := r.Word.Parts[0].(*syntax.ProcSubst); ok && ps.Op == syntax.CmdIn {
				// < <(cmd): what cmd writes.
				got = &stdin{piped: true, doc: w.outputOf(ps.Stmts)}
			}
		}
	case syntax.DplIn:
		// N<&M: N reads what M reads.
		t := w.word(r.Word)
		src := t.Value
		if t.Dynamic {
			src = strings.Trim(strings.TrimPrefix(t.Value, "$"), "{}")
			src = "$" + src
		}
		switch {
		case src == "0":
			cp := *in
			got = &cp
		case src == "-":
		default:
			found := false
			for _, f := range *fds {
				if f.fd == src {
					cp := f.in
					got, found = &cp, true
				}
			}
			if v, ok := sc.fds[src]; ok && !found {
				got, found = &v, true
			}
			if !found && (t.Dynamic || src != "1" && src != "2") {
				got = &stdin{piped: true}
			}
		}
	case syntax.Hdoc, syntax.DashHdoc:
		d := Word{}
		if r.Hdoc != nil {
			d = w.join(r.Hdoc.Parts)
		}
		got = &stdin{doc: &d}
	case syntax.WordHdoc:
		d := w.word(r.Word)
		d.Value += "\n"
		d.Suffix += "\n"
		got = &stdin{doc: &d}
	}
	if got == nil {
		return
	}
	if fd == "" || fd == "0" {
		*in = *got
		return
	}
	*fds = append(*fds, fdIn{fd: fd, in: *got})
}

// isFD reports whether s is what >& duplicates or closes rather than a
// file: a descriptor number, "-", or a number followed by "-".
func isFD(s string) bool {
	s = strings.TrimSuffix(s, "-")
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

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
			c.Args = append(c.Args, w.words(a.Value)...)
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
			c.Args = append(c.Args, Word{Value: a.Name.Value + "=" + v.Value, Dynamic: v.Dynamic,
				Prefix: a.Name.Value + "=" + v.Prefix, Suffix: v.Suffix})
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
			}
		}
	}
	args := make([]Word, 0, len(c.Args))
	for _, x := range c.Args {
		if needsSubst(x) {
			w.subst(x, sc, via)
		}
		if hasBrace(x) {
			args = append(args, w.words(x)...)
		} else {
			args = append(args, w.join(x.Parts))
		}
	}
	if len(args) == 0 {
		return
	}
	for _, a := range c.Assigns {
		if a.Name != nil && (a.Name.Value == "BASH_ENV" || a.Name.Value == "ENV") && a.Value != nil &&
			!args[0].Dynamic && isShell(baseName(args[0].Value)) {
			// The shell first runs the file BASH_ENV (ENV for sh) names.
			w.scriptFile(w.word(a.Value), in, sc, append(via[:len(via):len(via)], a.Name.Value+"="))
		}
	}
	w.callArgs(args, sc, via, in)
}

// callArgs walks a simple command of words args that runs in the shell
// of sc with standard input in: a function it calls, then the command.
func (w *walker) callArgs(args []Word, sc *scope, via []string, in stdin) {
	if body, ok := sc.funcs[args[0].Value]; ok && !args[0].Dynamic && (in.doc != nil || in.piped) && !w.inFunc[body] {
		w.resolve(&in)
		// A function reads the standard input of its call: walk its
		// body again with it.
		w.reparsed += int(body.End().Offset() - body.Pos().Offset())
		if w.reparsed > w.lim.MaxReparsed {
			w.fail(&LimitError{Limit: "reparsed", Max: w.lim.MaxReparsed})
			return
		}
		if w.inFunc == nil {
			w.inFunc = map[*syntax.Stmt]bool{}
		}
		w.inFunc[body] = true
		sub := *sc
		w.stmt(body, &sub, append(via[:len(via):len(via)], args[0].Value+"()"), in)
		delete(w.inFunc, body)
	}
	w.run(args, sc, via, in, true)
}

// cutReader reads r until cut is set, then ends.
type cutReader struct {
	r   *strings.Reader
	cut bool
}

func (c *cutReader) Read(p []byte) (int, error) {
	if c.cut {
		return 0, io.EOF
	}
	return c.r.Read(p)
}

// resolve sets in's content to what the command piping into it writes,
// when that is static.
func (w *walker) resolve(in *stdin) {
	if in.from != nil && in.doc == nil {
		in.doc = w.output(in.from)
	}
	in.from = nil
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
	var args []Word
	for _, x := range c.Args {
		args = append(args, w.words(x)...)
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

// isShell reports whether name is a shell this package follows.
func isShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "fish", "oksh", "loksh":
		return true
	}
	return false
}

// assign checks an assignment to a variable whose value some program
// runs as a command (GIT_SSH_COMMAND, PAGER, EDITOR, …).
func (w *walker) assign(name string, v Word, sc *scope, via []string) {
	w.arithValue(name, v, sc, via)
	if isPromptVar(name) {
		// Expanded like a double-quoted word each time the prompt or
		// trace shows: its substitutions run.
		w.expandValue(v, sc, plus(via, name+"="))
		return
	}
	if !isCommandVar(name) {
		return
	}
	w.nested(strings.TrimLeft(v.Value, "|!"), v.Dynamic, sc, append(via[:len(via):len(via)], name+"="))
}

// isPromptVar reports whether s is a variable bash expands as a prompt:
// PS0, PS1 and PS2 in an interactive shell, PS4 for each command traced
// under set -x, PS3 for select.
func isPromptVar(s string) bool {
	switch s {
	case "PS0", "PS1", "PS2", "PS3", "PS4":
		return true
	}
	return false
}

// expandValue walks the substitutions in v's text, which bash expands as
// a double-quoted word.
func (w *walker) expandValue(v Word, sc *scope, via []string) {
	if !strings.ContainsAny(v.Value, "$`") {
		return
	}
	if v.Dynamic {
		w.unknown(v.Value, via)
		return
	}
	sub := *sc
	w.nested("echo "+v.Value, false, &sub, via)
}

// arithValue walks the code in the value of a variable that bash runs
// when the value is evaluated as arithmetic ($((x)), [[ x -eq 0 ]],
// declare -i, let, an array index, …): a subscript a[…] in it is
// expanded, so x='a[$(rm -rf d)]' runs rm when x is. A dynamic value is
// not known to hold none: it is checked where arithmetic reads it.
func (w *walker) arithValue(name string, v Word, sc *scope, via []string) {
	if v.Dynamic || !strings.Contains(v.Value, "[") || !strings.ContainsAny(v.Value, "$`") {
		return
	}
	sub := *sc
	w.nested("echo "+v.Value, false, &sub, plus(via, name+"= (arithmetic)"))
}

// isCommandVar reports whether s is an environment variable whose value
// programs run as a shell command.
func isCommandVar(s string) bool {
	switch s {
	case "GIT_SSH_COMMAND", "GIT_PAGER", "PAGER", "GIT_EDITOR", "EDITOR", "VISUAL", "GIT_SEQUENCE_EDITOR",
		"GIT_EXTERNAL_DIFF", "PROMPT_COMMAND", "MANPAGER", "LESSOPEN", "LESSCLOSE", "GIT_ASKPASS",
		"SSH_ASKPASS", "SUDO_ASKPASS":
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
	defer func() { w.runDepth-- }()
	cmd := &Command{Args: args, Via: via}
	if !w.add(cmd) {
		return
	}
	if args[0].Dynamic {
		name, ok := args[0].Name()
		if !ok || name == "" || name == "/" || !strings.Contains(args[0].Suffix, "/") {
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
	if v, ok := sc.aliases[args[0].Value]; ok && !args[0].Dynamic && len(via) <= w.lim.MaxNested {
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
			cd(cmd, sc)
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
	if i := strings.LastIndexAny(s, `/\`); i >= 0 {
		s = s[i+1:]
	}
	s = strings.ToLower(s)
	s = strings.TrimSuffix(s, ".exe")
	if len(s) > 1 && s[0] == 'g' && isGNUTool(s[1:]) {
		s = s[1:]
	}
	return s
}

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

// cd applies a cd, pushd or popd to sc. A cd may fail (no such
// directory, no permission), and the commands after it run in the
// directory before it unless it was checked (cd x && …): sc keeps that
// one as its alternative (see cdAlt). With more than one operand bash's
// cd fails ("too many arguments") and the directory stays.
func cd(c *Command, sc *scope) {
	f := c.Flags(Spec{Short: "LPe@"})
	if len(f.Operands) > 1 && c.Name == "cd" {
		return
	}
	old := sc.dir
	defer func() { cdAlt(sc, old) }()
	var to Word
	switch {
	case c.Name == "popd", len(f.Operands) == 0 && c.Name != "pushd":
		to = Word{Value: "~", Dynamic: true}
	case len(f.Operands) == 0, !f.Operands[0].Dynamic && f.Operands[0].Value == "-":
		to = Word{Value: "$OLDPWD", Dynamic: true}
	default:
		to = f.Operands[0]
	}
	sc.dir = joinDir(sc.dir, to)
}

// allAnd reports whether s is a simple command or a chain of them
// joined by &&: when it succeeds, each of them did (a cd among them took
// effect).
func allAnd(s *syntax.Stmt) bool {
	if s == nil || s.Negated || s.Background {
		return false
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return true
	case *syntax.BinaryCmd:
		return c.Op == syntax.AndStmt && allAnd(c.X) && allAnd(c.Y)
	}
	return false
}

// cdAlt records, after a cd from directory old, that the shell may
// still be in old. After a second unchecked cd the other directory is no
// longer one: it is known only at run time.
func cdAlt(sc *scope, old Word) {
	switch {
	case sc.dir == old:
	case sc.alt == nil:
		sc.alt = &old
	case *sc.alt != sc.dir:
		sc.alt = &Word{Value: "$PWD", Dynamic: true}
	}
}

// joinDir returns p resolved against dir, both relative to where the
// script started ("" is that directory).
func joinDir(dir, p Word) Word {
	if dir.Value == "" || strings.HasPrefix(p.Value, "/") || (p.Dynamic && strings.HasPrefix(p.Value, "~")) {
		if !p.Dynamic {
			return Static(path.Clean(p.Value))
		}
		return p
	}
	if !dir.Dynamic && !p.Dynamic {
		return Static(path.Join(dir.Value, p.Value))
	}
	j := Word{Value: dir.Value + "/" + p.Value, Dynamic: true, Prefix: dir.Prefix, Suffix: p.Suffix}
	if !dir.Dynamic {
		j.Prefix = dir.Value + "/" + p.Prefix
	}
	if !p.Dynamic {
		j.Suffix = dir.Suffix + "/" + p.Value
	}
	return j
}
