package shell

import (
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
)

var xargsSpec = Spec{Short: "0a:d:E:e::I:i::L:l::n:P:prs:txo", Long: []string{"null", "arg-file=", "delimiter=", "eof=?",
	"replace=?", "max-lines=?", "max-args=", "max-procs=", "interactive", "no-run-if-empty", "max-chars=", "show-limits",
	"verbose", "exit", "open-tty", "process-slot-var=", "help", "version"}}

// xargsRun: xargs [opts] CMD… runs CMD with words read from standard
// input appended (or put in place of the -I string): they are dynamic.
func xargsRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	args := c.Args[1:]
	f := xargsSpec.parse(args, &w.mem)
	via := w.viaOf(c)
	if len(f.Unsure) > 0 && !argFileOnly(f.Unsure) {
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
	// Words piped in whose text is known (echo NAME | xargs rm) are the
	// command's arguments as written.
	from, stages, proc := in.from, in.stages, in.proc // the program piping in, if any (resolve forgets it)
	w.resolve(&in)
	if items, known := xargsItems(f, in); known {
		if ok && repl.Value != "" {
			for _, it := range items {
				var run []Word
				for _, a := range rest {
					if !a.Dynamic && strings.Contains(a.Value, repl.Value) {
						a = Static(strings.ReplaceAll(a.Value, repl.Value, it))
					}
					run = append(run, a)
				}
				w.run(run, sc, via, stdin{}, false)
			}
			return
		}
		inner := append([]Word(nil), rest...)
		for _, it := range items {
			inner = append(inner, Static(it))
		}
		w.run(inner, sc, via, stdin{}, false)
		return
	}
	// The names come from a file (-a, a redirection, cat), or from what
	// a program prints: each place they may lie is a word (inputNames).
	var names []Word
	if list, fromFile := f.Value("a", "arg-file"); fromFile {
		names = w.argFileNames(list, from, stages, in.file, sc.dir)
	} else if proc != nil && in.file == nil {
		names = w.procNames(proc, sc.dir) // xargs cat < <(git ls-files)
	} else {
		names = w.inputNames(from, stages, in.file, sc.dir)
	}
	// The command's standard input is the null device, unless the words
	// come from a file (-a): then it is xargs's own (xargs -a list bash
	// <<<'…' runs the here-string).
	var cin stdin
	if f.Has("a", "arg-file") {
		cin = in
	}
	if ok && repl.Value != "" {
		for _, n := range names {
			var inner []Word
			for _, a := range rest {
				if before, after, found := strings.Cut(a.Value, repl.Value); found && !a.Dynamic {
					a = MakeWord(before+n.Value+after, true, before+n.Prefix(), after)
				}
				inner = append(inner, a)
			}
			w.run(inner, sc, via, cin, false)
		}
		return
	}
	inner := append(append(w.mem.wordSlice(len(rest)+len(names)), rest...), names...)
	w.run(inner, sc, via, cin, false)
}

// maxXargsItems bounds the words of a known input xargs splits: past
// it the input is read as unknown.
const maxXargsItems = 64

// xargsItems splits xargs's standard input when its text is known (a
// here-string, static output piped in) as xargs does: lines with -I or
// -L, NUL with -0, the -d delimiter, else blanks. Input with quotes or
// backslashes, which xargs reads its own way, or past maxXargsItems
// words, is not split (known false).
func xargsItems(f Flags, in stdin) ([]string, bool) {
	if in.doc == nil || in.doc.Dynamic || f.Has("a", "arg-file") {
		return nil, false
	}
	doc := in.doc.Value
	var items []string
	switch d, hasD := f.Value("d", "delimiter"); {
	case f.Has("0", "null"):
		items = strings.Split(strings.TrimSuffix(doc, "\x00"), "\x00")
	case hasD && !d.Dynamic && len(d.Value) == 1:
		items = strings.Split(strings.TrimSuffix(doc, d.Value), d.Value)
	case hasD:
		return nil, false
	case strings.ContainsAny(doc, "'\"\\"):
		return nil, false
	case f.Has("I", "i", "replace", "L", "l", "max-lines"):
		for _, l := range strings.Split(doc, "\n") {
			if l = codetext.TrimBlank(l); l != "" {
				items = append(items, l)
			}
		}
	default:
		items = strings.Fields(doc)
	}
	if len(items) > maxXargsItems {
		return nil, false
	}
	return items, true
}

// findRun walks the commands of -exec, -execdir, -ok and -okdir; each {}
// is a dynamic word starting with the start point (./ for -execdir).
// What they delete is Recursive: find runs them over a whole tree.
func findRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	starts, expr := findStarts(c.Args[1:])
	prefix := "./"
	if len(starts) > 0 {
		prefix = starts[0].Prefix()
		for _, s := range starts[1:] {
			if !strings.HasPrefix(s.Prefix(), "/") && !strings.HasPrefix(s.Prefix(), ".") {
				prefix = ""
			}
		}
	}
	via := w.viaOf(c)
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
					e = MakeWord(e.Value, true, pre, after)
				}
				inner = append(inner, e)
			}
			// -exec's command reads find's standard input (find -exec
			// bash \; <<<'…' runs the here-string); -ok's reads the null
			// device, its answer read from find's.
			var cin stdin
			if a.Value == "-exec" || a.Value == "-execdir" {
				cin = in
			}
			nc, nw := len(w.out.Commands), len(w.out.Writes)
			w.run(inner, sc, via, cin, false)
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
	f := watchSpec.parse(args, &w.mem)
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
// shell with each argument appended; with no CMD, each argument (or line
// of its input) is a command line.
func parallelRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	spec := Spec{Short: "a:d:E:I:i::j:L:l::n:N:P:S:s:X0kqvtmuGgr", Long: []string{"jobs=", "arg-file=", "delimiter=",
		"max-args=", "max-lines=", "results=", "joblog=", "halt=", "timeout=", "workdir=", "env=", "sshlogin=", "tag",
		"keep-order", "dry-run", "quote", "verbose", "progress", "bar", "eta", "line-buffer", "group", "ungroup", "null"}}
	args := c.Args[1:]
	f := spec.parse(args, &w.mem)
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
		// No command: each argument is a command line (parallel ::: 'rm
		// -rf d', or the lines of its input).
		names, known := parallelArgs(rest)
		_, file := f.Value("a", "arg-file")
		switch {
		case file || len(rest) > 0 && !known:
			w.unknown(c.String()+" (commands read from its arguments)", via)
		case len(rest) > 0:
			for _, n := range names {
				w.nested(n, false, &scope{dir: sc.dir}, via)
			}
		default:
			w.stdinScript(in, sc, via)
		}
		return
	}
	// parallel appends each argument, quoted, to the command, or puts it
	// in place of {}: the words of ::: when they are all static, each in
	// turn; else "$@", names known only when it runs (read from its
	// input, from a file of :::: or -a, or made by another replacement
	// string such as {.} or {1}).
	names, known := parallelArgs(rest[len(cmd):])
	_, file := f.Value("a", "arg-file")
	if len(rest) == len(cmd) && !file && plainArgv(cmd) {
		// Its input's lines, appended to a command of plain words, as
		// xargs appends them: their words say where the names come from
		// (./x | parallel cat reads what ./x prints, as ./x | xargs cat).
		names := w.inputNames(in.from, in.stages, in.file, sc.dir)
		w.run(append(append(w.mem.wordSlice(len(cmd)+len(names)), cmd...), names...), sc, via, stdin{}, false)
		return
	}
	if list, file := f.Value("a", "arg-file"); len(rest) == len(cmd) && w.parallelInput(cmd, list, file, sc, in, via) {
		return // ./x | parallel "cat {}"
	}
	if list, ok := fourColons(rest[len(cmd):]); ok && !file && w.parallelInput(cmd, list, true, sc, in, via) {
		return // parallel cat :::: names
	}
	if list, ok := fourColons(rest[len(cmd):]); len(rest) == len(cmd) || ok && !file {
		if !ok {
			list, ok = f.Value("a", "arg-file")
		}
		if !w.parallelSegments(cmd, list, ok, sc, in, via) {
			// A shell string run on names known only when it runs.
			w.unknown(c.String()+" (a shell string parallel runs on the names of its input)", via)
		}
		return
	}
	if !known && !file {
		if !w.parallelDynamic(cmd, rest[len(cmd):], sc, via) {
			w.unknown(c.String()+" (a shell string parallel runs on arguments known only at run time)", via)
		}
		return
	}
	if file || !known || len(names) > maxXargsItems || otherReplacement(cmd) {
		joinedScript(w, withArg(cmd, `"$@"`, true), sc, via)
		return
	}
	for _, n := range names {
		joinedScript(w, withArg(cmd, shellQuote(n), false), sc, via)
	}
}

// parallelArgs returns the words of parallel's ::: groups (after), and
// whether they are all known: static, with no :::: (a file's lines) or
// linked group (:::+).
func parallelArgs(after []Word) ([]string, bool) {
	if len(after) == 0 {
		return nil, false // the arguments are its input's lines
	}
	var names []string
	for _, a := range after {
		switch {
		case a.Dynamic:
			return nil, false
		case a.Value == ":::":
		case strings.HasPrefix(a.Value, ":::"):
			return nil, false
		default:
			names = append(names, a.Value)
		}
	}
	return names, true
}

// otherReplacement reports whether parallel's command cmd holds a
// replacement string other than {} ({.}, {/}, {1}, …), whose value
// parallel derives from the argument.
func otherReplacement(cmd []Word) bool {
	for _, a := range cmd {
		if strings.Contains(strings.ReplaceAll(a.Value, "{}", ""), "{") && strings.Contains(a.Value, "}") {
			return true
		}
	}
	return false
}

// withArg returns parallel's command cmd with arg in place of each {}
// (with every, of each replacement string: {.}, {/}, {1}, …), or
// appended when there is none.
func withArg(cmd []Word, arg string, every bool) []Word {
	out := make([]Word, 0, len(cmd)+1)
	replaced := false
	for _, a := range cmd {
		v := strings.ReplaceAll(a.Value, "{}", arg)
		if every {
			v = replaceBraces(v, arg)
		}
		if v != a.Value {
			a.Value, replaced = v, true
		}
		out = append(out, a)
	}
	if !replaced {
		out = append(out, Static(arg))
	}
	return out
}

// replaceBraces replaces each {…} of v that holds no brace or blank
// (a replacement string of parallel) with arg.
func replaceBraces(v, arg string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(v, '{')
		if i < 0 {
			break
		}
		j := strings.IndexAny(v[i+1:], "{} \t")
		if j < 0 || v[i+1+j] != '}' {
			b.WriteString(v[:i+1])
			v = v[i+1:]
			continue
		}
		b.WriteString(v[:i])
		b.WriteString(arg)
		v = v[i+2+j:]
	}
	b.WriteString(v)
	return b.String()
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

// plainArgv reports whether words are a command parallel runs as they
// are: static, none with a replacement string ({}) or a byte the shell
// it runs them with reads (blanks, quotes, operators, $, `, \).
func plainArgv(words []Word) bool {
	for _, a := range words {
		if a.Dynamic || a.Value == "" || strings.ContainsAny(a.Value, "{} \t\n;|&<>()$`'\"\\*?[~#=") {
			return false
		}
	}
	return len(words) > 0
}
