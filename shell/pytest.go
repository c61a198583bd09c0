package shell

import "strings"

// pytestEffects: pytest removes the folder its --basetemp option names,
// with what is in it, before a run (pytest 7: `pytest --basetemp=src`
// deleted src, and so did `-o addopts=--basetemp=src` and
// PYTEST_ADDOPTS=--basetemp=src): a recursive delete of the option's
// value, in --basetemp DIR, --basetemp=DIR, or inside another word (-o
// addopts=…). The words of the values the script gave PYTEST_ADDOPTS
// are its options too (see pytestOptions). Its other words are unknown.
func pytestEffects(w *walker, c *Command, sc *scope, _ stdin) {
	w.pytestRun(c, sc, c.Args[1:])
	c.Known = false
}

// pytestRun records what pytest, run by c with arguments args (python
// -m pytest's own), deletes: its --basetemp, in args or in the values
// the script gave PYTEST_ADDOPTS.
func (w *walker) pytestRun(c *Command, sc *scope, args []Word) {
	w.basetemp(c, sc, args)
	w.pytestConfig(c, sc, args)
	w.pytestOptions(c, sc)
}

// pytestConfig records, when pytest's words args name a configuration
// file (-c FILE, --config-file=FILE) that the script writes before, a
// delete of a folder known only at run time: its addopts may name a
// --basetemp (`printf '[pytest]\naddopts = --basetemp=src\n' > x.ini &&
// pytest -c x.ini` emptied src). A -c in a cluster of short options
// counts (-qc x.ini).
func (w *walker) pytestConfig(c *Command, sc *scope, args []Word) {
	for i, a := range args {
		v := a.Value
		if v == "--" {
			return
		}
		var f Word
		switch {
		case a.Dynamic && strings.HasPrefix(v, "-"):
			f = a
		case v == "--config-file" || v == "--inifile" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.HasSuffix(v, "c"):
			if i+1 >= len(args) {
				continue
			}
			f = args[i+1]
		case strings.HasPrefix(v, "--config-file=") || strings.HasPrefix(v, "--inifile="):
			_, rest, _ := strings.Cut(v, "=")
			f = Static(rest)
		case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "c"):
			f = Static(v[strings.IndexByte(v, 'c')+1:])
		default:
			continue
		}
		if w.writtenHere(sc, f) {
			w.deletes(c, sc, Word{Value: "$(the --basetemp of " + f.Value + ", which the command writes)", Dynamic: true}, true)
			return
		}
	}
}

// writtenHere reports whether the script may write file f (in sc's
// folder): a write before of its path or of a path known only at run
// time, or its name written twice in the text (a loop may write it after
// pytest, for its next turn).
func (w *walker) writtenHere(sc *scope, f Word) bool {
	if base := f.Value[strings.LastIndexByte(f.Value, '/')+1:]; base == "" || strings.Count(w.top, base) > 1 {
		return true
	}
	p := joinDir(sc.dir, f)
	for i := range w.out.Writes {
		if x := &w.out.Writes[i]; !x.Delete && (x.Path.Dynamic || p.Dynamic || x.Path.Value == p.Value) {
			return true
		}
	}
	return false
}

// basetemp records the --basetemp folders of pytest's words args as
// deleted by c.
func (w *walker) basetemp(c *Command, sc *scope, args []Word) {
	for i, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		if v == "--basetemp" && i+1 < len(args) {
			w.deletes(c, sc, args[i+1], true)
			continue
		}
		j := strings.Index(v, "--basetemp")
		if j < 0 {
			continue
		}
		rest := strings.TrimLeft(v[j+len("--basetemp"):], "= \t")
		end := strings.IndexAny(rest, " \t")
		if end < 0 || j == 0 {
			end = len(rest) // --basetemp=a b is one folder, "a b"
		}
		switch {
		case rest == "":
			if i+1 < len(args) {
				w.deletes(c, sc, args[i+1], true) // -o addopts=--basetemp DIR
			}
		case a.Dynamic:
			w.deletes(c, sc, Word{Value: rest[:end], Dynamic: true}, true)
		default:
			w.deletes(c, sc, Static(rest[:end]), true)
		}
	}
}

// pytestOptions records, on pytest c, what the options the script gave
// PYTEST_ADDOPTS do (issue 38: any mention of it was taken for a
// --basetemp known only at run time, so `PYTEST_ADDOPTS=-v pytest` was
// denied). pytest splits the value as a shell would (shlex) and reads
// the words before its own: a static value's words are judged as its
// arguments are (a --basetemp deletes, a word that may name a file is
// an [Unknown] effect: --junitxml=.env), split as shlex does
// (`PYTEST_ADDOPTS="'--base”temp=src'"` deleted src). A
// value known only at run time, or a mention of the name that is not a
// plain read or an assignment the walk follows (${PYTEST_ADDOPTS:=…},
// for PYTEST_ADDOPTS in …; see pytestMentions), may hold a --basetemp.
func (w *walker) pytestOptions(c *Command, sc *scope) {
	if w.pytestEnv == 0 {
		w.pytestEnv = 1
		if strings.Contains(w.top, "PYTEST_ADDOPTS") && !pytestMentions(w.top) {
			w.pytestEnv = 2
		}
	}
	unsure := w.pytestEnv == 2
	for _, v := range w.pytestOpts {
		if v.Dynamic {
			unsure = true
			continue
		}
		if w.pytestRead += len(v.Value); w.pytestRead > maxPytestRead {
			unsure = true // past the bound: each pytest would read every value again
			continue
		}
		words := shlexWords(v.Value)
		w.basetemp(c, sc, words)
		w.pytestConfig(c, sc, words)
		w.unknownWords(c, sc, words, stdin{})
	}
	if unsure {
		w.deletes(c, sc, Word{Value: "$(PYTEST_ADDOPTS's --basetemp)", Dynamic: true}, true)
	}
}

// maxPytestRead bounds the bytes of PYTEST_ADDOPTS's values that
// pytestOptions splits in a walk, each pytest command its own: 15,000
// pytest commands after a value of 120 KB took over a minute. Past it,
// a pytest's options may hold a --basetemp.
const maxPytestRead = 256 << 10

// pytestOptsVar records value v given to PYTEST_ADDOPTS (see
// pytestOptions).
func (w *walker) pytestOptsVar(v Word) {
	switch {
	case len(w.pytestOpts) < maxStartup:
		w.pytestOpts = append(w.pytestOpts, v)
	case len(w.pytestOpts) == maxStartup:
		w.pytestOpts = append(w.pytestOpts, Word{Value: "$PYTEST_ADDOPTS (set too often to follow)", Dynamic: true})
	}
}

// pytestMentions reports whether each mention of PYTEST_ADDOPTS in src
// is one the walk follows: a plain read ($PYTEST_ADDOPTS,
// ${PYTEST_ADDOPTS}), an assignment NAME= or NAME+= at the start of a
// word (a command's prefix, export's, env's: recorded by startupVar),
// or export or unset of the name alone.
func pytestMentions(src string) bool {
	const name = "PYTEST_ADDOPTS"
	for i := 0; ; {
		j := strings.Index(src[i:], name)
		if j < 0 {
			return true
		}
		j += i
		end := j + len(name)
		i = end
		before, after := "", src[end:]
		if j > 0 {
			before = src[j-1 : j]
		}
		switch {
		case end < len(src) && isNameByte(src[end]) || j > 0 && isNameByte(src[j-1]):
			// Part of a longer name (MY_PYTEST_ADDOPTS).
		case before == "$":
		case before == "{" && j > 1 && src[j-2] == '$' && strings.HasPrefix(after, "}"):
		case before != "" && !strings.Contains(" \t\n;&|('\"", before):
			return false
		case strings.HasPrefix(after, "=") || strings.HasPrefix(after, "+="):
		case (after == "" || strings.IndexByte(" \t\n;&|)", after[0]) >= 0) &&
			(strings.HasSuffix(src[:j], "export ") || strings.HasSuffix(src[:j], "unset ")):
		default:
			return false
		}
	}
}

// isNameByte reports whether b may be part of a variable's name.
func isNameByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// shlexWords splits s into words as Python's shlex.split does (POSIX
// mode, no comments): blanks separate words outside quotes, a backslash
// outside quotes keeps the byte after it, single quotes keep all up to
// the next, and a backslash in double quotes keeps a '"' or '\\' after it.
func shlexWords(s string) []Word {
	var out []Word
	var b strings.Builder
	in := false // a word has started (it may be empty: '')
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			if in {
				out = append(out, Static(b.String()))
				b.Reset()
				in = false
			}
		case ch == '\\':
			in = true
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		case ch == '\'':
			in = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				j = len(s) - i - 1 // shlex fails: pytest stops; keep the text
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case ch == '"':
			in = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				b.WriteByte(s[i])
			}
		default:
			in = true
			b.WriteByte(ch)
		}
	}
	if in {
		out = append(out, Static(b.String()))
	}
	return out
}

// moduleArgs records the words args after python -m MODULE (module m)
// of c as its unknown operands, but for pip's install subcommand (not
// coreutils' install), and what python -m pytest deletes (pytestRun:
// python -m pytest --basetemp=src deleted src).
func (w *walker) moduleArgs(c *Command, sc *scope, m Word, args []Word) {
	if !m.Dynamic && m.Value == "pip" && len(args) > 0 && args[0].Value == "install" && !args[0].Dynamic {
		args = args[1:]
	}
	w.argsOf(c, sc, args)
	if !m.Dynamic && (m.Value == "pytest" || m.Value == "py.test") {
		w.pytestRun(c, sc, afterModule(c.Args[1:]))
	}
}
