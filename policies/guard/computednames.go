package guard

import (
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on a reader whose file names a program computes at run time
// (issue 38): `./list.sh | xargs cat`, `echo app/.en | sed s/n$/nv/ |
// xargs cat`, `echo YXBwLy5lbnY= | base64 -d | xargs cat` and `cat
// $(python3 -c 'print("app/." + "env")')` each printed app/.env's KEY=1
// under bash, and were let through: the names were neither a listing
// the guard reads (ls, find, du -a, git's listers, a search's names, a
// file of names) nor words it sees. A program that makes names up (a
// script, an interpreter, sed, tr, base64, jq…) may print any path, so
// a content reader given its names is denied, whatever is on the disk.
// A name whose last part is written out, and can be no credential
// file's (`cat "$(git rev-parse --show-toplevel)/.nvmrc"`, `cat
// $(dirname $0)/VERSION`), passes; so do the names of a listing rule 7
// reads (substListed, listerNames) and a place the environment gives
// (envPlace: $(npm root), $(go env GOROOT)), which the model does not
// spell.

// computedNames returns the program whose printed names dynamic read p
// of a content reader takes, when the guard cannot know them (see
// above).
func computedNames(p shell.Word, extra []string) (string, bool) {
	v := p.Value
	switch v {
	case "(input)":
		return "a program whose output it reads", true
	case "(names a pipeline prints)":
		return "a pipeline", true
	}
	if x, ok := namesPrinted(v); ok {
		if listerNames(x) {
			return "", false
		}
		return x, true
	}
	if x, ok := namesWithin(v); ok {
		// Part of a word: parallel cat {.}.env, xargs -I{} cat {}.bak.
		if listerNames(x) {
			return "", false
		}
		if base, ok := writtenBase(v); ok && !nameMayBeSecret(base, extra) {
			return "", false
		}
		return x, true
	}
	i := strings.Index(v, "$(")
	if i < 0 {
		i = strings.IndexByte(v, '`')
	}
	if i < 0 {
		return "", false
	}
	if base, ok := writtenBase(v); ok && !nameMayBeSecret(base, extra) {
		return "", false
	}
	x := substProgram(v[i:])
	if x == "" || envPlace(substText(v[i:])) || substListed(x) {
		return "", false
	}
	return x, true
}

// namesPrinted returns X of "(names X prints)", package shell's name of
// what a pipe into xargs, or a process substitution it reads, gives
// when X is no filter it sees through (grep, head, sort, cat…).
func namesPrinted(v string) (string, bool) {
	rest, ok := strings.CutPrefix(v, "(names ")
	if !ok {
		return "", false
	}
	x, ok := strings.CutSuffix(rest, " prints)")
	return x, ok && x != "" && !strings.ContainsAny(x, " ()")
}

// namesWithin is computedNames's program for a word that holds package
// shell's word for names read from an input, "(input)", "(names a
// pipeline prints)" or "(names X prints)", with text around it: a name
// a replacement string derives from it, or puts text around (parallel
// cat {.}.env, xargs -I{} cat {}.bak).
func namesWithin(v string) (string, bool) {
	i := strings.Index(v, "(names ")
	if i < 0 {
		if strings.Contains(v, "(input)") {
			return "a program whose output it reads", true
		}
		return "", false
	}
	rest := v[i+len("(names "):]
	k := strings.Index(rest, " prints)")
	if k < 0 {
		return "", false
	}
	if x := rest[:k]; x == "a pipeline" {
		return "a pipeline", true
	} else if x != "" && !strings.ContainsAny(x, " ()") {
		return x, true
	}
	return "", false
}

// listerNames reports whether the names program x prints are read by
// rule 7's listings (see listers.go).
func listerNames(x string) bool {
	switch x {
	case "ls", "find", "du", "git", "rg", "fd", "fdfind", "tree":
		return true
	}
	return false
}

// substListed reports whether the names a substitution that runs x
// prints are read by rule 7's listings or files of names (listed.go):
// $(ls …), $(find …), $(cat FILE), $(git ls-files), $(fd …), $(tree
// …), $(du -a …), or a new temporary file's. A search's names are not
// (cat $(grep -rl KEY app) printed app/.env under bash: the pipe's
// form, grep -rl KEY app | xargs cat, is judged by the files the search
// may name), nor rg's, which lists only with --files.
func substListed(x string) bool {
	switch x {
	case "ls", "find", "cat", "mktemp", "du", "git", "fd", "fdfind", "tree":
		return true
	}
	return false
}

// substText returns the text of the substitution at the start of s,
// from $( or ` to its closing ) or ` ("" when it does not close).
func substText(s string) string {
	if rest, ok := strings.CutPrefix(s, "$("); ok {
		if j := strings.IndexByte(rest, ')'); j >= 0 {
			return rest[:j]
		}
		return ""
	}
	if rest, ok := strings.CutPrefix(s, "`"); ok {
		if j := strings.IndexByte(rest, '`'); j >= 0 {
			return rest[:j]
		}
	}
	return ""
}

// substProgram returns the name of the program the substitution at the
// start of s ($( or `) runs first ("" when it is not a plain word).
func substProgram(s string) string {
	s = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(s, "$("), "`"), " \t")
	end := strings.IndexAny(s, " \t)`;|&")
	if end < 0 {
		end = len(s)
	}
	x := s[:end]
	if x == "" || strings.ContainsAny(x, "$\"'\\=<>") {
		return ""
	}
	if j := strings.LastIndexByte(x, '/'); j >= 0 {
		x = x[j+1:]
	}
	return x
}

// writtenBase returns the last part of path v when it is written out
// (after the last slash, nothing known only at run time).
func writtenBase(v string) (string, bool) {
	j := strings.LastIndexByte(v, '/')
	if j < 0 || j == len(v)-1 {
		return "", false
	}
	base := v[j+1:]
	if strings.ContainsAny(base, "$`(){}*?[]\\'\" ") {
		return "", false
	}
	return base, true
}

// nameMayBeSecret reports whether a file named base may be a credential
// file in some folder: a credential file's name itself, or the last part
// of one of the patterns (config of .kube/config, id_* of .ssh/id_*).
func nameMayBeSecret(base string, extra []string) bool {
	name := strings.ToLower(trimDotsSpaces(base))
	if name == "" || IsSecretFile(name, extra) || IsEnvFile(name) || secretDir(name) {
		return true
	}
	for _, sp := range builtinSecretPats().pats {
		if sp.elems[len(sp.elems)-1].matches(name) {
			return true
		}
	}
	for _, pat := range extra {
		if sp := compileSecretPat(pat); len(sp.elems) > 0 && sp.elems[len(sp.elems)-1].matches(name) {
			return true
		}
	}
	return false
}

// namesMadeUp returns a program of s that may make up the value of a
// variable a content reader reads (F=$(./list.sh); cat "$F", for f in
// $(./list.sh), read F < <(./list.sh), ./list.sh | while read f; do
// cat "$f"; done: each printed app/.env's KEY=1 under bash): one run in
// a command or process substitution, or the one whose lines a read in
// the same pipeline takes (through the filters that pass their input's
// lines on), that is not one whose names the guard reads or a place the
// environment gives (see computedNames). A search's names are made up
// (F=$(grep -rl KEY app), grep -rl KEY app | while read f printed
// app/.env) unless the disk shows none can be a credential file's
// (searchNamesSafe). The files whose lines such a program prints
// (cat list | while read f, F=$(head -1 list)) are returned apart, to
// be read as files of names. It is found once a script.
func (at *place) namesMadeUp(s *shell.Script) (string, []string) {
	if at.madeUpMemo != nil && at.madeUpMemo.s == s {
		return at.madeUpMemo.x, at.madeUpMemo.files
	}
	m := &madeUpMemo{s: s}
	// producer notes c, a program whose output a variable may take: its
	// files of names, or c itself when it makes names up.
	producer := func(c *shell.Command) {
		if files, ok := linesOfFiles(c); ok {
			m.files = append(m.files, files...)
		} else if makesNames(c) && m.x == "" && !at.searchNamesSafe(s, c, at.cfg.secrets()) {
			m.x = c.Name
		}
	}
	piped := strings.Contains(at.src, "|")
	for i, c := range s.Commands {
		if slices.ContainsFunc(c.Via, func(v string) bool { return v == "$(…)" || v == "<(…)" }) {
			producer(c)
		}
		if c.Name != "read" && c.Name != "mapfile" && c.Name != "readarray" {
			continue
		}
		if in, ok := c.InputFile(); ok {
			// while read f; do cat "$f"; done < list: a file of names.
			var ok bool
			if m.files, ok = at.readInputs(s, in, m.files); !ok && m.x == "" {
				m.x = "read" // < "$g", g not followed
			}
		}
		if !piped {
			continue
		}
		// The stage before, through the filters that pass lines on.
		for j := i - 1; j >= 0; j-- {
			if p := s.Commands[j]; !passesNames(p) {
				producer(p)
				break
			}
		}
	}
	// Each file once: a script of thousands of `while read f … done <
	// list` names one list thousands of times, and each read of a
	// variable asks of them all (namesInAny).
	slices.Sort(m.files)
	m.files = slices.Compact(m.files)
	at.madeUpMemo = m
	return m.x, m.files
}

// madeUpMemo holds a script's namesMadeUp.
type madeUpMemo struct {
	s     *shell.Script
	x     string
	files []string
	sets  map[string]bool // setsAny's answer by name
	// inAny is namesInAny's answer for files, once inAnyAsked: each read
	// of a variable would ask it of them all again (a script of
	// thousands of while-read loops over lists of their own).
	inAny      string
	inAnyAsked bool
}

// lineFilter reports whether c is a program that prints lines of what
// it reads, unchanged or a subset of them.
func lineFilter(c *shell.Command) bool {
	switch c.Name {
	case "cat", "sort", "uniq", "head", "tail", "tac", "grep", "egrep", "fgrep":
		return !c.Dynamic
	}
	return false
}

// passesNames reports whether c passes the lines of its standard input
// on (a read's names then come from before it): a line filter that
// reads no file.
func passesNames(c *shell.Command) bool {
	return lineFilter(c) && !slices.ContainsFunc(c.Effects, func(e shell.Effect) bool { return e.Kind == shell.Reads })
}

// linesOfFiles returns the files whose lines c, a line filter other than
// a search (grep prints the names of what it finds with -l, and searches
// trees with -r), prints: each a file the command names, read as a file
// of names.
func linesOfFiles(c *shell.Command) ([]string, bool) {
	if !lineFilter(c) || strings.HasSuffix(c.Name, "grep") {
		return nil, false
	}
	var files []string
	for _, e := range c.Effects {
		if e.Kind != shell.Reads {
			continue
		}
		if e.Path.Dynamic {
			return nil, false
		}
		files = append(files, e.Path.Value)
	}
	return files, len(files) > 0
}

// makesNames reports whether the output of c may be any name: c is not a
// program whose names the guard reads (a lister), nor one that prints a
// place the environment gives or no path at all. A search's names (grep
// -rl, rg -l) are made up as far as a variable's reader knows.
func makesNames(c *shell.Command) bool {
	if c.Dynamic {
		return true
	}
	switch c.Name {
	case "ls", "find", "du", "git", "fd", "fdfind", "tree", "wc", "mktemp", "pwd", "date", "seq", "whoami", "id",
		"hostname", "uname", "nproc", "true", "false", "test", "[", "read", "mapfile", "readarray", "cd", "pushd", "popd",
		"export", "local", "declare", "set", "shift", ":", "wait", "source", ".":
		return false
	case "echo", "printf":
		// Its words, when all are written out, are the guard's to read
		// (the walk gives them as the value).
		return slices.ContainsFunc(c.Args, func(a shell.Word) bool { return a.Dynamic })
	case "cat", "sort", "uniq", "head", "tail", "tac":
		return true // with no file of its own, its input's: a pipeline's
	}
	return !envPlace(c.String())
}

// variableNames returns the program of s that may make up the value of
// variable read p (see namesMadeUp), or the credential file a file of
// names it may take its value from names (with a name false): a name
// whose last part is written out and can be no credential file's
// passes. lists is listedReads' memo.
func (at *place) variableNames(s *shell.Script, lists **listings, p shell.Word, extra []string) (x string, named, ok bool) {
	v := p.Value
	if !strings.Contains(v, "$") || strings.Contains(v, "$(") || strings.HasPrefix(v, "(") {
		return "", false, false
	}
	if base, ok := writtenBase(v); ok && !nameMayBeSecret(base, extra) {
		return "", false, false
	}
	x, files := at.namesMadeUp(s)
	if x == "" && len(files) == 0 || !at.setsAny(v) {
		return "", false, false // nothing made up, or the environment's ($LOG_FILE)
	}
	if x != "" {
		return x, true, true
	}
	m := at.madeUpMemo // namesMadeUp's, for s: its files' answer asked once
	if !m.inAnyAsked {
		m.inAny, m.inAnyAsked = at.namesInAny(s, at.listsOf(lists), files, extra), true
	}
	if m.inAny != "" {
		return m.inAny, false, true
	}
	return "", false, false
}

// setsAny reports whether the script namesMadeUp last read may set
// one of the variables word v expands: its name is a word of the
// script's text other than right after $ or ${ (NAME=, for NAME, read
// NAME, printf -v NAME, mapfile NAME…; an over-count: -f holds f).
func (at *place) setsAny(v string) bool {
	m := at.madeUpMemo
	if m.sets == nil {
		m.sets = setWords(at.src)
	}
	for i := strings.IndexByte(v, '$'); i >= 0 && i+1 < len(v); {
		rest := strings.TrimPrefix(v[i+1:], "{")
		n := 0
		for n < len(rest) && identByte[rest[n]] {
			n++
		}
		if n > 0 && m.sets[rest[:n]] {
			return true
		}
		j := strings.IndexByte(v[i+1:], '$')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// setWords returns the words of name bytes in src that do not follow $
// or ${: one pass over the text, each word once.
func setWords(src string) map[string]bool {
	out := map[string]bool{}
	for k := 0; k < len(src); {
		if !identByte[src[k]] {
			k++
			continue
		}
		j := k
		for j < len(src) && identByte[src[j]] {
			j++
		}
		if !(k > 0 && src[k-1] == '$' || k > 1 && src[k-2:k] == "${") {
			out[src[k:j]] = true
		}
		k = j
	}
	return out
}
