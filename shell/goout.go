package shell

import "strings"

// goBin stands for the folder go install writes programs to: $GOBIN, or
// the bin folder of the first GOPATH entry (~/go/bin), set in the
// environment, by go env -w, or by the script. Which one is known only
// when the command runs; a program's name is (see [Write.From]).
const goBin = "$(go env GOBIN)"

// goOutputs records the programs go build, go install and go test -c
// write (sub is the subcommand, f its flags, at the scope of -C):
//
//   - go install: into [goBin], one program a main package;
//   - go build and go test -c with -o OUT: OUT (goEffects records it),
//     or, when OUT is a folder, a program a main package in it;
//   - go build and go test -c without -o, for one package: a program in
//     the folder the command runs in (go build of several discards its
//     programs).
//
// A program is named after the last element of its package's import
// path (a major version suffix /vN skipped), or its first .go file's
// name; test -c adds ".test". That name is known from the words for an
// import path; for a folder it depends on the module's go.mod, and for a
// pattern (./..., ./cmd/..., all) on the packages on disk: that is a
// tree write ([Effect.From] the folder, the pattern, or a word known
// only at run time for a remote pattern), which a policy protecting a
// file in the folder reads.
func (w *walker) goOutputs(c *Command, at *scope, sub string, f Flags) {
	suffix := ""
	switch sub {
	case "build", "install":
	case "test":
		if !f.Has("c") {
			return
		}
		suffix = ".test"
	default:
		return
	}
	pkgs := f.Operands
	if len(pkgs) == 0 {
		pkgs = []Word{Static(".")}
	}
	files, isFiles := goFilesName(pkgs)
	out, hasOut := f.Value("o")
	var dest Word
	switch {
	case hasOut:
		dest = out
	case sub == "install":
		dest = Word{Value: goBin, Dynamic: true}
	case !isFiles && (len(pkgs) > 1 || pkgs[0].Dynamic || strings.Contains(pkgs[0].Value, "...")):
		return // several packages: their programs are discarded
	default:
		dest = Static(".")
	}
	by := "go " + sub
	if isFiles {
		w.effect(c, at, Effect{Kind: Writes, Path: inFolder(dest, files+suffix), By: by})
		return
	}
	for _, p := range pkgs {
		if name, ok := goName(p); ok {
			w.effect(c, at, Effect{Kind: Writes, Path: inFolder(dest, name+suffix), By: by})
			continue
		}
		from := p
		if !p.Dynamic && !goLocal(p.Value) {
			from = Word{Value: p.Value, Dynamic: true} // a remote pattern: not listed here
		}
		w.effect(c, at, Effect{Kind: Writes, Path: under(orDot(dest)), From: &from, By: by})
	}
}

// inFolder is the path of file name in folder d, its name known even
// when d is known only at run time.
func inFolder(d Word, name string) Word {
	if !d.Dynamic {
		return Static(strings.TrimSuffix(d.Value, "/") + "/" + name)
	}
	return MakeWord(strings.TrimSuffix(d.Value, "/")+"/"+name, true, d.Prefix(), "/"+name)
}

// goFilesName returns the program name of a package given as .go files
// (go build main.go util.go: "main"), when every word is one.
func goFilesName(pkgs []Word) (string, bool) {
	for _, p := range pkgs {
		if p.Dynamic || !strings.HasSuffix(p.Value, ".go") {
			return "", false
		}
	}
	first := pkgs[0].Value
	return strings.TrimSuffix(first[strings.LastIndexByte(first, '/')+1:], ".go"), true
}

// goName returns the name of the program an import path (with or
// without @version) builds, when the words tell it: not for a folder, a
// pattern or a word known only at run time.
func goName(p Word) (string, bool) {
	if p.Dynamic || goLocal(p.Value) || strings.Contains(p.Value, "...") {
		return "", false
	}
	v, _, _ := strings.Cut(p.Value, "@")
	switch v {
	case "all", "std", "cmd", "tool", "work", "":
		return "", false // patterns
	}
	elems := strings.Split(strings.Trim(v, "/"), "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && goMajor(name) {
		name = elems[len(elems)-2]
	}
	if name == "" || name == "." || name == ".." {
		return "", false
	}
	return name, true
}

// goLocal reports whether a package word names a folder (., .., ./x,
// ../x, /x) rather than an import path.
func goLocal(v string) bool {
	return v == "." || v == ".." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/")
}

// goMajor reports whether s is a major version suffix: v2, v3, …
func goMajor(s string) bool {
	if len(s) < 2 || s[0] != 'v' || s[1] == '0' || s == "v1" {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// goFlagsVar keeps a value the script gives GOFLAGS, prefix or not, for
// every go command after it (see goKept): the go command reads its
// flags from it. A value known only at run time, and any value of GOENV
// (the file go reads GOFLAGS from), is kept as a dynamic word; past
// maxStartup values one more dynamic word stands for the rest.
func (w *walker) goFlagsVar(name string, v Word) {
	if name == "GOENV" || v.Dynamic {
		v = Word{Value: "$" + name + " (" + v.Value + ")", Dynamic: true}
	}
	switch {
	case len(w.goFlagVals) < maxStartup:
		w.goFlagVals = append(w.goFlagVals, v)
	case len(w.goFlagVals) == maxStartup:
		w.goFlagVals = append(w.goFlagVals, Word{Value: "$GOFLAGS (set too often to follow)", Dynamic: true})
	}
}

// goTakes are the flags of go's subcommands that take a value as the
// next word.
var goTakes = []string{"o", "coverprofile", "cpuprofile", "memprofile", "blockprofile", "mutexprofile",
	"trace", "outputdir", "exec", "toolexec", "vettool", "modfile", "overlay", "pgo", "run", "bench", "count", "timeout",
	"tags", "ldflags", "gcflags", "asmflags", "p", "mod", "covermode", "coverpkg", "skip", "parallel", "cpu",
	"benchtime", "fuzz", "fuzztime", "vet", "shuffle", "C", "test.run", "test.timeout", "args", "failfast="}

// goKept returns the options of the GOFLAGS values the script set (see
// goFlagsVar), and false when one is known only at run time: the go
// command c is then an unknown command.
func (w *walker) goKept(c *Command, at *scope) ([]Option, bool) {
	var opts []Option
	for _, v := range w.goFlagVals {
		if v.Dynamic {
			w.goUnknownFlags(c, at, v.Value)
			return nil, false
		}
		opts = append(opts, goFlags(wordsOf(v.Value), goTakes...).Options...)
	}
	return opts, true
}

// goEnvWrite records what go env -w sets for every go command after
// it: GOFLAGS' -o is a program written, -exec and -toolexec code run.
func (w *walker) goEnvWrite(c *Command, at *scope, args []Word) {
	f := goFlags(args)
	if !f.Has("w") {
		return
	}
	for _, a := range f.Operands {
		k, v, ok := strings.Cut(a.Value, "=")
		if !ok || k != "GOFLAGS" && !strings.HasPrefix(a.Prefix(), "GOFLAGS") {
			continue
		}
		if a.Dynamic {
			w.goUnknownFlags(c, at, a.Value)
			return
		}
		w.goOptions(c, at, goFlags(wordsOf(v), goTakes...).Options)
	}
}

// goOptions records the effects of go's options opts: the flags that
// write a file, and the programs -exec, -toolexec and -vettool run.
func (w *walker) goOptions(c *Command, at *scope, opts []Option) {
	for _, o := range opts {
		switch o.Name {
		case "o", "coverprofile", "cpuprofile", "memprofile", "blockprofile", "mutexprofile", "trace":
			w.writes(c, at, o.Value)
		case "exec", "toolexec", "vettool":
			w.nestedWord(o.Value, &scope{dir: at.dir}, plus(c.Via, c.Name))
		}
	}
}

// goUnknownFlags records a go command whose flags come from text v
// known only at run time (GOFLAGS=$X, a GOENV file): it may write any
// file (-o) and run any program (-toolexec).
func (w *walker) goUnknownFlags(c *Command, at *scope, v string) {
	w.writes(c, at, Word{Value: "$(" + v + ": go's -o, known only at run time)", Dynamic: true})
	w.unknown(c.String()+" ("+v+", known only at run time)", plus(c.Via, c.Name))
}

// goVendor records go mod vendor and go work vendor: -o's folder is
// removed with all it holds, then written again (even when there is
// nothing to vendor: go mod vendor -o bin removes bin); vendor itself is
// written, its modules made again from the module cache.
func (w *walker) goVendor(c *Command, at *scope, f Flags) {
	if o, ok := f.Value("o"); ok {
		w.deletes(c, at, o, true) // goOptions records the write
		return
	}
	w.writes(c, at, Static("vendor")) // made again from the module cache
}

// goTool records go tool NAME: a tool of the toolchain writes what its
// -o, -output, -objdir or -outdir names (pack and buildid -w their
// archive or file; fix rewrites its operands); any other NAME is a tool
// the module declares, its own code run; dist builds the toolchain,
// past what this package follows.
func (w *walker) goTool(c *Command, at *scope, args []Word) {
	for len(args) > 0 && !args[0].Dynamic && strings.HasPrefix(args[0].Value, "-") {
		switch args[0].Value {
		case "-n", "--n":
			return // prints the tool's path
		case "-modfile", "--modfile":
			args = args[1:] // and its value
		}
		if len(args) > 0 {
			args = args[1:]
		}
	}
	if len(args) == 0 {
		return
	}
	if args[0].Dynamic {
		w.unknown(c.String(), plus(c.Via, c.Name))
		return
	}
	f := goFlags(args[1:], "o", "output", "objdir", "outdir", "p", "D", "I", "importcfg", "trimpath", "buildid",
		"lang", "pkgpath", "mode", "var", "pkgcfg", "L", "X", "r", "extld", "extldflags", "buildmode", "linkmode",
		"installsuffix", "tmpdir", "pgoprofile", "coveragecfg", "embedcfg", "asmhdr", "symabis", "gensymabis",
		"importpath", "exportheader", "dynout", "dynpackage", "dynlinker", "srcdir", "i", "pkg", "http", "func", "d",
		"debug", "gccgo", "gccgopkgpath", "gccgoprefix", "buildID", "c", "h", "m", "ldflags", "fuzz")
	for _, o := range f.Options {
		switch o.Name {
		case "output", "objdir", "outdir", "dynout", "exportheader", "asmhdr", "symabis": // -o: goOptions
			if o.HasValue {
				w.writes(c, at, o.Value)
			}
		}
	}
	switch args[0].Value {
	case "pack":
		if len(f.Operands) > 1 && strings.ContainsAny(f.Operands[0].Value, "cr") {
			w.writes(c, at, f.Operands[1])
		}
		if len(f.Operands) > 1 && strings.Contains(f.Operands[0].Value, "x") {
			w.tree(c, at, Static("."), f.Operands[1])
		}
	case "buildid":
		if f.Has("w") {
			for _, p := range f.Operands {
				w.writes(c, at, p)
			}
		}
	case "fix":
		for _, p := range f.Operands {
			w.writes(c, at, p)
		}
	case "asm", "cgo", "compile", "cover", "link", "preprofile", "vet", "addr2line", "covdata", "doc", "nm",
		"objdump", "pprof", "test2json", "trace":
	case "dist":
		w.unknown(c.String(), plus(c.Via, c.Name))
	default:
		w.runsCode(c, at, "go", Word{}, Static("."))
	}
}
