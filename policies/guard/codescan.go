package guard

import (
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
)

// maxCodeCalls bounds the calls read in one file; maxCallSites the
// places a call's name is followed by "(" (a file of decoys costs no
// more); maxCallArgs the text of one call's arguments read.
const (
	maxCodeCalls = 256
	maxCallSites = 4096
	maxCallArgs  = 4096
)

// A codeSyntax is how a language's code is read for calls.
type codeSyntax struct {
	calls   []codeCall
	bits    []int  // nameBit of each call's name, made by codeSyntaxes
	comment string // a line comment: "#", "//"
	// bare: a call's arguments may follow its name without parentheses
	// (Ruby's and Perl's system "rm -rf d").
	bare bool
	// ticks: `…` runs a shell command (Ruby, Perl, PHP), as do Ruby's
	// %x(…) and Perl's qx(…).
	ticks bool
	// interp holds the bytes that start an interpolation in a string
	// ("#{" for Ruby; "$", "@" for Perl): a call whose arguments hold
	// one is known only at run time, and not read.
	interp string
}

// codeCommands returns, as shell commands, the calls of syn in code
// whose arguments are literals (see codeCall): a call after the line
// comment on its line is not read. Its identSet is asked of m (nil:
// made here).
func codeCommands(code string, syn codeSyntax, m *codeIdents) (out []string, over bool) {
	sites := 0
	ids := m.of(code)
	for i, k := range syn.calls {
		if i < len(syn.bits) && !ids.has(syn.bits[i]) {
			continue
		}
		for from := 0; len(out) < maxCodeCalls; {
			i := strings.Index(code[from:], k.name)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(k.name)
			if at > 0 && codetext.IsIdentByte(code[at-1]) || from < len(code) && codetext.IsIdentByte(code[from]) {
				continue // part of a longer name (perform, xopen, system_x)
			}
			rest := codetext.TrimBlank(code[from:])
			var all string
			switch {
			case strings.HasPrefix(rest, "("):
				if sites++; sites > maxCallSites {
					return out, true
				}
				if inComment(code[:at], syn.comment) {
					continue
				}
				var ok bool
				if all, ok = callArgs(rest[1:min(len(rest), 1+maxCallArgs)]); !ok {
					continue
				}
			case syn.bare && rest != "" && strings.IndexByte(`"'[`, rest[0]) >= 0 && len(rest) < len(code[from:]):
				// system "rm -rf d": the arguments are the rest of the line.
				if sites++; sites > maxCallSites {
					return out, true
				}
				if inComment(code[:at], syn.comment) {
					continue
				}
				all = bareArgs(rest[:min(len(rest), maxCallArgs)])
			default:
				continue
			}
			if syn.interp != "" && interpolates(all, syn.interp) {
				continue // known only at run time
			}
			if cmd := k.do(literalArgs(all), all); cmd != "" {
				out = append(out, cmd)
			}
		}
		if len(out) >= maxCodeCalls {
			return out, true
		}
	}
	if syn.ticks {
		return tickCommands(code, syn, out, sites)
	}
	return out, false
}

// bareArgs returns the arguments of a call without parentheses, line
// being what follows its name: up to the end of the statement (a ";",
// the line's end, a comment) or a word that ends the call (or, and, if,
// unless, ||, &&), outside quotes.
func bareArgs(line string) string {
	var q byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case q != 0 && c == '\\':
			i++
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == ';' || c == '\n' || c == '#':
			return line[:i]
		case c == ' ':
			for _, w := range [...]string{" or ", " and ", " if ", " unless ", " || ", " && "} {
				if strings.HasPrefix(line[i:], w) {
					return line[:i]
				}
			}
		}
	}
	return line
}

// interpolates reports whether the text all holds, inside a
// double-quoted string or backticks, what starts an interpolation:
// "#{" itself, or any byte of marks ("$", "@"). Single-quoted strings
// are not interpolated in Ruby, Perl or PHP.
func interpolates(all, marks string) bool {
	var q byte // the open quote, 0 outside
	for i := 0; i < len(all); i++ {
		c := all[i]
		switch {
		case q == 0 && (c == '"' || c == '\'' || c == '`'):
			q = c
		case q != 0 && c == '\\':
			i++
		case q != 0 && c == q:
			q = 0
		case q == '"' || q == '`':
			if marks == "#{" && strings.HasPrefix(all[i:], marks) || marks != "#{" && strings.IndexByte(marks, c) >= 0 {
				return true
			}
		}
	}
	return false
}

// tickCommands adds to out the shell commands code runs in backticks
// (`rm -rf d`, Ruby's %x(…), Perl's qx(…) and qx{…}), each without an
// interpolation.
func tickCommands(code string, syn codeSyntax, out []string, sites int) ([]string, bool) {
	for i := 0; i < len(code) && len(out) < maxCodeCalls; i++ {
		var end byte
		switch {
		case code[i] == '`':
			end = '`'
		case (strings.HasPrefix(code[i:], "%x") || strings.HasPrefix(code[i:], "qx")) && i+2 < len(code) &&
			(i == 0 || !codetext.IsIdentByte(code[i-1])) && (code[i+2] == '(' || code[i+2] == '{'):
			end = ')'
			if code[i+2] == '{' {
				end = '}'
			}
			i += 2
		default:
			continue
		}
		j := strings.IndexByte(code[i+1:], end)
		if j < 0 {
			break
		}
		if sites++; sites > maxCallSites {
			return out, true
		}
		cmd := code[i+1 : i+1+j]
		start := i
		i += 1 + j
		if len(cmd) > maxCallArgs || inComment(code[:start], syn.comment) || interpolates("`"+cmd+"`", syn.interp) {
			continue
		}
		out = append(out, cmd)
	}
	return out, len(out) >= maxCodeCalls
}

// inComment reports whether the end of before (the text before a call
// on its line) is inside a line comment.
func inComment(before, comment string) bool {
	line := before[strings.LastIndexByte(before, '\n')+1:]
	i := strings.Index(line, comment)
	return i >= 0 && !strings.ContainsAny(line[:i], `"'`+"`")
}

// callArgs returns the text of a call's arguments, s being what follows
// its "(", up to the matching ")"; false when it does not close.
func callArgs(s string) (string, bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return s[:i], c == ')'
			}
			depth--
		case '"', '\'', '`':
			_, rest, ok := codetext.Literal(s[i:])
			if !ok {
				j := strings.IndexByte(s[i+1:], c)
				if j < 0 {
					return "", false
				}
				rest = s[i+1+j+1:]
			}
			i = len(s) - len(rest) - 1
		}
	}
	return "", false
}

// literalArgs returns the leading arguments of all (a call's argument
// text) that are string literals, up to the first that is not.
func literalArgs(all string) []string {
	var out []string
	s := all
	for {
		v, rest, ok := codetext.Literal(strings.TrimLeft(s, " \t\r\n"))
		if !ok {
			return out
		}
		v, rest = foldLiterals(v, rest)
		rest = strings.TrimLeft(rest, " \t\r\n")
		if rest != "" && rest[0] != ',' {
			return out // "a" + x, "a".join(…): not a literal
		}
		out = append(out, v)
		if rest == "" {
			return out
		}
		s = rest[1:]
	}
}

// literalList reads s (after spaces) as a list of string literals, [a,
// b] or (a, b), followed by a comma or the end; false when it is not
// one.
func literalList(s string) ([]string, bool) {
	s = strings.TrimLeft(s, " \t\r\n")
	if s == "" || s[0] != '[' && s[0] != '(' {
		return nil, false
	}
	closer := byte(']')
	if s[0] == '(' {
		closer = ')'
	}
	s = s[1:]
	var out []string
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		if s != "" && s[0] == closer {
			return out, len(out) > 0
		}
		v, rest, ok := codetext.Literal(s)
		if !ok {
			return nil, false
		}
		out = append(out, v)
		rest = strings.TrimLeft(rest, " \t\r\n")
		switch {
		case rest != "" && rest[0] == ',':
			s = rest[1:]
		case rest != "" && rest[0] == closer:
			return out, true
		default:
			return nil, false
		}
	}
}

// maxFolded bounds the literals joined into one (see foldLiterals).
const maxFolded = 64

// foldLiterals joins to the literal v the literals that follow it in
// rest joined by + or . or side by side ('app/.e' + 'nv', Perl's "a" .
// "b", Python's 'a' 'b'), as the code does when it runs (issue 38: a
// path cut in two is still that path), and returns the text after them.
func foldLiterals(v, rest string) (string, string) {
	for range maxFolded {
		r := strings.TrimLeft(rest, " \t\r\n")
		if r != "" && (r[0] == '+' || r[0] == '.') {
			r = strings.TrimLeft(r[1:], " \t\r\n")
		}
		w, after, ok := codetext.Literal(r)
		if !ok {
			return v, rest
		}
		v, rest = v+w, after
	}
	return v, rest
}
