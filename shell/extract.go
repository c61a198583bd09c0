package shell

import "strings"

// sevenZipEffects: 7z COMMAND [switches] ARCHIVE [FILE…]: x and e
// extract the archive's files (into -oDIR; e without their folders), a,
// u, d and rn rewrite the archive, l, t, h and i read. The archive is the
// first operand after the command.
func sevenZipEffects(w *walker, c *Command, sc *scope, _ stdin) {
	var ops []Word
	dir := Word{}
	for _, a := range c.Args[1:] {
		switch {
		case !a.Dynamic && strings.HasPrefix(a.Value, "-o"):
			dir = Word{Value: a.Value[2:], Prefix: strings.TrimPrefix(a.Prefix, "-o"), Suffix: a.Suffix}
		case a.Dynamic && strings.HasPrefix(a.Prefix, "-o"):
			dir = Word{Value: strings.TrimPrefix(a.Value, "-o"), Dynamic: true, Prefix: a.Prefix[2:], Suffix: a.Suffix}
		case !a.Dynamic && strings.HasPrefix(a.Value, "-"):
		default:
			ops = append(ops, a)
		}
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
		w.reads(c, sc, archive)
		w.tree(c, sc, dir, archive)
	case "a", "u", "d", "rn":
		w.writes(c, sc, archive)
		if cmd.Value != "d" && cmd.Value != "rn" {
			for _, f := range ops[2:] {
				w.reads(c, sc, f)
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
func cpioEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := c.Flags(cpioSpec)
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
	case f.Has("p", "pass-through"):
		if len(f.Operands) > 0 {
			w.tree(c, sc, f.Operands[0], Static("-"))
		}
	case f.Has("i", "extract"):
		if f.Has("to-stdout") {
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
