package shell

import (
	"io"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// A script that is not simple as a whole (see simple) is read by the
// syntax parser, but a line of simple commands that starts where the
// parser is at the top level (between statements, no quote,
// here-document or compound command open) is read by the fast reader
// instead: the parser gets blanks in its place (so every position it
// gives is the same), and the line's commands are walked in their turn.
// TestMixedMatchesParser and FuzzMixed check that both walks agree.

// walkMixed walks the statements of src in sc with standard input in.
func (w *walker) walkMixed(src string, sc *scope, via []string, in stdin) error {
	w.src = src
	p := parsers.Get().(*syntax.Parser)
	// Statements are walked as they are parsed, so that the walk stops
	// at a limit without parsing the rest.
	var err error
	// A statement that a ; or & ends comes before the bodies of its
	// here-documents, which follow the newline: one with << in it waits
	// for the next line.
	var held []*syntax.Stmt
	flush := func() {
		for _, s := range held {
			w.stmt(s, sc, via, in)
		}
		held = held[:0]
	}
	// The loop never breaks: the parser's iterator calls its body again
	// after a false return when it has an error to give (a panic). To
	// stop, the reader ends the input, and the rest is skipped.
	rd := &lineReader{src: src}
	// A statement piped in (in.from) is source text of the script that
	// runs this one: only the parser's walk reads it, as before.
	if !w.noFast && in.from == nil {
		rd.fast = func(off int) (int, bool) {
			n := w.fastLines(src, off, sc, via, in)
			return n, w.err == nil
		}
		rd.top = true
	}
	for s, perr := range p.StmtsSeq(rd) {
		rd.top = false
		if perr != nil {
			if err == nil {
				err = perr
			}
			rd.cut = true
			continue
		}
		if w.err != nil || err != nil {
			rd.cut = true
			continue
		}
		if len(held) > 0 && s.Pos().Line() > held[len(held)-1].End().Line() {
			flush()
		}
		if len(held) > 0 || strings.Contains(w.text(s), "<<") {
			held = append(held, s)
			continue
		}
		w.stmt(s, sc, via, in)
		// The parser is at the top level when the statement ends the
		// last line it read: it has looked no further.
		if rd.fast != nil {
			n, ok := endsLine(src, int(s.End().Offset()))
			rd.top = ok && n == rd.off
		}
	}
	if err == nil && w.err == nil {
		flush()
	}
	parsers.Put(p)
	return err
}

// fastLines walks the lines of src from off, the start of a line at the
// top level, that the fast reader reads: simple commands, blank lines and
// comments. It returns where the first line it does not read starts.
func (w *walker) fastLines(src string, off int, sc *scope, via []string, in stdin) int {
	for off < len(src) && w.live() {
		end, next := len(src), len(src)
		if e := strings.IndexByte(src[off:], '\n'); e >= 0 {
			end, next = off+e, off+e+1
		}
		line := src[off:end]
		// A comment ends at the newline (one that ends in a backslash is
		// left to the parser, and so is one the parser refuses: it
		// checks a comment's encoding too).
		if t := strings.TrimLeft(line, " \t"); t == "" || t[0] == '#' && line[len(line)-1] != '\\' && utf8.ValidString(t) {
			off = next
			continue
		}
		cmds, ok := simpleIn(line, w.lim.MaxCommands, &w.mem)
		if !ok {
			break
		}
		w.walkSimple(cmds, sc, via, in)
		off = next
	}
	return off
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
// line) fast walks the lines it can from off, and the parser gets blanks
// in their place, and the newlines that keep its line numbers.
type lineReader struct {
	src   string
	off   int // what the parser has been given
	blank int // the end of the lines it gets as blanks
	cut   bool
	top   bool
	// fast walks the lines from off it reads, and returns where the
	// first it does not read starts; false when the walk failed.
	fast func(off int) (int, bool)
}

// blanks is what lineReader gives for a line's text: NUL bytes, which
// the parser skips as bash does (five times faster than spaces), each
// counted in the positions it gives.
const blanks = "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

func (r *lineReader) Read(p []byte) (int, error) {
	if r.cut || r.off >= len(r.src) {
		return 0, io.EOF
	}
	if r.top && r.off >= r.blank {
		r.top = false
		n, ok := r.fast(r.off)
		if !ok {
			r.cut = true
			return 0, io.EOF
		}
		r.blank = n
	}
	if r.off < r.blank {
		n := min(len(p), r.blank-r.off)
		for i := 0; i < n; i += len(blanks) {
			copy(p[i:n], blanks)
		}
		text := r.src[r.off : r.off+n]
		for i := strings.IndexByte(text, '\n'); i >= 0; {
			p[i] = '\n'
			j := strings.IndexByte(text[i+1:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
		}
		r.off += n
		return n, nil
	}
	n := min(len(p), len(r.src)-r.off)
	if e := strings.IndexByte(r.src[r.off:r.off+n], '\n'); e >= 0 {
		n = e + 1
	}
	n = copy(p[:n], r.src[r.off:])
	r.off += n
	return n, nil
}
