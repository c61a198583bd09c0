package shell

import (
	"strings"
)

// awkSpec: awk, gawk, mawk; -f/-E name a program file, -e/--source a
// program text, -i/--include a library (-i inplace rewrites the files).
var awkSpec = Spec{Short: "bcCdgMnNOPrsStVyF:f:v:e:E:i:l:L::o::p::D::W:", Long: []string{"field-separator=", "file=",
	"assign=", "source=", "exec=", "include=", "load=", "lint=?", "pretty-print=?", "profile=?", "dump-variables=?",
	"debug=?", "bignum", "characters-as-bytes", "traditional", "copyright", "gen-pot", "help", "non-decimal-data",
	"no-optimize", "optimize", "posix", "re-interval", "sandbox", "use-lc-numeric", "version", "csv"}}

// awkEffects: the program is the first operand unless -f, -E, -e or
// --source gave one; the other operands are input files (read, or
// rewritten with gawk's -i inplace), except VAR=VALUE assignments.
func awkEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, awkSpec)
	lang := "awk"
	have := false
	inplace := false
	for _, o := range f.Options {
		switch o.Name {
		case "f", "E", "file", "exec":
			w.runsCode(c, sc, lang, Word{}, o.Value)
			have = true
		case "e", "source":
			w.runsCode(c, sc, lang, o.Value, Word{})
			have = true
		case "i", "include":
			inplace = inplace || strings.TrimSuffix(o.Value.Value, ".awk") == "inplace" || o.Value.Dynamic
		}
	}
	ops := f.Operands
	if !have && len(ops) > 0 {
		w.runsCode(c, sc, lang, ops[0], Word{})
		ops = ops[1:]
	}
	for _, o := range ops {
		if !o.Dynamic && isAssign(o.Value) {
			continue
		}
		if inplace {
			w.writes(c, sc, o)
		} else {
			w.reads(c, sc, o)
		}
	}
}
