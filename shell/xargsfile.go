package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// xargs -a FILE (--arg-file=FILE) reads the names it appends from FILE,
// not from its standard input (issue 38): `xargs -a <(git ls-files) cat`
// and `xargs --arg-file=<(find . -name '.e*') cat` printed app/.env
// under bash, as `git ls-files | xargs cat` does. The names are those of
// the file's source:
//
//   - a static file: "(lines of FILE)" (see linesOf);
//   - "-", /dev/stdin, /dev/fd/0: the standard input's, as when xargs
//     reads it (see inputNames);
//   - a process substitution <(…): the names its statement prints, as
//     if it were piped in (see namesOf); one whose statement is not
//     found is "(names a pipeline prints)".
//
// `xargs cat < <(git ls-files)` reads its input from a process
// substitution too: the names are its statement's.

// maxArgProcs bounds the process substitutions noted of one command's
// words (see walker.procs).
const maxArgProcs = 8

// appendProcs appends to procs the process substitutions <(…) that are
// parts of word x (the whole word, or after --arg-file=), up to
// maxArgProcs in all.
func appendProcs(procs []*syntax.ProcSubst, x *syntax.Word) []*syntax.ProcSubst {
	for _, p := range x.Parts {
		if ps, ok := p.(*syntax.ProcSubst); ok && ps.Op == syntax.CmdIn && len(procs) < maxArgProcs {
			procs = append(procs, ps)
		}
	}
	return procs
}

// argFileNames returns the words for the names xargs reads from its -a
// file list (see above); from, stages and file are what pipes into xargs
// or is redirected to it.
func (w *walker) argFileNames(list Word, from *syntax.Stmt, stages []simpleCmd, file *Word, dir Word) []Word {
	v := list.Value
	if list.Dynamic && strings.HasPrefix(v, "--") {
		_, v, _ = strings.Cut(v, "=") // --arg-file=<(…): the option's whole word
	}
	switch {
	case !list.Dynamic && (v == "-" || v == "/dev/stdin" || v == "/dev/fd/0" || v == "/proc/self/fd/0"):
		return w.inputNames(from, stages, file, dir)
	case list.Dynamic && strings.HasPrefix(v, "<("):
		for i := len(w.procs) - 1; i >= 0; i-- {
			if p := w.procs[i]; w.dynText(p) == v {
				return w.procNames(p, dir)
			}
		}
		return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
	}
	return linesOf([]Word{list}, dir)
}

// procNames returns the words for the names process substitution p's
// statement prints.
func (w *walker) procNames(p *syntax.ProcSubst, dir Word) []Word {
	if len(p.Stmts) == 1 {
		if ws := w.namesOf(p.Stmts[0], 0, dir); len(ws) > 0 && len(ws) <= maxNameSources {
			return ws
		}
	}
	return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
}

// argFileOnly reports whether every word of unsure, a parse's dynamic
// words in option position, is --arg-file=VALUE with only its value
// known at run time: the option is known, and argFileNames reads it.
func argFileOnly(unsure []Word) bool {
	for _, u := range unsure {
		name, _, ok := strings.Cut(strings.TrimPrefix(u.Prefix(), "--"), "=")
		if !ok || !strings.HasPrefix(u.Prefix(), "--") || len(name) < 2 {
			return false
		}
		if full, _ := xargsSpec.lookupLong(name); full != "arg-file" {
			return false
		}
	}
	return true
}
