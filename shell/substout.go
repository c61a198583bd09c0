package shell

import (
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
	"mvdan.cc/sh/v3/syntax"
)

// The output of a command substitution that prints fixed text: $(echo
// app/.env), `printf %s app/.env`, "$(printf 'app/%s' .env)" (issue 38).
// bash runs echo or printf with static words and puts what it prints in
// the word, its trailing newlines removed; the word is then as static as
// its text: `cat $(echo app/.e)nv` reads app/.env. Unquoted, the output
// is split into fields at spaces, tabs and newlines, and its glob
// characters are globs (see substFields).

// maxSubstOut bounds the output of a substitution read as fixed text.
const maxSubstOut = 4096

// substOut returns what the command substitution p prints, when it is
// one echo or printf of static words that the script cannot have
// redefined (see mayShadowPrint), and whether it is such a one.
func (w *walker) substOut(p *syntax.CmdSubst) (string, bool) {
	if len(p.Stmts) != 1 || len(p.Last) > 0 {
		return "", false
	}
	st := p.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return "", false
	}
	args := make([]string, 0, len(call.Args))
	for _, a := range call.Args {
		if hasBrace(a) {
			return "", false
		}
		v := w.join(a.Parts)
		if v.Dynamic {
			return "", false
		}
		args = append(args, v.Value)
	}
	if w.top == "" {
		if mayShadowPrint(w.src) { // a walk without Parse's (a test's)
			return "", false
		}
	} else {
		if w.shadowPrint == 0 {
			w.shadowPrint = 1 // read once a script: a scan of its text for each substitution costs the square of its size
			if mayShadowPrint(w.top) {
				w.shadowPrint = 2
			}
		}
		if w.shadowPrint == 2 {
			return "", false
		}
	}
	var out string
	switch args[0] {
	case "echo":
		out, ok = echoOut(args[1:])
	case "printf":
		out, ok = printfOut(args[1:])
	default:
		return "", false
	}
	if !ok || len(out) > maxSubstOut {
		return "", false
	}
	return strings.TrimRight(out, "\n"), true
}

// mayShadowPrint reports whether script src may run something other than
// the builtins echo and printf by those names: a function or alias it
// defines, a builtin it disables, or a file it sources or an eval, which
// may define them.
func mayShadowPrint(src string) bool {
	for _, s := range []string{"alias", "enable", "source", "eval", "function", "declare", "typeset", "BASH_ENV", "ENV="} {
		if strings.Contains(src, s) {
			return true
		}
	}
	for _, name := range []string{"echo", "printf"} {
		for from := 0; ; {
			i := strings.Index(src[from:], name)
			if i < 0 {
				break
			}
			from += i + len(name)
			if rest := codetext.TrimBlank(src[from:]); strings.HasPrefix(rest, "(") {
				return true // echo() { … }
			}
		}
	}
	// The . builtin: a "." followed by a blank, at a command's start.
	for i := 0; i+1 < len(src); i++ {
		if src[i] == '.' && (src[i+1] == ' ' || src[i+1] == '\t') && (i == 0 || strings.IndexByte(" \t\n;&|({", src[i-1]) >= 0) {
			return true
		}
	}
	return false
}

// echoOut returns what bash's echo prints for args (its options -n, -e,
// -E; false for an escape -e would read).
func echoOut(args []string) (string, bool) {
	esc := false
	for len(args) > 0 {
		a := args[0]
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], "neE") != "" {
			break
		}
		esc = esc || strings.ContainsRune(a, 'e')
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if esc && strings.Contains(s, `\`) {
		return "", false
	}
	return s, true
}

// printfOut returns what bash's printf prints for a format and args: a
// format of text, %s, %% and \n only (false for any other), used again
// while arguments are left.
func printfOut(args []string) (string, bool) {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return "", false
	}
	format, args := args[0], args[1:]
	var b strings.Builder
	for {
		used := 0
		for i := 0; i < len(format); i++ {
			switch c := format[i]; {
			case c == '%' && i+1 < len(format) && format[i+1] == '%':
				b.WriteByte('%')
				i++
			case c == '%' && i+1 < len(format) && format[i+1] == 's':
				if used < len(args) {
					b.WriteString(args[used])
				}
				used++
				i++
			case c == '\\' && i+1 < len(format) && format[i+1] == 'n':
				b.WriteByte('\n')
				i++
			case c == '%' || c == '\\':
				return "", false
			default:
				b.WriteByte(c)
			}
			if b.Len() > maxSubstOut {
				return "", false
			}
		}
		if used == 0 || used >= len(args) {
			return b.String(), true
		}
		args = args[used:]
	}
}

// substFields returns the words an unquoted command substitution whose
// output is out becomes: its fields, split at spaces, tabs and newlines,
// each with its glob characters dynamic.
func substFields(out string) []Word {
	fields := strings.Fields(out)
	ws := make([]Word, 0, len(fields))
	for _, f := range fields {
		ws = append(ws, joinSegs(plainLitSegs(nil, f, false, false)))
	}
	return ws
}

// onlySubst reports whether x is one unquoted command substitution,
// which may become several words (see substFields).
func onlySubst(x *syntax.Word) bool {
	if len(x.Parts) != 1 {
		return false
	}
	_, ok := x.Parts[0].(*syntax.CmdSubst)
	return ok
}
