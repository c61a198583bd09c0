package shell

import "strings"

// A Write is a file a script writes, creates or deletes.
type Write struct {
	// Path is the file after quote removal, joined to the directory that
	// a cd earlier in the script moved to (see [Parse]); relative paths
	// are relative to the directory the script starts in. It is dynamic
	// ([Word.Dynamic]) when any part of it, that directory included, is
	// known only at run time: [Word.Name] then tells whether at least the
	// file name is known.
	Path Word
	// Delete reports that the file is deleted or moved away (rm, unlink,
	// rmdir, shred -u, the sources of mv, find -delete).
	Delete bool
	// Recursive reports, with Delete, that Path may be a directory whose
	// whole tree is deleted (rm -r, find -delete, rsync --delete, git
	// clean, …).
	Recursive bool
	// Maybe reports that the program is not in the tables of this
	// package ([Unknown]): Path is an operand that could name a file,
	// and the program may write it.
	Maybe bool
	// By is the redirection operator (">", ">>", "&>", "<>", …) or the
	// name of the command that writes the file.
	By string
}

// isDevice reports whether s is a device a write to is not a file write.
func isDevice(s string) bool {
	switch s {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty":
		return true
	}
	return false
}

// write records a write of p by by, resolved in sc.
func (w *walker) write(sc *scope, p Word, by string, del bool) {
	if !p.Dynamic && (isDevice(p.Value) || strings.HasPrefix(p.Value, "/dev/fd/")) {
		return
	}
	w.out.Writes = append(w.out.Writes, Write{Path: joinDir(sc.dir, p), Delete: del, By: by})
}

// into returns the path a source src takes inside directory dir.
func into(dir, src Word) Word {
	name, ok := src.Name()
	if !ok {
		return joinDir(dir, Word{Value: src.Value, Dynamic: true})
	}
	return joinDir(dir, Static(name))
}

// A writer records the writes of one command.
type writer func(w *walker, c *Command, sc *scope)

// writerOf returns the writer of the command named name, or nil.
func writerOf(name string) writer {
	switch name {
	case "tee":
		return operands(tee, false)
	case "sponge":
		return operands(Spec{Short: "a"}, false)
	case "truncate":
		return operands(truncate, false)
	case "touch":
		return operands(touch, false)
	case "rm":
		return operands(Rm, true)
	case "unlink":
		return operands(Spec{}, true)
	case "rmdir":
		return operands(rmdir, true)
	case "shred":
		return shredWrites
	case "cp":
		return copyWrites(cp, false)
	case "mv":
		return copyWrites(mv, true)
	case "install":
		return installWrites
	case "ln":
		return copyWrites(ln, false)
	case "link":
		return copyWrites(Spec{}, false)
	case "dd":
		return ddWrites
	case "sed":
		return sedWrites
	case "perl":
		return perlWrites
	case "sort":
		return optionWrites(sortSpec, "o", "output")
	case "curl":
		return curlWrites
	case "wget":
		return optionWrites(wget, "O", "output-document", "o", "output-file", "a", "append-output")
	case "sudoedit":
		return operands(sudo, false)
	case "time":
		return optionWrites(timeSpec, "o", "output")
	case "find":
		return findWrites
	}
	return nil
}

// Specs of the writers (GNU coreutils with the BSD letters added).
var (
	// Rm is the option spec of rm (GNU and BSD), for policies that judge
	// rm's flags: recursive is "r", "R" or "recursive"; force is "f" or
	// "force".
	Rm = Spec{Short: "dfiIPrRvWx", Permute: true, Long: []string{"force", "interactive=?",
		"one-file-system", "no-preserve-root", "preserve-root=?", "recursive", "dir", "verbose", "help", "version"}}
	tee      = Spec{Short: "aip", Permute: true, Long: []string{"append", "ignore-interrupts", "output-error=?", "help", "version"}}
	truncate = Spec{Short: "cor:s:", Permute: true, Long: []string{"no-create", "io-blocks", "reference=", "size=", "help", "version"}}
	touch    = Spec{Short: "acfhmd:r:t:A:", Permute: true, Long: []string{"no-create", "date=", "no-dereference", "reference=", "time=", "help", "version"}}
	rmdir    = Spec{Short: "pv", Permute: true, Long: []string{"ignore-fail-on-non-empty", "parents", "verbose"}}
	shred    = Spec{Short: "fn:s:uvxz", Permute: true, Long: []string{"force", "iterations=", "random-source=", "size=", "remove=?", "verbose", "exact", "zero"}}
	cp       = Spec{Short: "abdfHilLnPpRrsS:t:TuvxZ", Permute: true, Long: []string{"archive", "attributes-only", "backup=?",
		"copy-contents", "debug", "force", "interactive", "link", "dereference", "no-clobber", "no-dereference", "preserve=?",
		"no-preserve=", "parents", "recursive", "reflink=?", "remove-destination", "sparse=", "strip-trailing-slashes",
		"symbolic-link", "suffix=", "target-directory=", "no-target-directory", "update=?", "verbose", "keep-directory-symlink",
		"one-file-system", "context=?"}}
	mv = Spec{Short: "bfinS:t:TuvZ", Permute: true, Long: []string{"backup=?", "debug", "exchange", "force", "interactive",
		"no-clobber", "no-copy", "strip-trailing-slashes", "suffix=", "target-directory=", "no-target-directory", "update=?",
		"verbose", "context"}}
	ln = Spec{Short: "bdFfiLnPrsS:t:Tv", Permute: true, Long: []string{"backup=?", "directory", "force", "interactive",
		"logical", "no-dereference", "physical", "relative", "symbolic", "suffix=", "target-directory=", "no-target-directory", "verbose"}}
	install = Spec{Short: "bcCdDg:m:o:psS:t:TvZ", Permute: true, Long: []string{"backup=?", "compare", "directory",
		"group=", "mode=", "owner=", "preserve-timestamps", "strip", "strip-program=", "suffix=", "target-directory=",
		"no-target-directory", "verbose", "preserve-context", "context=?", "debug"}}
	sedSpec = Spec{Short: "nrsuzEe:f:i::I::l:", Permute: true, Long: []string{"quiet", "silent", "debug", "expression=",
		"file=", "follow-symlinks", "in-place=?", "line-length=", "null-data", "zero-terminated", "posix", "regexp-extended",
		"separate", "sandbox", "unbuffered", "binary", "help", "version"}}
	sortSpec = Spec{Short: "bdfgiMhnRrVck:mo:st:T:S:uz", Permute: true, Long: []string{"output=", "key=", "field-separator=",
		"temporary-directory=", "buffer-size=", "files0-from=", "random-source=", "parallel=", "sort=", "compress-program="}}
	wget     = Spec{Short: "O:o:a:P:e:t:T:w:i:B:U:Q:l:A:R:D:I:X:", Permute: true, Long: []string{"output-document=", "output-file=", "append-output=", "directory-prefix="}}
	timeSpec = Spec{Short: "apqvo:f:", Long: []string{"append", "format=", "output=", "portability", "quiet", "verbose"}}
)

// operands returns a writer that writes every operand of a command with
// options spec.
func operands(spec Spec, del bool) writer {
	return func(w *walker, c *Command, sc *scope) {
		f := c.Flags(spec)
		for _, o := range f.Operands {
			w.write(sc, o, c.Name, del)
		}
	}
}

// optionWrites returns a writer that writes the value of the named
// options.
func optionWrites(spec Spec, names ...string) writer {
	return func(w *walker, c *Command, sc *scope) {
		f := c.Flags(spec)
		for _, o := range f.Options {
			for _, n := range names {
				if o.Name == n && o.HasValue {
					w.write(sc, o.Value, c.Name, false)
				}
			}
		}
	}
}

// copyWrites returns the writer of cp, mv and ln: with -t DIR every
// source is written into DIR; otherwise the last operand is the
// destination, written itself and, as it may be a directory, as
// DEST/name-of-source for each source. ln with one operand links into the
// current directory. With del the sources are deleted (mv).
func copyWrites(spec Spec, del bool) writer {
	return func(w *walker, c *Command, sc *scope) {
		f := c.Flags(spec)
		ops := f.Operands
		var srcs []Word
		if dir, ok := f.Value("t", "target-directory"); ok {
			srcs = ops
			for _, s := range srcs {
				w.write(sc, into(dir, s), c.Name, false)
			}
		} else if len(ops) == 1 && c.Name == "ln" {
			w.write(sc, into(Static("."), ops[0]), c.Name, false)
		} else if len(ops) >= 2 {
			dest := ops[len(ops)-1]
			srcs = ops[:len(ops)-1]
			w.write(sc, dest, c.Name, false)
			if !f.Has("T", "no-target-directory") {
				for _, s := range srcs {
					w.write(sc, into(dest, s), c.Name, false)
				}
			}
		}
		if del {
			for _, s := range srcs {
				w.write(sc, s, c.Name, true)
			}
		}
	}
}

// installWrites: install -d creates its operands; otherwise as cp.
func installWrites(w *walker, c *Command, sc *scope) {
	f := c.Flags(install)
	if f.Has("d", "directory") {
		for _, o := range f.Operands {
			w.write(sc, o, c.Name, false)
		}
		return
	}
	copyWrites(install, false)(w, c, sc)
}

// shredWrites: shred overwrites its operands, and deletes them with -u.
func shredWrites(w *walker, c *Command, sc *scope) {
	f := c.Flags(shred)
	for _, o := range f.Operands {
		w.write(sc, o, c.Name, f.Has("u", "remove"))
	}
}

// ddWrites: dd writes the file of its of= operand.
func ddWrites(w *walker, c *Command, sc *scope) {
	for _, a := range c.Args[1:] {
		if strings.HasPrefix(a.Prefix, "of=") || (!a.Dynamic && strings.HasPrefix(a.Value, "of=")) {
			v := a
			v.Value = strings.TrimPrefix(v.Value, "of=")
			v.Prefix = strings.TrimPrefix(v.Prefix, "of=")
			if !v.Dynamic {
				v.Suffix = v.Value
			}
			w.write(sc, v, c.Name, false)
		} else if a.Dynamic && a.Prefix == "" {
			// Could be of=… when it runs.
			w.write(sc, Word{Value: a.Value, Dynamic: true}, c.Name, false)
		}
	}
}

// sedWrites: with -i, -I or --in-place sed rewrites its file operands
// (the first operand is the script unless -e or -f gave one). BSD sed
// takes the backup suffix of -i as the next word: an empty next word is
// read as that.
func sedWrites(w *walker, c *Command, sc *scope) {
	args := c.Args[1:]
	for i, a := range args {
		if !a.Dynamic && (a.Value == "-i" || a.Value == "-I") && i+1 < len(args) && !args[i+1].Dynamic && args[i+1].Value == "" {
			args = append(append([]Word(nil), args[:i+1]...), args[i+2:]...)
			break
		}
	}
	f := sedSpec.Parse(args)
	if !f.Has("i", "I", "in-place") {
		return
	}
	ops := f.Operands
	if !f.Has("e", "expression", "f", "file") && len(ops) > 0 {
		ops = ops[1:]
	}
	for _, o := range ops {
		w.write(sc, o, c.Name, false)
	}
}

// perlWrites: perl -i (in any cluster: -pi, -i.bak, -pie) rewrites the
// files it is given after its script.
func perlWrites(w *walker, c *Command, sc *scope) {
	args := c.Args[1:]
	inPlace, code := false, false
	i := 0
loop:
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") || a.Value == "-" {
			break
		}
		if a.Value == "--" {
			i++
			break
		}
		cl := a.Value[1:]
		for j := 0; j < len(cl); j++ {
			switch cl[j] {
			case 'i':
				inPlace = true
				continue loop
			case 'e', 'E':
				code = true
				if j+1 == len(cl) {
					i++
				}
				continue loop
			case 'I', 'M', 'm', 'x', 'd', 'D', 'C', 'l', '0', 'V':
				if j+1 == len(cl) && (cl[j] == 'I' || cl[j] == 'M' || cl[j] == 'm') {
					i++
				}
				continue loop
			}
		}
	}
	if !inPlace {
		return
	}
	ops := args[min(i, len(args)):]
	if !code && len(ops) > 0 {
		ops = ops[1:]
	}
	for _, o := range ops {
		w.write(sc, o, c.Name, false)
	}
}

// curlWrites: curl -o FILE, --output FILE, -D/--dump-header FILE,
// -c/--cookie-jar FILE, and -o at the end of a cluster (-sLo FILE).
func curlWrites(w *walker, c *Command, sc *scope) {
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			continue
		}
		v := a.Value
		for _, l := range []string{"--output", "--dump-header", "--cookie-jar"} {
			if strings.HasPrefix(v, l+"=") {
				w.write(sc, Static(v[len(l)+1:]), c.Name, false)
			}
		}
		takes := v == "--output" || v == "--dump-header" || v == "--cookie-jar" ||
			(len(v) >= 2 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[len(v)-1:], "oDc"))
		if takes && i+1 < len(args) {
			i++
			w.write(sc, args[i], c.Name, false)
		}
	}
}

// findWrites: find -delete deletes what it finds (a dynamic path under
// each start point); -fprint, -fprint0, -fprintf and -fls write a file.
func findWrites(w *walker, c *Command, sc *scope) {
	starts, expr := findStarts(c.Args[1:])
	for i := 0; i < len(expr); i++ {
		a := expr[i]
		if a.Dynamic {
			continue
		}
		switch a.Value {
		case "-delete":
			if len(starts) == 0 {
				starts = []Word{Static(".")}
			}
			for _, s := range starts {
				w.write(sc, Word{Value: strings.TrimSuffix(s.Value, "/") + "/…", Dynamic: true, Prefix: s.Prefix}, c.Name, true)
			}
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			if i+1 < len(expr) {
				i++
				w.write(sc, expr[i], c.Name, false)
			}
		}
	}
}

// findStarts splits find's words into its start points and its
// expression (options -H -L -P -D x -Ox come first).
func findStarts(args []Word) (starts, expr []Word) {
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") {
			break
		}
		if a.Value == "--" {
			i++
			break
		}
		if a.Value == "-D" {
			i++
			continue
		}
		if a.Value != "-H" && a.Value != "-L" && a.Value != "-P" && !strings.HasPrefix(a.Value, "-O") && !strings.HasPrefix(a.Value, "-D") {
			break
		}
	}
	i = min(i, len(args))
	j := i
	for ; j < len(args); j++ {
		a := args[j]
		if !a.Dynamic && (strings.HasPrefix(a.Value, "-") || a.Value == "(" || a.Value == "!") && a.Value != "-" {
			break
		}
	}
	return args[i:j], args[j:]
}
