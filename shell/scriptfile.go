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
	f := fileSpan{cmds: len(w.out.Commands), writes: len(w.out.Writes)}
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
		if a := joinDir(*sc.alt, p); a != paths[0] {
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
// scripts/build, /opt/x/run) when [Parser.Files] reads it: a shell
// script (a shell's #! line, or none, as bash runs a text file without
// one) is walked as a nested script; a script of another language is
// code of that language run from the file ([RunsCode]); a binary is not
// read. It reports whether the file was read.
func (w *walker) runByPath(c *Command, sc *scope) bool {
	if c.Dynamic || len(c.Args) == 0 || c.Args[0].Dynamic || !strings.Contains(c.Args[0].Value, "/") {
		return false
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return false
	}
	return w.eachFile(c.Args[0], sc, func(fp Word, text string) {
		lang := interpreter(text)
		switch {
		case lang == "":
			// A binary, or a language not known: what it does is not read.
		case lang == "sh":
			sub := *sc
			w.walkFile(text, fp, &sub, plus(c.Via, c.Name))
		default:
			w.effect(c, &scope{}, Effect{Kind: RunsCode, Lang: lang, Path: fp})
		}
	})
}

// isShellText reports whether text, a script file a shell was told to
// run, is text: a binary (a NUL byte in its first KiB) makes the shell
// stop with an error, running nothing.
func isShellText(text string) bool {
	return !strings.Contains(text[:min(len(text), 1024)], "\x00")
}

// interpreter returns the language of a file run by its path: "sh" for
// a shell's #! line or a text file without one (bash runs it as a
// script), the language of another known interpreter's #! line, "" for
// a binary or an interpreter not known.
func interpreter(text string) string {
	if !isShellText(text) {
		return ""
	}
	if !strings.HasPrefix(text, "#!") {
		return "sh"
	}
	line, _, _ := strings.Cut(text[2:], "\n")
	f := strings.Fields(line)
	if len(f) == 0 {
		return "sh"
	}
	prog := baseName(f[0])
	if prog == "env" {
		// #!/usr/bin/env [-S] [-i] [NAME=VALUE…] PROG
		prog = ""
		for _, a := range f[1:] {
			if strings.HasPrefix(a, "-") || strings.Contains(a, "=") {
				continue
			}
			prog = baseName(a)
			break
		}
	}
	switch {
	case prog == "fish" || prog == "zsh":
		return "" // not read as bash reads it
	case isShell(prog):
		return "sh"
	}
	if lang, ok := interpreterLang(prog); ok {
		return lang
	}
	return ""
}

// interpreterLang returns the [Effect.Lang] of an interpreter named on a
// #! line: python3.12 is "python".
func interpreterLang(prog string) (string, bool) {
	name := strings.TrimRight(prog, "0123456789.")
	switch name {
	case "python", "pypy":
		return "python", true
	case "node", "nodejs", "deno", "bun":
		return "node", true
	case "perl", "ruby", "php", "lua", "julia":
		return name, true
	case "tclsh", "wish":
		return "tcl", true
	case "awk", "gawk", "mawk", "nawk":
		return "awk", true
	case "rscript":
		return "r", true
	}
	return "", false
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
		d.Commands = append(d.Commands, &k)
	}
	for _, w := range s.Writes {
		if !w.Path.Dynamic && !w.Maybe && (w.From == nil || !w.From.Dynamic) {
			d.Writes = append(d.Writes, w)
		}
	}
	return d
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
	if w.Delete || compiles(w.By) {
		return false
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
	switch by {
	case "go", "tinygo", "gcc", "cc", "clang", "g++", "c++", "clang++", "gfortran", "rustc", "cargo", "javac",
		"kotlinc", "scalac", "swiftc", "ghc", "zig", "nim", "crystal", "dotnet", "ld", "ld.lld", "ld.gold", "lld",
		"strip", "objcopy", "upx":
		return true
	}
	return false
}
