package shell

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/agenthooks/hooks/internal/codetext"
	"mvdan.cc/sh/v3/syntax"
)

// A script that is not simple as a whole (see simple) is read by the
// syntax parser, but a line of simple commands that starts where the
// parser is at the top level (between statements, no quote,
// here-document or compound command open), or a line that is one
// subshell of them ((cd web && make)), is read by the fast reader
// instead: the parser gets only the line's newline in its place (so
// every line and column it gives is the same, and an offset is moved by
// what it did not get, see lineReader.srcOffset), and the line's
// commands are walked in their turn. TestMixedMatchesParser and
// FuzzMixed check that both walks agree.

// walkMixed walks the statements of src in sc with standard input in;
// nx scans src's nesting before the parser reads each part of it.
func (w *walker) walkMixed(src string, sc *scope, via []string, in stdin, nx *nestScanner) error {
	w.src = src
	p := parsers.Get().(*syntax.Parser)
	// Statements are walked as they are parsed, so that the walk stops
	// at a limit without parsing the rest. The loop never breaks: the
	// parser's iterator calls its body again after a false return when
	// it has an error to give (a panic). To stop, the reader ends the
	// input, and the rest is skipped. The walk's state is the reader's
	// (one allocation, not one for each value the loop and the reader's
	// callbacks would share).
	rd := &lineReader{src: src, w: w, nx: nx, sc: sc, via: via, in: in}
	outer := w.rd
	w.rd = rd
	// A statement piped in (in.from) is source text of the script that
	// runs this one: only the parser's walk reads it, as before.
	if !w.noFast && in.from == nil {
		rd.fast, rd.top = true, true
	}
	for s, perr := range p.StmtsSeq(rd) {
		rd.top = false
		if perr != nil {
			if rd.err == nil {
				rd.err = perr
			}
			rd.cut = true
			continue
		}
		if w.err != nil || rd.err != nil {
			rd.cut = true
			continue
		}
		// A statement that a ; or & ends comes before the bodies of its
		// here-documents, which follow the newline: one with << in it
		// waits for the next line.
		if len(rd.held) > 0 && s.Pos().Line() > rd.held[len(rd.held)-1].End().Line() {
			rd.flush()
		}
		if len(rd.held) > 0 || strings.Contains(w.text(s), "<<") {
			rd.held = append(rd.held, s)
			continue
		}
		w.stmt(s, sc, via, in)
		// The parser is at the top level when the statement ends the
		// last line it read: it has looked no further.
		if rd.fast {
			n, ok := endsLine(src, rd.srcOffset(int(s.End().Offset())))
			rd.top = ok && n == rd.off
		}
	}
	if rd.err == nil && w.err == nil {
		rd.flush()
	}
	parsers.Put(p)
	w.rd = outer
	return rd.err
}

// flush walks the statements held for their here-documents.
func (r *lineReader) flush() {
	for _, s := range r.held {
		r.w.stmt(s, r.sc, r.via, r.in)
	}
	r.held = r.held[:0]
}

// fastLines walks the lines of src from off, the start of a line at the
// top level, that the fast reader reads: simple commands, a subshell of
// them (see subshellLine), a for loop of them (see forLoopLine), blank
// lines and comments. It returns where the first line it does not read starts. A
// line read is applied to nx without its bytes scanned when nx stands at
// its start at the top level (else nx scans it later).
func (w *walker) fastLines(src string, off int, sc *scope, via []string, in stdin, nx *nestScanner) int {
	for off < len(src) && w.live() {
		end, next := len(src), len(src)
		if e := strings.IndexByte(src[off:], '\n'); e >= 0 {
			end, next = off+e, off+e+1
		}
		line := src[off:end]
		// A comment ends at the newline (one that ends in a backslash is
		// left to the parser, and so is one the parser refuses: it
		// checks a comment's encoding too).
		fuse := nx.atTop(off)
		t := codetext.TrimBlank(line)
		if t == "" || t[0] == '#' && line[len(line)-1] != '\\' && utf8.ValidString(t) {
			if fuse {
				nx.lineEnd(end, next)
			}
			off = next
			continue
		}
		if t[0] == '(' || t[0] == 'f' {
			if n, ok := w.compoundLine(t, sc, via, in, nx, fuse, end, next); ok {
				off = n
				continue
			}
			if !w.live() {
				break
			}
		}
		var saved nestSaved
		lx := (*nestScanner)(nil)
		if fuse {
			saved, lx = nx.save(), nx
		}
		cmds, ok := simpleIn(line, w.lim.MaxCommands, &w.mem, lx)
		if !ok {
			if fuse {
				nx.restore(saved)
			}
			break
		}
		if fuse {
			if nx.lineEnd(end, next); !w.nestOK(nx) {
				break
			}
		}
		w.walkSimpleIn(cmds, sc, via, in)
		off = next
	}
	return off
}

// compoundLine walks line t (its leading blanks cut), whose text ends at
// end and the next line at next in src, when the fast reader reads it as
// a subshell or a for loop of simple commands (see subshellLine and
// forLoopLine): it returns where the next line starts and true, or false
// when the line is left to the parser (or the walk failed, see
// walker.live). fuse reports that the line is applied to nx (a subshell,
// see simpleSubshell) or scanned by it (a for loop), before it is walked.
func (w *walker) compoundLine(t string, sc *scope, via []string, in stdin, nx *nestScanner, fuse bool, end, next int) (int, bool) {
	if inner, ok := subshellLine(t); ok {
		// ( simple commands ): walked as stmt walks a subshell, in a copy
		// of sc.
		var saved nestSaved
		lx := (*nestScanner)(nil)
		if fuse {
			saved, lx = nx.save(), nx
		}
		cmds, ok := simpleSubshell(inner, w.lim.MaxCommands, &w.mem, lx)
		if !ok {
			if fuse {
				nx.restore(saved)
			}
			return 0, false
		}
		if fuse {
			if nx.lineEnd(end, next); !w.nestOK(nx) {
				return 0, false
			}
		}
		// In a copy of sc from the arena, given back after (as walkSimpleIn
		// gives back the copies it makes).
		a := &w.mem
		n, block := len(a.scs), a.scopeBlock()
		w.walkSimpleIn(cmds, a.scope(sc), via, in)
		if a.scopeBlock() == block {
			a.scs = a.scs[:n]
		}
		return next, true
	}
	if len(w.loopVals) > 0 {
		return 0, false // inside another loop's body: the parser's walk
	}
	if f, ok := forLoopLine(t, maxLoopRewalk-w.loopWalked, &w.mem); ok && w.forLoop(f, sc, via, in, nx, fuse, next) {
		return next, w.live()
	}
	return 0, false
}

// simpleSubshell is simpleIn for inner, what a subshell line holds
// (see subshellLine), applied to nx, when not nil, as nx.scanTo reads
// the line: ( opens a level and ) closes it, each leaving the next word
// out of command position, and only blanks are around them.
func simpleSubshell(inner string, maxCmds int, a *arena, nx *nestScanner) ([]simpleCmd, bool) {
	if nx != nil {
		nx.s.push(fParen)
		nx.cmdPos = false
	}
	cmds, ok := simpleIn(inner, maxCmds, a, nx)
	if ok && nx != nil {
		nx.s.pop(fParen)
		nx.cmdPos = false
	}
	return cmds, ok
}

// subshellLine returns what a line that is one subshell holds, between
// its parentheses: "(cd web && make)" gives "cd web && make". A line
// that opens with (( (arithmetic), or has anything after the closing
// parenthesis, is not one; what is inside is for simpleIn to read (a
// parenthesis there is not a simple line's).
func subshellLine(line string) (string, bool) {
	t := trimBlanks(line)
	if len(t) < 3 || t[0] != '(' || t[1] == '(' || t[len(t)-1] != ')' {
		return "", false
	}
	return t[1 : len(t)-1], true
}

// trimBlanks returns s without its leading and trailing spaces and tabs:
// strings.Trim(s, " \t") without the set of bytes it builds at each call
// (every line is asked whether it is a subshell or a for loop).
func trimBlanks(s string) string {
	s = codetext.TrimBlank(s)
	n := len(s)
	for n > 0 && (s[n-1] == ' ' || s[n-1] == '\t') {
		n--
	}
	return s[:n]
}

// endsLine reports whether only blanks and a comment follow offset end
// on its line, and returns where the next line starts.
func endsLine(src string, end int) (int, bool) {
	if end <= 0 || end > len(src) {
		return 0, false
	}
	j := end
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j < len(src) && src[j] == '#' && j > end {
		k := strings.IndexByte(src[j:], '\n')
		if k < 0 {
			return 0, false
		}
		j += k
	}
	if j < len(src) && src[j] == '\n' {
		return j + 1, true
	}
	return 0, false
}

// lineReader gives the parser src a line at a time, so that it has read
// no further than the line of the statement it gives, until cut is set.
// When top is set (the parser is at the top level at off, the start of a
// line) fast walks the lines it can from off, and the parser gets only
// their newlines, which keep its line numbers (and its columns: the lines
// are whole).
type lineReader struct {
	src  string
	off  int // what the parser has been given, in src
	poff int // the same, as the parser counts it
	nl   int // newlines of lines the fast reader read, still to give
	cut  bool
	top  bool
	// w walks what is read in sc, via and with standard input in; nx
	// scans src up to where the parser reads, before it reads it, and
	// the walk's bounds are then checked (w.nestOK).
	w   *walker
	nx  *nestScanner
	sc  *scope
	via []string
	in  stdin
	// fast reports that the fast reader walks the lines it can read
	// (see walker.fastLines) when top is set.
	fast bool
	// err is the parser's first error; held are the statements that
	// wait for their here-documents (see walkMixed).
	err  error
	held []*syntax.Stmt
	// skips holds, in order, the parser's offset after each run of lines
	// the fast reader read and how far src is ahead of the parser from
	// there on.
	skips []skip
}

// skip is an entry of lineReader.skips.
type skip struct{ at, by int }

// newlines is what lineReader gives for the lines the fast reader read.
const newlines = "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n"

// srcOffset returns the offset in src of the parser's offset x (of a node
// it parsed: never within the newlines given for lines it did not get).
func (r *lineReader) srcOffset(x int) int {
	s := r.skips
	if len(s) == 0 || x < s[0].at {
		return x
	}
	if x >= s[len(s)-1].at {
		return x + s[len(s)-1].by
	}
	i, j := 0, len(s)-1 // s[i].at <= x < s[j].at
	for j-i > 1 {
		if m := int(uint(i+j) >> 1); s[m].at <= x {
			i = m
		} else {
			j = m
		}
	}
	return x + s[i].by
}

func (r *lineReader) Read(p []byte) (int, error) {
	if r.cut {
		return 0, io.EOF
	}
	if r.top && r.nl == 0 && r.off < len(r.src) {
		r.top = false
		n := r.w.fastLines(r.src, r.off, r.sc, r.via, r.in, r.nx)
		if r.w.err != nil {
			r.cut = true
			return 0, io.EOF
		}
		if n > r.off {
			m := strings.Count(r.src[r.off:n], "\n")
			by := n - r.off - m
			if len(r.skips) > 0 {
				by += r.skips[len(r.skips)-1].by
			}
			r.skips = append(r.skips, skip{at: r.poff + m, by: by})
			r.off, r.nl = n, m
		}
	}
	if r.nl > 0 {
		n := min(len(p), r.nl, len(newlines))
		copy(p, newlines[:n])
		r.nl -= n
		r.poff += n
		return n, nil
	}
	if r.off >= len(r.src) {
		return 0, io.EOF
	}
	n := min(len(p), len(r.src)-r.off)
	if e := strings.IndexByte(r.src[r.off:r.off+n], '\n'); e >= 0 {
		n = e + 1
	}
	if r.nx.scanTo(r.off + n); !r.w.nestOK(r.nx) {
		r.cut = true
		return 0, io.EOF
	}
	n = copy(p[:n], r.src[r.off:])
	r.off += n
	r.poff += n
	return n, nil
}
