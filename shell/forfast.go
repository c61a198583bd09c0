package shell

import (
	"errors"
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
)

// A line that is one for loop is read by the fast reader too (see
// fastLines) when the syntax parser's walk would walk its body once an
// item (see loopItems): for NAME in ITEMS; do BODY; done, its items
// words the fast reader reads (static, or globs of static text), its
// body simple commands that expand the variable only as a word "$NAME"
// of its own. For each item, the body's text with that word written as
// the item (quoted when static, as the glob when not: the same Word
// the parser's walk gives "$NAME" bound to it) is read by simpleIn and
// walked, the variable bound to the item, in a copy of the scope merged
// back after, as stmt walks the loop. Anything else goes to the parser.
// TestMixedMatchesParser and FuzzMixed check that both walks agree.

// forLine is a for loop forLoopLine read: its variable, its items, its
// body and where the words "$NAME" in it start, and the size of its
// statements' text (as loopItems counts it).
type forLine struct {
	name  string
	items []Word
	body  string
	words []int
	size  int
}

// bodyOf returns the body's text with its words "$NAME" written as v,
// in t's text when it fits (see cleanDirs.room).
func (f *forLine) bodyOf(v Word, t *cleanDirs) (string, bool) {
	if len(f.words) == 0 {
		return f.body, true
	}
	r, ok := itemText(v)
	if !ok {
		return "", false
	}
	n := len(f.body) + len(f.words)*len(r)
	b, at := &strings.Builder{}, 0
	if n <= joinText/8 {
		b, at = t.room(n)
	} else {
		b.Grow(n)
	}
	from := 0
	for _, at := range f.words {
		b.WriteString(f.body[from:at])
		b.WriteString(r)
		from = at + len(f.name) + 3
	}
	b.WriteString(f.body[from:])
	return b.String()[at:], true
}

// forLoopLine reads line as a for loop the fast reader walks, or reports
// that it is not one; budget is what is left of maxLoopRewalk.
//
// Its items are kept in a (nil: the heap).
func forLoopLine(line string, budget int, a *arena) (forLine, bool) {
	var f forLine
	rest, ok := cutWord(trimBlanks(line), "for")
	if !ok {
		return f, false
	}
	n := 0
	for n < len(rest) && identByte(rest[n]) {
		n++
	}
	if n == 0 || rest[0] >= '0' && rest[0] <= '9' {
		return f, false
	}
	f.name = rest[:n]
	if rest, ok = cutWord(rest[n:], "in"); !ok {
		return f, false
	}
	i := 0
	for {
		for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
			i++
		}
		if i == len(rest) {
			return f, false
		}
		if rest[i] == ';' {
			i++
			break
		}
		v, j, ok := simpleWord(rest, i)
		if !ok || j < len(rest) && rest[j] != ' ' && rest[j] != '\t' && rest[j] != ';' || reserved(rest[i:j]) ||
			!loopItemOK(v) || len(f.items) == maxLoopItems {
			return f, false
		}
		if f.items == nil {
			f.items = a.wordSlice(4) // most loops have a few
		}
		f.items = append(f.items, v)
		i = j
	}
	if len(f.items) == 0 {
		return f, false
	}
	body, ok := cutWord(rest[i:], "do")
	if !ok {
		return f, false
	}
	body, ok = strings.CutSuffix(body, "done")
	if body = strings.TrimRight(body, " \t"); !ok || body == "" || body[len(body)-1] != ';' {
		return f, false
	}
	// The statements, each with its ;, as the parser gives their text.
	words, ok := loopBodyWords(body, f.name)
	if !ok {
		return f, false
	}
	// Their size first: past the budget, the loop is the parser's, its
	// statements not read again here.
	for pass := range 2 {
		for start, i := 0, 0; i < len(body); i++ {
			switch body[i] {
			case '\'', '"':
				i = indexFrom(body, i+1, body[i]) // closed: loopBodyWords read the quotes
			case ';':
				t := codetext.TrimBlank(body[start : i+1])
				if pass == 0 {
					f.size += len(t)
				} else if !loopBodyOK(t, f.name) {
					return f, false
				}
				start = i + 1
			}
		}
		if f.size*(len(f.items)-1) > budget {
			return f, false
		}
	}
	f.body, f.words = body, words
	return f, true
}

// cutWord returns what follows keyword kw and the blanks after it at
// the start of s, after blanks; ok is false when s does not start so.
func cutWord(s, kw string) (string, bool) {
	s, ok := strings.CutPrefix(codetext.TrimBlank(s), kw)
	if !ok || s == "" || s[0] != ' ' && s[0] != '\t' {
		return "", false
	}
	return codetext.TrimBlank(s), true
}

// loopBodyWords returns where the words "$name" of body start; ok is
// false when body has another $, a quote left open, or such a word
// joined to other text.
func loopBodyWords(body, name string) ([]int, bool) {
	var at []int
	tok := `"$` + name + `"`
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '$':
			return nil, false
		case '\'', '"':
			if c == '"' && strings.HasPrefix(body[i:], tok) && i > 0 && (body[i-1] == ' ' || body[i-1] == '\t') {
				if k := i + len(tok); k < len(body) && strings.IndexByte(" \t;|&", body[k]) >= 0 {
					at = append(at, i)
					i = k - 1
					continue
				}
			}
			j := indexFrom(body, i+1, c)
			if j < 0 || strings.IndexByte(body[i+1:j], '$') >= 0 {
				return nil, false
			}
			i = j
		}
	}
	return at, true
}

// itemText is the text simpleWord reads as v, an item loopItemOK
// accepts: the Word the parser's walk makes of "$NAME" bound to v.
func itemText(v Word) (string, bool) {
	if !v.Dynamic {
		if strings.IndexByte(v.Value, '\'') >= 0 || !printable(v.Value) {
			return "", false
		}
		return "'" + v.Value + "'", true
	}
	for i := 0; i < len(v.Value); i++ {
		if !wordByte(v.Value[i]) {
			return "", false
		}
	}
	return v.Value, v.Value != ""
}

// errForBody is the walk's error when the body of a for loop the fast
// reader took is not simple with an item: forLoop reads each before the
// first is walked, so it means a bug, and the script is refused.
var errForBody = errors.New("shell: a for loop's body read apart")

// forLoop walks the for loop f, its line scanned by nx when fuse (see
// fastLines), as stmt walks the loop the parser reads; ok is false when
// it is left to the parser, nothing walked.
func (w *walker) forLoop(f forLine, sc *scope, via []string, in stdin, nx *nestScanner, fuse bool, next int) bool {
	var first []simpleCmd
	if len(w.loopVals) > 0 {
		return false // inside another loop's body: the parser's walk
	}
	rewalk := w.loopWalked + f.size*(len(f.items)-1)
	if rewalk > maxLoopRewalk {
		return false
	}
	// Each item's body is read before any is walked (the first kept for
	// its walk): one the fast reader does not read leaves the loop to
	// the parser.
	a := &w.mem
	bodies := make([]string, len(f.items))
	for k := len(f.items) - 1; k >= 0; k-- {
		b, ok := f.bodyOf(f.items[k], &w.cleanDirs)
		if !ok {
			return false
		}
		bodies[k] = b
		if k > 0 && b == f.body {
			continue // no "$NAME": the first item's body, read below
		}
		cmds, ok := simpleIn(b, w.lim.MaxCommands, a, nil)
		if !ok {
			return false
		}
		if k == 0 {
			first = cmds
			break
		}
		clear(cmds)
		if a.scratch.cmds == nil {
			a.scratch.cmds = cmds[:0]
		}
	}
	if fuse {
		if nx.scanTo(next); !w.nestOK(nx) {
			return true
		}
	}
	w.loopWalked = rewalk
	if w.loopVals == nil {
		w.loopVals = map[string]Word{}
	}
	w.branch(sc, func(sc *scope) {
		for k, v := range f.items {
			w.loopVals[f.name] = v
			cmds := first
			if k > 0 {
				var ok bool
				if cmds, ok = simpleIn(bodies[k], w.lim.MaxCommands, a, nil); !ok {
					w.fail(errForBody)
					return
				}
			}
			w.walkSimpleIn(cmds, sc, via, in)
		}
	})
	delete(w.loopVals, f.name)
	w.setVar(sc, f.name, true)
	return true
}
