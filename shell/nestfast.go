package shell

// A line the fast reader reads is not scanned byte by byte for its
// nesting (nestScanner.scanTo): simpleIn applies each of its words and
// operators as scanTo would have read them, when the scan stands at the
// line's start at the top level (the stack only the script's frame, no
// here-document pending). What scanTo does with the bytes of a simple
// line, in short: a word that is one unquoted run is a keyword when it
// is one (if, for, case, in, time…); a double-quoted piece opens and
// closes a level; ; ends a list, && || and | are links of a chain; each
// redirection operator counts once; the newline ends the list.
// TestNestFastMatchesScan and FuzzNestFast check that both agree.

// nestSaved is what a line's words change in the scan, to undo when the
// fast reader gives the line up.
type nestSaved struct {
	cur, deepest, redirs, run int
	cmdPos                    bool
}

// atTop reports whether the scan stands at off, at the top level.
func (x *nestScanner) atTop(off int) bool {
	return x != nil && x.i == off && len(x.s.stack) == 1 && len(x.s.pending) == 0
}

func (x *nestScanner) save() nestSaved {
	return nestSaved{x.s.cur, x.s.deepest, x.s.redirs, x.s.stack[0].run, x.cmdPos}
}

func (x *nestScanner) restore(v nestSaved) {
	x.s.stack = x.s.stack[:1]
	x.s.cur, x.s.deepest, x.s.redirs, x.s.stack[0].run, x.cmdPos = v.cur, v.deepest, v.redirs, v.run, v.cmdPos
}

// word applies a word of text t: pure when it is one unquoted run, dq
// when it holds double-quoted text.
func (x *nestScanner) word(t string, pure, dq bool) {
	if dq {
		x.s.deepest = max(x.s.deepest, x.s.cur+1)
	}
	if pure {
		x.plainWord(t)
		return
	}
	x.cmdPos = false
}

// plainWord is word for one unquoted run t.
func (x *nestScanner) plainWord(t string) {
	if len(t) <= len("select") && keywordStart(t[0]) {
		x.cmdPos = x.s.keyword(t, x.cmdPos, false)
		return
	}
	x.cmdPos = false
}

// quotedWord applies a word of the fast reader with quoted text or a
// glob, t its source text.
func (x *nestScanner) quotedWord(t string) {
	pure, dq := true, false
	for i := 0; i < len(t); i++ {
		if c := t[i]; c == '\'' || c == '"' {
			pure, dq = false, dq || c == '"'
			j := indexFrom(t, i+1, c)
			if j < 0 {
				break
			}
			i = j
		}
	}
	x.word(t, pure, dq)
}

// op applies the operator op (; && || |).
func (x *nestScanner) op(op string) {
	if op == ";" {
		x.s.endList()
		x.cmdPos = true
		return
	}
	x.s.chain()
	x.cmdPos = false
}

// redir applies a redirection operator, with the digit before it.
func (x *nestScanner) redir() {
	x.s.redirs++
	x.cmdPos = false
}

// lineEnd applies the end of a line read whose text ends at end and
// the next at next (a newline between them ends the list).
func (x *nestScanner) lineEnd(end, next int) {
	if next > end {
		x.s.endList()
		x.cmdPos = true
	}
	x.i = next
}
