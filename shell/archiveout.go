package shell

import "strings"

// archiveOut is [SearchOf] for an archiver that writes an archive of the
// folders it is given to its standard output (issue 38): tar -c without
// -f or with -f - (or /dev/stdout), zip -r - DIR. Every file under them
// is in what it prints, a credential file too (`tar cf - app | tar xO`
// printed app/.env), so it is a search whose pattern cannot be read
// (Known false) that sees dot files; --exclude and zip's -x leave files
// out. pax -w without -f (or with -f -) and 7z a -so are such
// archivers too; cpio -o, and pax -w without operands, archive the
// names they read from the standard input, which their effects read
// (cpioEffects, paxEffects). cpio, pax and 7z were not on the machine
// these were written on: they are read from their manuals.
func archiveOut(c *Command) (TreeSearch, bool) {
	if len(c.Args) < 2 || c.quietOut {
		return TreeSearch{}, false
	}
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		return tarOut(c.Args[1:])
	case "zip":
		return zipOut(c.Args[1:])
	case "pax":
		f := paxSpec.Parse(c.Args[1:])
		if archive, ok := f.Value("f"); !f.Has("w") || f.Has("r") || ok && !toStdout(archive) {
			return TreeSearch{}, false
		}
		return TreeSearch{Dirs: f.Operands, Hidden: true}, len(f.Operands) > 0
	case "7z", "7za", "7zr":
		return sevenZipOut(c.Args[1:])
	}
	return TreeSearch{}, false
}

// sevenZipOut is archiveOut for 7z: a (or u) with -so, which writes the
// archive to the standard output, of the files after the archive's
// name (the folders recursed into), less those -x! leaves out.
func sevenZipOut(args []Word) (TreeSearch, bool) {
	var ops []Word
	so := false
	t := TreeSearch{Hidden: true}
	for _, a := range args {
		switch {
		case a.Dynamic && !strings.HasPrefix(a.Value, "-"):
			ops = append(ops, a)
		case a.Value == "-so":
			so = true
		case strings.HasPrefix(a.Value, "-x!"), strings.HasPrefix(a.Value, "-xr!"):
			t.Exclude = append(t.Exclude, a.Value[strings.IndexByte(a.Value, '!')+1:])
		case !strings.HasPrefix(a.Value, "-"):
			ops = append(ops, a)
		}
	}
	if !so || len(ops) < 3 || ops[0].Dynamic || ops[0].Value != "a" && ops[0].Value != "u" {
		return TreeSearch{}, false
	}
	t.Dirs = ops[2:]
	return t, true
}

// toStdout reports whether archive names the standard output.
func toStdout(archive Word) bool {
	switch archive.Value {
	case "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "/dev/tty":
		return !archive.Dynamic
	}
	return false
}

// tarOut is archiveOut for tar: -c to the standard output (GNU tar's
// default archive when no -f is given and TAPE is not set), its operands
// under -C.
func tarOut(args []Word) (TreeSearch, bool) {
	if !args[0].Dynamic && !strings.HasPrefix(args[0].Value, "-") && args[0].Value != "" {
		args = oldTar(args)
	}
	f := tarSpec.Parse(args)
	if !f.Has("c", "create") {
		return TreeSearch{}, false
	}
	if archive, ok := f.Value("f", "file"); ok && !toStdout(archive) {
		return TreeSearch{}, false
	}
	t := tarInputs(args, f)
	return t, len(t.Dirs) > 0
}

// tarInputs is what tar -c, whose words args parse as f, puts in its
// archive: its operands under -C, less what --exclude leaves out. GNU tar
// reads --exclude only for the operands after it (`tar cf - app
// --exclude=.env` printed app/.env under bash): when a word naming an
// operand comes before an --exclude, no exclusion is kept.
func tarInputs(args []Word, f Flags) TreeSearch {
	t := TreeSearch{Hidden: true}
	var dir Word
	for _, o := range f.Options {
		switch o.Name {
		case "C", "directory":
			dir = joinDir(dir, o.Value)
		case "exclude":
			t.Exclude = append(t.Exclude, o.Value.Value)
		}
	}
	if len(t.Exclude) > 0 && excludeAfterOperand(args, f.Operands) {
		t.Exclude = nil
	}
	for _, o := range f.Operands {
		t.Dirs = append(t.Dirs, joinDir(dir, o))
	}
	return t
}

// excludeAfterOperand reports whether a word of args with an operand's
// value comes before an --exclude word (one pass, the operands' values in
// a set: a command of many of both is not read pair by pair).
func excludeAfterOperand(args, ops []Word) bool {
	set := make(map[string]bool, len(ops))
	for _, o := range ops {
		set[o.Value] = true
	}
	seen := false
	for _, a := range args {
		if seen && strings.HasPrefix(a.Value, "--exclude") {
			return true
		}
		seen = seen || set[a.Value]
	}
	return false
}

// ArchiveInto returns the file archiver c writes an archive to and what
// it puts in it, as a [TreeSearch] of the folders and files it is given
// (dot files seen, its pattern not known): tar -c -f FILE (under -C, less
// --exclude) and zip FILE with -r (less -x). ok is false for any other
// command, and for an archive written to the standard output, which
// [SearchOf] reports. A later read of the file's bytes shows those files.
func ArchiveInto(c *Command) (archive Word, t TreeSearch, ok bool) {
	if len(c.Args) < 2 || c.Dynamic {
		return Word{}, TreeSearch{}, false
	}
	args := c.Args[1:]
	switch c.Name {
	case "tar", "bsdtar", "gtar":
		if !args[0].Dynamic && !strings.HasPrefix(args[0].Value, "-") && args[0].Value != "" {
			args = oldTar(args)
		}
		f := tarSpec.Parse(args)
		archive, ok := f.Value("f", "file")
		if !f.Has("c", "create") || !ok || toStdout(archive) || len(f.Unsure) > 0 {
			return Word{}, TreeSearch{}, false
		}
		t := tarInputs(args, f)
		return archive, t, len(t.Dirs) > 0
	case "zip":
		ops, t, rec := zipArgs(args)
		if len(ops) < 2 || toStdout(ops[0]) || !rec {
			return Word{}, TreeSearch{}, false
		}
		t.Dirs = ops[1:]
		return ops[0], t, true
	}
	return Word{}, TreeSearch{}, false
}

// zipOut is archiveOut for zip: an archive named "-" (the standard
// output) of the folders it recurses into (-r, -R), less the names -x
// leaves out.
func zipOut(args []Word) (TreeSearch, bool) {
	ops, t, rec := zipArgs(args)
	if len(ops) < 2 || !toStdout(ops[0]) || !rec {
		return TreeSearch{}, false
	}
	t.Dirs = ops[1:]
	return t, true
}

// zipArgs reads zip's words: its operands (the archive first), the
// names -x leaves out, and whether it recurses into folders (-r, -R).
func zipArgs(args []Word) (ops []Word, t TreeSearch, rec bool) {
	t = TreeSearch{Hidden: true}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !a.MaybeOption() || a.Value == "-" {
			ops = append(ops, a)
			continue
		}
		switch v := a.Value; v {
		case "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case "-x", "--exclude":
			for i+1 < len(args) && !args[i+1].MaybeOption() {
				i++
				t.Exclude = append(t.Exclude, strings.TrimPrefix(args[i].Value, "*/"))
			}
		case "-TT", "--unzip-command", "-O", "--output-file", "-lf", "--logfile-path", "-b", "--temp-path", "-n",
			"--suffixes", "-t", "--from-date", "-tt", "--before-date", "-P", "--password", "-Z", "--compression-method",
			"-s", "--split-size", "-sb", "-ds", "-dg", "-i", "--include":
			i++
		case "-r", "--recurse-paths", "-R", "--recurse-patterns":
			rec = true
		default:
			rec = rec || !strings.HasPrefix(v, "--") && strings.ContainsAny(v[1:], "rR")
		}
	}
	return ops, t, rec
}
