package shell

import (
	"context"
	"errors"
	"fmt"
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

// plain splits src into its words when it is one simple command made of
// characters that mean nothing to the shell (letters, digits, blanks and
// -./_:,@%+, and = after the first word), whose first word is not a
// reserved word or a declaration builtin: then the words are exactly what
// bash passes, and parsing is not needed.
func plain(src string) ([]Word, bool) {
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == ' ', c == '\t', c == '-', c == '.', c == '/', c == '_', c == ':', c == ',', c == '@', c == '%', c == '+', c == '=':
		default:
			return nil, false
		}
	}
	fields := strings.Fields(src)
	if len(fields) == 0 || strings.IndexByte(fields[0], '=') >= 0 {
		return nil, false
	}
	switch fields[0] {
	case "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in",
		"select", "function", "time", "coproc", "declare", "local", "export", "readonly", "typeset",
		"nameref", "let":
		return nil, false
	}
	args := make([]Word, len(fields))
	for i, f := range fields {
		args[i] = Static(f)
	}
	return args, true
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
	// scanning counts the commands being walked because an unknown
	// program's words named them (see unknownEffects).
	scanning int
}

// scope is the state of one shell that writes depend on: the directory
// a static cd moved to, relative to where the script started.
type scope struct {
	dir Word
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
	if nestDepth(src, w.lim.MaxDepth) > w.lim.MaxDepth {
		return &LimitError{Limit: "depth", Max: w.lim.MaxDepth}
	}
	saved := w.src
	w.src = src
	w.depth++
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
			w.stmt(s, sc, via, false)
		}
		held = held[:0]
	}
	for s, perr := range p.StmtsSeq(strings.NewReader(src)) {
		// No break on an error: the parser's iterator goes on yielding
		// after one even when the loop body returned false, which panics
		// ("0&0\xff").
		if err != nil {
			continue
		}
		if perr != nil {
			err = perr
			continue
		}
		if len(held) > 0 && s.Pos().Line() > held[len(held)-1].End().Line() {
			flush()
		}
		if len(held) > 0 || strings.Contains(w.text(s), "<<") {
			held = append(held, s)
		} else {
			w.stmt(s, sc, via, false)
		}
		if w.err != nil {
			break
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

func (w *walker) stmts(list []*syntax.Stmt, sc *scope, via []string) {
	for _, s := range list {
		w.stmt(s, sc, via, false)
	}
}

// branch walks fn in a copy of sc, then leaves sc's directory unknown if
// fn may have changed it (a cd that runs conditionally or repeatedly).
func branch(sc *scope, fn func(*scope)) {
	c := *sc
	fn(&c)
	if c.dir != sc.dir {
		sc.dir = Word{Value: "$PWD", Dynamic: true}
	}
}

// stmt walks one statement; piped reports that its standard input is a
// pipe.
func (w *walker) stmt(s *syntax.Stmt, sc *scope, via []string, piped bool) {
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
	in := stdin{piped: piped}
	for _, r := range s.Redirs {
		w.redirect(r, sc, via, &in)
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		w.call(c, sc, via, in)
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			x, y := *sc, *sc
			w.stmt(c.X, &x, via, piped)
			w.stmt(c.Y, &y, via, true)
		default: // && ||
			w.stmt(c.X, sc, via, piped)
			branch(sc, func(sc *scope) { w.stmt(c.Y, sc, via, false) })
		}
	case *syntax.Block:
		w.stmts(c.Stmts, sc, via)
	case *syntax.Subshell:
		sub := *sc
		w.stmts(c.Stmts, &sub, via)
	case *syntax.IfClause:
		branch(sc, func(sc *scope) {
			for ; c != nil; c = c.Else {
				w.stmts(c.Cond, sc, via)
				w.stmts(c.Then, sc, via)
			}
		})
	case *syntax.WhileClause:
		branch(sc, func(sc *scope) {
			w.stmts(c.Cond, sc, via)
			w.stmts(c.Do, sc, via)
		})
	case *syntax.ForClause:
		w.subst(c.Loop, sc, via)
		branch(sc, func(sc *scope) { w.stmts(c.Do, sc, via) })
	case *syntax.CaseClause:
		w.subst(c.Word, sc, via)
		branch(sc, func(sc *scope) {
			for _, it := range c.Items {
				for _, p := range it.Patterns {
					w.subst(p, sc, via)
				}
				w.stmts(it.Stmts, sc, via)
			}
		})
	case *syntax.FuncDecl:
		branch(sc, func(sc *scope) { w.stmt(c.Body, sc, via, false) })
	case *syntax.TimeClause:
		w.stmt(c.Stmt, sc, via, piped)
	case *syntax.CoprocClause:
		sub := *sc
		w.stmt(c.Stmt, &sub, via, false)
	case *syntax.DeclClause:
		w.decl(c, sc, via)
	case *syntax.TestDecl:
		w.stmt(c.Body, sc, via, false)
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
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			sub := *sc
			w.stmts(n.Stmts, &sub, append(via[:len(via):len(via)], "$(…)"))
			return false
		case *syntax.ProcSubst:
			sub := *sc
			w.stmts(n.Stmts, &sub, append(via[:len(via):len(via)], "<(…)"))
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

// stdin is what a command reads as standard input.
type stdin struct {
	piped bool   // from a pipe
	doc   *Word  // a here-document or here-string
	file  string // a file redirection ("" when none)
}

// redirect records the write a redirection makes and what it makes the
// standard input.
func (w *walker) redirect(r *syntax.Redirect, sc *scope, via []string, in *stdin) {
	if r.Word != nil && needsSubst(r.Word) {
		w.subst(r.Word, sc, via)
	}
	if r.Hdoc != nil && needsSubst(r.Hdoc) {
		w.subst(r.Hdoc, sc, via)
	}
	fd := "1"
	if r.N != nil {
		fd = r.N.Value
	}
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll,
		syntax.RdrAllClob, syntax.AppAllClob:
		w.write(sc, w.word(r.Word), r.Op.String(), false)
	case syntax.RdrInOut:
		w.write(sc, w.word(r.Word), r.Op.String(), false)
		if r.N == nil || fd == "0" {
			*in = stdin{file: w.word(r.Word).Value}
		}
	case syntax.DplOut:
		t := w.word(r.Word)
		if t.Dynamic || !isFD(t.Value) {
			w.write(sc, t, r.Op.String(), false)
		}
	case syntax.RdrIn:
		if r.N == nil || fd == "0" {
			*in = stdin{file: w.word(r.Word).Value}
		}
	case syntax.Hdoc, syntax.DashHdoc:
		if r.N == nil || fd == "0" {
			d := Word{}
			if r.Hdoc != nil {
				d = w.join(r.Hdoc.Parts)
			}
			*in = stdin{doc: &d}
		}
	case syntax.WordHdoc:
		if r.N == nil || fd == "0" {
			d := w.word(r.Word)
			d.Value += "\n"
			*in = stdin{doc: &d}
		}
	}
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
	for _, a := range d.Args {
		w.subst(a, sc, via)
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
			c.Args = append(c.Args, Word{Value: a.Name.Value + "=" + v.Value, Dynamic: v.Dynamic,
				Prefix: a.Name.Value + "=" + v.Prefix, Suffix: v.Suffix})
		}
	}
	w.add(c)
}

// call walks a simple command.
func (w *walker) call(c *syntax.CallExpr, sc *scope, via []string, in stdin) {
	for _, a := range c.Assigns {
		w.subst(a, sc, via)
		if a.Name != nil && a.Value != nil {
			w.assign(a.Name.Value, w.word(a.Value), sc, via)
		}
	}
	args := make([]Word, 0, len(c.Args))
	for _, x := range c.Args {
		if needsSubst(x) {
			w.subst(x, sc, via)
		}
		args = append(args, w.words(x)...)
	}
	if len(args) == 0 {
		return
	}
	w.run(args, sc, via, in, true)
}

// assign checks an assignment to a variable whose value some program
// runs as a command (GIT_SSH_COMMAND, PAGER, EDITOR, …).
func (w *walker) assign(name string, v Word, sc *scope, via []string) {
	if !isCommandVar(name) {
		return
	}
	w.nested(strings.TrimLeft(v.Value, "|!"), v.Dynamic, sc, append(via[:len(via):len(via)], name+"="))
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
	switch cmd.Name {
	case "cd", "pushd", "popd", "chdir":
		if sameShell {
			cd(cmd, sc)
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

// cd applies a cd, pushd or popd to sc.
func cd(c *Command, sc *scope) {
	f := c.Flags(Spec{Short: "LPe@"})
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
