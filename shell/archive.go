package shell

import "strings"

var tarSpec = Spec{Short: "AcdrtuxzjJZaBGhiklmMnOopPsSUvWwf:C:T:X:b:g:I:F:H:K:L:N:V:", Permute: true, Long: []string{
	"catenate", "concatenate", "create", "diff", "compare", "delete", "append", "list", "update", "extract", "get",
	"file=", "directory=", "files-from=", "exclude-from=", "exclude=", "use-compress-program=", "to-command=",
	"checkpoint-action=", "checkpoint=?", "info-script=", "new-volume-script=", "rsh-command=",
	"listed-incremental=", "format=", "owner=", "group=", "mode=", "mtime=", "transform=", "xform=",
	"strip-components=", "blocking-factor=", "record-size=", "index-file=", "suffix=", "label=", "newer=",
	"after-date=", "newer-mtime=", "tape-length=", "volno-file=", "occurrence=?", "backup=?", "sort=", "warning=",
	"quoting-style=", "level=", "exclude-tag=", "exclude-tag-under=", "exclude-tag-all=", "owner-map=",
	"group-map=", "hole-detection=", "xattrs-include=", "xattrs-exclude=", "starting-file=", "null",
	"remove-files", "gzip", "bzip2", "xz", "zstd", "lzip", "lzma", "lzop", "compress", "auto-compress",
	"keep-old-files", "keep-newer-files", "overwrite", "unlink-first", "recursive-unlink", "verbose",
	"to-stdout", "dereference", "preserve-permissions", "same-owner", "no-same-owner", "absolute-names",
	"one-file-system", "totals=?", "show-transformed-names", "wildcards", "anchored", "ignore-case",
	"no-recursion", "recursion", "verify", "skip-old-files", "sparse", "numeric-owner", "acls", "xattrs",
	"selinux", "touch", "ignore-zeros", "ignore-failed-read", "exclude-vcs", "exclude-vcs-ignores",
	"exclude-backups", "exclude-caches"}}

// tarEffects: tar creates (-c), appends (-r, -u, -A) or deletes from
// (--delete) the archive of -f, or extracts (-x) into -C (its members:
// the operands, or any file, known only at run time), or lists (-t) and
// compares (-d) it. Created archives read their operands (relative to
// -C) and with --remove-files delete them, a directory with its tree
// (Recursive). The programs of -I/--use-compress-program, --to-command,
// --checkpoint-action=exec=, -F/--info-script, --new-volume-script and
// --rsh-command run through the shell (GNU tar runs them with sh -c).
// The first word without a dash is a cluster of letters whose values are
// the following words (tar czf out.tgz dir).
func tarEffects(w *walker, c *Command, sc *scope, in stdin) {
	args := c.Args[1:]
	if len(args) > 0 && !args[0].Dynamic && !strings.HasPrefix(args[0].Value, "-") && args[0].Value != "" {
		args = oldTar(args)
	}
	f := tarSpec.parse(args, &w.mem)
	via := plus(c.Via, c.Name)
	dir := Word{}
	var mode string
	for _, o := range f.Options {
		switch o.Name {
		case "c", "create":
			mode = "c"
		case "x", "extract", "get":
			mode = "x"
		case "t", "list", "d", "diff", "compare":
			mode = "t"
		case "r", "u", "A", "append", "update", "catenate", "concatenate", "delete":
			mode = "r"
		case "C", "directory":
			dir = joinDir(dir, o.Value)
		case "T", "X", "files-from", "exclude-from":
			w.reads(c, sc, o.Value)
		case "g", "listed-incremental", "index-file", "volno-file":
			w.writes(c, sc, o.Value)
		case "I", "use-compress-program", "to-command", "F", "info-script", "new-volume-script", "rsh-command":
			w.nestedWord(o.Value, &scope{dir: sc.dir}, via)
		case "checkpoint-action":
			v := o.Value
			if strings.HasPrefix(v.Prefix(), "exec=") || v.Dynamic && v.Prefix() == "" {
				v.setValue(strings.TrimPrefix(v.Value, "exec="))
				w.nestedWord(v, &scope{dir: sc.dir}, via)
			}
		}
	}
	archive, hasFile := f.Value("f", "file")
	if hasFile && !(!archive.Dynamic && archive.Value == "-") {
		switch {
		case mode == "c" || mode == "r":
			w.writes(c, sc, archive)
		case mode == "x" && f.Has("O", "to-stdout"):
			// The members are printed, not written: a read of the
			// archive's files, named by the archive ([Effect.From]).
			a := archive
			w.effect(c, sc, Effect{Kind: Reads, Path: archive, From: &a})
		default:
			w.reads(c, sc, archive)
		}
	} else if mode == "x" && f.Has("O", "to-stdout") {
		w.printsInput(c, sc, in) // tar xO < x.tar
	}
	switch mode {
	case "c", "r":
		del := f.Has("remove-files")
		for _, o := range f.Operands {
			if del {
				w.deletes(c, sc, joinDir(dir, o), true)
			} else {
				w.reads(c, sc, joinDir(dir, o))
			}
		}
	case "x":
		if f.Has("O", "to-stdout") {
			return // read above
		}
		// The members land under -C, named by the archive (a member
		// operand may be a directory, or with --wildcards a pattern).
		from := Static("-")
		if hasFile {
			from = archive
		}
		if f.Has("transform", "xform", "s") {
			// The members' names are rewritten as they land (GNU tar's
			// --transform, bsdtar's and macOS tar's -s): which files
			// are written is known only when it runs.
			from.Dynamic = true
		}
		w.tree(c, sc, dir, from)
		for _, o := range f.Operands {
			w.writes(c, sc, joinDir(dir, o))
		}
	}
}

// orDot returns d, or "." when d is empty.
func orDot(d Word) Word {
	if d.Value == "" {
		return Static(".")
	}
	return d
}

// oldTar rewrites tar's old-style first word ("czf" followed by the
// archive) as options: each letter that takes a value takes the next
// word.
func oldTar(args []Word) []Word {
	letters := args[0].Value
	rest := args[1:]
	var out []Word
	for i := 0; i < len(letters); i++ {
		l := letters[i]
		if tarSpec.arity(l) == 1 && len(rest) > 0 {
			out = append(out, Static("-"+string(l)), rest[0])
			rest = rest[1:]
			continue
		}
		out = append(out, Static("-"+string(l)))
	}
	return append(out, rest...)
}

// zipEffects: zip [opts] ARCHIVE FILE… writes ARCHIVE and reads the
// files; -m moves them into it (deletes them; a directory's tree with
// -r); -d deletes entries of the archive only; -TT/--unzip-command runs
// a command (through the shell); -O/--output-file and -lf write files.
func zipEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	via := plus(c.Via, c.Name)
	var ops []Word
	move, rec, delEntries := false, false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !a.MaybeOption() {
			ops = append(ops, a)
			continue
		}
		v := a.Value
		next := func() (Word, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return Word{}, false
		}
		switch v {
		case "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case "-TT", "--unzip-command":
			if x, ok := next(); ok {
				w.nestedWord(x, &scope{dir: sc.dir}, via)
			}
		case "-O", "--output-file", "-lf", "--logfile-path":
			if x, ok := next(); ok {
				w.writes(c, sc, x)
			}
		case "-b", "--temp-path", "-n", "--suffixes", "-t", "--from-date", "-tt", "--before-date", "-P",
			"--password", "-Z", "--compression-method", "-s", "--split-size", "-sb", "-ds", "-dg", "-i", "--include",
			"-x", "--exclude":
			next()
		case "-m", "--move":
			move = true
		case "-r", "--recurse-paths", "-R", "--recurse-patterns":
			rec = true
		case "-d", "--delete":
			delEntries = true
		default:
			if strings.HasPrefix(v, "--") {
				continue
			}
			if strings.HasPrefix(v, "-TT") {
				w.nested(v[3:], false, &scope{dir: sc.dir}, via)
				continue
			}
			cl := v[1:]
			move = move || strings.Contains(cl, "m")
			rec = rec || strings.ContainsAny(cl, "rR")
			delEntries = delEntries || strings.Contains(cl, "d") && !strings.Contains(cl, "dd")
		}
	}
	if len(ops) == 0 {
		return
	}
	w.writes(c, sc, ops[0])
	if delEntries {
		return
	}
	for _, o := range ops[1:] {
		if move {
			w.deletes(c, sc, o, rec)
		} else {
			w.reads(c, sc, o)
		}
	}
}

// unzipEffects: unzip [opts] ARCHIVE [MEMBER…] [-x XLIST] [-d DIR]
// writes the members (any file when none is named) into DIR; -l, -t,
// -v, -z, -p and -c only read.
func unzipEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	var ops []Word
	dir := Word{}
	readOnly, excluding, prints := false, false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !a.MaybeOption() {
			if !excluding {
				ops = append(ops, a)
			}
			continue
		}
		v := a.Value
		excluding = false
		switch {
		case v == "-d":
			if i+1 < len(args) {
				i++
				dir = args[i]
			}
		case strings.HasPrefix(v, "-d"):
			dir = Static(v[2:])
		case v == "-x":
			excluding = true
		case v == "-P" || v == "-I" || v == "-O":
			i++
		default:
			readOnly = readOnly || strings.ContainsAny(v[1:], "ltvzpcZ")
			prints = prints || strings.ContainsAny(v[1:], "pc") && !strings.HasPrefix(v, "--")
		}
	}
	if len(ops) == 0 {
		return
	}
	if prints && !ops[0].Dynamic {
		// unzip -p and -c print the members: a read of the archive's
		// files ([Effect.From]).
		a := ops[0]
		w.effect(c, sc, Effect{Kind: Reads, Path: ops[0], From: &a})
		return
	}
	w.reads(c, sc, ops[0])
	if readOnly {
		return
	}
	// Members are patterns: any of the archive's files may land.
	w.tree(c, sc, dir, ops[0])
	for _, m := range ops[1:] {
		w.writes(c, sc, joinDir(dir, m))
	}
}

// compressSuffix is the suffix each compressor adds.
func compressSuffix(name string) string {
	switch name {
	case "bzip2", "bunzip2":
		return ".bz2"
	case "xz", "unxz":
		return ".xz"
	case "lzma", "unlzma":
		return ".lzma"
	case "zstd", "unzstd":
		return ".zst"
	case "lz4":
		return ".lz4"
	case "brotli":
		return ".br"
	case "compress", "uncompress":
		return ".Z"
	case "lzip":
		return ".lz"
	}
	return ".gz"
}

// compressEffects: gzip and its kind write FILE.gz and delete FILE, or
// with -d (gunzip, unxz, …) write FILE without its suffix and delete
// FILE.gz; -k keeps the input (zstd, lz4 and brotli keep it unless
// --rm); -c and -t only read; -r works on the files under a directory;
// zstd and lz4 -o write that file.
func compressEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "cdfhklLnNqrtvV0123456789jS:o:T:M:b:B:D:", Permute: true, Long: []string{"stdout",
		"to-stdout", "decompress", "uncompress", "force", "keep", "list", "no-name", "name", "quiet", "recursive",
		"test", "verbose", "suffix=", "rm", "output=", "threads=", "memlimit=", "memory=", "format=", "best",
		"fast", "rsyncable", "synchronous", "sparse", "no-sparse"}})
	decomp := f.Has("d", "decompress", "uncompress") || strings.HasPrefix(c.Name, "un") || c.Name == "gunzip"
	if f.Has("c", "stdout", "to-stdout", "t", "test", "l", "list") {
		for _, o := range f.Operands {
			w.reads(c, sc, o)
		}
		return
	}
	keeps := c.Name == "zstd" || c.Name == "unzstd" || c.Name == "lz4" || c.Name == "brotli"
	keep := f.Has("k", "keep") || keeps && !f.Has("rm", "j")
	suffix := compressSuffix(c.Name)
	if s, ok := f.Value("S", "suffix"); ok && !s.Dynamic {
		suffix = s.Value
	}
	if o, ok := f.Value("o", "output"); ok && (keeps || c.Name == "lz4") {
		w.writes(c, sc, o)
		for _, in := range f.Operands {
			if !keep {
				w.deletes(c, sc, in, false)
			} else {
				w.reads(c, sc, in)
			}
		}
		return
	}
	if c.Name == "lz4" && len(f.Operands) == 2 {
		w.reads(c, sc, f.Operands[0])
		w.writes(c, sc, f.Operands[1])
		return
	}
	for _, in := range f.Operands {
		if f.Has("r", "recursive") {
			w.writes(c, sc, under(in))
			if !keep {
				w.deletes(c, sc, under(in), false)
			}
			continue
		}
		var out Word
		switch {
		case in.Dynamic && decomp:
			out = withSuffix(in, "(without its suffix)")
		case in.Dynamic:
			out = MakeWord(in.Value+suffix, true, in.Prefix(), in.Suffix()+suffix)
		case decomp:
			switch {
			case strings.HasSuffix(in.Value, suffix):
				out = Static(strings.TrimSuffix(in.Value, suffix))
			case strings.HasSuffix(in.Value, ".tgz"), strings.HasSuffix(in.Value, ".taz"):
				out = Static(in.Value[:len(in.Value)-4] + ".tar")
			default:
				out = Static(trimAnySuffix(in.Value))
			}
		default:
			out = Static(in.Value + suffix)
		}
		w.writes(c, sc, out)
		if keep {
			w.reads(c, sc, in)
		} else {
			w.deletes(c, sc, in, false)
		}
	}
}

// trimAnySuffix removes a known compression suffix from s.
func trimAnySuffix(s string) string {
	for _, x := range []string{".gz", ".z", "-gz", "-z", "_z", ".bz2", ".bz", ".xz", ".lzma", ".zst", ".lz4", ".br", ".Z", ".lz"} {
		if strings.HasSuffix(s, x) && len(s) > len(x) {
			return strings.TrimSuffix(s, x)
		}
	}
	return s
}
