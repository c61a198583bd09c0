package shell

import "strings"

// A Write is a file a script writes, creates or deletes.
type Write struct {
	// Path is the file after quote removal, joined to the directory that
	// a cd earlier in the script moved to (see [Parse]); relative paths
	// are relative to the directory the script starts in. A cd that may
	// have failed (cd x; …, not cd x && …) leaves the shell in one of two
	// directories: the write is then reported in each. It is dynamic
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
	// From, when set, names where the file names under Path come from:
	// an archive extracted into Path's directory, or a directory whose
	// tree is copied there, as in [Effect.From]. Which files land there
	// is known only by reading From: a policy that protects a file under
	// that directory reads it (or denies when it cannot). Nil for any
	// other write.
	From *Word
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

// write records a write of p by by, resolved in sc (a redirection).
func (w *walker) write(sc *scope, p Word, by string, del bool) {
	if !p.Dynamic && (isDevice(p.Value) || strings.HasPrefix(p.Value, "/dev/fd/")) {
		return
	}
	if w.nEffects++; w.nEffects > maxEffects {
		w.fail(&LimitError{Limit: "effects", Max: maxEffects})
		return
	}
	d := joinDirIn(sc.dir, p, &w.cleanDirs)
	if sc.alt != nil && !strings.HasPrefix(p.Value, "/") {
		if a := joinDirIn(*sc.alt, p, &w.cleanDirs); !a.Equal(d) {
			// The same write in the other directory the shell may be in.
			w.addWrite(Write{Path: a, Delete: del, By: by})
		}
	}
	w.addWrite(Write{Path: d, Delete: del, By: by})
}

// addWrite appends x to [Script.Writes], its path mapped to this
// machine's inside a container (see box.host).
func (w *walker) addWrite(x Write) {
	if w.box != nil {
		var ok bool
		if x.Path, ok = w.box.host(x.Path, true); !ok {
			return
		}
	}
	w.out.Writes = append(roomFor(w.out.Writes, len(w.top)/40), x)
}

// into returns the path a source src takes inside directory dir.
func into(dir, src Word) Word {
	name, ok := src.Name()
	if !ok {
		return joinDir(dir, Word{Value: src.Value, Dynamic: true})
	}
	return joinDir(dir, Static(name))
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
	timeSpec = Spec{Short: "apqvo:f:", Long: []string{"append", "format=", "output=", "portability", "quiet", "verbose"}}
)

// each returns an effector that gives every operand of a command with
// options spec the effect kind (Deletes: recursive with any of the
// options rec).
func each(spec Spec, kind EffectKind, rec ...string) effector {
	return func(w *walker, c *Command, sc *scope, _ stdin) {
		f := w.flags(c, spec)
		r := len(rec) > 0 && f.Has(rec...)
		for _, o := range f.Operands {
			w.effect(c, sc, Effect{Kind: kind, Path: o, Recursive: r})
		}
	}
}

// optionWrites returns an effector whose command reads its operands
// (when read) and writes the value of the named options.
func optionWrites(spec Spec, read bool, names ...string) effector {
	return func(w *walker, c *Command, sc *scope, _ stdin) {
		f := w.flags(c, spec)
		valueEffects(w, c, sc, f, Writes, names...)
		if read {
			for _, o := range f.Operands {
				w.reads(c, sc, o)
			}
		}
	}
}

// valueEffects gives the value of each of the named options in f the
// effect kind.
func valueEffects(w *walker, c *Command, sc *scope, f Flags, kind EffectKind, names ...string) {
	for _, o := range f.Options {
		for _, n := range names {
			if o.Name == n && o.HasValue {
				w.effect(c, sc, Effect{Kind: kind, Path: o.Value})
			}
		}
	}
}

// copyWrites returns the effector of cp, mv and ln: with -t DIR every
// source is written into DIR; otherwise the last operand is the
// destination, written itself and, as it may be a directory, as
// DEST/name-of-source for each source. ln with one operand links into the
// current directory. The sources are read, or deleted with del (mv: the
// source, a directory tree included, is moved away; not Recursive, as
// the tree is kept at the destination).
func copyWrites(spec Spec, del bool) effector {
	return func(w *walker, c *Command, sc *scope, _ stdin) {
		f := w.flags(c, spec)
		ops := f.Operands
		var srcs []Word
		dest, hasDest := f.Value("t", "target-directory")
		if hasDest {
			srcs = ops
			for _, s := range srcs {
				w.writes(c, sc, into(dest, s))
			}
		} else if len(ops) == 1 && c.Name == "ln" {
			srcs = ops
			w.writes(c, sc, into(Static("."), ops[0]))
		} else if len(ops) >= 2 {
			dest, hasDest = ops[len(ops)-1], true
			srcs = ops[:len(ops)-1]
			w.writes(c, sc, dest)
			if !f.Has("T", "no-target-directory") {
				for _, s := range srcs {
					w.writes(c, sc, into(dest, s))
				}
			}
		}
		// A directory copied (cp -r, -R, -a) brings its tree: its files
		// land under the destination, or under the destination's entry
		// of the source's name. (mv cannot move a directory onto one
		// that holds files: it lands whole in a new entry.)
		if hasDest && c.Name == "cp" && f.Has("r", "R", "a", "recursive", "archive") {
			for _, s := range srcs {
				treeInto(w, c, sc, dest, s, !f.Has("T", "no-target-directory"))
			}
		}
		for _, s := range srcs {
			if del {
				w.deletes(c, sc, s, false)
			} else if c.Name != "ln" && c.Name != "link" {
				w.reads(c, sc, s)
			}
		}
	}
}

// treeInto records the tree a copy of directory src to dest writes: its
// files land under dest (when dest does not exist, or src names its
// contents: src/. for cp, src/ for rsync) and, with named, under
// dest/NAME of src.
func treeInto(w *walker, c *Command, sc *scope, dest, src Word, named bool) {
	if d, ok := globDir(src); ok {
		// DIR/* copies each entry of DIR into dest: DIR's tree, less
		// its dot files, lands under dest.
		w.tree(c, sc, dest, Static(d))
		return
	}
	w.tree(c, sc, dest, src)
	if named && !contents(src) {
		w.tree(c, sc, into(dest, src), src)
	}
}

// globDir returns DIR when src is a glob in its last element only
// (DIR/*, DIR/*.d): its matches are entries of DIR.
func globDir(src Word) (string, bool) {
	if !src.Dynamic || src.split || !strings.HasSuffix(src.Prefix(), "/") || !strings.HasPrefix(src.Value, src.Prefix()) {
		return "", false
	}
	rest := src.Value[len(src.Prefix()):]
	if strings.ContainsAny(rest, "/$`\\") || !strings.ContainsAny(rest, "*?[") {
		return "", false
	}
	return strings.TrimSuffix(src.Prefix(), "/"), true
}

// contents reports whether src names a directory's contents rather than
// the directory: "." or a path ending in "/.".
func contents(src Word) bool {
	v := src.Value
	return !src.Dynamic && (v == "." || strings.HasSuffix(v, "/."))
}

// installWrites: install -d creates its operands; otherwise as cp.
func installWrites(w *walker, c *Command, sc *scope, in stdin) {
	f := w.flags(c, install)
	if f.Has("d", "directory") {
		for _, o := range f.Operands {
			w.writes(c, sc, o)
		}
		return
	}
	copyWrites(install, false)(w, c, sc, in)
}

// shredWrites: shred overwrites its operands, and deletes them with -u.
func shredWrites(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, shred)
	for _, o := range f.Operands {
		if f.Has("u", "remove") {
			w.deletes(c, sc, o, false)
		} else {
			w.writes(c, sc, o)
		}
	}
}

// ddWrites: dd writes the file of its of= operand and reads that of if=;
// a dynamic operand may be either.
func ddWrites(w *walker, c *Command, sc *scope, _ stdin) {
	for _, a := range c.Args[1:] {
		for _, k := range []string{"of=", "if="} {
			if !strings.HasPrefix(a.Prefix(), k) {
				continue
			}
			v := a
			v.setValue(strings.TrimPrefix(v.Value, k))
			v = v.withPre(strings.TrimPrefix(v.Prefix(), k))
			if !v.Dynamic {
				v = v.withSuf(v.Value)
			}
			if k == "of=" {
				w.writes(c, sc, v)
			} else {
				w.reads(c, sc, v)
			}
		}
		if a.Dynamic && a.Prefix() == "" {
			// Could be of=… when it runs.
			w.writes(c, sc, Word{Value: a.Value, Dynamic: true})
		}
	}
}

// findWrites: find reads the trees under its start points; -delete
// deletes what it finds: each start point is deleted, Recursive (what the
// tests select is not judged: it may be the whole tree), but for an
// expression that selects only directories (see dirsOnly), which deletes
// only empty ones, as rmdir does; -fprint, -fprint0, -fprintf and -fls write a file.
// What -exec and -ok run is walked by findRun.
func findWrites(w *walker, c *Command, sc *scope, _ stdin) {
	starts, expr := findStarts(c.Args[1:])
	if len(starts) == 0 {
		starts = []Word{Static(".")}
	}
	for _, s := range starts {
		w.reads(c, sc, s)
	}
	for i := 0; i < len(expr); i++ {
		a := expr[i]
		if a.Dynamic {
			continue
		}
		switch a.Value {
		case "-delete":
			for _, s := range starts {
				w.deletes(c, sc, s, !dirsOnly(c.Args[1:]))
			}
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			if i+1 < len(expr) {
				i++
				w.writes(c, sc, expr[i])
			}
		}
	}
}

// under returns a dynamic word for the files under directory d: its
// static prefix is d's, with a slash.
func under(d Word) Word {
	if d.Dynamic {
		return MakeWord(strings.TrimSuffix(d.Value, "/")+"/…", true, d.Prefix(), "")
	}
	p := strings.TrimSuffix(d.Value, "/") + "/"
	return MakeWord(p+"…", true, p, "")
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

// Creates reports whether a write of s other than a tree write from p
// itself may create p: a write of p or of a path under it (a clone, an
// extraction, a download into it), static or with that static start. A
// tree write's source ([Write.From]) that does not exist before the
// command runs, and that no write creates, makes the copy or extraction
// fail. (A write to a path known only at run time is a policy's to judge
// on its own.)
func (s *Script) Creates(p Word) bool {
	if p.Dynamic {
		return true
	}
	dir := strings.TrimSuffix(p.Value, "/") + "/"
	for _, w := range s.Writes {
		if w.Delete || w.From != nil && w.From.Equal(p) {
			continue
		}
		v := w.Path.Value
		if w.Path.Dynamic {
			v = w.Path.Prefix()
		}
		if v == p.Value || strings.HasPrefix(v, dir) {
			return true
		}
	}
	return false
}

// MakesLinks reports whether c may make links: ln, link, or cp with -l
// or -s (--link, --symbolic-link), or with an unquoted expansion where an
// option may be (cp $opt a b; a quoted "$PWD" is one word, a path). A
// write through a link lands where it points.
func (c *Command) MakesLinks() bool {
	switch c.Name {
	case "ln", "link":
		return true
	case "cp":
		return c.cpLinks()
	}
	return false // small enough to be inlined where it is asked of every command
}

// cpLinks is MakesLinks of cp.
func (c *Command) cpLinks() bool {
	f := c.Flags(cp)
	if f.Has("l", "s", "link", "symbolic-link") {
		return true
	}
	for _, u := range f.Unsure {
		if u.split {
			return true
		}
	}
	return false
}

// dirsOnly reports whether find's words (options, start points,
// expression) delete only directories: -type d before each -delete,
// with no alternative (-o), negation, parentheses or -exec, and links
// not followed (-L, -follow).
// A directory -delete removes must be empty, as for rmdir: no file under
// it is deleted, and a folder that holds one stays.
func dirsOnly(args []Word) bool {
	dirs, expr := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic && !expr {
			continue // a start point known only at run time (~/x)
		}
		if a.Dynamic {
			return false
		}
		expr = expr || strings.HasPrefix(a.Value, "-") || a.Value == "(" || a.Value == "!"
		switch a.Value {
		case "-type":
			if i+1 >= len(args) || args[i+1].Dynamic || args[i+1].Value != "d" {
				return false
			}
			dirs = true
			i++
		case "-delete":
			if !dirs {
				return false
			}
		case "-L", "-H", "-follow", "-o", "-or", "!", "-not", "(", ")", ",", "-exec", "-execdir", "-ok", "-okdir", "-xtype":
			return false
		}
	}
	return dirs
}
