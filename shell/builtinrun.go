package shell

import "strings"

// shellRun walks a shell: the script of -c (in any cluster: -c, -lc,
// -ec, +e -c …), else a script read from standard input. A script file
// operand is not read.
func shellRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	w.resolve(&in)
	args := c.Args[1:]
	via := plus(c.Via, c.Name)
	cflag, sflag := false, false
	var script *Word
	i := 0
opts:
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			if a.MaybeOption() {
				w.unknown(c.String(), via)
				return
			}
			break
		}
		v := a.Value
		switch {
		case v == "--" || v == "-":
			i++
			break opts
		case strings.HasPrefix(v, "--"):
			name, val, hasVal := strings.Cut(v[2:], "=")
			switch name {
			case "rcfile", "init-file":
				if !hasVal {
					i++
				}
			case "command": // fish
				cflag = true
				if hasVal {
					s := Static(val)
					script = &s
				} else if i+1 < len(args) {
					i++
					script = &args[i]
				}
			}
		case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
			for _, l := range v[1:] {
				switch l {
				case 'c':
					cflag = true
				case 's':
					sflag = true
				case 'o', 'O':
					i++
				}
			}
		default:
			break opts
		}
	}
	ops := args[min(i, len(args)):]
	if cflag {
		if script == nil {
			if len(ops) == 0 {
				return
			}
			script = &ops[0]
		}
		sub := *sc
		// The script's commands read the shell's standard input.
		w.scriptIn = in
		w.nestedWord(*script, &sub, via)
		w.scriptIn = stdin{}
		return
	}
	if len(ops) > 0 && !sflag {
		w.scriptFile(ops[0], in, sc, via, newShell)
		return
	}
	w.stdinScript(in, sc, via)
}

// isStdinPath reports whether s names the standard input.
func isStdinPath(s string) bool {
	switch s {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		return true
	}
	return false
}

// scriptFile walks a script named by path p: standard input is read as
// such, a dynamic path or a descriptor (a process substitution) is an
// unknown command, a plain file is read through [Parser.Files] when set
// (run as mode says).
func (w *walker) scriptFile(p Word, in stdin, sc *scope, via []string, mode fileMode) {
	if p.Dynamic && w.lim.Resolve != nil {
		if r, ok := w.lim.Resolve(p); ok && strings.HasPrefix(r, "/") {
			p = Static(r) // . "$HOME/.cargo/env", source ~/.nvm/nvm.sh
		}
	}
	switch {
	case !p.Dynamic && isStdinPath(p.Value):
		w.stdinScript(in, sc, via)
	case p.Dynamic, strings.HasPrefix(p.Value, "/dev/fd/"), strings.HasPrefix(p.Value, "/proc/"):
		w.unknown(p.Value, via)
	default:
		w.readScript(p, sc, via, mode)
	}
}

// stdinScript walks a script a shell reads from standard input: a here
// document or here-string is parsed, a pipe is an unknown command, a file
// redirected in is read through [Parser.Files] (bash < x.sh).
func (w *walker) stdinScript(in stdin, sc *scope, via []string) {
	w.resolve(&in)
	switch {
	case in.doc != nil:
		sub := *sc
		w.nestedWord(*in.doc, &sub, via)
	case in.piped:
		w.unknown("(script from a pipe)", via)
	case in.file != nil && !in.file.Dynamic && !isDevice(in.file.Value):
		w.readScript(*in.file, sc, via, newShell)
	}
}

func evalRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	var b strings.Builder
	dyn := false
	for i, a := range c.Args[1:] {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Value)
		dyn = dyn || a.Dynamic
	}
	// The script's commands read eval's standard input: eval bash <<<'…'
	// runs the here-string as a script.
	w.scriptIn = in
	if same {
		w.nested(b.String(), dyn, sc, plus(c.Via, c.Name))
	} else {
		sub := *sc
		w.nested(b.String(), dyn, &sub, plus(c.Via, c.Name))
	}
	w.scriptIn = stdin{}
}

func sourceRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	if f, ok := w.sourced(c); ok {
		w.scriptFile(f, in, sc, plus(c.Via, c.Name), sameShell)
	}
}

// sourced returns the file source or . reads. A first word that is an
// option other than -- (and bash 5.3's -p PATH) reads nothing in bash
// and dash (". --ext x: invalid option"); zsh, which takes none, reads
// the file of that name: it is the one returned (an unknown program's
// words `eslint . --ext .ts` name no script to run).
func (w *walker) sourced(c *Command) (Word, bool) {
	if len(c.Args) > 1 {
		if a := c.Args[1]; !a.Dynamic && len(a.Value) > 1 && a.Value[0] == '-' && a.Value != "--" && !strings.HasPrefix(a.Value, "-p") {
			return a, true
		}
	}
	if f := w.flags(c, Spec{}); len(f.Operands) > 0 {
		return f.Operands[0], true
	}
	return Word{}, false
}

// trapRun walks the action of trap ACTION SIGNAL….
func trapRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	f := w.flags(c, Spec{Short: "lpP"})
	if len(f.Operands) < 2 || f.Operands[0].Value == "-" {
		return
	}
	sub := *sc
	w.nestedWord(f.Operands[0], &sub, plus(c.Via, c.Name))
}

// aliasRun walks the value of each NAME=VALUE: it runs when the alias is
// used.
func aliasRun(w *walker, c *Command, sc *scope, _ stdin, same bool) {
	for _, a := range w.flags(c, Spec{Short: "p"}).Operands {
		if name, v, ok := strings.Cut(a.Value, "="); ok {
			sub := *sc
			w.nested(v, a.Dynamic, &sub, plus(c.Via, c.Name))
			if same && !strings.ContainsAny(a.Prefix()[:min(len(a.Prefix()), len(name))], "$`") {
				if a.Dynamic {
					v = "\x00"
				}
				sc.aliases = w.withAlias(sc.aliases, name, v)
			}
		}
	}
}

// hashRun: hash -p PATH NAME makes NAME run PATH, as an alias would.
func hashRun(w *walker, c *Command, sc *scope, _ stdin, same bool) {
	f := w.flags(c, Spec{Short: "dlrtp:"})
	p, ok := f.Value("p")
	if !ok || !same {
		return
	}
	for _, n := range f.Operands {
		v := p.Value
		if p.Dynamic {
			v = "\x00"
		}
		sc.aliases = w.withAlias(sc.aliases, n.Value, shellQuote(v))
	}
}

// shellQuote quotes s as one word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// mapfileRun: mapfile and readarray -C CALLBACK run CALLBACK with the
// index and the line read appended.
func mapfileRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	f := w.flags(c, Spec{Short: "d:n:O:s:tu:C:c:"})
	if cb, ok := f.Value("C"); ok {
		sub := *sc
		w.nested(cb.Value+" 0 \"$line\"", cb.Dynamic, &sub, plus(c.Via, c.Name))
	}
}

// completeRun: complete -C COMMAND and bind -x 'KEYS: COMMAND' run a
// command in an interactive shell.
func completeRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	args := c.Args[1:]
	for i, a := range args {
		if a.Dynamic || i+1 >= len(args) {
			continue
		}
		switch {
		case c.Name == "complete" && (a.Value == "-C"):
			sub := *sc
			w.nestedWord(args[i+1], &sub, plus(c.Via, c.Name))
		case c.Name == "bind" && a.Value == "-x":
			_, cmd, ok := strings.Cut(args[i+1].Value, ":")
			if ok {
				sub := *sc
				w.nested(strings.Trim(strings.TrimSpace(cmd), `"'`), args[i+1].Dynamic, &sub, plus(c.Via, c.Name))
			}
		}
	}
}
