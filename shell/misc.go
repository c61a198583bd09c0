package shell

import "strings"

var straceSpec = Spec{Short: "fFhiqrtTvVxyzcCdDwkna:b:e:E:I:o:O:p:P:s:S:u:U:X:", Long: []string{"output=", "trace=",
	"signal=", "status=", "successful-only", "failed-only", "attach=", "user=", "env=", "summary-only", "summary",
	"follow-forks", "output-separately", "absolute-timestamps=?", "relative-timestamps=?", "syscall-times=?",
	"string-limit=", "decode-fds=?", "decode-pids=?", "inject=", "fault=", "seccomp-bpf", "trace-path=",
	"columns=", "const-print-style=", "quiet=?", "silence=?", "instruction-pointer", "stack-trace=?", "kill-on-exit",
	"detach-on=", "daemonize=?", "timestamps=?", "no-abbrev", "verbose=", "raw=", "read=", "write=", "abbrev=",
	"summary-sort-by=", "summary-columns=", "argv0="}}

// scriptEffects: script [FILE] writes its typescript (./typescript by
// default); -c runs a command (runners.go).
func scriptEffects(w *walker, c *Command, sc *scope, _ stdin) {
	spec := Spec{Short: "aeEfqc:I:O:B:T:t::m:", Permute: true, Long: []string{"append", "command=", "echo=",
		"return", "flush", "force", "log-in=", "log-out=", "log-io=", "log-timing=", "logging-format=", "quiet",
		"output-limit=", "timing=?"}}
	f := w.flags(c, spec)
	valueEffects(w, c, sc, f, Writes, "I", "O", "B", "T", "log-in", "log-out", "log-io", "log-timing", "timing")
	if len(f.Operands) > 0 {
		w.writes(c, sc, f.Operands[0])
	} else {
		w.writes(c, sc, Static("typescript"))
	}
}

// perfEffects: perf stat|record|trace … CMD runs CMD (runners.go);
// perf record writes perf.data or -o FILE; other subcommands read.
func perfEffects(w *walker, c *Command, sc *scope, _ stdin) {
	sub, ok := c.Subcommand(Spec{Long: []string{"debug=", "exec-path=?", "buildid-dir="}})
	if !ok {
		return
	}
	if sub[0].Value == "record" {
		f := perfSpec.parse(sub[1:], &w.mem)
		if o, ok := f.Value("o", "output"); ok {
			w.writes(c, sc, o)
		} else {
			w.writes(c, sc, Static("perf.data"))
		}
	}
}

var perfSpec = Spec{Short: "aABdgHinNqRsTvx:e:o:p:t:u:C:c:F:G:I:m:r:S::D:j:b::k:M:", Long: []string{"event=",
	"output=", "pid=", "tid=", "uid=", "cpu=", "count=", "freq=", "cgroup=", "call-graph=", "mmap-pages=",
	"repeat=", "delay=", "interval-print=", "field-separator=", "metrics=", "topdown", "all-cpus", "no-inherit",
	"append", "expr=", "filter=", "duration=", "log-fd=", "post=", "pre=", "per-thread", "quiet"}}

// metaEffects: chmod, chown, chgrp, chattr, setfacl, chflags and chcon
// change metadata of their file operands (the first operand is the
// mode, owner or attributes, unless --reference= or a -m/-x/-M/-X of
// setfacl gave it); -R changes a whole tree.
func metaEffects(w *walker, c *Command, sc *scope, _ stdin) {
	spec := Spec{Short: "cfvRHLPhbdkm:M:x:X:nu:r:t:l:", Permute: c.Name != "chattr", Long: []string{"changes",
		"silent", "quiet", "verbose", "recursive", "reference=", "from=", "dereference", "no-dereference",
		"preserve-root", "no-preserve-root", "modify=", "set=", "remove=", "set-file=", "modify-file=",
		"remove-file=", "remove-all", "remove-default", "user=", "role=", "type=", "range="}}
	args := c.Args[1:]
	if c.Name == "chmod" {
		// chmod -w FILE: a mode that starts with a dash is an operand.
		args = nil
		for _, a := range c.Args[1:] {
			if !a.Dynamic && len(a.Value) > 1 && a.Value[0] == '-' && strings.Trim(a.Value[1:], "rwxXstugo,+=-0123456789") == "" {
				a = Static("mode:" + a.Value)
			}
			args = append(args, a)
		}
	}
	f := spec.parse(args, &w.mem)
	ops := f.Operands
	given := f.Has("reference") || (c.Name == "setfacl" && f.Has("m", "M", "x", "X", "b", "k", "set", "set-file", "modify", "remove", "remove-all", "remove-default", "modify-file", "remove-file")) ||
		(c.Name == "chcon" && f.Has("u", "r", "t", "l", "user", "role", "type", "range"))
	if !given && len(ops) > 0 {
		ops = ops[1:]
	}
	rec := f.Has("R", "recursive")
	for _, o := range ops {
		w.effect(c, sc, Effect{Kind: Writes, Path: o, Recursive: rec, Meta: true})
	}
}

// splitEffects: split [FILE [PREFIX]] and csplit [-f PREFIX] FILE
// PATTERN… read FILE and write files named PREFIX followed by a suffix
// (x and xx by default).
func splitEffects(w *walker, c *Command, sc *scope, _ stdin) {
	if c.Name == "split" {
		f := w.flags(c, Spec{Short: "a:b:C:l:n:t:de", Permute: true, Long: []string{"suffix-length=",
			"additional-suffix=", "bytes=", "line-bytes=", "lines=", "number=", "separator=", "filter=",
			"numeric-suffixes=?", "hex-suffixes=?", "elide-empty-files", "unbuffered", "verbose"}})
		ops := f.Operands
		if len(ops) > 0 {
			w.reads(c, sc, ops[0])
		}
		prefix := Static("x")
		if len(ops) > 1 {
			prefix = ops[1]
		}
		w.writes(c, sc, withSuffix(prefix, "…"))
		if fl, ok := f.Value("filter"); ok {
			w.nestedWord(fl, &scope{dir: sc.dir}, plus(c.Via, c.Name))
		}
		return
	}
	f := w.flags(c, Spec{Short: "f:b:n:ksz", Permute: true, Long: []string{"prefix=", "suffix-format=", "digits=",
		"keep-files", "suppress-matched", "quiet", "silent", "elide-empty-files"}})
	prefix := Static("xx")
	if p, ok := f.Value("f", "prefix"); ok {
		prefix = p
	}
	if len(f.Operands) > 0 {
		w.reads(c, sc, f.Operands[0])
	}
	w.writes(c, sc, withSuffix(prefix, "…"))
}

// withSuffix returns p followed by a suffix known only at run time.
func withSuffix(p Word, suffix string) Word {
	return MakeWord(p.Value+suffix, true, p.Prefix(), "")
}

// mktempEffects: mktemp creates a file (a directory with -d) named by
// its template, whose X's are known only at run time, in the directory
// of -p/--tmpdir or, with -t or no template, $TMPDIR or /tmp.
func mktempEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "dqtup:", Permute: true, Long: []string{"directory", "dry-run", "quiet",
		"suffix=", "tmpdir=?"}})
	if f.Has("u", "dry-run") {
		return
	}
	tmpl := Static("tmp.XXXXXXXXXX")
	if len(f.Operands) > 0 {
		tmpl = f.Operands[0]
	}
	dir, inDir := f.Value("p", "tmpdir")
	if !inDir && (f.Has("t", "tmpdir") || len(f.Operands) == 0) {
		dir, inDir = Word{Value: "$TMPDIR", Dynamic: true}, true
	}
	name := MakeWord(tmpl.Value, true, strings.TrimRight(tmpl.Prefix(), "X"), "")
	if inDir {
		name = joinDir(dir, name)
	}
	w.writes(c, sc, name)
}

// sqliteEffects: sqlite3 [opts] DB [SQL…] writes DB and runs SQL, whose
// dot commands (.shell, .system, .output, .once, .import) reach files and
// the shell; a script on standard input is code too.
func sqliteEffects(w *walker, c *Command, sc *scope, in stdin) {
	// sqlite3 spells its options with one dash or two.
	args := make([]Word, len(c.Args)-1)
	for i, a := range c.Args[1:] {
		if !a.Dynamic && len(a.Value) > 2 && a.Value[0] == '-' && a.Value[1] != '-' {
			a = Static("-" + a.Value)
		}
		args[i] = a
	}
	f := (&Spec{Permute: true, Long: []string{"cmd=", "init=", "separator=", "newline=", "nullvalue=",
		"vfs=", "mmap=", "lookaside=", "pagecache=", "heap=", "maxsize=", "A=", "append", "ascii", "bail", "batch",
		"box", "column", "csv", "deserialize", "echo", "header", "noheader", "html", "interactive", "json",
		"line", "list", "markdown", "memtrace", "nofollow", "nonce=", "quote", "readonly", "safe", "stats",
		"table", "tabs", "version", "zip"}}).parse(args, &w.mem)
	for _, o := range f.Options {
		switch o.Name {
		case "cmd":
			w.runsCode(c, sc, "sql", o.Value, Word{})
		case "init":
			w.runsCode(c, sc, "sql", Word{}, o.Value)
		}
	}
	ops := f.Operands
	if len(ops) == 0 {
		w.stdinCode(c, sc, "sql", in)
		return
	}
	if f.Has("readonly") {
		w.reads(c, sc, ops[0])
	} else {
		w.writes(c, sc, ops[0])
	}
	if len(ops) > 1 {
		w.runsCode(c, sc, "sql", Static(joinWords(ops[1:])), Word{})
		for _, o := range ops[1:] {
			if o.Dynamic {
				w.runsCode(c, sc, "sql", o, Word{})
			}
		}
		return
	}
	w.stdinCode(c, sc, "sql", in)
}

// opensslEffects: openssl SUBCOMMAND … writes the files of -out,
// -keyout and -certout, and reads those of -in, -key, -config and the
// like.
func opensslEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || i+1 >= len(args) {
			continue
		}
		switch strings.TrimPrefix(a.Value, "-") {
		case "out", "keyout", "certout", "pubout_file", "CAserial":
			if strings.HasPrefix(a.Value, "-") {
				i++
				w.writes(c, sc, args[i])
			}
		case "in", "key", "config", "CAfile", "CA", "CAkey", "inkey", "signer", "certfile", "extfile", "cert", "kfile":
			if strings.HasPrefix(a.Value, "-") {
				i++
				w.reads(c, sc, args[i])
			}
		}
	}
}

// sshKeygenEffects: ssh-keygen -f FILE writes FILE and FILE.pub when it
// generates or changes a key (not with -l, -y, -B, -F, -L, -Q).
func sshKeygenEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "ABcDeFgHiKlLmpqQrRUvyY::a:b:C:E:f:G:I:J:j:M:n:N:O:P:r:s:S:t:V:w:W:z:Z:"})
	p, ok := f.Value("f")
	if !ok {
		return
	}
	if f.Has("l", "y", "B", "F", "L", "Q", "D") {
		w.reads(c, sc, p)
		return
	}
	w.writes(c, sc, p)
	if !p.Dynamic {
		w.writes(c, sc, Static(p.Value+".pub"))
	}
}

// manEffects: man runs its pager (-P/--pager) and browser (-H/--html)
// through the shell; it reads the manual pages (-l FILE: a file).
func manEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "adDfhikKlutwWZ7C:L:m:M:p:P:r:R:s:S:e:E:T::X::H::", Permute: true, Long: []string{"pager=", "html=?",
		"config-file=", "locale=", "systems=", "sections=", "extension=", "encoding=", "preprocessor=", "prompt=",
		"manpath=", "local-file", "recode=", "ascii", "troff-device=?", "gxditview=?", "where", "path",
		"location", "catman", "all", "update", "no-subpages", "regex", "wildcard", "names-only", "apropos",
		"whatis", "ignore-case", "match-case", "no-hyphenation", "no-justification", "debug", "default"}})
	via := plus(c.Via, c.Name)
	for _, o := range f.Options {
		switch o.Name {
		case "P", "pager", "H", "html":
			if o.HasValue {
				w.nestedWord(o.Value, &scope{dir: sc.dir}, via)
			}
		case "C", "config-file":
			w.reads(c, sc, o.Value)
		}
	}
	if f.Has("l", "local-file") {
		for _, o := range f.Operands {
			w.reads(c, sc, o)
		}
	}
}

// gpgEffects: gpg reads its operands and writes -o/--output; without
// -o, encrypting or signing (-e, -c, -s, --encrypt, --symmetric, --sign,
// --clearsign) writes FILE.gpg (FILE.asc with -a), and --decrypt FILE
// writes to standard output.
func gpgEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "acdeksvqnbo:r:u:R:z:", Permute: true, Long: []string{"output=", "recipient=",
		"local-user=", "hidden-recipient=", "homedir=", "passphrase=", "passphrase-file=", "passphrase-fd=",
		"pinentry-mode=", "cipher-algo=", "digest-algo=", "compress-algo=", "trust-model=", "keyserver=",
		"default-key=", "armor", "symmetric", "encrypt", "sign", "clearsign", "clear-sign", "detach-sign",
		"decrypt", "verify", "batch", "yes", "quiet", "import", "export", "list-keys", "gen-key", "full-gen-key"}})
	valueEffects(w, c, sc, f, Reads, "passphrase-file")
	if o, ok := f.Value("o", "output"); ok {
		if !(!o.Dynamic && o.Value == "-") {
			w.writes(c, sc, o)
		}
	} else if f.Has("e", "c", "s", "encrypt", "symmetric", "sign", "clearsign", "clear-sign", "detach-sign", "b") {
		ext := ".gpg"
		if f.Has("a", "armor", "clearsign", "clear-sign") {
			ext = ".asc"
		}
		if f.Has("b", "detach-sign") {
			ext = ".sig"
			if f.Has("a", "armor") {
				ext = ".asc"
			}
		}
		for _, o := range f.Operands {
			w.writes(c, sc, MakeWord(o.Value+ext, o.Dynamic, o.Prefix(), o.Suffix()+ext))
		}
	}
	for _, o := range f.Operands {
		w.reads(c, sc, o)
	}
}

// historyEffects: the builtin history writes FILE (or $HISTFILE) with -w
// and -a, and reads it with -r and -n.
func historyEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "acd:anrwps"})
	file := Word{Value: "$HISTFILE", Dynamic: true}
	if len(f.Operands) > 0 {
		file = f.Operands[0]
	}
	switch {
	case f.Has("w", "a"):
		w.writes(c, sc, file)
	case f.Has("r", "n"):
		w.reads(c, sc, file)
	}
}

// enableEffects: enable -f FILE NAME loads a builtin from the shared
// object FILE: code in a file.
func enableEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "adnpsf:"})
	if so, ok := f.Value("f"); ok {
		w.runsCode(c, sc, "shared-object", Word{}, so)
	}
	if f.Has("n") {
		for _, o := range f.Operands {
			switch {
			case o.Dynamic, o.Value == "cd", o.Value == "pushd", o.Value == "popd":
				w.disabled = true
			}
		}
	}
}

// compgenEffects: compgen -C COMMAND runs COMMAND (as the shell runs a
// string) to make its completions, -F FUNCTION calls FUNCTION, and -W
// WORDLIST expands each word of the list again.
func compgenEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "abcdefgjksuvDEIo:A:G:W:F:C:X:P:S:V:"})
	via := plus(c.Via, c.Name)
	for _, o := range f.Options {
		switch o.Name {
		case "C":
			w.nestedWord(o.Value, &scope{dir: sc.dir}, via)
		case "F":
			// The function runs in this shell, with the words to complete.
			sub := *sc
			w.nestedWord(o.Value, &sub, via)
		case "W":
			// Each word of the list is expanded again (issue 38):
			// compgen -W '$(rm -rf d)' runs rm, as does compgen -W "$x"
			// with x='$(…)'.
			w.nested(": "+o.Value.Value, o.Value.Dynamic, &scope{dir: sc.dir}, via)
		}
	}
	if len(f.Unsure) > 0 {
		w.unknown(c.String()+" (an option known only at run time)", via)
	}
}
