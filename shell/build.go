package shell

import (
	"path"
	"slices"
	"strings"
)

// Build tools run the project's own code (tests, build scripts,
// Makefile recipes, package.json scripts): that is a [RunsCode] effect
// whose Path is where the code is (Code is empty); their subcommands that
// name files write or read them.

// goEffects: go build/test/run/… with -C DIR; -o and the profile flags
// of go test write; run, test, generate, build and vet run the project's
// code ("go" at the package path); mod tidy/edit write go.mod (and
// go.sum); other known subcommands touch no file their words name.
func goEffects(w *walker, c *Command, sc *scope, _ stdin) {
	sub, ok := c.Subcommand(Spec{Short: "C:"})
	if !ok {
		return
	}
	at := sc
	g := (Spec{Short: "C:"}).Parse(c.Args[1 : len(c.Args)-len(sub)])
	if d, ok := g.Value("C"); ok {
		at = &scope{dir: joinDir(sc.dir, d)}
	}
	f := goFlags(sub[1:], goTakes...)
	if d, ok := f.Value("C"); ok {
		at = &scope{dir: joinDir(at.dir, d)} // go build -C DIR
	}
	kept, ok := w.goKept(c, at)
	if !ok {
		return
	}
	w.goOptions(c, at, kept)
	w.goOptions(c, at, f.Options)
	if _, ok := f.Value("o"); !ok {
		f.Options = append(kept[:len(kept):len(kept)], f.Options...) // GOFLAGS=-o=… names the output
	}
	w.goOutputs(c, at, sub[0].Value, f)
	switch sub[0].Value {
	case "run", "test", "generate", "build", "vet", "install":
		if sub[0].Value != "build" && sub[0].Value != "vet" && sub[0].Value != "install" || hasCgoOrTool(f) {
			// The packages' code, at each package or pattern (go run's
			// first operand: the rest are its program's arguments).
			pkgs := f.Operands
			switch {
			case len(pkgs) == 0:
				pkgs = []Word{Static(".")}
			case sub[0].Value == "run":
				pkgs = pkgs[:1]
			}
			for _, p := range pkgs[:min(len(pkgs), 16)] {
				w.runsCode(c, at, "go", Word{}, p)
			}
		}
	case "mod":
		if len(f.Operands) > 0 && !f.Operands[0].Dynamic {
			switch f.Operands[0].Value {
			case "tidy", "edit", "init":
				w.writes(c, at, Static("go.mod"))
				if f.Operands[0].Value == "tidy" {
					w.writes(c, at, Static("go.sum"))
				}
			case "vendor":
				w.goVendor(c, at, f)
			}
		}
	case "work":
		if len(f.Operands) > 0 && !f.Operands[0].Dynamic {
			switch f.Operands[0].Value {
			case "init", "use", "edit":
				w.writes(c, at, Static("go.work"))
			case "vendor":
				w.goVendor(c, at, f)
			}
		}
	case "tool":
		w.goTool(c, at, sub[1:])
	case "get":
		w.writes(c, at, Static("go.mod"))
		w.writes(c, at, Static("go.sum"))
	case "fmt", "fix":
		w.writes(c, at, Word{Value: "(the packages' .go files)", Dynamic: true})
	case "env":
		w.goEnvWrite(c, at, sub[1:])
	case "version", "list", "doc", "help", "clean", "telemetry", "bug":
	default:
		c.Known = false
	}
}

// hasCgoOrTool reports whether go build options run a program of the
// command line (-toolexec, -exec, go vet's -vettool): then the build
// runs code.
func hasCgoOrTool(f Flags) bool { return f.Has("exec", "toolexec", "vettool") }

// npmEffects: npm, pnpm and yarn. run, test, start, restart, stop and
// install (lifecycle scripts) run package.json scripts; exec, dlx and x
// run a command (runners.go); pack writes the tarball; the other known
// subcommands touch no file their words name. yarn NAME runs the
// script NAME.
func npmEffects(w *walker, c *Command, sc *scope, in stdin) {
	w.scriptShell(c, sc)
	sub, ok := c.Subcommand(Npm)
	if !ok {
		if c.Name == "yarn" && len(c.Args) == 1 {
			// yarn alone installs, running lifecycle scripts.
			w.runsCode(c, sc, "npm-script", Word{}, Static("package.json"))
		}
		return
	}
	if !sub[0].Dynamic {
		w.npmInstalls(c, sc, sub)
	}
	switch sub[0].Value {
	case "run", "run-script", "rum", "urn", "test", "tst", "t", "start", "restart", "stop", "install", "i", "ci",
		"add", "install-test", "it", "rebuild", "rb", "build", "dev", "watch", "lint", "format":
		w.runsCode(c, sc, "npm-script", Word{}, Static("package.json"))
		if !sub[0].Dynamic && len(c.Args)-len(sub) == 1 {
			// In the directory it runs in (not -C DIR, --prefix, -w).
			w.packageScripts(c, sc, sub[0].Value, sub[1:])
		}
	case "exec", "x", "dlx", "explore", "create", "init", "innit", "publish", "pack", "version", "uninstall",
		"remove", "rm", "un", "unlink", "update", "up", "upgrade", "outdated", "ls", "list", "ll", "la", "view", "info",
		"show", "v", "search", "config", "get", "set", "help", "whoami", "login", "logout", "adduser", "audit",
		"fund", "doctor", "prefix", "root", "bin", "cache", "dedupe", "ddp", "prune", "link", "ln", "why", "explain",
		"query", "pkg", "owner", "access", "token", "team", "org", "deprecate", "dist-tag", "diff", "edit", "docs",
		"bugs", "repo", "ping", "profile", "star", "stars", "unstar", "shrinkwrap", "sbom", "completion", "hook",
		"workspaces", "why-not", "import", "store", "env", "setup", "patch", "patch-commit", "licenses":
		if sub[0].Value == "pack" && !slices.ContainsFunc(c.Args, func(a Word) bool { return a.Value == "--dry-run" && !a.Dynamic }) {
			w.npmPack(c, sc, sub[1:])
		}
		if sub[0].Value == "pkg" && len(sub) > 1 && !sub[1].Dynamic && sub[1].Value == "set" {
			w.npmScripts(c, sc, sub[2:])
		}
	case "set-script":
		// npm set-script NAME COMMAND (npm 7 and 8).
		if len(sub) > 2 {
			w.nestedWord(sub[2], &scope{dir: sc.dir}, plus(c.Via, c.Name))
		}
	default:
		if c.Name == "yarn" || c.Name == "pnpm" {
			w.runsCode(c, sc, "npm-script", Word{}, Static("package.json"))
			if !sub[0].Dynamic && len(c.Args)-len(sub) == 1 {
				w.packageScripts(c, sc, sub[0].Value, sub[1:])
			}
			return
		}
		c.Known = false
	}
}

// cargoEffects: cargo build, test, run, bench, check and clippy run
// build scripts and the project's code; clean deletes the target
// directory (Recursive); new writes its directory; the other known
// subcommands touch no file their words name.
func cargoEffects(w *walker, c *Command, sc *scope, _ stdin) {
	sub, ok := c.Subcommand(Spec{Short: "vqZ:C:", Long: []string{"color=", "config=", "manifest-path=", "locked",
		"offline", "frozen", "verbose", "quiet"}})
	if !ok {
		return
	}
	f := (&Spec{Short: "p:j:", Permute: true, Long: []string{"target-dir=", "manifest-path=", "package=", "features=",
		"target=", "profile=", "jobs=", "bin=", "example=", "test=", "bench=", "name=", "vcs=", "edition=",
		"release", "doc", "dry-run", "all-targets", "workspace", "lib", "out-dir=", "artifact-dir="}}).parse(sub[1:], &w.mem)
	switch sub[0].Value {
	case "build", "b", "test", "t", "run", "r", "bench", "check", "c", "clippy", "doc", "d", "install", "fix":
		w.runsCode(c, sc, "rust", Word{}, Static("."))
		if d, ok := f.Value("artifact-dir", "out-dir"); ok && (sub[0].Value == "build" || sub[0].Value == "b") {
			// The crate's programs, copied into the folder.
			from := Static(".")
			if m, ok := f.Value("manifest-path"); ok {
				from = Word{Value: m.Value + "/..", Dynamic: m.Dynamic}
				if !m.Dynamic {
					from = Static(path.Dir(m.Value))
				}
			}
			w.effect(c, sc, Effect{Kind: Writes, Path: under(d), From: &from, By: "cargo build"})
		}
		if sub[0].Value == "install" {
			w.cargoInstalls(c, sc, sub[1:])
		}
	case "clean":
		if f.Has("doc", "dry-run") {
			return
		}
		t := Static("target")
		if d, ok := f.Value("target-dir"); ok {
			t = d
		}
		w.deletes(c, sc, t, true)
	case "new", "init":
		if len(f.Operands) > 0 {
			w.writes(c, sc, f.Operands[0])
		}
	case "fmt", "add", "remove", "rm", "update", "publish", "package", "search", "tree", "metadata", "version",
		"login", "logout", "owner", "yank", "vendor", "fetch", "generate-lockfile", "locate-project", "pkgid",
		"read-manifest", "verify-project", "help", "uninstall", "info", "report", "config", "nextest", "audit",
		"deny", "outdated", "udeps", "expand", "watch", "msrv", "semver-checks":
	default:
		c.Known = false
	}
}

// makeEffects: make runs the recipes of its makefile (-f FILE, or
// Makefile in -C DIR) through the shell: code in a file.
func makeEffects(w *walker, c *Command, sc *scope, in stdin) {
	f := w.flags(c, Spec{Short: makeShort, Permute: true, Long: []string{"directory=",
		"file=", "makefile=", "include-dir=", "jobs=?", "load-average=?", "old-file=", "assume-old=", "what-if=",
		"new-file=", "assume-new=", "output-sync=?", "debug=?", "eval=", "always-make", "dry-run", "just-print",
		"question", "keep-going", "silent", "quiet", "environment-overrides", "ignore-errors", "no-print-directory",
		"print-directory", "touch", "trace"}})
	for _, a := range append(f.Unsure[:len(f.Unsure):len(f.Unsure)], f.Operands...) {
		if a.Dynamic && makeMayOpt(a.Prefix()) && !jobCount(c.Args, a) {
			w.unknown(c.String()+" (a word known only when it runs, which make may read as an option or a variable's value)", plus(c.Via, c.Name))
			break
		}
	}
	at := sc
	for _, o := range f.Options {
		if o.Name == "C" || o.Name == "directory" {
			// Each -C is relative to the one before. A folder known only
			// at run time makes the makefiles' paths dynamic, as after
			// cd "$D": a policy matches them with the files the command
			// writes (make -C "$D" after writing sub/Makefile).
			at = &scope{dir: joinDir(at.dir, o.Value)}
		}
	}
	if e, ok := f.Value("eval"); ok {
		w.runsCode(c, at, "make", e, Word{})
	}
	files := 0
	// The goals, and whether recipes run (not -n, -q, -t): read from the
	// makefile on disk with Parser.Files (makefile.go).
	var goals []string
	runs := !f.Has("n", "dry-run", "just-print", "q", "question", "t", "touch")
	for _, o := range f.Operands {
		if o.Dynamic {
			goals = append(goals, anyGoal) // known only at run time: any target's recipes
		} else if !strings.Contains(o.Value, "=") {
			goals = append(goals, o.Value)
		}
	}
	for _, o := range f.Options {
		switch o.Name {
		case "f", "file", "makefile":
			files++
			if v := o.Value; !v.Dynamic && (v.Value == "-" || isStdinPath(v.Value)) {
				// A makefile read from the standard input: its recipes
				// are shell commands (make -f - <<<$'x:\n\trm -rf d').
				w.resolve(&in)
				code := Word{Value: "(makefile from a pipe)", Dynamic: true}
				if in.doc != nil {
					code = *in.doc
				}
				w.runsCode(c, at, "make", code, Word{})
				if !code.Dynamic {
					sub := *at
					w.nested(recipes(code.Value), false, &sub, plus(c.Via, c.Name))
				}
				continue
			}
			if o.Value.Dynamic {
				w.unknown(c.String()+" (a makefile known only when it runs)", plus(c.Via, c.Name))
				continue
			}
			if v := o.Value.Value; strings.HasPrefix(v, "/dev/fd/") {
				// A Makefile read from another descriptor: its recipes are
				// not read here.
				w.unknown(c.String()+" (a Makefile read from "+v+")", plus(c.Via, c.Name))
				continue
			}
			w.runsCode(c, at, "make", Word{}, o.Value)
			if runs {
				w.makefileRecipes(c, at, o.Value, goals)
			}
		}
	}
	if files == 0 {
		// GNU make reads the first of GNUmakefile, makefile and
		// Makefile that exists.
		read := !runs
		for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
			w.runsCode(c, at, "make", Word{}, Static(name))
			if !read {
				read = w.makefileRecipes(c, at, Static(name), goals)
			}
		}
	}
}

// makeShort are make's short options, as [Spec.Short] reads them.
const makeShort = "bBdeiknpqrRsStvwC:f:I:j::l::o:W:O::"

// makeMayOpt reports whether a make word known only at run time, whose
// static text is prefix, may be an option (-f FILE, --eval=TEXT, -E
// TEXT) or a variable's assignment (SHELL=./x.sh): it starts with its
// dynamic part, or with options that take no value (-k$X), or is a long
// option whose name is not all there (--$OPT). A goal with a static
// start (build-$ARCH) and an option's value (-j$(nproc), --jobs=$N) are
// neither.
func makeMayOpt(prefix string) bool {
	switch {
	case prefix == "" || prefix == "-":
		return true
	case strings.HasPrefix(prefix, "--"):
		return !strings.Contains(prefix, "=")
	case !strings.HasPrefix(prefix, "-"):
		return false
	}
	for i := 1; i < len(prefix); i++ {
		if k := strings.IndexByte(makeShort, prefix[i]); k >= 0 && k+1 < len(makeShort) && makeShort[k+1] == ':' {
			return false // the rest is the option's value
		}
	}
	return true
}

// jobCount reports whether a is the word after make's -j or -l that
// counts processors ($(nproc), $(getconf _NPROCESSORS_ONLN)): a number,
// which make takes as the option's value.
func jobCount(args []Word, a Word) bool {
	v := strings.Trim(a.Value, `"`)
	if !strings.HasPrefix(v, "$(nproc") && !strings.HasPrefix(v, "$(getconf _NPROCESSORS_ONLN") ||
		!strings.HasSuffix(v, ")") || strings.Count(v, "$(") != 1 || strings.ContainsAny(v, ";|&`") {
		return false
	}
	for i := 1; i+1 < len(args); i++ {
		if args[i+1].Equal(a) && !args[i].Dynamic && (args[i].Value == "-j" || args[i].Value == "-l" || args[i].Value == "--jobs") {
			return true
		}
	}
	return false
}

// runSub returns the words after a tool's run/exec subcommand (uv run,
// bundle exec, pipx run, nix run/develop/shell, …), which runners.go
// walks as a command, and whether there is one.
func runSub(c *Command) ([]Word, bool) {
	sub, ok := c.Subcommand(Spec{})
	if !ok || sub[0].Dynamic {
		return nil, false
	}
	switch c.Name + " " + sub[0].Value {
	case "uv run", "uv tool", "poetry run", "pipenv run", "pdm run", "hatch run", "rye run", "conda run",
		"devbox run", "bundle exec", "asdf exec", "mise exec", "mise x", "mise run", "pipx run", "nix run",
		"nix develop", "nix shell", "direnv exec":
		return sub[1:], true
	}
	return nil, false
}

// goFlags parses flags as Go's flag package does: one or two dashes,
// -name=value, or -name value for the flags of takes (the others are
// booleans); operands may come between them (go test ./... -run X).
func goFlags(args []Word, takes ...string) Flags {
	p := flagParse{from: -1}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic && a.MaybeOption() && !strings.HasPrefix(a.Prefix(), "-") {
			p.addUnsure(a)
		}
		if a.Dynamic && !strings.HasPrefix(a.Prefix(), "-") || !a.MaybeOption() {
			p.addOperand(args, i)
			continue
		}
		if !a.Dynamic && a.Value == "--" {
			return p.rest(args, i+1)
		}
		body := strings.TrimPrefix(strings.TrimPrefix(a.Value, "-"), "-")
		name, val, has := strings.Cut(body, "=")
		o := Option{Name: name}
		switch {
		case has:
			o.Value, o.HasValue = Static(val), true
			if a.Dynamic {
				o.Value = Word{Value: val, Dynamic: true}
			}
		case i+1 < len(args) && contains(takes, name):
			i++
			o.Value, o.HasValue = args[i], true
		}
		p.addOption(o, args[i:])
	}
	return p.Flags
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// recipes returns the recipe lines of a makefile (those that start with
// a tab), without make's prefixes (@, -, +), one a line: what make hands
// the shell.
func recipes(makefile string) string {
	var b strings.Builder
	for _, line := range strings.Split(makefile, "\n") {
		if !strings.HasPrefix(line, "\t") {
			continue
		}
		b.WriteString(strings.TrimLeft(line, "\t@-+ "))
		b.WriteByte('\n')
	}
	return b.String()
}

// npmScripts walks the scripts that npm pkg set KEY=VALUE writes into
// package.json: a later npm run runs VALUE as a shell command
// (scripts.build='rm -rf d'), so it is walked here as one. A word that
// may be such a key but is known only at run time is an unknown
// command.
func (w *walker) npmScripts(c *Command, sc *scope, args []Word) {
	for _, a := range args {
		if !a.Dynamic && strings.HasPrefix(a.Value, "-") {
			continue
		}
		text := a.Value
		if a.Dynamic {
			text = a.Prefix()
		}
		key, val, ok := strings.Cut(text, "=")
		switch {
		case !ok && a.Dynamic:
			w.unknown(c.String(), plus(c.Via, c.Name))
		case !ok, !strings.HasPrefix(key, "scripts."):
		case a.Dynamic:
			w.nestedWord(MakeWord(a.Value[len(key)+1:], true, val, a.Suffix()), &scope{dir: sc.dir}, plus(c.Via, c.Name))
		default:
			w.nestedWord(Static(val), &scope{dir: sc.dir}, plus(c.Via, c.Name))
		}
	}
}

// scriptShell walks the program npm, pnpm or yarn is told to run each
// package.json script with (npm --script-shell=./x.sh test, npm config
// set script-shell ./x.sh, which later runs keep): it runs as a command.
func (w *walker) scriptShell(c *Command, sc *scope) {
	args := c.Args[1:]
	for i, a := range args {
		v := a.Value
		if i := strings.IndexByte(v, '='); i > 0 && strings.Contains(a.Prefix(), "=") {
			v = v[:i]
		}
		if len(v) < len("scriptshell") {
			// No key below: each of its bytes comes from one of v's (of
			// the letters of script-shell only ASCII lower-cases to them).
			continue
		}
		key := strings.ToLower(strings.ReplaceAll(strings.TrimLeft(v, "-"), "_", "-"))
		key = strings.TrimPrefix(key, "config.")
		if key != "script-shell" && key != "scriptshell" || a.Dynamic && !strings.Contains(a.Prefix(), "=") && !strings.HasPrefix(a.Prefix(), "-") {
			continue
		}
		var val Word
		switch _, after, eq := strings.Cut(a.Value, "="); {
		case eq:
			val = Word{Value: after, Dynamic: true}
			if !a.Dynamic {
				val = Static(after)
			}
		case i+1 < len(args):
			val = args[i+1]
		default:
			continue
		}
		w.nested(val.Value, val.Dynamic, &scope{dir: sc.dir}, plus(c.Via, c.Name+" script-shell"))
	}
}
