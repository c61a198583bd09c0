package shell

import (
	"path"
	"slices"
	"strings"
)

// Script files read from disk: a shell's script operand (bash x.sh, sh
// -e x.sh), source and ., BASH_ENV, at -f, and a program run by its path
// (./x.sh, scripts/build) whose file is a shell script. Package shell
// reads no file itself: [Parser.Files] does, for the caller that runs
// beside the files.

// fileVia is the prefix of the [Command.Via] element that names a script
// file read through [Parser.Files]: "(file x.sh)".
const fileVia = "(file "

// ScriptFile returns the path of the innermost script file, read through
// [Parser.Files], whose text holds c, as [Effect.Path] gives it; ok is
// false for a command of the script itself or of code its words hold.
func (c *Command) ScriptFile() (path string, ok bool) {
	for i := len(c.Via) - 1; i >= 0; i-- {
		if v := c.Via[i]; strings.HasPrefix(v, fileVia) && strings.HasSuffix(v, ")") {
			return v[len(fileVia) : len(v)-1], true
		}
	}
	return "", false
}

// A fileSpan is the part of a [Script]'s Commands and Writes that one
// script file read through [Parser.Files] holds: [cmds, cmdsEnd) and
// [writes, writesEnd).
type fileSpan struct {
	cmds, cmdsEnd, writes, writesEnd int
	path                             string // the file's path, as [Parser.Files] was given it
}

// FromFiles returns what the script files read through [Parser.Files]
// do: the commands they hold (with [Command.ScriptFile] set) and the
// files they write, in order; nil when none was read. A policy that
// judges a command's own words strictly may judge what a file holds by
// what is certain only (static paths, known programs), since a file's
// author may not be the command's.
func (s *Script) FromFiles() *Script {
	if len(s.files) == 0 {
		return nil
	}
	out := &Script{}
	// A file a file runs has a span inside its runner's, recorded
	// first: take each index once.
	cmdEnd, writeEnd := 0, 0
	spans := slices.Clone(s.files)
	slices.SortFunc(spans, func(a, b fileSpan) int { return a.cmds - b.cmds })
	for _, f := range spans {
		out.Commands = append(out.Commands, s.Commands[max(f.cmds, cmdEnd):max(f.cmdsEnd, cmdEnd)]...)
		cmdEnd = max(cmdEnd, f.cmdsEnd)
	}
	slices.SortFunc(spans, func(a, b fileSpan) int { return a.writes - b.writes })
	for _, f := range spans {
		out.Writes = append(out.Writes, s.Writes[max(f.writes, writeEnd):max(f.writesEnd, writeEnd)]...)
		writeEnd = max(writeEnd, f.writesEnd)
	}
	return out
}

// walkFile walks text, the script file at path p, as a nested script in
// scope sc, recording the span it adds.
func (w *walker) walkFile(text string, p Word, sc *scope, via []string) {
	f := fileSpan{cmds: len(w.out.Commands), writes: len(w.out.Writes), path: p.Value}
	w.nested(text, false, sc, plus(via, fileVia+p.Value+")"))
	f.cmdsEnd, f.writesEnd = len(w.out.Commands), len(w.out.Writes)
	if f.cmdsEnd > f.cmds || f.writesEnd > f.writes {
		w.out.files = append(w.out.files, f)
	}
}

// fileMode says how a script file is run.
type fileMode uint8

const (
	newShell  fileMode = iota // a shell of its own: bash x.sh, BASH_ENV, at -f
	sameShell                 // the calling shell: source x.sh, . x.sh
	notShell                  // not shell code (a crontab): never read
)

// readScript walks the script file p (a static path, as the command
// wrote it) through [Parser.Files], in each directory the shell may be
// in; it reports whether any was read.
func (w *walker) readScript(p Word, sc *scope, via []string, mode fileMode) bool {
	if mode == notShell || p.Dynamic || p.Value == "" || w.err != nil {
		return false
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return false
	}
	return w.eachFile(p, sc, func(fp Word, text string) {
		if !isShellText(text) {
			return
		}
		if mode == sameShell {
			w.walkFile(text, fp, sc, via)
		} else {
			sub := *sc
			w.walkFile(text, fp, &sub, via)
		}
	})
}

// eachFile calls f with the text of the file at p, read through
// [Parser.Files], in each directory the shell may be in; it reports
// whether any was read.
func (w *walker) eachFile(p Word, sc *scope, f func(fp Word, text string)) bool {
	paths := [2]Word{joinDir(sc.dir, p)}
	n := 1
	if sc.alt != nil && !strings.HasPrefix(p.Value, "/") {
		if a := joinDir(*sc.alt, p); !a.Equal(paths[0]) {
			paths[1], n = a, 2
		}
	}
	read := false
	for _, fp := range paths[:n] {
		if fp.Dynamic {
			continue
		}
		if text, ok := w.lim.Files(fp.Value); ok {
			read = true
			f(fp, text)
		}
	}
	return read
}

// runByPath walks the file of a command run by its path (./x.sh,
// scripts/build, /opt/x/run) when [Parser.Files] reads it, as the kernel
// runs it: a #! line's interpreter with its one optional argument and
// the path (#!/usr/bin/env -S sh -c CODE runs CODE; #!/usr/bin/python3
// is code of that language, a [RunsCode] effect), or, for a text file
// without one, the shell itself (bash runs it as a script). The commands
// that come of a #! line have [Command.FromShebang] set; a binary is not
// read. It reports whether the file was read.
func (w *walker) runByPath(c *Command, sc *scope) bool {
	if c.Dynamic || len(c.Args) == 0 || c.Args[0].Dynamic || !strings.Contains(c.Args[0].Value, "/") {
		return false
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return false
	}
	var lines []string // the #! lines of the files it may be, each once
	read := w.eachFile(c.Args[0], sc, func(_ Word, text string) {
		if !isShellText(text) {
			return // a binary
		}
		line := "sh" // no #! line: the shell runs the text itself
		if l, ok := strings.CutPrefix(text, "#!"); ok {
			line, _, _ = strings.Cut(l, "\n")
			line = strings.TrimSpace(line)
		}
		if line != "" && !slices.Contains(lines, line) {
			lines = append(lines, line)
		}
	})
	for _, line := range lines {
		// The interpreter, then the rest of the line as one argument.
		interp, arg, _ := strings.Cut(line, " ")
		interp, arg = strings.TrimSpace(interp), strings.TrimSpace(arg)
		args := []Word{Static(interp)}
		if arg != "" {
			args = append(args, Static(arg))
		}
		sub := *sc
		w.run(append(args, c.Args[0]), &sub, plus(plus(c.Via, c.Name), shebangVia+c.Args[0].Value+")"), stdin{}, false)
	}
	return read
}

// shebangVia is the prefix of the [Command.Via] element of the commands
// a file's #! line runs: "(#! ./x)".
const shebangVia = "(#! "

// FromShebang reports whether c comes of the #! line of a file run by its
// path, read through [Parser.Files], and not of the file's text: a
// dynamic one is code the file's first line runs that is known only at
// run time (#!/usr/bin/env -S …).
func (c *Command) FromShebang() bool {
	for i := len(c.Via) - 1; i >= 0; i-- {
		switch {
		case strings.HasPrefix(c.Via[i], fileVia):
			return false
		case strings.HasPrefix(c.Via[i], shebangVia):
			return true
		}
	}
	return false
}

// isShellText reports whether text, a script file a shell was told to
// run, is text: a binary (a NUL byte in its first KiB) makes the shell
// stop with an error, running nothing.
func isShellText(text string) bool {
	return !strings.Contains(text[:min(len(text), 1024)], "\x00")
}

// RunsFiles reports whether a command of s may run a script file that
// [Parser.Files] would read: a shell's script operand, source or ., a
// program run by its path, a package.json script (npm test), or a
// makefile's recipes (make). A caller parses without Files first, and again
// with it only when this is true.
func (s *Script) RunsFiles() bool { return s.asks }

// Definite returns what of s is known before it runs: the commands whose
// words are all static, with their effects on static paths other than a
// program's unknown operands ([Unknown]), and the writes of static paths
// that are not a guess ([Write.Maybe]). A policy may judge what a script
// file holds ([Script.FromFiles]) by this part only: a file a project
// ships runs what only run time knows ($@, eval, exec "$JAVACMD") as a
// matter of course.
func (s *Script) Definite() *Script {
	d := &Script{}
	for _, c := range s.Commands {
		if c.Dynamic || c.DynamicDir || anyDynamic(c.Args) {
			continue // rm -rf "$OUT" dist, git checkout "$1": what it runs on is known only then
		}
		k := *c
		k.Effects = nil
		for _, e := range c.Effects {
			if !e.Path.Dynamic && e.Kind != Unknown && (e.From == nil || !e.From.Dynamic) {
				k.Effects = append(k.Effects, e)
			}
		}
		k.setKinds()
		d.Commands = append(d.Commands, &k)
	}
	for _, w := range s.Writes {
		if !w.Path.Dynamic && !w.Maybe && (w.From == nil || !w.From.Dynamic) {
			d.Writes = append(d.Writes, w)
		}
	}
	return d
}

// WritesThrough returns how many of s's leading [Script.Writes] were
// recorded before the last walk of the script file at p (a path as
// [Parser.Files] was given it) ended, its own writes included; ok is
// false when no file at p was walked. The order is the walk's: a loop's
// body or a function is walked once where it stands, and a pipeline's
// or a background job's commands run at once with the rest, so a caller
// that judges a file by the writes before it must know the command runs
// in the order it is written.
func (s *Script) WritesThrough(p string) (n int, ok bool) {
	for _, f := range s.files {
		if f.path == p && f.writesEnd >= n {
			n, ok = f.writesEnd, true
		}
	}
	return n, ok
}

// MayWrite reports whether s may write the file at p (a path as
// [Effect.Path] gives it): whether one of its writes may (see
// [Write.MayBe]). A policy that read a script file from disk must not
// trust what it read when the command may write it first (cp x.sh y.sh
// && bash y.sh).
func (s *Script) MayWrite(p string) bool {
	for _, w := range s.Writes {
		if w.MayBe(p) {
			return true
		}
	}
	return false
}

// MayBe reports whether w may write new content to the file at p (a path
// as [Effect.Path] gives it): a write of that path, or of a path known
// only at run time whose name is p's or not known (a tree written: an
// archive extracted, a folder copied). A delete writes no content, and
// a compiler's output is a binary (or, when the build fails and the
// command goes on, the file that was there).
func (w Write) MayBe(p string) bool {
	if w.Delete || compiles(w.By) || w.Programs() != "" {
		return false // a package's programs: its own code, as a build's
	}
	if !w.Path.Dynamic {
		return path.Clean(w.Path.Value) == path.Clean(p)
	}
	name, ok := w.Path.Name()
	return !ok || name == path.Base(p)
}

// compiles reports whether program by writes a binary it compiles or
// links (the file it writes is not a script whose text would run).
func compiles(by string) bool {
	if strings.HasPrefix(by, "go ") {
		return true // go build, go install, go test -c (goOutputs)
	}
	switch by {
	case "go", "tinygo", "gcc", "cc", "clang", "g++", "c++", "clang++", "gfortran", "rustc", "cargo", "javac",
		"kotlinc", "scalac", "swiftc", "ghc", "zig", "nim", "crystal", "dotnet", "ld", "ld.lld", "ld.gold", "lld",
		"strip", "objcopy", "upx":
		return true
	}
	return false
}
