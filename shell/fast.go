package shell

import (
	"strings"
	"sync"

	"github.com/agenthooks/hooks/internal/codetext"
)

// The syntax parser is most of the cost of a short command, so a script
// that is only simple commands of plain words joined by ;, &&, || and |
// is read here instead, as the parser would read it: words of characters
// that mean nothing to the shell (letters, digits and -./_:,@%+=) and the
// glob characters * and ?, single-quoted text, double-quoted text without
// $, `, \ or !, the redirections 2>&1 and >/dev/null, and >, >>, 1>, 2>
// and their >> forms to a file named by a static word. Anything else goes
// to the parser. TestSimpleMatchesParser, TestMixedMatchesParser,
// FuzzMixed and FuzzParse check that both agree.

// simpleCmd is one simple command of a simple script and the operator
// that follows it ("" at the end).
type simpleCmd struct {
	args  []Word
	op    string
	redir bool // it has a redirection
	// outRedir: one of its redirections sends its standard output
	// elsewhere or the error stream into it (all but 2>/dev/null and
	// 2> or 2>> to a file).
	outRedir bool
	// quiet: the last redirection of its standard output sends it to a
	// quietFile (see quietout.go).
	quiet, outSet bool
	// files are the files its redirections write, in order.
	files []fileRedir
}

// fileRedir is a redirection to a file: its operator and the file.
type fileRedir struct {
	op   string
	file Word
}

// simple splits src into its simple commands, or reports that it is not
// a simple script or that it may have more than maxCmds commands (the
// parser then reads it statement by statement and stops at the limit).
func simple(src string, maxCmds int) ([]simpleCmd, bool) {
	return simpleIn(src, maxCmds, nil, nil)
}

// simpleIn is simple with its words taken from a (the heap when nil).
// One pass reads the commands into the arena's scratch room; only a
// script that is simple gets its slices, each the size it needs. Each
// word and operator is applied to nx, when not nil, as nx.scanTo would
// read it (see nestfast.go); the caller undoes that when src is not
// simple.
func simpleIn(src string, maxCmds int, a *arena, nx *nestScanner) ([]simpleCmd, bool) {
	sc := &simpleScratch{}
	if a != nil {
		sc = &a.scratch
	}
	// The commands read so far and the one being read are sc's, not
	// locals: few of them are live through the loop over the bytes,
	// which reads words (fewer registers spilled at each word).
	words := sc.words[:0]
	sc.cmds, sc.ends = sc.cmds[:0], sc.ends[:0]
	direct := len(src) > simpleLong
	if direct {
		// A long line is counted first, so that one past a bound is
		// refused unread and its words go straight to their slice; one
		// that starts with a reserved word is refused before.
		first := codetext.TrimBlank(src)
		if j := strings.IndexAny(first, " \t;|&"); j >= 0 {
			first = first[:j]
		}
		if reserved(first) {
			return nil, false
		}
		nw, ops, redirs, ok := simpleCount(src)
		if !ok || ops > maxCmds || redirs > maxEffects {
			return nil, false
		}
		words = a.wordSlice(nw)
	}
	cmd := &sc.cur // the command being read; its words are words[from:]
	*cmd = simpleCmd{}
	from, redirs := 0, 0
	i, n := 0, len(src)
	ok := false
	for {
		for i < n && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		if i == n {
			ok = true
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
			if len(words) == from {
				break
			}
			cmd.op = op
			if nx != nil {
				nx.op(op)
			}
			sc.cmds, sc.ends = append(sc.cmds, *cmd), append(sc.ends, len(words))
			*cmd, from = simpleCmd{}, len(words)
			i += len(op)
			continue
		}
		if c == '>' || (c == '1' || c == '2') && i+1 < n && src[i+1] == '>' {
			// A redirection that writes nothing and leaves stdin alone.
			if r := redirPrefix(src[i:]); r > 0 {
				cmd.outRedir = cmd.outRedir || src[i:i+r] != "2>/dev/null"
				if src[i] != '2' {
					cmd.quiet, cmd.outSet = true, true // >/dev/null, 1>/dev/null
				}
				if nx != nil {
					nx.redir()
				}
				i += r
				cmd.redir = true
				redirs++
				continue
			}
			// A redirection to a file a static word names.
			if op, r := fileOp(src[i:]); r > 0 {
				out := src[i] != '2'
				cmd.outRedir = cmd.outRedir || out
				i += r
				redirs += len(op)
				for i < n && (src[i] == ' ' || src[i] == '\t') {
					i++
				}
				f, j, ok := simpleWord(src, i)
				if !ok || f.Dynamic || f.Value == "" || j < n && src[j] == '&' && (j+1 == n || src[j+1] != '&') {
					break
				}
				if nx != nil {
					nx.redir()
					nx.quotedWord(src[i:j])
				}
				cmd.files = a.fileRedir(cmd.files, fileRedir{op: op, file: f})
				if out {
					cmd.quiet, cmd.outSet = quietFile(f.Value), true
				}
				cmd.redir = true
				i = j
				continue
			}
		}
		start := i
		// Most words are one unquoted run without a glob: read here.
		j, cls := i, byte(0)
		for j < n {
			b := byteClass[src[j]]
			if b&(cPlain|cGlob) == 0 {
				break
			}
			cls |= b
			j++
		}
		if j > i && cls&cGlob == 0 && (j == n || byteClass[src[j]]&cSep != 0) {
			t := src[i:j]
			words = append(words, Static(t))
			if nx != nil {
				if len(t) <= len("select") && keywordStart(t[0]) {
					nx.plainWord(t)
				} else {
					nx.cmdPos = false // what plainWord does with a word that is no keyword
				}
			}
		} else {
			word, k, ok := simpleWord(src, i)
			if !ok {
				break
			}
			words, j = append(words, word), k
			if nx != nil {
				nx.quotedWord(src[i:j])
			}
		}
		if j < n && src[j] == '&' && (j+1 == n || src[j+1] != '&') {
			break // |&, or & that runs in the background
		}
		i = j
		if len(words)-1 == from {
			if t := src[start:i]; strings.IndexByte(t, '=') >= 0 || reserved(t) {
				break
			}
		}
	}
	if !direct {
		sc.words = words[:0]
	}
	// The command being read is read in place (sc.cur, which the next
	// call empties first), not copied out of the room.
	cmds, ends := sc.cmds, sc.ends
	if !ok {
		sc.cmds, sc.ends = cmds[:0], ends[:0]
		clear(words)
		return nil, false
	}
	// The operators counted as commands, and each > a redirection (the
	// parser's path refuses past a bound before parsing).
	ops := len(cmds) + 1
	if len(words) == from {
		if len(cmds) == 0 || cmds[len(cmds)-1].op != ";" || cmd.redir {
			sc.cmds, sc.ends = cmds[:0], ends[:0]
			return nil, false
		}
		cmds[len(cmds)-1].op = ""
	} else {
		cmds, ends = append(cmds, *cmd), append(ends, len(words))
	}
	sc.cmds, sc.ends = cmds[:0], ends[:0]
	if ops > maxCmds || redirs > maxEffects {
		clear(words)
		return nil, false
	}
	all := words
	if !direct {
		all = a.wordSlice(len(words))
		all = append(all, words...) // the room is cleared once, when the parse gives it back (keep)
	}
	from = 0
	for k := range cmds {
		cmds[k].args = all[from:ends[k]:ends[k]]
		from = ends[k]
	}
	if a != nil {
		// The commands are walked before the next line is read: they
		// stay in the scratch room, which is taken until doneSimple (a
		// line read while they are walked, a script bash -c runs, gets
		// room of its own); where each command's words end is read no
		// more, and its room is kept for the next line.
		sc.cmds = nil
	}
	return cmds, true
}

// simpleLong is the length past which simpleIn counts a line's words,
// commands and redirections before it reads them.
const simpleLong = 4 << 10

// simpleScratch is the room simpleIn reads a line's commands into.
type simpleScratch struct {
	words []Word
	cmds  []simpleCmd
	ends  []int
	cur   simpleCmd // the command simpleIn is reading
}

// scratchRooms holds simpleIn's scratch room between parses, so that a
// parse does not grow its own from nothing. A parse takes one at its
// start and gives it back at its end, when nothing it returns points
// into it (the commands and words a line keeps are copied to the walk's
// arena before it is walked).
var scratchRooms = sync.Pool{New: func() any { return new(simpleScratch) }}

// keep makes r the room s, emptied, dropping a slice grown past what an
// everyday line needs (a rare long line does not keep its room).
func (r *simpleScratch) keep(s simpleScratch) {
	clear(s.words[:cap(s.words)])
	clear(s.cmds[:cap(s.cmds)])
	*r = simpleScratch{words: s.words[:0], cmds: s.cmds[:0], ends: s.ends[:0]}
	if cap(r.words) > 1024 {
		r.words = nil
	}
	if cap(r.cmds) > 256 {
		r.cmds = nil
	}
	if cap(r.ends) > 256 {
		r.ends = nil
	}
}

// simpleWord reads the word of a simple script that starts at src[i] and
// returns it and where it ends; ok is false for an empty word or one with
// what the fast reader does not read.
func simpleWord(src string, i int) (Word, int, bool) {
	// Most words are one unquoted run.
	j, glob := i, false
	for j < len(src) && wordByte(src[j]) {
		glob = glob || byteClass[src[j]]&cGlob != 0
		j++
	}
	if j > i && !glob && (j == len(src) || byteClass[src[j]]&cSep != 0) {
		return Static(src[i:j]), j, true
	}
	// The pieces of the word: unquoted text, or quoted (q).
	type piece struct {
		s string
		q bool
	}
	var buf [8]piece
	pieces := buf[:0]
	glob = false
	start, n := i, len(src)
word:
	for i < n {
		c := src[i]
		switch {
		case wordByte(c):
			j := i
			for j < n && wordByte(src[j]) {
				glob = glob || byteClass[src[j]]&cGlob != 0
				j++
			}
			pieces = append(pieces, piece{s: src[i:j]})
			i = j
		case c == '\'':
			j := strings.IndexByte(src[i+1:], '\'')
			if j < 0 || !printable(src[i+1:i+1+j]) {
				return Word{}, i, false
			}
			pieces = append(pieces, piece{s: src[i+1 : i+1+j], q: true})
			i += j + 2
		case c == '"':
			j := i + 1
			for j < n && src[j] != '"' {
				switch c := src[j]; {
				case c == '$' || c == '`' || c == '\\' || c == '!', c < ' ' && c != '\t', c > '~':
					return Word{}, i, false
				}
				j++
			}
			if j == n {
				return Word{}, i, false
			}
			pieces = append(pieces, piece{s: src[i+1 : j], q: true})
			i = j + 1
		case c == ' ' || c == '\t' || c == ';' || c == '|' || c == '&':
			break word
		default:
			return Word{}, i, false
		}
	}
	if i == start {
		return Word{}, i, false
	}
	if glob {
		// An unquoted * or ? is dynamic, as join makes it.
		if len(pieces) > len(buf) {
			return Word{}, i, false
		}
		var sb [16]seg
		segs := sb[:0]
		quoted := false
		for _, p := range pieces {
			if p.q {
				segs = append(segs, seg{text: p.s})
				quoted = true
			} else {
				segs = plainLitSegs(segs, p.s, false, false) // no [ or ~ here
			}
		}
		if !quoted {
			// Its value is its text: cut from the source, not built.
			return joinSegsOf(segs, src[start:i]), i, true
		}
		return joinSegs(segs), i, true
	}
	if len(pieces) == 1 {
		return Static(pieces[0].s), i, true
	}
	var b strings.Builder
	for _, p := range pieces {
		b.WriteString(p.s)
	}
	return Static(b.String()), i, true
}

// printable reports whether quoted text s is printable ASCII and tabs:
// the parser drops NUL bytes, joins \r\n and refuses invalid UTF-8, so
// text with other bytes is left to it.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' && c != '\t' || c > '~' {
			return false
		}
	}
	return true
}

// plainByte reports whether c means nothing to the shell in a word:
// letters, digits and -./_:,@%+=.
func plainByte(c byte) bool { return byteClass[c]&cPlain != 0 }

// wordByte reports whether c is a plainByte or the glob character * or ?.
func wordByte(c byte) bool { return byteClass[c]&(cPlain|cGlob) != 0 }

// The classes of bytes in byteClass.
const (
	cPlain = 1 << iota // plainByte
	cGlob              // * and ?
	cMeta              // blanks and metacharacters: space, tab, newline and ;&|()<>
	cQuote             // \ ' " $ `
	cSep               // what ends a word of a simple script: space, tab, ;, | and &
)

// byteClass holds the classes of each byte (a string constant: no table
// built at start-up). TestByteSets checks it against the lists.
const byteClass = "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x14\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x14\x00\x08\x00\x08\x01\x14\x08\x04\x04\x02\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x14\x04\x01\x04\x02" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x00\x08\x00\x00\x01" +
	"\x08\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x00\x14\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

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
