package shell

import "strings"

// A runner walks what a command runs: the command its arguments name, or
// the script they hold. same reports that the command runs in the shell
// of sc (a cd it runs changes sc).
type runner func(w *walker, c *Command, sc *scope, in stdin, same bool)

// runnerOf returns the runner of the command named name, or nil. See the
// package documentation for the list and its rules.
func runnerOf(name string) runner {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "fish", "oksh", "loksh":
		return shellRun
	case "eval":
		return evalRun
	case "source", ".":
		return sourceRun
	case "trap":
		return trapRun
	case "alias":
		return aliasRun
	case "hash":
		return hashRun
	case "mapfile", "readarray":
		return mapfileRun
	case "complete", "compgen", "bind":
		return completeRun
	case "exec":
		return argvRun(Spec{Short: "cla:"}, 0, false)
	case "command":
		return commandRun
	case "builtin":
		return argvRun(Spec{}, 0, true)
	case "nohup", "noglob", "nocorrect", "busybox", "toybox":
		return argvRun(Spec{}, 0, false)
	case "unbuffer":
		return argvRun(Spec{Short: "p"}, 0, false)
	case "pkexec":
		return argvRun(Spec{Long: []string{"user=", "disable-internal-agent", "keep-cwd"}}, 0, false)
	case "caffeinate":
		return argvRun(Spec{Short: "dimsuw:t:"}, 0, false)
	case "setsid":
		return argvRun(Spec{Short: "cfw", Long: []string{"ctty", "fork", "wait"}}, 0, false)
	case "stdbuf":
		return argvRun(Spec{Short: "i:o:e:", Long: []string{"input=", "output=", "error="}}, 0, false)
	case "nice":
		return niceRun
	case "ionice":
		return ioniceRun
	case "timeout":
		return argvRun(Spec{Short: "k:s:v", Long: []string{"foreground", "kill-after=", "preserve-status", "signal=", "verbose"}}, 1, false)
	case "time":
		return argvRun(timeSpec, 0, false)
	case "chroot":
		return argvRun(Spec{Long: []string{"userspec=", "groups=", "skip-chdir"}}, 1, false)
	case "taskset":
		return pidless(Spec{Short: "acp", Long: []string{"all-tasks", "cpu-list", "pid"}}, 1, "p", "pid")
	case "chrt":
		return pidless(Spec{Short: "abdfiormpRvT:P:D:", Long: []string{"all-tasks", "batch", "deadline", "fifo", "idle",
			"other", "rr", "max", "pid", "reset-on-fork", "verbose", "sched-runtime=", "sched-period=", "sched-deadline="}}, 1, "p", "pid")
	case "flock":
		return flockRun
	case "sudo":
		return sudoRun
	case "doas":
		return argvRun(Spec{Short: "a:C:Lnsu:"}, 0, false)
	case "env":
		return envRun
	case "xargs":
		return xargsRun
	case "find":
		return findRun
	case "watch":
		return watchRun
	case "parallel":
		return parallelRun
	case "su", "runuser", "sg", "script":
		return suRun
	case "git":
		return gitRun
	case "strace", "ltrace":
		return pidless(straceSpec, 0, "p", "attach")
	case "unshare":
		return argvRun(unshareSpec, 0, false)
	case "valgrind", "firejail", "prlimit", "systemd-run", "run0":
		return dashRun(0)
	case "direnv":
		return subRun("exec", 1)
	case "uv", "poetry", "pipenv", "pdm", "hatch", "rye", "conda", "devbox":
		return subRun("run", 0)
	case "bundle", "asdf", "mise":
		return subRun("exec", 0)
	case "npm", "pnpm":
		return npmRun
	case "nix-shell":
		return nixShellRun
	case "setpriv":
		return argvRun(setprivSpec, 0, false)
	case "setarch":
		return setarchRun
	case "linux32", "linux64", "i386", "x86_64":
		return argvRun(setarchSpec, 0, false)
	case "fakeroot":
		return argvRun(Spec{Short: "l:s:i:b:uhv", Long: []string{"lib=", "faked=", "unknown-is-real", "help", "version"}}, 0, false)
	case "nsenter":
		return argvRun(nsenterSpec, 0, false)
	case "perf":
		return perfRun
	case "chronic":
		return argvRun(Spec{Short: "ev"}, 0, false)
	case "catchsegv":
		return argvRun(Spec{}, 0, false)
	case "proxychains", "proxychains4":
		return argvRun(Spec{Short: "qf:"}, 0, false)
	case "torsocks":
		return argvRun(Spec{Short: "u:p:a:P:idqh", Long: []string{"user=", "pass=", "address=", "port=", "isolate",
			"debug", "quiet", "help", "version", "shell"}}, 0, false)
	case "rlwrap":
		return argvRun(Spec{Short: "a::b:cC:D:e:f:F:g:H:il:nNoO:p::P:q:rRs:S:t:w:z:AhUv", Long: []string{"always-readline=?",
			"break-chars=", "complete-filenames", "command-name=", "history-no-dupes=", "extra-char-after-completion=",
			"file=", "history-format=", "forget-matching=", "history-filename=", "case-insensitive", "logfile=",
			"no-warnings", "one-shot", "only-cook=", "prompt-colour=?", "pre-given=", "quote-characters=", "remember",
			"renice", "histsize=", "substitute-prompt=", "set-term-name=", "polling", "filter=", "ansi-colour-aware",
			"help", "mirror-arguments", "version", "no-children", "multi-line=?"}}, 0, false)
	case "sem":
		return semRun
	case "sudo-rs", "please":
		return sudoRun
	case "npx", "bunx", "uvx":
		return npxRun
	case "pipx":
		return subArgvRun("run", Spec{Long: []string{"spec=", "python=", "pip-args=", "index-url=", "editable",
			"no-cache", "verbose", "quiet", "system-site-packages", "fetch-missing-python"}})
	case "nix":
		return nixRun
	case "yarn":
		return yarnRun
	case "dotenv":
		return argvRun(dotenvSpec, 0, false)
	case "numactl":
		return argvRun(Spec{Short: "i:p:m:N:C:lsHab:", Long: []string{"interleave=", "preferred=", "preferred-many=",
			"membind=", "cpunodebind=", "physcpubind=", "localalloc", "show", "hardware", "all", "balancing",
			"offset=", "length=", "strict", "huge", "touch", "weighted-interleave="}}, 0, false)
	}
	return nil
}

// plus returns via with name appended, without sharing via's array.
func plus(via []string, name string) []string {
	return append(via[:len(via):len(via)], name)
}

// unknown records a command that runs something not known statically.
func (w *walker) unknown(text string, via []string) {
	w.add(&Command{Args: []Word{{Value: text, Dynamic: true}}, Dynamic: true, Via: via})
}

// nested walks the script src that via runs; a dynamic script is an
// unknown command.
func (w *walker) nested(src string, dynamic bool, sc *scope, via []string) {
	if w.err != nil {
		return
	}
	if dynamic {
		w.unknown(src, via)
		return
	}
	w.fail(w.script(src, sc, via))
}

// nestedWord walks the script held in word s.
func (w *walker) nestedWord(s Word, sc *scope, via []string) {
	w.nested(s.Value, s.Dynamic, sc, via)
}

// argvRun returns a runner for a wrapper with options spec that skips
// skip operands and runs the rest as a command.
func argvRun(spec Spec, skip int, same bool) runner {
	return func(w *walker, c *Command, sc *scope, in stdin, _ bool) {
		args := c.Args[1:]
		f := spec.Parse(args)
		if len(f.Unsure) > 0 {
			w.unknown(c.String(), plus(c.Via, c.Name))
			return
		}
		rest := args[f.End:]
		if skip > len(rest) {
			return
		}
		w.run(rest[skip:], sc, plus(c.Via, c.Name), in, same)
	}
}

// pidless is argvRun for a wrapper that runs no command with one of the
// options pid (it acts on a running process).
func pidless(spec Spec, skip int, pid ...string) runner {
	return func(w *walker, c *Command, sc *scope, in stdin, same bool) {
		f := spec.Parse(c.Args[1:])
		if f.Has(pid...) {
			return
		}
		argvRun(spec, skip, false)(w, c, sc, in, same)
	}
}

// dashRun returns a runner for a wrapper whose options all start with a
// dash and take no separate value.
func dashRun(skip int) runner {
	return argvRun(Spec{}, skip, false)
}

// subRun returns a runner for a tool whose subcommand sub runs a command
// (uv run CMD, bundle exec CMD), after options and skip operands.
func subRun(sub string, skip int) runner {
	return func(w *walker, c *Command, sc *scope, in stdin, _ bool) {
		args := c.Args[1:]
		for i, a := range args {
			if a.Dynamic {
				return
			}
			if a.Value == sub {
				argvRun(Spec{}, skip, false)(w, &Command{Name: c.Name + " " + sub, Args: args[i:], Via: c.Via}, sc, in, false)
				return
			}
			if !strings.HasPrefix(a.Value, "-") {
				return
			}
		}
	}
}

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
		w.scriptFile(ops[0], in, sc, via)
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
// unknown command, a plain file is not read.
func (w *walker) scriptFile(p Word, in stdin, sc *scope, via []string) {
	switch {
	case !p.Dynamic && isStdinPath(p.Value):
		w.stdinScript(in, sc, via)
	case p.Dynamic, strings.HasPrefix(p.Value, "/dev/fd/"), strings.HasPrefix(p.Value, "/proc/"):
		w.unknown(p.Value, via)
	}
}

// stdinScript walks a script a shell reads from standard input: a here
// document or here-string is parsed, a pipe is an unknown command.
func (w *walker) stdinScript(in stdin, sc *scope, via []string) {
	w.resolve(&in)
	switch {
	case in.doc != nil:
		sub := *sc
		w.nestedWord(*in.doc, &sub, via)
	case in.piped:
		w.unknown("(script from a pipe)", via)
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
	if same {
		w.nested(b.String(), dyn, sc, plus(c.Via, c.Name))
		return
	}
	sub := *sc
	w.nested(b.String(), dyn, &sub, plus(c.Via, c.Name))
}

func sourceRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	f := c.Flags(Spec{})
	if len(f.Operands) > 0 {
		w.scriptFile(f.Operands[0], in, sc, plus(c.Via, c.Name))
	}
}

// trapRun walks the action of trap ACTION SIGNAL….
func trapRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	f := c.Flags(Spec{Short: "lpP"})
	if len(f.Operands) < 2 || f.Operands[0].Value == "-" {
		return
	}
	sub := *sc
	w.nestedWord(f.Operands[0], &sub, plus(c.Via, c.Name))
}

// aliasRun walks the value of each NAME=VALUE: it runs when the alias is
// used.
func aliasRun(w *walker, c *Command, sc *scope, _ stdin, same bool) {
	for _, a := range c.Flags(Spec{Short: "p"}).Operands {
		if name, v, ok := strings.Cut(a.Value, "="); ok {
			sub := *sc
			w.nested(v, a.Dynamic, &sub, plus(c.Via, c.Name))
			if same && !strings.ContainsAny(a.Prefix[:min(len(a.Prefix), len(name))], "$`") {
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
	f := c.Flags(Spec{Short: "dlrtp:"})
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
	f := c.Flags(Spec{Short: "d:n:O:s:tu:C:c:"})
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

// commandRun: command -v and -V only look a name up.
func commandRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	spec := Spec{Short: "pvV"}
	if f := c.Flags(spec); f.Has("v", "V") {
		return
	}
	argvRun(spec, 0, true)(w, c, sc, in, same)
}

// niceRun: nice [-n N | -N] CMD.
func niceRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	if len(c.Args) > 1 && !c.Args[1].Dynamic && len(c.Args[1].Value) > 1 && c.Args[1].Value[0] == '-' &&
		strings.Trim(c.Args[1].Value[1:], "0123456789") == "" {
		c = &Command{Name: c.Name, Args: append([]Word{c.Args[0]}, c.Args[2:]...), Via: c.Via}
	}
	argvRun(Spec{Short: "n:", Long: []string{"adjustment="}}, 0, false)(w, c, sc, in, same)
}

func ioniceRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	pidless(Spec{Short: "c:n:p:P:u:t", Long: []string{"class=", "classdata=", "pid=", "pgid=", "uid=", "ignore"}},
		0, "p", "P", "u", "pid", "pgid", "uid")(w, c, sc, in, same)
}

// flockRun: flock [opts] FILE -c SCRIPT, or flock [opts] FILE CMD….
func flockRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	spec := Spec{Short: "sexunw:E:oFc:", Long: []string{"shared", "exclusive", "unlock", "nonblock", "nb", "timeout=",
		"wait=", "conflict-exit-code=", "close", "no-fork", "command=", "verbose"}}
	args := c.Args[1:]
	f := spec.Parse(args)
	via := plus(c.Via, c.Name)
	if s, ok := f.Value("c", "command"); ok {
		sub := *sc
		w.nestedWord(s, &sub, via)
		return
	}
	rest := args[f.End:]
	if len(rest) < 2 {
		return
	}
	if v := rest[1]; !v.Dynamic && (v.Value == "-c" || v.Value == "--command") {
		if len(rest) > 2 {
			sub := *sc
			w.nestedWord(rest[2], &sub, via)
		}
		return
	}
	w.run(rest[1:], sc, via, in, false)
}

var sudoSpec = Spec{Short: "AbEeHiKklnPSsVvh::C:D:g:p:R:r:t:T:U:u:", Long: []string{"askpass", "background", "bell",
	"chdir=", "close-from=", "preserve-env=?", "edit", "group=", "set-home", "help", "host=", "login", "remove-timestamp",
	"reset-timestamp", "list", "non-interactive", "preserve-groups", "prompt=", "chroot=", "role=", "stdin", "shell",
	"type=", "command-timeout=", "other-user=", "user=", "version", "validate"}}

// sudoRun: sudo [opts] [VAR=value…] CMD…; sudo -e FILE… edits files.
func sudoRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	args := c.Args[1:]
	f := sudoSpec.Parse(args)
	via := plus(c.Via, c.Name)
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	rest := skipAssigns(args[f.End:])
	if f.Has("e", "edit") {
		for _, o := range rest {
			w.effect(c, sc, Effect{Kind: Writes, Path: o, By: "sudoedit"})
		}
		return
	}
	if f.Has("l", "list", "v", "validate", "k", "K", "V", "version", "help", "remove-timestamp", "reset-timestamp") && !f.Has("s", "i") {
		return
	}
	w.run(rest, sc, via, in, false)
}

// isAssign reports whether s starts with NAME= (a valid variable name).
func isAssign(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// skipAssigns drops the NAME=VALUE words that start args.
func skipAssigns(args []Word) []Word {
	for len(args) > 0 && isAssign(args[0].Prefix) {
		args = args[1:]
	}
	return args
}

var envSpec = Spec{Short: "0iu:C:S:P:v", Long: []string{"ignore-environment", "null", "unset=", "chdir=", "split-string=",
	"block-signal=?", "default-signal=?", "ignore-signal=?", "list-signal-handling", "debug", "argv0=", "help", "version"}}

// envRun: env [opts] [-] [NAME=VALUE…] [CMD…]; -S splits a string into
// words, -C changes directory.
func envRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	args := c.Args[1:]
	f := envSpec.Parse(args)
	via := plus(c.Via, c.Name)
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	rest := args[f.End:]
	if len(rest) > 0 && !rest[0].Dynamic && rest[0].Value == "-" {
		rest = rest[1:]
	}
	for _, a := range rest {
		if !isAssign(a.Prefix) {
			break
		}
		name, v, _ := strings.Cut(a.Value, "=")
		if isCommandVar(name) {
			w.nested(strings.TrimLeft(v, "|!"), a.Dynamic, sc, plus(via, name+"="))
		}
	}
	rest = skipAssigns(rest)
	sub := *sc
	if d, ok := f.Value("C", "chdir"); ok {
		sub.dir = joinDir(sub.dir, d)
	}
	if s, ok := f.Value("S", "split-string"); ok {
		if s.Dynamic {
			w.unknown(s.Value, via)
			return
		}
		split, err := Parse(s.Value)
		if err != nil || len(split.Commands) != 1 || split.Commands[0].Via != nil {
			w.unknown(s.Value, via)
			return
		}
		rest = append(append([]Word(nil), split.Commands[0].Args...), rest...)
	}
	w.run(rest, &sub, via, in, false)
}

var xargsSpec = Spec{Short: "0a:d:E:e::I:i::L:l::n:P:prs:txo", Long: []string{"null", "arg-file=", "delimiter=", "eof=?",
	"replace=?", "max-lines=?", "max-args=", "max-procs=", "interactive", "no-run-if-empty", "max-chars=", "show-limits",
	"verbose", "exit", "open-tty", "process-slot-var=", "help", "version"}}

// xargsRun: xargs [opts] CMD… runs CMD with words read from standard
// input appended (or put in place of the -I string): they are dynamic.
func xargsRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	args := c.Args[1:]
	f := xargsSpec.Parse(args)
	via := plus(c.Via, c.Name)
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	rest := args[f.End:]
	if len(rest) == 0 {
		return // echo
	}
	repl, ok := f.Value("I", "replace", "i")
	if f.Has("i", "replace") && !ok {
		repl, ok = Static("{}"), true
	}
	var inner []Word
	if ok && repl.Value != "" {
		for _, a := range rest {
			if before, after, found := strings.Cut(a.Value, repl.Value); found && !a.Dynamic {
				a = Word{Value: a.Value, Dynamic: true, Prefix: before, Suffix: after}
			}
			inner = append(inner, a)
		}
	} else {
		inner = append(append(inner, rest...), Word{Value: "(input)", Dynamic: true})
	}
	w.run(inner, sc, via, stdin{}, false)
}

// findRun walks the commands of -exec, -execdir, -ok and -okdir; each {}
// is a dynamic word starting with the start point (./ for -execdir).
// What they delete is Recursive: find runs them over a whole tree.
func findRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	starts, expr := findStarts(c.Args[1:])
	prefix := "./"
	if len(starts) > 0 {
		prefix = starts[0].Prefix
		for _, s := range starts[1:] {
			if !strings.HasPrefix(s.Prefix, "/") && !strings.HasPrefix(s.Prefix, ".") {
				prefix = ""
			}
		}
	}
	via := plus(c.Via, c.Name)
	for i := 0; i < len(expr); i++ {
		a := expr[i]
		if a.Dynamic {
			continue
		}
		switch a.Value {
		case "-exec", "-execdir", "-ok", "-okdir":
			p := prefix
			if strings.HasSuffix(a.Value, "dir") {
				p = "./"
			}
			var inner []Word
			for i++; i < len(expr); i++ {
				e := expr[i]
				if !e.Dynamic && (e.Value == ";" || e.Value == "+") {
					break
				}
				if !e.Dynamic && strings.Contains(e.Value, "{}") {
					before, after, _ := strings.Cut(e.Value, "{}")
					pre := before
					if before == "" {
						pre = p
					}
					e = Word{Value: e.Value, Dynamic: true, Prefix: pre, Suffix: after}
				}
				inner = append(inner, e)
			}
			nc, nw := len(w.out.Commands), len(w.out.Writes)
			w.run(inner, sc, via, stdin{}, false)
			treeDeletes(w, nc, nw)
		}
	}
}

var watchSpec = Spec{Short: "n:d::tbegcxpqwrhv", Long: []string{"interval=", "differences=?", "no-title", "beep",
	"errexit", "chgexit", "color", "no-color", "exec", "precise", "no-wrap", "equexit=", "no-rerun", "help", "version"}}

// watchRun: watch [opts] CMD… runs CMD joined by spaces through sh -c
// (with -x, as a command).
func watchRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	args := c.Args[1:]
	f := watchSpec.Parse(args)
	via := plus(c.Via, c.Name)
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	rest := args[f.End:]
	if f.Has("x", "exec") {
		w.run(rest, sc, via, in, false)
		return
	}
	joinedScript(w, rest, sc, via)
}

// joinedScript walks words joined by spaces as a script run by a new
// shell.
func joinedScript(w *walker, words []Word, sc *scope, via []string) {
	if len(words) == 0 {
		return
	}
	var b strings.Builder
	dyn := false
	for i, a := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Value)
		dyn = dyn || a.Dynamic
	}
	sub := *sc
	w.nested(b.String(), dyn, &sub, via)
}

// parallelRun: GNU parallel [opts] CMD… ::: ARGS runs CMD through a
// shell with each argument appended.
func parallelRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	spec := Spec{Short: "a:d:E:I:i::j:L:l::n:N:P:S:s:X0kqvtmuGgr", Long: []string{"jobs=", "arg-file=", "delimiter=",
		"max-args=", "max-lines=", "results=", "joblog=", "halt=", "timeout=", "workdir=", "env=", "sshlogin=", "tag",
		"keep-order", "dry-run", "quote", "verbose", "progress", "bar", "eta", "line-buffer", "group", "ungroup", "null"}}
	args := c.Args[1:]
	f := spec.Parse(args)
	via := plus(c.Via, c.Name)
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	rest := args[f.End:]
	var cmd []Word
	for _, a := range rest {
		if !a.Dynamic && strings.HasPrefix(a.Value, ":::") {
			break
		}
		cmd = append(cmd, a)
	}
	if len(cmd) == 0 {
		return
	}
	// parallel appends each argument, quoted, to the command.
	joinedScript(w, append(cmd, Static(`"$PARALLEL_ARG"`)), sc, via)
}

// suRun: su, runuser, sg and script run the script of -c or --command
// (in any cluster, anywhere in their words); sg GROUP CMD runs CMD as a
// script too.
func suRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	args := c.Args[1:]
	via := plus(c.Via, c.Name)
	if c.Name == "runuser" {
		if f, ok := runuserUser(args); ok {
			rest := args[f.End:]
			if len(rest) > 0 && isDashDash(rest[0]) {
				rest = rest[1:]
			}
			w.run(rest, sc, via, stdin{}, false)
			return
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			continue
		}
		v := a.Value
		switch {
		case v == "--":
			if c.Name == "runuser" && i+1 < len(args) {
				w.run(args[i+1:], sc, via, stdin{}, false)
			}
			return
		case strings.HasPrefix(v, "--command=") || strings.HasPrefix(v, "--session-command="):
			_, s, _ := strings.Cut(v, "=")
			w.nested(s, false, &scope{dir: sc.dir}, via)
			return
		case v == "--command" || v == "--session-command" ||
			(len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.HasSuffix(v, "c")):
			if i+1 < len(args) {
				w.nestedWord(args[i+1], &scope{dir: sc.dir}, via)
			}
			return
		case len(v) > 2 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "c"):
			s := v[strings.IndexByte(v, 'c')+1:]
			w.nested(s, false, &scope{dir: sc.dir}, via)
			return
		}
	}
	if c.Name == "sg" && len(args) >= 2 && !args[0].MaybeOption() {
		joinedScript(w, args[1:], sc, via)
	}
}

// isGitCommandKey reports whether git runs the value of setting key as a
// shell command (an alias does when its value starts with "!").
func isGitCommandKey(key string) bool {
	key = strings.ToLower(key)
	switch key {
	case "core.pager", "core.editor", "core.sshcommand", "core.askpass", "core.fsmonitor", "core.hookspath",
		"sequence.editor", "diff.external", "gpg.program", "credential.helper", "interactive.difffilter",
		"uploadpack.packobjectshook", "ssh.variant":
		return true
	}
	section, rest, _ := strings.Cut(key, ".")
	last := rest[strings.LastIndexByte(rest, '.')+1:]
	switch section {
	case "alias", "pager":
		return rest != ""
	case "credential":
		return last == "helper"
	case "gpg":
		return last == "program"
	case "filter":
		return last == "clean" || last == "smudge" || last == "process"
	case "diff":
		return last == "textconv" || last == "command"
	case "merge":
		return last == "driver"
	case "remote":
		// remote.NAME.uploadpack and receivepack: the program git runs
		// on the other side, which for a local remote is this machine.
		return last == "uploadpack" || last == "receivepack"
	case "difftool", "mergetool", "man", "browser":
		return last == "cmd" || last == "path"
	case "submodule":
		return last == "update" // !COMMAND
	case "sendemail":
		return last == "smtpserver" || last == "tocmd" || last == "cccmd" || last == "headercmd"
	case "core":
		return last == "gitproxy"
	}
	return false
}

// nixShellRun: nix-shell --run SCRIPT / --command SCRIPT.
func nixShellRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	args := c.Args[1:]
	for i, a := range args {
		if !a.Dynamic && (a.Value == "--run" || a.Value == "--command") && i+1 < len(args) {
			sub := *sc
			w.nestedWord(args[i+1], &sub, plus(c.Via, c.Name))
			return
		}
	}
}

// treeDeletes marks the deletes recorded since the commands nc and the
// writes nw as Recursive (find -exec rm runs over a whole tree).
func treeDeletes(w *walker, nc, nw int) {
	for _, c := range w.out.Commands[min(nc, len(w.out.Commands)):] {
		for i := range c.Effects {
			if c.Effects[i].Kind == Deletes {
				c.Effects[i].Recursive = true
			}
		}
	}
	for i := min(nw, len(w.out.Writes)); i < len(w.out.Writes); i++ {
		if w.out.Writes[i].Delete {
			w.out.Writes[i].Recursive = true
		}
	}
}
