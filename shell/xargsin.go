package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The names xargs reads from a program's output, when their text is not
// known (see xargsRun): what the program prints decides which files the
// command xargs runs touches, so each source says where its names lie.
//
//   - find START… prints names under each start point: a word as -exec's
//     {} (Prefix the start point), so that find's name tests count.
//   - grep -l, -L (and rg, ag) print names under the folders they search
//     (START/(output of grep), Prefix "START/"), or the files they are
//     given.
//   - ls prints each operand O as given (a file's name) and, for a
//     folder, its entries: "(entries of O)", O from where the script
//     starts.
//   - A filter (grep without -l, head, tail, sort, uniq, tac) prints some
//     of the lines it reads: its own input's names.
//   - cat FILE…, a file redirected in, or xargs -a FILE: "(lines of
//     FILE)" for each static FILE (from where the script starts), names a
//     reader with the files at hand can list; echo and printf of a glob:
//     the glob; of other words: "(input)", the command's own words.
//   - Any other program: "(names NAME prints)", names known only when it
//     runs, anywhere ("(names a pipeline prints)" when not even the
//     program is known).
//
// An input whose source cannot be read at all stays "(input)".

// maxNameSources bounds the words one input gives (a grep of many folders
// gives one each): past it the input is one "(names a pipeline prints)"
// word.
const maxNameSources = 16

// maxNameDepth bounds the pipeline stages followed back to a source.
const maxNameDepth = 16

// inputNames returns the words xargs appends for its standard input,
// which is not known text, piped in by from, or by stages in a simple
// script (neither for a file or a descriptor): one per place its names
// may come from.
func (w *walker) inputNames(from *syntax.Stmt, stages []simpleCmd, file *Word, dir Word) []Word {
	var ws []Word
	switch {
	case file != nil:
		return linesOf([]Word{*file}, dir)
	case from != nil:
		ws = w.namesOf(from, 0, dir)
	case len(stages) > 0:
		ws = stagesNames(stages, dir)
	default:
		return []Word{{Value: "(input)", Dynamic: true}}
	}
	if len(ws) == 0 || len(ws) > maxNameSources {
		return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
	}
	return ws
}

// namesOf returns the words for the names statement s prints.
func (w *walker) namesOf(s *syntax.Stmt, depth int, dir Word) []Word {
	if depth > maxNameDepth || s.Negated || s.Background || s.Coprocess || otherRedirs(s) {
		return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
	}
	switch c := s.Cmd.(type) {
	case *syntax.BinaryCmd:
		if c.Op != syntax.Pipe {
			return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
		}
		return w.callNames(c.Y, func() []Word { return w.namesOf(c.X, depth+1, dir) }, dir)
	case *syntax.CallExpr:
		return w.callNames(s, func() []Word { return []Word{{Value: "(input)", Dynamic: true}} }, dir)
	}
	return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
}

// callNames returns the words for the names the simple command of s
// prints; upstream gives those of its standard input.
func (w *walker) callNames(s *syntax.Stmt, upstream func() []Word, dir Word) []Word {
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || s.Negated || s.Background || s.Coprocess || otherRedirs(s) || len(c.Assigns) > 0 || len(c.Args) == 0 {
		return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
	}
	args := w.mem.wordSlice(len(c.Args))
	for _, x := range c.Args {
		if hasBrace(x) {
			args = append(args, w.words(x)...)
		} else {
			args = append(args, w.join(x.Parts)) // what words gives, without its slice
		}
	}
	return argsNames(args, upstream, dir)
}

// stagesNames is namesOf for the stages of a simple script's pipeline.
func stagesNames(stages []simpleCmd, dir Word) []Word {
	last := stages[len(stages)-1]
	if last.outRedir || len(stages) > maxNameDepth {
		return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
	}
	return argsNames(last.args, func() []Word {
		if len(stages) == 1 {
			return []Word{{Value: "(input)", Dynamic: true}}
		}
		return stagesNames(stages[:len(stages)-1], dir)
	}, dir)
}

// NamesPrinted returns the words for the names c prints, read as file
// names (as xargs reads them): for a search that lists files (grep -rl
// TODO src, rg -l), "DIR/(output of …)" for each folder it searches (see
// [Word.Search]) or the files it names; for a program whose names this
// package does not read, "(names NAME prints)"; "(input)" for its
// standard input's.
func NamesPrinted(c *Command) []Word {
	return argsNames(c.Args, func() []Word { return []Word{{Value: "(input)", Dynamic: true}} }, Word{})
}

// argsNames returns the words for the names the command of words args
// prints; upstream gives those of its standard input.
func argsNames(args []Word, upstream func() []Word, dir Word) []Word {
	if len(args) == 0 || args[0].Dynamic {
		return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
	}
	name := baseName(args[0].Value)
	switch name {
	case "find":
		return findNamesOut(args[1:], name)
	case "grep", "egrep", "fgrep", "rg", "ag", "ack":
		return grepNames(name, args[1:], upstream)
	case "head", "tail":
		f := headSpec.Parse(args[1:])
		if f.Has("c", "bytes", "f", "follow", "F") || len(f.Unsure) > 0 {
			return namesPrints(name)
		}
		return filesOrInput(f, upstream, dir)
	case "sort", "uniq":
		f := readerFor(name).spec.Parse(args[1:])
		if f.Has("o", "output", "files0-from", "c", "count", "check", "C", "D", "all-repeated", "group") || len(f.Unsure) > 0 ||
			name == "uniq" && len(f.Operands) > 1 {
			return namesPrints(name)
		}
		return filesOrInput(f, upstream, dir)
	case "tac":
		f := Spec{Short: "brs:", Permute: true, Long: []string{"before", "regex", "separator="}}.Parse(args[1:])
		if f.Has("s", "separator", "r", "regex") || len(f.Unsure) > 0 {
			return namesPrints(name)
		}
		return filesOrInput(f, upstream, dir)
	case "cut":
		// The name in a line of git status --porcelain (XY NAME) or of
		// du -a (SIZE<tab>NAME), as cut takes it out.
		if up := upstream(); len(up) == 1 {
			switch sel := cutSelection(args[1:]); {
			case up[0].Value == "(names git prints)" && sel == "c4-",
				up[0].Value == "(names du prints)" && (sel == "f2" || sel == "f2-"):
				return up
			}
		}
		return namesPrints(name)
	case "ls":
		return lsNames(args[1:], dir)
	case "git":
		return gitLsNames(args[1:])
	case "echo", "printf":
		return echoNames(name, args[1:])
	case "cat":
		for _, a := range args[1:] {
			if a.MaybeOption() && a.Value != "-" {
				return namesPrints(name) // -A, -n…: not the lines as they are
			}
		}
		if len(args) == 1 {
			return upstream()
		}
		return linesOf(args[1:], dir)
	}
	return namesPrints(name)
}

// filesOrInput: a filter's names are its input's, or, with file
// operands, the files' lines.
func filesOrInput(f Flags, upstream func() []Word, dir Word) []Word {
	if len(f.Operands) == 0 {
		return upstream()
	}
	return linesOf(f.Operands, dir)
}

// linesOf returns a word "(lines of FILE)" for each file of files, or
// "(input)" when one is not static ("-", the standard input, included).
func linesOf(files []Word, dir Word) []Word {
	var ws []Word
	for _, f := range files {
		if f.Dynamic || f.Value == "-" || f.Value == "" || strings.ContainsAny(f.Value, "()") {
			return []Word{{Value: "(input)", Dynamic: true}}
		}
		at := joinDir(dir, f) // where the file is, from where the script starts
		if at.Dynamic {
			return []Word{{Value: "(names a pipeline prints)", Dynamic: true}}
		}
		ws = append(ws, LinesOf(at.Value))
	}
	return ws
}

// LinesOf returns the word for the names xargs reads from the file at
// path (relative to where the script starts): dynamic, its value
// "(lines of PATH)". A reader with the files at hand lists them; see
// [Word.LinesFile].
func LinesOf(path string) Word {
	return Word{Value: "(lines of " + path + ")", Dynamic: true}
}

// LinesFile returns, for a word made by [LinesOf], the file it reads
// (relative to where the script starts). What comes before "(lines of"
// in the word (the command's directory, an xargs -I template's folder)
// is the folder the names read are relative to.
func (w Word) LinesFile() (string, bool) {
	i := strings.Index(w.Value, "(lines of ")
	if !w.Dynamic || i < 0 || !strings.HasSuffix(w.Value, ")") {
		return "", false
	}
	p := w.Value[i+len("(lines of ") : len(w.Value)-1]
	if p == "" || strings.ContainsAny(w.Value[:i], "$`") {
		return "", false
	}
	return p, true
}

// namesPrints is the word for the names the program name prints, known
// only when it runs.
func namesPrints(name string) []Word {
	return []Word{{Value: "(names " + name + " prints)", Dynamic: true}}
}

// findNamesOut returns the words for the names find prints: under each
// start point, as -exec's {} (see findRun), unless an action prints
// something else.
func findNamesOut(args []Word, name string) []Word {
	starts, expr := findStarts(args)
	for _, a := range expr {
		if a.Dynamic {
			continue
		}
		switch a.Value {
		case "-exec", "-execdir", "-ok", "-okdir", "-printf", "-fprintf", "-fprint", "-fprint0", "-ls", "-fls":
			return namesPrints(name)
		}
	}
	if len(starts) == 0 {
		starts = []Word{Static(".")}
	}
	var ws []Word
	for _, s := range starts {
		if s.Dynamic || strings.ContainsAny(s.Value, "$`") {
			return namesPrints(name)
		}
		ws = append(ws, MakeWord(s.Value+"/{}", true, s.Value, ""))
	}
	return ws
}

// grepNames returns the words for what grep (or rg, ag, ack) prints: with
// -l or -L, the names of files it searched (under each folder searched
// recursively, or the files given); without, the lines of its input when
// it reads only that.
func grepNames(name string, args []Word, upstream func() []Word) []Word {
	r := readerFor(name)
	f := r.spec.Parse(args)
	for _, u := range f.Unsure {
		if strings.ContainsAny(u.Value, "$`") {
			return namesPrints(name) // a glob (*.go) is a file's name; a variable may be an option
		}
	}
	operands := f.Operands
	search := searchText(name, f, operands, r)
	if !f.Has(r.given...) && len(operands) > 0 {
		operands = operands[1:] // the pattern
	}
	listing := f.Has("l", "L", "files-with-matches", "files-without-match", "files")
	recursive := name != "grep" && name != "egrep" && name != "fgrep" || f.Has("r", "R", "recursive", "dereference-recursive")
	if !listing {
		if len(operands) > 0 || recursive || f.Has("o", "only-matching", "c", "count", "b", "byte-offset", "n", "line-number",
			"H", "with-filename", "replace", "r", "A", "B", "C", "after-context", "before-context", "context", "null-data", "z") {
			return namesPrints(name)
		}
		return upstream()
	}
	if len(operands) == 0 {
		if !recursive {
			return namesPrints(name) // the input's lines, named "(standard input)"
		}
		operands = []Word{Static(".")}
	}
	var ws []Word
	for _, o := range operands {
		if o.Dynamic || strings.ContainsAny(o.Value, "$`") {
			if !recursive && !strings.ContainsAny(o.Value, "$`") {
				ws = append(ws, o) // a glob: the files it matches
				continue
			}
			return namesPrints(name)
		}
		if !recursive {
			ws = append(ws, o) // the file itself
			continue
		}
		root := strings.TrimSuffix(o.Value, "/")
		if root == "" {
			root = "/"
		}
		prefix := root + "/"
		if root == "/" {
			prefix = "/"
		}
		ws = append(ws, MakeWord(prefix+"(output of "+search+")", true, prefix, ""))
	}
	return ws
}

// gitLsNames: git ls-files prints the names under each pathspec (the
// command's folder without one), relative to where it runs; other git
// subcommands, an option that changes what it prints (-s, --format,
// --full-name, …) or a pathspec with magic or a glob, names anywhere.
func gitLsNames(args []Word) []Word {
	if len(args) == 0 || args[0].Dynamic || args[0].Value != "ls-files" {
		return namesPrints("git")
	}
	var ops []Word
	dashes := false
	for _, a := range args[1:] {
		v := a.Value
		switch {
		case a.Dynamic || strings.ContainsAny(v, "*?[:\\") && !strings.HasPrefix(v, "--exclude"):
			return namesPrints("git")
		case dashes || !strings.HasPrefix(v, "-"):
			ops = append(ops, a)
		case v == "--":
			dashes = true
		default:
			switch v {
			case "-z", "-c", "--cached", "-m", "--modified", "-o", "--others", "-d", "--deleted", "-i", "--ignored",
				"--exclude-standard", "--directory", "--no-empty-directory", "--error-unmatch", "-k", "--killed":
			default:
				if !strings.HasPrefix(v, "--exclude=") && !strings.HasPrefix(v, "--exclude-from=") {
					return namesPrints("git")
				}
			}
		}
	}
	if len(ops) == 0 {
		ops = []Word{Static(".")}
	}
	var ws []Word
	for _, o := range ops {
		root := strings.TrimSuffix(o.Value, "/")
		if root == "" || strings.HasPrefix(root, "/") || root == ".." || strings.HasPrefix(root, "../") {
			return namesPrints("git") // printed relative to the folder, with ../
		}
		prefix := root + "/"
		if root == "." {
			prefix = ""
		}
		ws = append(ws, MakeWord(prefix+"(output of git ls-files)", true, prefix, ""))
	}
	return ws
}

// otherRedirs reports whether s redirects anything but its error stream
// to a file (2>/dev/null): its output, or its input, is then not the
// pipeline's.
func otherRedirs(s *syntax.Stmt) bool {
	for _, r := range s.Redirs {
		if r.N == nil || r.N.Value != "2" || r.Op == syntax.DplOut && r.Word != nil && r.Word.Lit() == "1" {
			return true
		}
	}
	return false
}

// lsSpec is ls's options (GNU, with the BSD letters).
var lsSpec = Spec{Short: "aAbBcCdDfFgGhHiklLmnNopqQrRsStTuUvwxXZ1I:w:T:", Permute: true, Long: []string{"all",
	"almost-all", "author", "escape", "block-size=", "ignore-backups", "color=?", "colour=?", "directory", "dired",
	"classify=?", "file-type", "format=", "full-time", "group-directories-first", "no-group", "human-readable",
	"si", "dereference-command-line", "dereference-command-line-symlink-to-dir", "hide=", "hyperlink=?",
	"indicator-style=", "inode", "ignore=", "kibibytes", "dereference", "literal", "numeric-uid-gid",
	"hide-control-chars", "show-control-chars", "quote-name", "quoting-style=", "reverse", "recursive", "size",
	"sort=", "time=", "time-style=", "tabsize=", "width=", "context", "zero", "help", "version"}}

// lsNames returns the words for the names ls prints, one a line (its
// output into a pipe): each operand O as given (a file's name), and
// "(entries of O)", O from where the script starts, for a folder's
// entries (bare names), which a reader with the files at hand lists;
// only the operands with -d. Options that print more
// than names, or hidden and nested ones, make it "(names ls prints)".
func lsNames(args []Word, dir Word) []Word {
	f := lsSpec.Parse(args)
	if f.Has("a", "all", "A", "almost-all", "R", "recursive", "l", "g", "n", "o", "s", "size", "i", "inode", "F",
		"classify", "p", "file-type", "indicator-style", "m", "x", "C", "format", "Q", "quote-name", "quoting-style",
		"b", "escape", "Z", "context", "D", "dired", "f", "full-time", "hyperlink", "zero", "help", "version") {
		return namesPrints("ls")
	}
	for _, u := range f.Unsure {
		if strings.ContainsAny(u.Value, "$`") {
			return namesPrints("ls")
		}
	}
	ops := f.Operands
	if len(ops) == 0 {
		ops = []Word{Static(".")}
	}
	var ws []Word
	for _, o := range ops {
		if strings.ContainsAny(o.Value, "$`()") || o.Value == "" {
			return namesPrints("ls")
		}
		// A file (or -d's folder) is printed as given; a folder's
		// entries bare, read where the script starts.
		if v := o.Value; f.Has("d", "directory") || v != "." && v != ".." && !strings.HasSuffix(v, "/") {
			ws = append(ws, o)
		}
		if f.Has("d", "directory") {
			continue
		}
		at := joinDir(dir, o)
		if strings.ContainsAny(at.Value, "$`()") || at.Dynamic && !strings.ContainsAny(at.Value, "*?[") {
			return namesPrints("ls")
		}
		ws = append(ws, Word{Value: "(entries of " + at.Value + ")", Dynamic: true})
	}
	return ws
}

// echoNames returns the words for the names echo or printf '%s\n' print
// (their text is not known, or xargsRun would have split it): a glob's
// matches are the glob's (echo .clau*/settings.json); a word with an
// expansion, the command's own text or a variable it only expands, is
// "(input)", counted as a path of "$VAR" is.
func echoNames(name string, args []Word) []Word {
	input := []Word{{Value: "(input)", Dynamic: true}}
	if name == "printf" {
		if len(args) == 0 || args[0].Dynamic {
			return input
		}
		switch args[0].Value {
		case "%s\\n", "%s ", "%s\\0", "%s\n":
		default:
			return input
		}
		args = args[1:]
	} else {
		for len(args) > 0 && !args[0].Dynamic && (args[0].Value == "-n" || args[0].Value == "-e" || args[0].Value == "-E") {
			args = args[1:]
		}
	}
	var ws []Word
	for _, a := range args {
		if a.Dynamic && (strings.ContainsAny(a.Value, "$`") || !strings.ContainsAny(a.Value, "*?[")) {
			return input
		}
		ws = append(ws, a)
	}
	if len(ws) == 0 {
		return input
	}
	return ws
}

// cutSpec is cut's options (GNU's and BSD's).
var cutSpec = Spec{Short: "b:c:d:f:nsz", Permute: true, Long: []string{"bytes=", "characters=", "delimiter=", "fields=",
	"complement", "only-delimited", "output-delimiter=", "zero-terminated"}}

// cutSelection returns what cut with args selects of each line, as
// "c4-" (-c 4-, -b4-, --characters=4-) or "f2" (-f2): "" for a
// selection of more than one list, a delimiter or a complement.
func cutSelection(args []Word) string {
	f := cutSpec.Parse(args)
	if len(f.Operands) > 0 || len(f.Unsure) > 0 || f.Has("complement", "output-delimiter", "z", "zero-terminated", "d", "delimiter") {
		return ""
	}
	sel := ""
	for _, o := range [...][2]string{{"b", "c"}, {"bytes", "c"}, {"c", "c"}, {"characters", "c"}, {"f", "f"}, {"fields", "f"}} {
		if v, ok := f.Value(o[0]); ok {
			if v.Dynamic || sel != "" {
				return ""
			}
			sel = o[1] + v.Value
		}
	}
	return sel
}
