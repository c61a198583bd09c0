package guard

import (
	"path"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// The fixed end of a file name inline code writes when the name is
// known only at run time (issue 38): open(f'out-{day}.json', 'w'),
// writeFileSync('dist/build-'+Date.now()+'.txt', …). Whatever the name
// holds before it, the file written ends in it, so a program run after
// it that takes its code from files of other names (make's makefiles,
// go's .go files) cannot run it; rule 4 no longer takes such a write
// for one of a file anywhere.

// suffixCalls returns lang's calls read by writtenSuffixes, each of which
// writes the file its first argument names: Python's open and Node's
// fs writers. Any other write call makes the names unknown.
func suffixCalls(lang string) []string {
	switch lang {
	case "python":
		return []string{"open"}
	case "node":
		return []string{"writeFileSync", "writeFile", "appendFileSync", "appendFile", "createWriteStream", "openSync", "open"}
	}
	return nil
}

// writtenSuffixes returns the fixed ends of the names that the calls of
// lang's code that write a file (writeSites's) write: each such call
// must be one of suffixCalls whose first argument is a literal or ends
// in one (a concatenation, an f-string, a template, a path join whose
// last part is one) naming a file of a data kind (dataSuffix); false
// otherwise.
func writtenSuffixes(lang, code string) ([]string, bool) {
	calls := suffixCalls(lang)
	if calls == nil {
		return nil, false
	}
	for _, name := range writeCalls(lang) {
		if !strings.Contains(code, name) {
			continue
		}
		if !slicesContains(calls, name) {
			return nil, false
		}
	}
	var out []string
	for _, name := range calls {
		for from := 0; ; {
			i := strings.Index(code[from:], name)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(name)
			if at > 0 && (isIdent(code[at-1]) || code[at-1] == '$') || from < len(code) && isIdent(code[from]) {
				continue
			}
			rest := strings.TrimLeft(code[from:], " \t")
			if !strings.HasPrefix(rest, "(") {
				continue
			}
			all, ok := callArgs(rest[1:min(len(rest), 1+maxCallArgs)])
			if !ok {
				return nil, false
			}
			if (name == "open" || name == "openSync") && !writesMode(lang, all) {
				continue
			}
			args := splitArgs(all)
			if len(args) == 0 {
				return nil, false
			}
			s, ok := nameSuffix(args[0])
			if !ok || !dataSuffix(s) {
				return nil, false
			}
			out = append(out, s)
		}
	}
	return out, true
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// splitArgs splits a call's argument text at its top-level commas.
func splitArgs(all string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(all); i++ {
		switch c := all[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '"', '\'', '`':
			j := strings.IndexByte(all[i+1:], c)
			if j < 0 {
				return append(out, all[start:])
			}
			i += j + 1
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(all[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(all[start:]))
}

// nameSuffix returns the fixed text an expression of a file name ends
// in: its last string literal when the expression ends with one (after
// a "+" or as the whole of it), the text after the last {…} of an
// f-string or ${…} of a template, or that of the last argument of a
// path join; false for any other expression or a literal with an escape
// or a quote in it.
func nameSuffix(e string) (string, bool) {
	e = strings.TrimSpace(e)
	for _, join := range []string{"os.path.join(", "path.join(", "path.resolve("} {
		if strings.HasPrefix(e, join) && strings.HasSuffix(e, ")") {
			args := splitArgs(e[len(join) : len(e)-1])
			return nameSuffix(args[len(args)-1])
		}
	}
	if e == "" {
		return "", false
	}
	q := e[len(e)-1]
	if q != '\'' && q != '"' && q != '`' {
		return "", false
	}
	start := strings.LastIndexByte(e[:len(e)-1], q)
	if start < 0 {
		return "", false
	}
	lit := e[start+1 : len(e)-1]
	before := strings.TrimSpace(e[:start])
	format := q == '`'
	if before != "" && strings.IndexByte("fF", before[len(before)-1]) >= 0 {
		format = true
		before = strings.TrimSpace(before[:len(before)-1])
		if before != "" && strings.IndexByte("rR", before[len(before)-1]) >= 0 {
			before = strings.TrimSpace(before[:len(before)-1])
		}
	}
	if format {
		lit = lit[strings.LastIndexByte(lit, '}')+1:]
	} else if before != "" && !strings.HasSuffix(before, "+") {
		return "", false
	}
	if choice(before) {
		return "", false // 'Makefile' if c else d + '.txt': not a concatenation alone
	}
	if strings.ContainsAny(lit, "\\{}$'\"`") {
		return "", false
	}
	return lit, true
}

// dataSuffix reports whether a file whose name ends in s is data no
// runner loads as code by its folder or pattern: an extension of text,
// logs, tables, reports or images. JSON and XML are not (package.json,
// pom.xml and other configurations name what runs).
func dataSuffix(s string) bool {
	switch strings.ToLower(path.Ext(s)) {
	case ".txt", ".log", ".csv", ".tsv", ".md", ".out", ".html", ".svg", ".png":
		return true
	}
	return false
}

// runsSuffix reports whether the file p, run by a command of the
// script, may be one whose name ends in suffix: its last name ends in
// the last name of suffix, or is known only at run time.
func runsSuffix(p, suffix string) bool {
	last := lastName(p)
	return strings.HasSuffix(last, lastName(suffix)) || strings.ContainsAny(last, "$~}*?[`")
}

// runsSuffix returns the name's end written (w.suffixes) that a file c
// runs may have: a script or makefile it names, or its own name.
func (w *writtenFiles) runsSuffix(c *shell.Command) (writtenFile, bool) {
	for _, f := range w.suffixes {
		for i := range c.Effects {
			if e := &c.Effects[i]; e.Kind == shell.RunsCode && e.Path.Value != "" && runsSuffix(e.Path.Value, f.path) {
				return f, true
			}
		}
		if len(c.Args) > 0 && (runsSuffix(c.Args[0].Value, f.path) || c.Name != "" && runsSuffix(c.Name, f.path)) {
			return f, true
		}
	}
	return writtenFile{}, false
}

// choice reports whether expression text e may pick between values
// (a conditional, a boolean operator, an assignment, a comma), which
// would make its last literal not the end of its value.
func choice(e string) bool {
	if strings.ContainsAny(e, "?:|&=,;<>%") {
		return true
	}
	for _, w := range []string{"if", "else", "or", "and", "not", "lambda", "in"} {
		if _, ok := namesAPI(e, []string{w}); ok {
			return true
		}
	}
	return false
}

// secretInJq is secretInCode for a jq program, whose words are fields
// (.key, .env), not files: the files it reads are those its import and
// include directives name ("x" is x.json as data, x.jq as a module, as
// jq 1.6 reads it: import "h/.docker/config" as $c printed
// h/.docker/config.json), from the current folder or a folder of -L.
func secretInJq(c *shell.Command, code string, extra []string) (string, bool) {
	var dirs []string
	for i, a := range c.Args {
		switch v := a.Value; {
		case (v == "-L" || v == "--library-path") && i+1 < len(c.Args):
			dirs = append(dirs, c.Args[i+1].Value)
		case strings.HasPrefix(v, "-L") || strings.HasPrefix(v, "--library-path="):
			dirs = append(dirs, v[strings.IndexAny(v, "L=")+1:])
		}
	}
	for _, d := range []string{"import", "include"} {
		for from := 0; ; {
			i := strings.Index(code[from:], d)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(d)
			rest := strings.TrimLeft(code[from:], " \t\r\n")
			if at > 0 && isIdent(code[at-1]) || !strings.HasPrefix(rest, "\"") {
				continue
			}
			j := strings.IndexByte(rest[1:], '"')
			if j < 0 {
				return "", false
			}
			name := rest[1 : 1+j]
			for _, dir := range append([]string{""}, dirs...) {
				p := name
				if dir != "" {
					p = strings.TrimSuffix(dir, "/") + "/" + name
				}
				for _, n := range []string{p, p + ".json", p + ".jq"} {
					if f, ok := secretInWord(n, extra); ok {
						return f, true
					}
				}
			}
		}
	}
	return "", false
}

// jqFilter returns the place in c.Args of jq's program when it is an
// operand (jq '.key' package.json: a field, not a file; read by
// secretInJq), else 0.
func jqFilter(c *shell.Command) int {
	if c.Name != "jq" && c.Name != "gojq" {
		return 0
	}
	for i := range c.Effects {
		e := &c.Effects[i]
		if e.Kind != shell.RunsCode || e.Lang() != "jq" || e.Code().Dynamic || e.Code().Value == "" {
			continue
		}
		for j := 1; j < len(c.Args); j++ {
			if !c.Args[j].Dynamic && c.Args[j].Value == e.Code().Value {
				return j
			}
		}
	}
	return 0
}
