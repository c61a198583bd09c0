package shell

import "strings"

// The syntax parser is most of the cost of a short command, so a script
// that is only simple commands of plain words joined by ;, &&, || and |
// is read here instead, as the parser would read it: words of characters
// that mean nothing to the shell (letters, digits and -./_:,@%+=),
// single-quoted text, double-quoted text without $, `, \ or !, and the
// redirections 2>&1 and >/dev/null. Anything else goes to the parser.
// TestSimpleMatchesParser and FuzzParse check that both agree.

// simpleCmd is one simple command of a simple script and the operator
// that follows it ("" at the end).
type simpleCmd struct {
	args  []Word
	op    string
	redir bool // it has a redirection
	// outRedir: one of its redirections sends its standard output
	// elsewhere or the error stream into it (all but 2>/dev/null).
	outRedir bool
}

// simple splits src into its simple commands, or reports that it is not
// a simple script or that it may have more than maxCmds commands (the
// parser then reads it statement by statement and stops at the limit).
func simple(src string, maxCmds int) ([]simpleCmd, bool) {
	first := strings.TrimLeft(src, " \t")
	if j := strings.IndexAny(first, " \t;|&"); j >= 0 {
		first = first[:j]
	}
	if reserved(first) {
		return nil, false
	}
	// Reject at once what cannot be simple, and count words and commands
	// so that one allocation holds each.
	words, ops := 1, 1
	for i := 0; i < len(src); i++ {
		c := src[i]
		if plainByte(c) || c == '\'' || c == '"' {
			continue
		}
		switch c {
		case ' ', '\t':
			words++
		case ';', '|', '&':
			ops++
			words++
		case '>':
		default:
			return nil, false
		}
	}
	if ops > maxCmds {
		return nil, false
	}
	cmds := make([]simpleCmd, 0, ops)
	all := make([]Word, 0, words)
	var args []Word
	redir, outRedir := false, false
	var b strings.Builder
	i, n := 0, len(src)
	for {
		for i < n && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		if i == n {
			break
		}
		c := src[i]
		op := ""
		switch {
		case c == ';':
			op = ";"
		case c == '&' && i+1 < n && src[i+1] == '&':
			op = "&&"
		case c == '|' && i+1 < n && src[i+1] == '|':
			op = "||"
		case c == '|' && (i+1 == n || src[i+1] != '&'):
			op = "|"
		}
		if op != "" {
			if len(args) == 0 {
				return nil, false
			}
			cmds = append(cmds, simpleCmd{args: args[:len(args):len(args)], op: op, redir: redir, outRedir: outRedir})
			args, redir, outRedir = nil, false, false
			i += len(op)
			continue
		}
		// A redirection that writes nothing and leaves stdin alone.
		if r := redirPrefix(src[i:]); r > 0 {
			outRedir = outRedir || src[i:i+r] != "2>/dev/null"
			i += r
			redir = true
			continue
		}
		// A word: a substring of src when it is one piece, else built.
		b.Reset()
		start := i
		pieces := 0
		var piece string
	word:
		for i < n {
			c := src[i]
			switch {
			case plainByte(c):
				j := i + 1
				for j < n && plainByte(src[j]) {
					j++
				}
				piece = src[i:j]
				b.WriteString(piece)
				pieces++
				i = j
				continue
			case c == '\'':
				j := strings.IndexByte(src[i+1:], '\'')
				if j < 0 || strings.IndexByte(src[i+1:i+1+j], '\n') >= 0 {
					return nil, false
				}
				piece = src[i+1 : i+1+j]
				b.WriteString(piece)
				pieces++
				i += j + 2
				continue
			case c == '"':
				j := i + 1
				for j < n && src[j] != '"' {
					switch src[j] {
					case '$', '`', '\\', '!', '\n':
						return nil, false
					}
					j++
				}
				if j == n {
					return nil, false
				}
				piece = src[i+1 : j]
				b.WriteString(piece)
				pieces++
				i = j + 1
				continue
			case c == ' ' || c == '\t' || c == ';' || c == '|' || c == '&':
				break word
			default:
				return nil, false
			}
		}
		if i == start || i < n && src[i] == '&' && (i+1 == n || src[i+1] != '&') {
			return nil, false // |&, or & that runs in the background
		}
		word := src[start:i]
		if len(args) == 0 {
			if strings.IndexByte(word, '=') >= 0 || reserved(word) {
				return nil, false
			}
		}
		if pieces != 1 {
			piece = b.String()
		}
		if len(all) == cap(all) {
			return nil, false // cannot happen: words are counted above
		}
		if args == nil {
			args = all[len(all):]
		}
		all = append(all, Static(piece))
		args = args[:len(args)+1]
	}
	if len(args) == 0 {
		if len(cmds) > 0 && cmds[len(cmds)-1].op == ";" && !redir {
			cmds[len(cmds)-1].op = ""
			return cmds, true
		}
		return nil, false
	}
	return append(cmds, simpleCmd{args: args[:len(args):len(args)], redir: redir, outRedir: outRedir}), true
}

// plainByte reports whether c means nothing to the shell in a word.
func plainByte(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	switch c {
	case '-', '.', '/', '_', ':', ',', '@', '%', '+', '=':
		return true
	}
	return false
}

// redirPrefix returns the length of the redirection 2>&1, >/dev/null or
// 2>/dev/null that starts s and ends at a blank, an operator or the end,
// or 0.
func redirPrefix(s string) int {
	for _, r := range [...]string{"2>&1", ">/dev/null", "2>/dev/null", "1>/dev/null"} {
		if strings.HasPrefix(s, r) && (len(s) == len(r) || strings.IndexByte(" \t;|", s[len(r)]) >= 0 ||
			s[len(r)] == '&' && len(s) > len(r)+1 && s[len(r)+1] == '&') {
			return len(r)
		}
	}
	return 0
}

// reserved reports whether a first word is a reserved word or a builtin
// the parser reads apart (declarations, let).
func reserved(s string) bool {
	switch s {
	case "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in",
		"select", "function", "time", "coproc", "declare", "local", "export", "readonly", "typeset",
		"nameref", "let":
		return true
	}
	return false
}

// walkSimple walks the commands of a simple script as stmt would walk
// the syntax tree the parser makes of it: an and-or list of pipelines,
// its first pipeline in sc; a run of pipelines joined by && after it in
// one branch (see andChain), one after || in a branch of its own; a
// pipeline grouped from the left, each stage in a copy of sc, the second
// reading what the first writes.
func (w *walker) walkSimple(cmds []simpleCmd, sc *scope, via []string, in stdin) {
	var run *scope     // the branch of the run of && pipelines being walked
	var before *Word   // the alternative directory before the last pipeline walked
	var lastOne []Word // the last pipeline walked when it is one command
	single := false    // the and-or list so far is one command
	prevOp := ""       // the operator before this pipeline ("" or ";": a new and-or list)
	for i := 0; i < len(cmds) && w.live(); {
		j := i
		for j < len(cmds)-1 && cmds[j].op == "|" {
			j++
		}
		pipe := cmds[i : j+1]
		switch prevOp {
		case "", ";":
			before = sc.alt
			w.walkPipe(pipe, sc, via, in)
			single = len(pipe) == 1
		case "&&":
			if run == nil {
				run = w.mem.scope(sc)
				if single && run.alt != before && w.allAndCall(lastOne, run) {
					run.alt = before // cd x && …: the cd took effect
				}
			} else if lastOne != nil && run.alt != before && w.allAndCall(lastOne, run) {
				run.alt = before
			}
			before = run.alt
			w.walkPipe(pipe, run, via, in)
			single = false
		case "||":
			c := w.mem.scope(sc)
			w.walkPipe(pipe, c, via, in)
			w.merge(sc, c)
			single = false
		}
		lastOne = nil
		if len(pipe) == 1 {
			lastOne = pipe[0].args
		}
		prevOp = cmds[j].op
		if prevOp != "&&" && run != nil {
			w.merge(sc, run)
			run = nil
		}
		i = j + 1
	}
}

// walkPipe walks one pipeline of a simple script.
func (w *walker) walkPipe(pipe []simpleCmd, sc *scope, via []string, in stdin) {
	if len(pipe) == 1 {
		w.simpleCall(pipe[0].args, sc, via, in)
		return
	}
	// ((a | b) | c): a and b in copies of a copy, c in a copy.
	x := *sc
	w.walkPipe(pipe[:len(pipe)-1], &x, via, in)
	y := *sc
	var out *Word
	if len(pipe) == 2 && !pipe[0].redir {
		if s, ok := staticOutput(pipe[0].args); ok {
			d := Static(s)
			out = &d
		}
	}
	w.simpleCall(pipe[len(pipe)-1].args, &y, via, stdin{piped: true, doc: out, stages: pipe[:len(pipe)-1]})
}

// simpleCall walks one command of a simple script as call would.
func (w *walker) simpleCall(args []Word, sc *scope, via []string, in stdin) {
	if !w.live() {
		return
	}
	if v, ok := sc.fds["0"]; ok {
		in = v
	}
	w.callArgs(args, sc, via, in)
}
