package shell

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

func (w *walker) stmts(list []*syntax.Stmt, sc *scope, via []string, in stdin) {
	for _, s := range list {
		w.stmt(s, sc, via, in)
	}
}

// branch walks fn in a copy of sc, then merges the copy back (see merge).
func (w *walker) branch(sc *scope, fn func(*scope)) {
	c := w.mem.scope(sc)
	fn(c)
	w.merge(sc, c)
}

// merge folds into sc what a copy c of it, walked by code that may or may
// not have run (inside an if, a loop, after || or &&), may have changed:
// the directory becomes unknown if c's differs; aliases, functions,
// descriptors and -i variables c defined count from now on; a variable
// either set dynamically is dynamic.
func (w *walker) merge(sc, c *scope) {
	if !c.dir.Equal(sc.dir) {
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
	if len(s.Redirs) > 0 {
		w.writtenText(s, sc, in)
	}
	if q, set := stdoutSink(s.Redirs); set {
		sink, sinkVia := w.sink, w.sinkVia
		w.sink, w.sinkVia = q, len(via)
		defer func() { w.sink, w.sinkVia = sink, sinkVia }()
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
			sink, sinkVia := w.sink, w.sinkVia
			w.sink, w.sinkVia = quietStage(c.Y, sink && sinkVia == len(via)), len(via)
			w.stmt(c.X, w.mem.scope(sc), via, in)
			w.sink, w.sinkVia = sink, sinkVia
			w.stmt(c.Y, w.mem.scope(sc), via, stdin{piped: true, from: c.X})
		case syntax.AndStmt:
			w.andChain(c, sc, via, in)
		default: // ||
			before := sc.alt
			w.stmt(c.X, sc, via, in)
			cdOK := c.Op == syntax.AndStmt && w.allAnd(c.X, sc, 0) && sc.alt != before
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
		if name, items, ok := w.loopItems(c); ok {
			// Each item, the variable bound to it in the body (for d in
			// packages/*; do rm -rf "$d/node_modules"; done).
			prev, had := w.loopVals[name]
			if w.loopVals == nil {
				w.loopVals = map[string]Word{}
			}
			w.branch(sc, func(sc *scope) {
				// One after another in the same shell, as bash runs them: a
				// cd in one moves the next (for d in src lib; do cd "$d"
				// && rm -rf gen; done deletes src/lib/gen).
				for _, v := range items {
					w.loopVals[name] = v
					w.stmts(c.Do, sc, via, in)
				}
			})
			if had {
				w.loopVals[name] = prev
			} else {
				delete(w.loopVals, name)
			}
			w.setVar(sc, name, true)
			break
		}
		if it, ok := c.Loop.(*syntax.WordIter); ok && it.Name != nil {
			dyn := !it.InPos.IsValid()
			for _, x := range it.Items {
				if !hasBrace(x) {
					dyn = dyn || w.join(x.Parts).Dynamic // what words gives, without its slice
					continue
				}
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
		if b, ok := c.Body.Cmd.(*syntax.BinaryCmd); ok {
			// The syntax parser reads f() { …; } && x as a function whose
			// body is "{ …; } && x"; bash as the definition of f with
			// body { …; }, then && x (f() { echo a; } && echo b; f prints
			// b, then a). Walk it as bash runs it.
			w.stmt(declChain(c, c.Body, b), sc, via, in)
			break
		}
		if w.funcAt == nil {
			w.funcAt = map[*syntax.Stmt]dirAt{}
		}
		w.funcAt[c.Body] = dirAt{sc.dir, sc.alt}
		// The body runs at a call, its output the call's.
		defer func(sink bool) { w.sink = sink }(w.sink)
		w.sink = false
		defer func(dir Word, alt *Word) {
			// A definition moves no shell; a call does (see callArgs).
			sc.dir, sc.alt = dir, alt
		}(sc.dir, sc.alt)
		w.branch(sc, func(sc *scope) {
			dir, alt := sc.dir, sc.alt
			w.stmt(c.Body, sc, via, stdin{})
			if !sc.dir.Equal(dir) || sc.alt != alt {
				// Each call moves the shell (f() { cd "$OLDPWD"; }).
				if w.moves == nil {
					w.moves = map[*syntax.Stmt]bool{}
				}
				w.moves[c.Body] = true
			}
		})
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
	switch x := n.(type) {
	case nil:
		return
	case *syntax.Word:
		if x == nil || !needsSubst(x) {
			return
		}
	case *syntax.WordIter:
		if x == nil || !slices.ContainsFunc(x.Items, needsSubst) {
			return // the name is a Lit
		}
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

// needsSubst reports whether x may hold a substitution to walk, or
// anything else subst looks at: a word of literal text, quoted or not,
// and of plain $NAME expansions has none.
func needsSubst(x *syntax.Word) bool {
	for _, p := range x.Parts {
		if !plainPart(p) {
			return true
		}
	}
	return false
}

// plainPart reports whether p is literal text, quoted or not, or a plain
// $NAME expansion (no braces, so no operator, index or slice): subst
// finds nothing in it.
func plainPart(p syntax.WordPart) bool {
	switch p := p.(type) {
	case *syntax.Lit, *syntax.SglQuoted:
		return true
	case *syntax.ParamExp:
		return p.Short && p.Flags == nil && p.NestedParam == nil && p.Index == nil && p.Slice == nil && p.Repl == nil &&
			p.Exp == nil && !p.Excl && !p.Length && !p.Width && !p.IsSet
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			if !plainPart(q) {
				return false
			}
		}
		return true
	}
	return false
}

// declChain returns the statement body, the body of function
// declaration fd as the syntax parser read it, ending in the binary
// command b (&&, ||, |), as bash reads it: the declaration, with the
// leftmost statement of the chain as its body, is the chain's first
// statement.
func declChain(fd *syntax.FuncDecl, body *syntax.Stmt, b *syntax.BinaryCmd) *syntax.Stmt {
	nb := *b
	if x, ok := b.X.Cmd.(*syntax.BinaryCmd); ok && !b.X.Negated && !b.X.Background && len(b.X.Redirs) == 0 {
		nb.X = declChain(fd, b.X, x)
	} else {
		d := *fd
		d.Body = b.X
		nb.X = &syntax.Stmt{Position: fd.Pos(), Cmd: &d}
	}
	s := *body
	s.Cmd = &nb
	return &s
}

// andChain walks a chain of commands joined by && (a && b && c): the
// first in sc, the rest in one branch, since each runs only when all
// before it succeeded: a cd among them (a simple command, or a call of
// a function whose body is one) took effect for the ones after it
// (git pull && cd web && rm -rf dist deletes web/dist). After the chain
// the shell may be where any of them left it.
func (w *walker) andChain(c *syntax.BinaryCmd, sc *scope, via []string, in stdin) {
	links := []*syntax.Stmt{c.Y}
	for x := c.X; ; {
		b, ok := x.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.AndStmt || x.Negated || x.Background || len(x.Redirs) > 0 {
			links = append(links, x)
			break
		}
		links = append(links, b.Y)
		x = b.X
	}
	slices.Reverse(links)
	before := sc.alt
	w.stmt(links[0], sc, via, in)
	w.branch(sc, func(b *scope) {
		prev := links[0]
		for _, l := range links[1:] {
			if b.alt != before && w.allAnd(prev, b, 0) {
				b.alt = before // cd x && …: the cd took effect
			}
			before = b.alt
			w.stmt(l, b, via, in)
			prev = l
		}
	})
}

// maxLoopItems bounds the items of a for loop walked one by one.
const maxLoopItems = 8

// loopItems returns the variable of for loop c and its items, when each
// is a static word or a glob of static text (for f in *.md; for d in a
// b), at most maxLoopItems, and the loop's body only expands the
// variable (no assignment, read or declaration of it: the item is what
// it holds): the body is then walked once an item.
func (w *walker) loopItems(c *syntax.ForClause) (string, []Word, bool) {
	it, ok := c.Loop.(*syntax.WordIter)
	if !ok || it.Name == nil || !it.InPos.IsValid() || len(it.Items) == 0 || len(it.Items) > maxLoopItems || len(c.Do) == 0 {
		return "", nil, false
	}
	name := it.Name.Value
	if len(w.loopVals) >= 2 {
		return "", nil, false // a third loop inside two: walked once, as before
	}
	size := 0
	for _, st := range c.Do {
		t := w.text(st)
		size += len(t)
		if !loopBodyOK(t, name) {
			return "", nil, false
		}
	}
	items := make([]Word, 0, len(it.Items))
	for _, x := range it.Items {
		var ws []Word
		if hasBrace(x) {
			ws = w.words(x)
		} else {
			ws = []Word{w.join(x.Parts)}
		}
		for _, v := range ws {
			if !loopItemOK(v) {
				return "", nil, false
			}
			items = append(items, v)
		}
	}
	if len(items) == 0 || len(items) > maxLoopItems {
		return "", nil, false
	}
	// Each item after the first walks the body again: past a budget of
	// the whole script's, the body is walked once, the variable known
	// only at run time, as without the items (an 8-item loop around 234
	// KB, or one inside another, took 150 to 630 ms).
	if w.loopWalked += size * (len(items) - 1); w.loopWalked > maxLoopRewalk {
		return "", nil, false
	}
	return name, items, true
}

// loopBodyOK reports whether t, the text of one statement of a for
// loop's body, lets the body be walked once an item of variable name
// (see loopItems).
func loopBodyOK(t, name string) bool {
	// Code that runs later or in another shell (a function, an alias, a
	// trap, sh -c), or sets variables, may see the variable with another
	// value, or none.
	return strings.Count(t, name) <= 64 && onlyExpands(t, name) && !runsLater(t)
}

// loopItemOK reports whether v, an item of a for loop, is one its body
// is walked with (see loopItems): a static word, or a glob of static
// text; not an expansion, which holds what only run time knows.
func loopItemOK(v Word) bool {
	return !v.Dynamic || !strings.ContainsAny(v.Value, "$`(){}~\\\"'") && strings.ContainsAny(v.Value, "*?[")
}

// maxLoopRewalk bounds the text of loop bodies walked again for their
// items, in one script.
const maxLoopRewalk = 64 << 10

// onlyExpands reports whether name appears in text only as $name or
// ${name}, never as a word of its own (d=x, read d, declare d, unset d).
func onlyExpands(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return true
		}
		at := i + j
		end := at + len(name)
		whole := (at == 0 || !identByte(text[at-1])) && (end == len(text) || !identByte(text[end]))
		if whole && !(at > 0 && (text[at-1] == '$' || text[at-1] == '-')) && !(at > 1 && text[at-1] == '{' && text[at-2] == '$') {
			return false // (after a dash it is an option letter: rm -f "$f")
		}
		i = end
	}
}

// identByte reports whether b may be part of a shell variable's name.
func identByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
