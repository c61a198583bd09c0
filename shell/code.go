package shell

import (
	"strings"
)

// Interpreters: the code they run is a [RunsCode] effect, with the text
// when it is in the command (python -c CODE, a here-document fed to
// python -), or the file it is read from in Path. The operands after the
// code are the program's arguments: what the code does with them is
// unknown, so each that could name a file is an [Unknown] effect, except
// where the interpreter itself reads them as input (awk, sed, perl -n/-p,
// ruby -n/-p) or rewrites them (perl -i, ruby -i, gawk -i inplace).

// stdinCode records the code an interpreter reads from standard input:
// the text of a here-document or here-string, a file redirected in, or,
// from a pipe, code known only at run time.
func (w *walker) stdinCode(c *Command, sc *scope, lang string, in stdin) {
	switch {
	case in.doc != nil:
		w.runsCode(c, sc, lang, *in.doc, Word{})
	case in.file != nil:
		w.runsCode(c, sc, lang, Word{}, *in.file)
	case in.piped:
		w.runsCode(c, sc, lang, Word{Value: "(standard input)", Dynamic: true}, Word{})
	}
}

// argsOf records the operands a program's code receives as [Unknown]
// effects, and checks those that name a known command as commands, as
// for a program not in the tables (see unknownEffects).
func (w *walker) argsOf(c *Command, sc *scope, args []Word) {
	w.unknownWords(c, sc, args, stdin{})
}

// interp records the code of an interpreter with options parsed by spec:
// the value of one of the code options, else the first operand as a
// file ("-" or none: standard input). It returns the operands after the
// code.
func (w *walker) interp(c *Command, sc *scope, in stdin, lang string, spec Spec, code ...string) []Word {
	args := c.Args[1:]
	f := spec.parse(args, &w.mem)
	found := false
	var texts []string
	dyn := false
	for _, o := range f.Options {
		for _, n := range code {
			if o.Name == n && o.HasValue {
				found = true
				texts = append(texts, o.Value.Value)
				dyn = dyn || o.Value.Dynamic
			}
		}
	}
	rest := args[f.End:]
	if found {
		w.runsCode(c, sc, lang, MakeWord(strings.Join(texts, "\n"), dyn, strings.Join(texts, "\n"), strings.Join(texts, "\n")), Word{})
		return rest
	}
	if len(rest) == 0 || (!rest[0].Dynamic && (rest[0].Value == "-" || stdinPath(rest[0].Value))) {
		w.stdinCode(c, sc, lang, in)
		if len(rest) > 0 {
			rest = rest[1:]
		}
		return rest
	}
	w.runsCode(c, sc, lang, Word{}, rest[0])
	return rest[1:]
}

// stdinPath reports whether a program file named p is the standard
// input: python3 /dev/stdin <<<'…' runs the here-string.
func stdinPath(p string) bool {
	switch p {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		return true
	}
	return false
}

var pythonSpec = Spec{Short: "bBdEhiIOPqRsSuvVxc:m:W:X:Q:"}

// pythonEffects: python -c CODE, -m MODULE (Code "-m MODULE"), FILE, or
// standard input.
func pythonEffects(w *walker, c *Command, sc *scope, in stdin) {
	f := pythonSpec.parse(c.Args[1:], &w.mem)
	if m, ok := f.Value("m"); ok && !f.Has("c") {
		w.runsCode(c, sc, "python", MakeWord("-m "+m.Value, m.Dynamic, "-m "+m.Prefix(), m.Suffix()), Word{})
		w.moduleArgs(c, sc, m, c.Args[1+f.End:])
		pythonUnpack(w, c, sc, m, afterModule(c.Args[1:]))
		return
	}
	if f.Has("V", "h") && !f.Has("c") && f.End == len(c.Args)-1 {
		return
	}
	w.argsOf(c, sc, w.interp(c, sc, in, "python", pythonSpec, "c"))
}

// afterModule returns the words after python's -m MODULE (-mMODULE):
// the module's own arguments, options included.
func afterModule(args []Word) []Word {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") || a.Value == "-" || strings.HasPrefix(a.Value, "--") {
			return nil
		}
		cl := a.Value[1:]
		for j := 0; j < len(cl); j++ {
			if !strings.ContainsRune("cmWXQ", rune(cl[j])) {
				continue // a switch without a value
			}
			if j+1 < len(cl) { // the value is the rest of the word
				if cl[j] == 'm' {
					return args[i+1:]
				}
				break
			}
			if cl[j] == 'm' && i+1 < len(args) {
				return args[i+2:]
			}
			i++ // the value is the next word
		}
	}
	return nil
}

// pythonUnpack: python -m tarfile -e ARCHIVE [DIR] and python -m
// zipfile -e ARCHIVE DIR extract the archive's files into DIR (the
// working directory by default).
func pythonUnpack(w *walker, c *Command, sc *scope, module Word, args []Word) {
	if module.Dynamic || module.Value != "tarfile" && module.Value != "zipfile" || len(args) < 2 {
		return
	}
	if op := args[0]; op.Dynamic || op.Value != "-e" && op.Value != "--extract" {
		return
	}
	dir := Word{}
	if len(args) > 2 {
		dir = args[2]
	}
	w.reads(c, sc, args[1])
	w.tree(c, sc, dir, args[1])
}

// perlSpec: perl's switches; -i, -l and -0 take an optional attached
// value, -e/-E, -I, -M and -m a value.
var perlSpec = Spec{Short: "acCfnpsStTuUvwWXe:E:I:M:m:i::l::0::x::d::D::F::V::"}

// splitSwitches rewrites the switch clusters of perl or ruby so that
// each switch is a word of its own: -0 and (for perl) -l take only the
// digits after them (-0777, -0x1F), so "-0pi" is -0 then -p -i, while
// the letters of vals take the rest of the word as their value (-i.bak,
// -Mstrict, -epi is -e "pi"), or for those of next, when nothing follows
// them in the word, the next word (-e CODE). Words after the first
// operand or "--" are kept.
func splitSwitches(c *Command, digits, vals, next string) *Command {
	out := []Word{c.Args[0]}
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !a.MaybeOption() || strings.HasPrefix(a.Value, "--") {
			out = append(out, args[i:]...)
			break
		}
		cl := a.Value[1:]
		for j := 0; j < len(cl); j++ {
			ch := cl[j]
			switch {
			case strings.IndexByte(digits, ch) >= 0:
				k := j + 1
				if ch == '0' && k < len(cl) && (cl[k] == 'x' || cl[k] == 'X') {
					k++
					for k < len(cl) && strings.IndexByte("0123456789abcdefABCDEF", cl[k]) >= 0 {
						k++
					}
				} else {
					for k < len(cl) && cl[k] >= '0' && cl[k] <= '7' {
						k++
					}
				}
				out = append(out, Static("-"+cl[j:k]))
				j = k - 1
			case strings.IndexByte(vals, ch) >= 0:
				out = append(out, Static("-"+cl[j:]))
				if j+1 == len(cl) && strings.IndexByte(next, ch) >= 0 && i+1 < len(args) {
					// -e CODE: the value is the next word.
					i++
					out = append(out, args[i])
				}
				j = len(cl)
			default:
				out = append(out, Static("-"+string(ch)))
			}
		}
	}
	return &Command{Name: c.Name, Args: out, Via: c.Via}
}

// perlEffects: perl -e/-E CODE (all of them, one line each), or a script
// file; with -i the files are rewritten, with -n/-p they are read.
func perlEffects(w *walker, c *Command, sc *scope, in stdin) {
	orig, n := c, splitSwitches(c, "0l", "eEIMmixdDFCV", "eE")
	defer func() { orig.Effects = append(orig.Effects, n.Effects...) }()
	c = n
	f := perlSpec.parse(c.Args[1:], &w.mem)
	if f.Has("v", "V") && f.End == len(c.Args)-1 {
		return
	}
	rest := w.interp(c, sc, in, "perl", perlSpec, "e", "E")
	for _, o := range f.Options {
		// -MMODULE is `use MODULE;`: text past a module's name and its
		// import list is code (-M'strict;system("…")').
		if (o.Name == "M" || o.Name == "m") && o.HasValue && (o.Value.Dynamic || !perlModule(o.Value.Value)) {
			w.runsCode(c, sc, "perl", o.Value, Word{})
		}
	}
	switch {
	case f.Has("i"):
		for _, o := range rest {
			w.writes(c, sc, o)
		}
	case f.Has("n", "p"):
		for _, o := range rest {
			w.reads(c, sc, o)
		}
	default:
		w.argsOf(c, sc, rest)
	}
}

var rubySpec = Spec{Short: "acdlnpsSvwyUe:E:I:r:C:F:x::i::0::K::W::T::"}

// rubyEffects: ruby -e CODE…, or a script file; -i rewrites the files,
// -n/-p read them.
func rubyEffects(w *walker, c *Command, sc *scope, in stdin) {
	orig, n := c, splitSwitches(c, "0", "eEIrCFxiKWT", "eIrC")
	defer func() { orig.Effects = append(orig.Effects, n.Effects...) }()
	c = n
	f := rubySpec.parse(c.Args[1:], &w.mem)
	if f.Has("v") && f.End == len(c.Args)-1 {
		return
	}
	rest := w.interp(c, sc, in, "ruby", rubySpec, "e")
	switch {
	case f.Has("i"):
		for _, o := range rest {
			w.writes(c, sc, o)
		}
	case f.Has("n", "p"):
		for _, o := range rest {
			w.reads(c, sc, o)
		}
	default:
		w.argsOf(c, sc, rest)
	}
}

var nodeSpec = Spec{Short: "cie:p:r:", Long: []string{"eval=", "print=", "require=", "import=", "input-type=",
	"check", "interactive", "loader=", "experimental-loader=", "conditions=", "env-file=", "title=",
	"inspect=?", "inspect-brk=?", "stack-size=", "max-old-space-size=", "test", "watch", "no-warnings",
	"enable-source-maps", "experimental-strip-types", "experimental-vm-modules", "trace-warnings"}}

// nodeEffects: node -e/--eval CODE, -p/--print CODE, or a script file;
// --env-file reads a file.
func nodeEffects(w *walker, c *Command, sc *scope, in stdin) {
	// node -pe CODE is --print --eval CODE (node expands the pair): read
	// as -e, the code is the next word, not "e".
	for i, a := range c.Args[1:] {
		if !a.Dynamic && (a.Value == "-pe" || a.Value == "-ep") {
			orig := c.Args
			c.Args = append([]Word(nil), orig...)
			c.Args[i+1] = Static("-e")
			defer func() { c.Args = orig }()
			break
		}
	}
	f := nodeSpec.parse(c.Args[1:], &w.mem)
	valueEffects(w, c, sc, f, Reads, "env-file")
	if f.Has("v", "version", "h", "help") && f.End == len(c.Args)-1 {
		return
	}
	// A module preloaded (-r, --require, --import, --loader), here or in
	// NODE_OPTIONS, is code run first.
	w.nodeOptions(c, sc)
	for _, o := range f.Options {
		switch o.Name {
		case "r", "require", "import", "loader", "experimental-loader":
			if o.HasValue && nodeFile(o.Value) {
				w.runsCode(c, sc, "node", Word{}, o.Value)
			}
		}
	}
	w.argsOf(c, sc, w.interp(c, sc, in, "node", nodeSpec, "e", "p", "eval", "print"))
}

// perlModule reports whether s, the value of perl's -M or -m, is a
// module's name with at most an import list (-MList::Util=sum,max):
// nothing perl would run as code of its own.
func perlModule(s string) bool {
	name, list, _ := strings.Cut(strings.TrimPrefix(s, "-"), "=")
	if name == "" {
		return false
	}
	for _, r := range name + list {
		if !(r == '_' || r == ':' || r == ',' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// denoEffects: deno eval CODE, deno run FILE; other subcommands are not
// known.
func denoEffects(w *walker, c *Command, sc *scope, in stdin) {
	sub, ok := c.Subcommand(Spec{Long: []string{"unstable", "quiet", "log-level="}})
	if !ok {
		c.Known = false
		return
	}
	spec := Spec{Short: "AqrRW", Permute: false, Long: []string{"allow-all", "allow-read=?", "allow-write=?",
		"allow-net=?", "allow-env=?", "allow-run=?", "allow-ffi=?", "allow-sys=?", "config=", "import-map=",
		"print", "ext=", "env-file=?", "watch", "check=?", "check", "no-check=?", "quiet", "reload=?", "lock=?",
		"cached-only", "location=", "seed=", "v8-flags=", "unstable"}}
	f := spec.parse(sub[1:], &w.mem)
	rest := sub[1+f.End:]
	switch sub[0].Value {
	case "task":
		w.denoTask(c, sc, f, sub[1:])
	case "test", "bench", "serve":
		if len(rest) == 0 {
			// The project's own tests, found in the folder, as go test
			// and cargo test run them.
			w.runsCode(c, sc, "deno-test", Word{}, Static("."))
			break
		}
		w.runsCode(c, sc, "node", Word{}, rest[0])
	case "fmt":
		if !f.Has("check") {
			for _, o := range rest {
				w.writes(c, sc, o)
			}
			if len(rest) == 0 {
				w.writes(c, sc, under(Static(".")))
			}
		}
	case "lint", "check", "info", "doc", "cache", "install", "uninstall", "upgrade", "repl", "compile", "init",
		"add", "remove", "outdated", "publish", "types", "completions", "coverage", "jupyter", "clean":
	case "eval":
		if len(rest) > 0 {
			w.runsCode(c, sc, "node", rest[0], Word{})
			w.argsOf(c, sc, rest[1:])
		}
	case "run":
		if len(rest) > 0 {
			w.runsCode(c, sc, "node", Word{}, rest[0])
			w.argsOf(c, sc, rest[1:])
		}
	default:
		c.Known = false
	}
}

// bunEffects: bun -e/--eval CODE, -p/--print CODE, bun run FILE, bun FILE.
func bunEffects(w *walker, c *Command, sc *scope, in stdin) {
	spec := Spec{Short: "e:p:r:", Long: []string{"eval=", "print=", "preload=", "cwd=", "env-file=", "config=",
		"silent", "bun", "watch", "hot", "smol"}}
	f := spec.parse(c.Args[1:], &w.mem)
	if f.Has("e", "p", "eval", "print") {
		w.argsOf(c, sc, w.interp(c, sc, in, "node", spec, "e", "p", "eval", "print"))
		return
	}
	rest := c.Args[1+f.End:]
	run := len(rest) > 0 && !rest[0].Dynamic && rest[0].Value == "run"
	if run {
		rest = rest[1:]
	}
	if len(rest) == 0 || rest[0].Dynamic {
		return
	}
	if !strings.ContainsAny(rest[0].Value, "./") {
		switch {
		case run, rest[0].Value == "test":
			w.runsCode(c, sc, "npm-script", Word{}, Static("package.json"))
			if f.Has("cwd") {
				// bun --cwd DIR: another package's scripts, not read.
			} else if run {
				w.packageScripts(c, sc, "run", rest)
			} else {
				w.packageScripts(c, sc, "test", nil)
			}
		case contains(strings.Fields("install i add a remove rm update outdated link unlink pm build init create upgrade publish patch x repl exec info whoami audit"), rest[0].Value):
			if rest[0].Value == "install" || rest[0].Value == "i" || rest[0].Value == "add" {
				w.runsCode(c, sc, "npm-script", Word{}, Static("package.json"))
			}
		default:
			// bun NAME runs the package script NAME, or the program
			// NAME of node_modules/.bin.
			c.Known = false
		}
		return
	}
	w.runsCode(c, sc, "node", Word{}, rest[0])
	w.argsOf(c, sc, rest[1:])
}

// phpEffects: php -r CODE, -B/-R/-F/-E code, -f FILE or FILE.
func phpEffects(w *walker, c *Command, sc *scope, in stdin) {
	spec := Spec{Short: "aCHhilmnqsvwr:B:R:E:F:f:c:d:S:t:z:", Long: []string{"run=", "process-begin=",
		"process-code=", "process-end=", "process-file=", "file=", "define=", "php-ini=", "server=", "docroot="}}
	f := spec.parse(c.Args[1:], &w.mem)
	if fl, ok := f.Value("f", "file", "F", "process-file"); ok {
		w.runsCode(c, sc, "php", Word{}, fl)
		w.argsOf(c, sc, c.Args[1+f.End:])
		return
	}
	if f.Has("v", "i", "m", "h") {
		return
	}
	w.argsOf(c, sc, w.interp(c, sc, in, "php", spec, "r", "B", "R", "E", "run", "process-begin", "process-code", "process-end"))
}

// luaEffects: lua -e STAT… or a script file.
func luaEffects(w *walker, c *Command, sc *scope, in stdin) {
	w.argsOf(c, sc, w.interp(c, sc, in, "lua", Spec{Short: "ivEWe:l:j:O::b"}, "e"))
}

// osascriptEffects: osascript -e STATEMENT… or a script file
// (AppleScript or, with -l JavaScript, JXA).
func osascriptEffects(w *walker, c *Command, sc *scope, in stdin) {
	spec := Spec{Short: "il:e:s:"}
	lang := "applescript"
	f := spec.parse(c.Args[1:], &w.mem)
	if l, ok := f.Value("l"); ok && strings.EqualFold(l.Value, "javascript") {
		lang = "javascript"
	}
	w.argsOf(c, sc, w.interp(c, sc, in, lang, spec, "e"))
}

// in0 is standard input that is not known.
var in0 = stdin{piped: true}

// joinWords joins the values of words with spaces.
func joinWords(words []Word) string {
	var b strings.Builder
	for i, x := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(x.Value)
	}
	return b.String()
}

// shellEffects: a shell's -c script and stdin script are walked as
// nested scripts (runners.go); a script file it runs is code in Path.
func shellEffects(w *walker, c *Command, sc *scope, in stdin) {
	w.startupFiles(c, sc, in)
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			return
		}
		v := a.Value
		switch {
		case v == "--" || v == "-":
			if v == "--" && i+1 < len(args) {
				w.runsCode(c, sc, "sh", Word{}, args[i+1])
				w.argsOf(c, sc, args[i+2:])
			}
			return
		case v == "--rcfile" || v == "--init-file":
			i++
		case strings.HasPrefix(v, "--"):
			if v == "--command" {
				return
			}
		case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
			if strings.Contains(v, "c") {
				return
			}
			if strings.Contains(v, "s") {
				w.stdinFile(c, sc, in)
				return
			}
			if strings.ContainsAny(v[1:], "oO") {
				i++
			}
		default:
			w.runsCode(c, sc, "sh", Word{}, a)
			w.argsOf(c, sc, args[i+1:])
			return
		}
	}
	w.stdinFile(c, sc, in)
}
