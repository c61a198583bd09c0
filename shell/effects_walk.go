package shell

import (
	"slices"
	"strings"
)

// An effector records the effects of one command, by the table entry of
// its program; it sets [Command.Known] when the table covers this use of
// the program (a program whose subcommand is not in the table is left
// unknown).
type effector func(w *walker, c *Command, sc *scope, in stdin)

// effects fills c.Effects and c.Known from the tables (see programOf);
// a program not in them gets the unknown rule (unknownEffects).
func (w *walker) effects(c *Command, sc *scope, in stdin) {
	if w.err != nil {
		return
	}
	// The options parsed for this command's effects are read only while
	// they are recorded (an option's value is copied into an effect):
	// their room in the block is used again after, unless this command
	// or one it runs kept its options (keepFlags).
	if in.file != nil {
		at, p := sc, *in.file
		if mayBePWD(p) {
			at = w.atPWD(sc, &p)
		}
		f := joinDirIn(at.dir, p, &w.cleanDirs)
		c.inFile = &f
	}
	opts := len(w.mem.opts)
	block := w.mem.optsBlock()
	outer := w.mem.kept
	w.mem.kept = false
	// The effects its program's table knows; else those of a program run
	// by path, unknown.
	known := false
	if !c.Dynamic {
		if fx := programOf(c.Name); fx != nil {
			c.Known = true
			fx(w, c, sc, in)
			known = c.Known
		}
	}
	if !known {
		w.runByPath(c, sc)
		w.unknownEffects(c, sc, in)
	}
	if w.mem.optsBlock() == block && !w.mem.kept {
		w.mem.opts = w.mem.opts[:opts]
	}
	w.mem.kept = outer || w.mem.kept
}

// effect records e as an effect of c: a path is resolved against the
// directory of sc, and a write, delete or unknown operand is also one of
// [Script.Writes]. Writes to devices (/dev/null, /dev/fd/N, …) are not
// file writes and are left out.
func (w *walker) effect(c *Command, sc *scope, e Effect) {
	if w.nEffects++; w.nEffects > maxEffects {
		if w.err == nil {
			w.err = &LimitError{Limit: "effects", Max: maxEffects}
		}
		return
	}
	if e.By == "" {
		e.By = c.Name
		if c.Dynamic && len(c.Args) > 0 {
			e.By = c.Args[0].Value
		}
	}
	if e.Kind != RunsCode || e.Path.Value != "" {
		if e.Kind != Reads && !e.Path.Dynamic && (isDevice(e.Path.Value) || strings.HasPrefix(e.Path.Value, "/dev/fd/")) &&
			!(e.Kind == RunsCode && strings.HasPrefix(e.Path.Value, "/dev/fd/") && e.Path.Value != "/dev/fd/0") {
			// Code read from a descriptor other than the standard input
			// (python3 /dev/fd/3 3<<<…) is kept: its text is not read.
			return
		}
		if mayBePWD(e.Path) {
			sc = w.atPWD(sc, &e.Path) // $PWD/x: x in the shell's folder
		}
		p := joinDirIn(sc.dir, e.Path, &w.cleanDirs)
		if sc.alt != nil && !strings.HasPrefix(e.Path.Value, "/") {
			if a := joinDirIn(*sc.alt, e.Path, &w.cleanDirs); !a.Equal(p) {
				// The same effect in the other directory the shell may be in.
				if w.nEffects++; w.nEffects <= maxEffects {
					ea := e
					ea.Path = a
					if e.From != nil && !strings.HasPrefix(e.From.Value, "/") && e.From.Value != "-" {
						f := joinDir(*sc.alt, *e.From)
						ea.From = &f
					}
					w.record(c, ea)
				} else if w.err == nil {
					w.err = &LimitError{Limit: "effects", Max: maxEffects}
				}
			}
		}
		e.Path = p
		if e.From != nil && e.From.Value != "-" {
			f := joinDir(sc.dir, *e.From)
			e.From = &f
		}
	}
	w.record(c, e)
}

// record appends e, its path resolved, to c.Effects and, when it writes,
// to [Script.Writes].
func (w *walker) record(c *Command, e Effect) {
	if w.box != nil && (e.Kind != RunsCode || e.Path.Value != "") {
		p, ok := w.box.host(e.Path, e.Kind == Writes || e.Kind == Deletes)
		if !ok && e.Kind == Unknown {
			// Under a read-only mount an unknown use is a read.
			p, ok = w.box.host(e.Path, false)
			e.Kind = Reads
		}
		if !ok {
			return // inside the container alone, or a change it cannot make
		}
		e.Path = p
		if e.From != nil && e.From.Value != "-" {
			f, ok := w.box.host(*e.From, false)
			if !ok {
				f = MakeWord(containerDir+e.From.Value, true, "", e.From.Suffix())
			}
			e.From = &f
		}
	}
	w.mem.addEffect(c, e)
	switch e.Kind {
	case Writes, Deletes, Unknown:
		if e.Meta {
			return
		}
		w.out.Writes = append(roomFor(w.out.Writes, len(w.top)/40), Write{Path: e.Path, Delete: e.Kind == Deletes,
			Recursive: e.Recursive, Maybe: e.Kind == Unknown, From: e.From, By: e.By})
	}
}

// reads, writes and deletes record one effect of their kind on p.
func (w *walker) reads(c *Command, sc *scope, p Word) {
	w.effect(c, sc, Effect{Kind: Reads, Path: p})
}

func (w *walker) writes(c *Command, sc *scope, p Word) {
	w.effect(c, sc, Effect{Kind: Writes, Path: p})
}

// tree records that c writes, under directory dir, files whose names
// come from from: an archive ("-" for the standard input) or a directory
// (see [Effect.From]).
func (w *walker) tree(c *Command, sc *scope, dir, from Word) {
	w.effect(c, sc, Effect{Kind: Writes, Path: under(orDot(dir)), From: &from})
}

func (w *walker) deletes(c *Command, sc *scope, p Word, recursive bool) {
	w.effect(c, sc, Effect{Kind: Deletes, Path: p, Recursive: recursive})
}

// runsCode records that c runs code in language lang: the text code, or
// the program in file p (code is then the zero Word).
func (w *walker) runsCode(c *Command, sc *scope, lang string, code, p Word) {
	w.effect(c, sc, Effect{Kind: RunsCode, run: w.mem.codeRun(lang, code), Path: p})
}

// maxEffects bounds the effects of one script: past it [Parse] returns a
// [LimitError] ("effects"), since what the script does can no longer be
// told in bounded memory.
const maxEffects = 10000

// maxScan bounds how many known command names in the words of one
// unknown program are checked as commands; past it the command is
// reported as one that cannot be checked.
const maxScan = 8

// unknownEffects is the rule for a program the tables do not know (or a
// dynamic command name): every word after the name that could name a
// file is an [Unknown] effect, a possible write; and each operand that is
// the name of a known command starts a command of its own, run through
// the unknown program (an unlisted wrapper still shows `rm -rf d`).
//
// The words that could name a file are: every operand (a word that does
// not start with "-"; "-" alone is standard input); the value of a long
// option given with "=" (--out=FILE); the text after a short option's
// letter when it holds a "." or a "/" (-o.env, -I/usr/include); and the
// value of a NAME=VALUE operand (of=FILE) and the name after an @
// (@FILE), besides the word itself. A dynamic word is always one. The
// value of an option given as the next word (--out FILE) is an operand
// here, since which options take one is not known.
func (w *walker) unknownEffects(c *Command, sc *scope, in stdin) {
	c.Known = false
	if len(c.Args) > 1 {
		w.unknownWords(c, sc, c.Args[1:], in)
	}
}

// unknownWords records the words of args that could name a file as
// [Unknown] effects of c, and walks the commands that start at a known
// command name among them, with c's standard input (the program may pass
// it on).
func (w *walker) unknownWords(c *Command, sc *scope, args []Word, in stdin) {
	add := func(p Word) {
		if p.Value != "" {
			w.effect(c, sc, Effect{Kind: Unknown, Path: p})
		}
	}
	n := min(len(args), maxEffects)
	c.Effects = slices.Grow(c.Effects, n)
	w.out.Writes = slices.Grow(w.out.Writes, n)
	scanned := 0
	prev := "" // the operand before
	var covered map[*Word]bool
	for i, a := range args {
		if a.Dynamic {
			add(a)
			continue
		}
		v := a.Value
		switch {
		case v == "-" || v == "--":
		case strings.HasPrefix(v, "--"):
			if _, val, ok := strings.Cut(v, "="); ok {
				add(Static(val))
			}
		case strings.HasPrefix(v, "-"):
			if rest := v[2:]; len(v) > 2 && strings.ContainsAny(rest, "./") {
				add(Static(strings.TrimPrefix(rest, "=")))
			}
		default:
			add(a)
			if len(v) > 1 && v[0] == '@' {
				add(Static(v[1:])) // @FILE: a file the program reads or writes
			}
			if isAssign(v) {
				_, val, _ := strings.Cut(v, "=")
				add(Static(val))
			}
			if v == "install" && (prev == "" && installer(c.Name) || installer(prev)) {
				prev = v
				continue // pip install, uv pip install: a subcommand, not coreutils' install
			}
			prev = v
			if w.scanning > 0 || !isCommandName(v) || covered[&args[i]] {
				continue
			}
			by := c.Name
			if c.Dynamic {
				by = c.Args[0].Value
			}
			if scanned++; scanned > maxScan {
				w.unknown(c.String()+" (too many command names in its words to check)", plus(c.Via, by))
				return
			}
			w.scanning++
			nc := len(w.out.Commands)
			w.run(args[i:], sc, plus(c.Via, by), in, false)
			w.scanning--
			// A word that already starts a command walked from here (sudo
			// sudo rm: the inner sudo and rm) is not walked again.
			for _, n := range w.out.Commands[min(nc, len(w.out.Commands)):] {
				if len(n.Args) > 0 {
					if covered == nil {
						covered = map[*Word]bool{}
					}
					covered[&n.Args[0]] = true
				}
			}
		}
	}
}

// installer reports whether the program name is a package manager
// whose install subcommand installs packages (issue 38: `pip install -U
// pip wheel` was walked as install(1) copying pip into wheel/, then pip
// taken for that copy, found on a PATH).
func installer(name string) bool {
	switch name {
	case "pip", "pip3", "brew", "apt", "apt-get", "aptitude", "conda", "mamba", "micromamba", "dnf", "yum", "apk",
		"zypper", "port", "choco", "winget", "scoop", "snap", "flatpak", "pkg", "pkgin", "nix-env", "opam", "luarocks",
		"cpanm", "pecl", "dotnet", "helm", "krew", "asdf", "mise", "rustup", "sdk":
		return true
	}
	return false
}

// isCommandName reports whether the word s, an operand of a program not
// in the tables, names a program that is and that may do more than read
// (rm, bash, git, python, find, …; not cat or echo, whose reads add
// nothing to the unknown program's own): a plain name or a path in a
// bin directory (/usr/bin/rm).
func isCommandName(s string) bool {
	if strings.ContainsAny(s, `/\`) && !strings.Contains(s, "bin/") {
		return false
	}
	n := baseName(s)
	if n == "" || programKind(n) != otherProgram {
		return false
	}
	return programOf(n) != nil
}
