package shell

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A WrittenText is the text a redirection of a simple command writes to
// a file when the script spells it out: cat's here-document (cat > f
// <<'EOF' … EOF, whose text has no expansion) or the output of echo or
// printf of static words (see staticOutput). A policy that would deny
// running code the same command writes may read it: what runs is in the
// command. Path is resolved as a [Write]'s; Append is set for >>.
type WrittenText struct {
	Path   Word
	Text   string
	Append bool
}

// maxWrittenText bounds the text of a script's Texts: past it no more
// is kept (a write with no text is one whose text is not known).
const maxWrittenText = 256 << 10

// writtenText records, for statement s walked in sc with standard input
// in (its redirections read), the text its one redirection of the
// standard output to a static path writes, when known (see
// WrittenText): not when the shell may be in one of two folders, nor
// when a function or an alias may stand for cat, echo or printf.
func (w *walker) writtenText(s *syntax.Stmt, sc *scope, in stdin) {
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 || len(c.Args) == 0 || sc.alt != nil || w.box != nil || s.Negated || s.Background {
		return
	}
	var out *syntax.Redirect
	for _, r := range s.Redirs {
		if r.N != nil && r.N.Value != "1" && r.N.Value != "2" {
			continue
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll:
			if r.N != nil && r.N.Value == "2" {
				continue
			}
			if out != nil {
				return // two: only the last one gets the text
			}
			out = r
		case syntax.DplOut:
			return // >&2, 1>&3: not to the file alone
		}
	}
	if out == nil {
		return
	}
	if lit := out.Word.Lit(); lit == "" || !codeFileName(lit) {
		return // only code's text is asked for: a test or a module a runner loads
	}
	name := c.Args[0].Lit()
	if w.shadows(name, sc) {
		return
	}
	var text string
	switch name {
	case "cat":
		if in.doc == nil || in.doc.Dynamic || in.file != nil || len(c.Args) > 2 || len(c.Args) == 2 && c.Args[1].Lit() != "-" {
			return
		}
		text = in.doc.Value
	case "echo", "printf":
		args := w.mem.wordSlice(len(c.Args))
		for _, x := range c.Args {
			if hasBrace(x) {
				return
			}
			args = append(args, w.join(x.Parts))
		}
		t, ok := writtenOutput(args)
		if !ok {
			return
		}
		text = t
	default:
		return
	}
	w.addText(w.word(out.Word), sc, text, out.Op == syntax.AppOut || out.Op == syntax.AppAll)
}

// simpleText is writtenText for a command c of a simple script (see
// fast.go): echo or printf of static words with one redirection to a
// file (whose > may be 2>, which writes nothing of echo's: no code).
func (w *walker) simpleText(c *simpleCmd, sc *scope) {
	if len(c.files) != 1 || sc.alt != nil || w.box != nil || !codeFileName(c.files[0].file.Value) {
		return
	}
	if n := c.args[0].Value; n != "echo" && n != "printf" || c.args[0].Dynamic || w.shadows(n, sc) {
		return
	}
	if t, ok := writtenOutput(c.args); ok {
		w.addText(c.files[0].file, sc, t, c.files[0].op == ">>")
	}
}

// shadows reports whether name, cat, echo or printf, may run something
// else: a function or an alias of sc, or for echo and printf one the
// script's text may define (mayShadowPrint, read once a script).
func (w *walker) shadows(name string, sc *scope) bool {
	if _, fn := sc.funcs[name]; fn {
		return true
	}
	if _, al := sc.aliases[name]; al {
		return true
	}
	if name != "echo" && name != "printf" {
		return false
	}
	if w.top == "" {
		return true
	}
	if w.shadowPrint == 0 {
		w.shadowPrint = 1
		if mayShadowPrint(w.top) {
			w.shadowPrint = 2
		}
	}
	return w.shadowPrint == 2
}

// addText records text written to p in sc (see WrittenText), within
// maxWrittenText.
func (w *walker) addText(p Word, sc *scope, text string, appends bool) {
	if p.Dynamic || w.textBytes+len(text) > maxWrittenText {
		return
	}
	w.textBytes += len(text)
	w.out.Texts = append(w.out.Texts, WrittenText{Path: joinDir(sc.dir, p), Text: text, Append: appends})
}

// codeFileName reports whether a file named p may hold code that a test
// runner or an interpreter loads by its name (a .py, .js, .ts, .rb, .pl,
// .pm, .t, .php or .rs file).
func codeFileName(p string) bool {
	switch path.Ext(p) {
	case ".py", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".rb", ".pl", ".pm", ".t", ".php", ".rs", ".go":
		return true
	}
	return false
}

// writtenOutput is staticOutput for the text a command writes to a
// code file (see writtenText): also printf of a format with no % whose
// escapes printfEscapes decodes (printf 'def t():\n    pass\n' > t.py).
func writtenOutput(args []Word) (string, bool) {
	if t, ok := staticOutput(args); ok {
		return t, true
	}
	if len(args) != 2 || args[0].Dynamic || args[1].Dynamic || baseName(args[0].Value) != "printf" ||
		strings.HasPrefix(args[1].Value, "-") || strings.Contains(args[1].Value, "%") {
		return "", false
	}
	return printfEscapes(args[1].Value)
}

// printfEscapes returns printf's output of format f, which holds no %:
// its \n, \t, \\, \" and \' escapes decoded; false for any other
// escape (octal, hexadecimal, \c), whose reading is not followed.
func printfEscapes(f string) (string, bool) {
	if !strings.Contains(f, "\\") {
		return f, true
	}
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '\\' {
			b.WriteByte(f[i])
			continue
		}
		if i++; i == len(f) {
			return "", false
		}
		switch f[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '\\', '"', '\'':
			b.WriteByte(f[i])
		default:
			return "", false
		}
	}
	return b.String(), true
}
