package shell

import (
	"slices"
	"strings"
)

// sevenZipEffects: 7z COMMAND [switches] ARCHIVE [FILE…]: x and e
// extract the archive's files (into -oDIR; e without their folders), a,
// u, d and rn rewrite the archive (a and u with -sdel delete the files
// they add), l, t, h and i read. The archive is the first operand after
// the command.
func sevenZipEffects(w *walker, c *Command, sc *scope, in stdin) {
	var ops []Word
	dir := Word{}
	sdel := false // -sdel: the files added are deleted
	for _, a := range c.Args[1:] {
		switch {
		case !a.Dynamic && strings.EqualFold(a.Value, "-sdel"):
			sdel = true
		case !a.Dynamic && strings.HasPrefix(a.Value, "-o"):
			dir = MakeWord(a.Value[2:], false, strings.TrimPrefix(a.Prefix(), "-o"), a.Suffix())
		case a.Dynamic && strings.HasPrefix(a.Prefix(), "-o"):
			dir = MakeWord(strings.TrimPrefix(a.Value, "-o"), true, a.Prefix()[2:], a.Suffix())
		case !a.Dynamic && strings.HasPrefix(a.Value, "-"):
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) == 1 && !ops[0].Dynamic && (strings.EqualFold(ops[0].Value, "x") || strings.EqualFold(ops[0].Value, "e")) &&
		sevenZipSo(c.Args[1:]) && slices.ContainsFunc(c.Args[1:], func(a Word) bool { return !a.Dynamic && a.Value == "-si" }) {
		w.printsInput(c, sc, in) // 7z x -si -so < a.tar: the archive is the standard input
		return
	}
	if len(ops) < 2 {
		return
	}
	cmd, archive := ops[0], ops[1]
	if cmd.Dynamic {
		w.writes(c, sc, archive)
		w.tree(c, sc, dir, archive)
		return
	}
	switch strings.ToLower(cmd.Value) {
	case "x", "e":
		if sevenZipSo(c.Args[1:]) {
			// 7z x -so prints the members, as tar xO does: a read of
			// the archive's files ([Effect.From]).
			a := archive
			w.effect(c, sc, Effect{Kind: Reads, Path: archive, From: &a})
			return
		}
		w.reads(c, sc, archive)
		w.tree(c, sc, dir, archive)
	case "a", "u", "d", "rn":
		w.writes(c, sc, archive)
		if cmd.Value != "d" && cmd.Value != "rn" {
			for _, f := range ops[2:] {
				if sdel {
					w.deletes(c, sc, f, true)
				} else {
					w.reads(c, sc, f)
				}
			}
		}
	default:
		w.reads(c, sc, archive)
	}
}

var cpioSpec = Spec{Short: "oipatvdmurfbBcLSsVnE:F:H:I:O:R:D:M:C:W:", Permute: true, Long: []string{"create",
	"extract", "pass-through", "list", "make-directories", "unconditional", "preserve-modification-time",
	"reset-access-time", "nonmatching", "verbose", "file=", "format=", "pattern-file=", "directory=", "owner=",
	"rsh-command=", "to-stdout", "quiet", "append", "null", "dereference", "link", "no-preserve-owner",
	"sparse", "swap", "swap-bytes", "swap-halfwords", "io-size=", "block-size=", "message=", "warning=",
	"only-verify-crc", "rename", "rename-batch-file=", "absolute-filenames", "no-absolute-filenames"}}

// cpioEffects: cpio -i (extract) writes the archive's files (the
// standard input, or -F/-I FILE) under -D DIR; -p DIR copies the files
// named on the standard input into DIR; -o writes an archive (to -F/-O
// FILE) of the files named on the standard input; -t lists. -E reads a
// file of patterns; --rsh-command runs through the shell.
//
// The names -o reads (find app | cpio -o) are read as xargs reads its
// input (stdinNames): each a file the archive holds, which goes to the
// standard output without -F or -O (issue 38); into a file, those a
// listing gives are not read here (as tar cf x.tar app's are not).
func cpioEffects(w *walker, c *Command, sc *scope, in stdin) {
	f := w.flags(c, cpioSpec)
	via := plus(c.Via, c.Name)
	if r, ok := f.Value("rsh-command"); ok {
		w.nestedWord(r, &scope{dir: sc.dir}, via)
	}
	valueEffects(w, c, sc, f, Reads, "E", "pattern-file")
	dir, _ := f.Value("D", "directory")
	archive, hasFile := f.Value("F", "file", "I", "O")
	switch {
	case f.Has("t", "list"):
		if hasFile {
			w.reads(c, sc, archive)
		}
	case f.Has("o", "create"):
		if hasFile {
			w.writes(c, sc, archive)
		}
		for _, n := range w.stdinNames(in, sc, f.Has("0", "null")) {
			if !n.Dynamic || !hasFile || toStdout(archive) {
				w.reads(c, sc, n) // names only a listing gives: judged when printed
			}
		}
	case f.Has("p", "pass-through"):
		if len(f.Operands) > 0 {
			w.tree(c, sc, f.Operands[0], Static("-"))
		}
	case f.Has("i", "extract"):
		if f.Has("to-stdout") {
			if hasFile {
				a := archive
				w.effect(c, sc, Effect{Kind: Reads, Path: archive, From: &a})
			} else {
				w.printsInput(c, sc, in)
			}
			return
		}
		from := Static("-")
		if hasFile {
			w.reads(c, sc, archive)
			from = archive
		}
		w.tree(c, sc, dir, from)
	}
}

// arEffects: ar x ARCHIVE [MEMBER…] extracts members into the current
// directory; r, q, d, m and s rewrite the archive; t and p read it.
func arEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	if len(args) < 2 {
		return
	}
	op, archive := args[0], args[1]
	if op.Dynamic {
		w.writes(c, sc, archive)
		w.tree(c, sc, Word{}, archive)
		return
	}
	switch v := strings.TrimPrefix(op.Value, "-"); {
	case strings.ContainsAny(v, "p"):
		// ar p prints the members (all, or those named): a read of the
		// archive's files ([Effect.From]).
		a := archive
		w.effect(c, sc, Effect{Kind: Reads, Path: archive, From: &a})
		for _, m := range args[2:] {
			w.reads(c, sc, m)
		}
	case strings.ContainsAny(v, "x"):
		w.reads(c, sc, archive)
		w.tree(c, sc, Word{}, archive)
	case strings.ContainsAny(v, "rqdms"):
		w.writes(c, sc, archive)
		for _, m := range args[2:] {
			w.reads(c, sc, m)
		}
	default:
		w.reads(c, sc, archive)
	}
}

// dittoEffects: ditto [opts] SRC… DST copies each source directory's
// contents into DST (a file to DST, or into it when it is a directory);
// -x and -k extract the archive SRC into DST, -c creates an archive DST.
func dittoEffects(w *walker, c *Command, sc *scope, _ stdin) {
	var ops []Word
	create := false
	for _, a := range c.Args[1:] {
		if !a.Dynamic && strings.HasPrefix(a.Value, "-") && a.Value != "-" {
			create = create || a.Value == "-c"
			continue
		}
		ops = append(ops, a)
	}
	if len(ops) < 2 {
		return
	}
	dest := ops[len(ops)-1]
	w.writes(c, sc, dest)
	for _, s := range ops[:len(ops)-1] {
		w.reads(c, sc, s)
		if !create {
			w.tree(c, sc, dest, s)
		}
	}
}

var paxSpec = Spec{Short: "rwacdijklnOPtuvXzHLDYZTs:f:x:o:p:b:E:U:G:B:", Permute: true}

// paxEffects: pax -r extracts an archive (-f FILE, or the standard input)
// into the working directory; -w writes one (to -f FILE) of its operands;
// -r -w copies the operands' trees into the last operand, a directory.
// -s rewrites the names as they land, so that which files are written is
// known only when it runs. -w without operands archives the names it
// reads from the standard input, read as cpio -o's are.
func paxEffects(w *walker, c *Command, sc *scope, in stdin) {
	f := paxSpec.parse(c.Args[1:], &w.mem)
	read, write := f.Has("r"), f.Has("w")
	archive, hasFile := f.Value("f")
	switch {
	case read && write:
		if len(f.Operands) < 2 {
			return
		}
		dest := f.Operands[len(f.Operands)-1]
		for _, s := range f.Operands[:len(f.Operands)-1] {
			w.reads(c, sc, s)
			from := s
			from.Dynamic = from.Dynamic || f.Has("s")
			w.tree(c, sc, into(dest, s), from)
		}
	case read:
		from := Static("-")
		if hasFile {
			w.reads(c, sc, archive)
			from = archive
		}
		from.Dynamic = from.Dynamic || f.Has("s")
		w.tree(c, sc, Word{}, from)
	case write:
		if hasFile {
			w.writes(c, sc, archive)
		}
		for _, o := range f.Operands {
			w.reads(c, sc, o)
		}
		if len(f.Operands) == 0 {
			for _, n := range w.stdinNames(in, sc, f.Has("0")) {
				if !n.Dynamic || !hasFile || toStdout(archive) {
					w.reads(c, sc, n)
				}
			}
		}
	default:
		if hasFile {
			w.reads(c, sc, archive)
		}
	}
}

// jarEffects: jar x[f FILE] (or -x/--extract [-f/--file FILE] [--dir
// DIR]) extracts the archive's files, from the standard input without a
// file, into the working directory or DIR; c and u (--create, --update)
// write the archive from the operands.
func jarEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	var mode string
	var archive, dir Word
	hasFile := false
	if len(args) > 0 && !args[0].Dynamic && !strings.HasPrefix(args[0].Value, "-") {
		// The old form: a cluster of letters, f taking the next word.
		cl := args[0].Value
		args = args[1:]
		for _, ch := range cl {
			switch {
			case strings.ContainsRune("ctxui", ch):
				mode = string(ch)
			case ch == 'f' && len(args) > 0:
				archive, hasFile, args = args[0], true, args[1:]
			}
		}
	}
	var ops []Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			ops = append(ops, a)
		case v == "-x" || v == "--extract":
			mode = "x"
		case v == "-c" || v == "--create":
			mode = "c"
		case v == "-u" || v == "--update":
			mode = "u"
		case (v == "-f" || v == "--file") && i+1 < len(args):
			i++
			archive, hasFile = args[i], true
		case strings.HasPrefix(v, "--file="):
			archive, hasFile = MakeWord(v[len("--file="):], false, strings.TrimPrefix(a.Prefix(), "--file="), a.Suffix()), true
		case v == "--dir" && i+1 < len(args):
			i++
			dir = args[i]
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, a)
		}
	}
	switch mode {
	case "x":
		from := Static("-")
		if hasFile {
			w.reads(c, sc, archive)
			from = archive
		}
		w.tree(c, sc, dir, from)
	case "c", "u":
		if hasFile {
			w.writes(c, sc, archive)
		}
		for _, o := range ops {
			w.reads(c, sc, o)
		}
	default:
		if hasFile {
			w.reads(c, sc, archive)
		}
	}
}

// sevenZipSo reports whether 7z's args hold -so: the output is the
// standard output.
func sevenZipSo(args []Word) bool {
	for _, a := range args {
		if !a.Dynamic && a.Value == "-so" {
			return true
		}
	}
	return false
}

// funzipEffects: funzip prints the first member of the zip archive (or
// the gzip file) it is given, or reads from the standard input without
// one (Info-ZIP's funzip(1)): a read of the archive's files
// ([Effect.From]).
func funzipEffects(w *walker, c *Command, sc *scope, in stdin) {
	for _, a := range c.Args[1:] {
		if strings.HasPrefix(a.Value, "-") && !a.Dynamic {
			continue // -password
		}
		f := a
		w.effect(c, sc, Effect{Kind: Reads, Path: a, From: &f})
		return
	}
	w.printsInput(c, sc, in) // funzip < x.zip
}

// printsInput records that c prints the members of the archive its
// standard input reads, when that is a file redirected in (funzip <
// x.zip, tar xO < x.tar): a read of the archive's files
// ([Effect.From]). An archive piped in is judged by the command that
// prints it (cat x.zip | funzip: cat reads an archive's bytes).
func (w *walker) printsInput(c *Command, sc *scope, in stdin) {
	if in.file == nil || !in.file.Dynamic && (in.file.Value == "-" || isDevice(in.file.Value)) {
		return
	}
	a := *in.file
	w.effect(c, sc, Effect{Kind: Reads, Path: a, From: &a})
}
