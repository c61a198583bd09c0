package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A Word is one argument of a command after brace expansion, quote
// removal and escapes, as the command receives it when nothing in it
// depends on the shell's state at run time.
//
// A part that is known only at run time (a parameter expansion such as
// $x or ${IFS}, a command or process substitution, an arithmetic
// expansion, a tilde, an unquoted glob such as * or [a-z]) makes the word
// Dynamic: Value then holds that part's source text in its place, and
// Prefix and Suffix hold the static text before the first and after the
// last such part. An unquoted dynamic part may also split into several
// words, or none, when it runs.
type Word struct {
	_ [0]func()
	// Value is the word after quote removal; see [Word.Dynamic].
	Value string
	// ext holds the prefix and suffix when they are not parts of Value
	// (or longer than 65,535 bytes); else they are its first pre and
	// last suf bytes.
	ext      *wordExt
	pre, suf uint16
	// Dynamic reports that part of the word is known only at run time.
	Dynamic bool
	// split reports an unquoted parameter expansion, command substitution
	// or arithmetic expansion in the word: it may split into several
	// words.
	split bool
}

// wordExt is the prefix and suffix of a Word that are not parts of its
// value.
type wordExt struct{ prefix, suffix string }

// Prefix returns the static text before w's first dynamic part (Value
// when w is static).
func (w Word) Prefix() string {
	if w.ext != nil {
		return w.ext.prefix
	}
	return w.Value[:w.pre]
}

// Suffix returns the static text after w's last dynamic part (Value
// when w is static).
func (w Word) Suffix() string {
	if w.ext != nil {
		return w.ext.suffix
	}
	return w.Value[len(w.Value)-int(w.suf):]
}

// MakeWord returns the Word of value, dynamic when dynamic, whose static
// text before its first dynamic part is prefix and after its last suffix.
func MakeWord(value string, dynamic bool, prefix, suffix string) Word {
	w := Word{Value: value, Dynamic: dynamic}
	w.setParts(prefix, suffix)
	return w
}

// setParts sets w's prefix and suffix: as lengths when they are parts of
// its value (the first and last bytes), else held apart.
func (w *Word) setParts(prefix, suffix string) {
	v := w.Value
	if len(prefix) <= 0xffff && len(suffix) <= 0xffff && strings.HasPrefix(v, prefix) && strings.HasSuffix(v, suffix) {
		w.ext, w.pre, w.suf = nil, uint16(len(prefix)), uint16(len(suffix))
		return
	}
	w.ext, w.pre, w.suf = &wordExt{prefix, suffix}, 0, 0
}

// setLens sets w's prefix and suffix to its first pre and last suf
// bytes.
func (w *Word) setLens(pre, suf int) {
	if pre > 0xffff || suf > 0xffff {
		w.setParts(w.Value[:pre], w.Value[len(w.Value)-suf:])
		return
	}
	w.ext, w.pre, w.suf = nil, uint16(pre), uint16(suf)
}

// setValue sets w's value to v, its prefix and suffix left as they were.
func (w *Word) setValue(v string) {
	p, s := w.Prefix(), w.Suffix()
	w.Value = v
	w.setParts(p, s)
}

// withPre returns w with its prefix p.
func (w Word) withPre(p string) Word {
	w.setParts(p, w.Suffix())
	return w
}

// withSuf returns w with its suffix s.
func (w Word) withSuf(s string) Word {
	w.setParts(w.Prefix(), s)
	return w
}

// Equal reports whether w and o are the same word: the same value,
// prefix, suffix and flags (== on Words may tell apart equal prefixes and
// suffixes held apart).
func (w Word) Equal(o Word) bool {
	if w.ext == nil && o.ext == nil {
		return w.Value == o.Value && w.pre == o.pre && w.suf == o.suf && w.Dynamic == o.Dynamic && w.split == o.split
	}
	return w.Value == o.Value && w.Dynamic == o.Dynamic && w.split == o.split && w.Prefix() == o.Prefix() && w.Suffix() == o.Suffix()
}

// Static returns a static [Word] of value s.
func Static(s string) Word {
	if len(s) > 0xffff {
		return bigStatic(s)
	}
	return Word{Value: s, pre: uint16(len(s)), suf: uint16(len(s))}
}

// bigStatic is Static for a value longer than 65,535 bytes (not inlined,
// so that Static is).
//
//go:noinline
func bigStatic(s string) Word { return MakeWord(s, false, s, s) }

// String returns w.Value.
func (w Word) String() string { return w.Value }

// Splits reports whether w may split into several words when it runs:
// it holds an unquoted parameter expansion, command substitution or
// arithmetic expansion (src/$f, $(ls)). Each of those words may then be
// an option, whatever w's prefix.
func (w Word) Splits() bool { return w.split }

// MaybeOption reports whether w may be an option when it runs: it starts
// with "-", or it is dynamic and its static prefix is empty or starts
// with "-".
func (w Word) MaybeOption() bool {
	if !w.Dynamic {
		return len(w.Value) > 1 && w.Value[0] == '-'
	}
	return w.Prefix() == "" || w.Prefix()[0] == '-'
}

// Name returns the last element of w read as a slash-separated path (the
// file name) and whether it is known statically: it is when w is static,
// or when the static text after the last dynamic part contains a slash.
// A trailing slash is ignored.
func (w Word) Name() (string, bool) {
	s := w.Suffix()
	if w.Dynamic {
		i := strings.LastIndexByte(s, '/')
		if i < 0 {
			return "", false
		}
		if strings.TrimRight(s, "/") == "" {
			return "", false
		}
	}
	s = strings.TrimRight(s, "/")
	if s == "" && w.Value != "" {
		return "/", true
	}
	return s[strings.LastIndexByte(s, '/')+1:], true
}

// seg is a piece of a word: static text or a dynamic part.
type seg struct {
	text  string
	dyn   bool
	split bool // an unquoted expansion
}

// words expands x into the words it becomes: brace expansion first, then
// quote removal. src is the source x was parsed from.
func (w *walker) words(x *syntax.Word) []Word {
	if x == nil {
		return nil
	}
	if hasBrace(x) {
		text := w.text(x)
		if w.expanded > maxExpanded {
			return []Word{{Value: text, Dynamic: true}}
		}
		// SplitBraces changes the word it is given: a copy, so that the
		// syntax tree stays as parsed for a walk that comes back to it (a
		// function called from another folder, a loop's next item), where
		// syntax.Walk knows no BraceExp and panics.
		cp := *x
		if !syntax.SplitBraces(&cp) {
			return []Word{w.join(x.Parts)}
		}
		alts := expandBraces(cp.Parts, maxBraceWords)
		if alts != nil {
			w.expanded += len(alts) * (len(text) + 1)
		}
		if alts == nil || w.expanded > maxExpanded {
			return []Word{{Value: text, Dynamic: true}}
		}
		out := make([]Word, 0, len(alts))
		for _, parts := range alts {
			out = append(out, w.join(parts))
		}
		return out
	}
	if cs, ok := x.Parts[0].(*syntax.CmdSubst); ok && len(x.Parts) == 1 {
		if v, ok := w.substOut(cs); ok {
			return substFields(v) // $(echo a b): its fields
		}
	}
	return []Word{w.join(x.Parts)}
}

// word is like words for a context that takes one word (a redirection
// target, an assignment value): several words make it dynamic.
func (w *walker) word(x *syntax.Word) Word {
	if x == nil {
		return Word{}
	}
	if !hasBrace(x) {
		return w.join(x.Parts) // what words gives, without its slice
	}
	text := w.text(x)
	ws := w.words(x)
	switch len(ws) {
	case 0:
		return Word{}
	case 1:
		return ws[0]
	}
	return Word{Value: text, Dynamic: true}
}

// text returns the source text of n ("?" when its position is not known).
func (w *walker) text(n syntax.Node) (s string) {
	if x, ok := n.(*syntax.Word); ok && len(x.Parts) == 0 {
		return ""
	}
	if b, ok := n.(*syntax.BraceExp); ok && (len(b.Elems) == 0 || len(b.Elems[0].Parts) == 0) {
		return "?"
	}
	a, b := int(n.Pos().Offset()), int(n.End().Offset())
	if w.rd != nil {
		d := w.rd.srcOffset(a) - a // a node never holds lines the parser did not get
		a, b = a+d, b+d
	}
	if a < 0 || b > len(w.src) || a > b {
		return "?"
	}
	return w.src[a:b]
}

// join removes quotes from parts and returns the word they make.
func (w *walker) join(parts []syntax.WordPart) Word {
	if len(parts) == 1 {
		// Fast path for the most common word: one plain literal.
		switch p := parts[0].(type) {
		case *syntax.Lit:
			if !strings.ContainsAny(p.Value, "\\*?[~") {
				return Static(p.Value)
			}
		case *syntax.SglQuoted:
			if !p.Dollar {
				return Static(p.Value)
			}
		}
	}
	var buf [8]seg // most words have a few pieces: on the stack
	segs := buf[:0]
	for i, p := range parts {
		segs = w.segs(segs, p, false, i == 0, i == len(parts)-1)
	}
	return joinSegs(segs)
}

// joinSegs makes the word of the pieces segs.
func joinSegs(segs []seg) Word {
	return joinSegsOf(segs, "")
}

// joinSegsOf is joinSegs with the segments' text joined given as whole
// when it is not "" (a word cut from its source).
func joinSegsOf(segs []seg, whole string) Word {
	var res Word
	first, last, n, pre := -1, -1, 0, 0
	for i, s := range segs {
		res.split = res.split || s.split
		if s.dyn {
			if first < 0 {
				first, pre = i, n
			}
			last = i
		}
		n += len(s.text)
	}
	// The value in one allocation (none for one piece); the prefix and
	// suffix are parts of it.
	switch {
	case len(segs) == 0:
	case len(segs) == 1:
		res.Value = segs[0].text
	case whole != "" && len(whole) == n:
		res.Value = whole
	default:
		var b strings.Builder
		b.Grow(n)
		for _, s := range segs {
			b.WriteString(s.text)
		}
		res.Value = b.String()
	}
	if first < 0 {
		res.setLens(len(res.Value), len(res.Value))
		return res
	}
	res.Dynamic = true
	suf := 0
	for _, s := range segs[last+1:] {
		suf += len(s.text)
	}
	res.setLens(pre, suf)
	return res
}

// segs appends the pieces of part p; quoted reports that p sits inside
// double quotes, first that it starts the word.
func (w *walker) segs(out []seg, p syntax.WordPart, quoted, first, last bool) []seg {
	switch p := p.(type) {
	case *syntax.Lit:
		if quoted {
			return append(out, seg{text: unescapeDouble(p.Value)})
		}
		return litSegs(out, p.Value, first, last)
	case *syntax.SglQuoted:
		if p.Dollar {
			return append(out, seg{text: ansiC(p.Value)})
		}
		return append(out, seg{text: p.Value})
	case *syntax.DblQuoted:
		if len(p.Parts) == 0 {
			return append(out, seg{})
		}
		for _, q := range p.Parts {
			out = w.segs(out, q, true, false, false)
		}
		return out
	case *syntax.BraceExp:
		// Left over only when expansion gave up.
		return append(out, seg{text: w.dynText(p), dyn: true})
	}
	// ParamExp, CmdSubst, ArithmExp, ProcSubst, ExtGlob.
	if pe, ok := p.(*syntax.ParamExp); ok && w.loopVals != nil {
		if v, ok := w.loopVals[simpleParam(pe)]; ok && (quoted || !v.Dynamic && !strings.ContainsAny(v.Value, " \t\n*?[")) {
			// A for loop's variable, bound to the item being walked (see
			// loopItems): a static word, or, quoted, a glob standing for
			// the match it holds.
			if !v.Dynamic {
				return append(out, seg{text: v.Value})
			}
			return plainLitSegs(out, v.Value, false, false)
		}
	}
	if cs, ok := p.(*syntax.CmdSubst); ok {
		if v, ok := w.substOut(cs); ok && (quoted || !strings.ContainsAny(v, " \t\n")) {
			if quoted {
				return append(out, seg{text: v}) // "$(echo a/.env)"
			}
			return plainLitSegs(out, v, false, false) // a glob in it is one
		}
	}
	sg := seg{text: w.dynText(p), dyn: true}
	switch p.(type) {
	case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
		sg.split = !quoted
	}
	return append(out, sg)
}

// maxDynText bounds the source text a dynamic part keeps in a [Word]'s
// Value: a longer part is cut there and ends with "…". Without the cut,
// each level of nested substitutions would copy the text of all the
// levels inside it, and the cost would grow with the square of the input.
const maxDynText = 256

// dynText returns the source text of the dynamic part n, cut at
// maxDynText bytes.
func (w *walker) dynText(n syntax.Node) string {
	s := w.text(n)
	if len(s) > maxDynText {
		return s[:maxDynText] + "…"
	}
	return s
}

// litSegs splits an unquoted literal into static text (escapes removed)
// and dynamic pieces: unquoted glob characters, and a tilde that starts
// the word. A [ that no ] follows in the rest of the word (last reports
// that s ends the word) is not a glob: bash leaves it as it is, so `[`
// is the test command.
func litSegs(out []seg, s string, first, last bool) []seg {
	if strings.IndexByte(s, '\\') < 0 {
		return plainLitSegs(out, s, first, last)
	}
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, seg{text: b.String()})
			b.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			if i+1 == len(s) {
				b.WriteByte(c) // a backslash that ends the script stays
				break
			}
			i++
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
		case c == '[' && last && strings.IndexByte(s[i+1:], ']') < 0:
			b.WriteByte(c)
		case c == '*' || c == '?' || c == '[':
			flush()
			out = append(out, seg{text: s[i : i+1], dyn: true})
		case c == '~' && i == 0 && first:
			j := strings.IndexByte(s, '/')
			if j < 0 {
				j = len(s)
			}
			out = append(out, seg{text: s[:j], dyn: true})
			i = j - 1
		default:
			b.WriteByte(c)
		}
	}
	flush()
	return out
}

// plainLitSegs is litSegs for a literal without a backslash: each piece
// is a part of s, not a copy.
func plainLitSegs(out []seg, s string, first, last bool) []seg {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '[' && last && strings.IndexByte(s[i+1:], ']') < 0:
		case c == '*' || c == '?' || c == '[':
			if i > start {
				out = append(out, seg{text: s[start:i]})
			}
			out = append(out, seg{text: s[i : i+1], dyn: true})
			start = i + 1
		case c == '~' && i == 0 && first:
			j := strings.IndexByte(s, '/')
			if j < 0 {
				j = len(s)
			}
			out = append(out, seg{text: s[:j], dyn: true})
			i, start = j-1, j
		}
	}
	if start < len(s) {
		out = append(out, seg{text: s[start:]})
	}
	return out
}

// maxBraceWords caps brace expansion; a word that expands to more is
// dynamic.
const maxBraceWords = 256

// maxExpanded caps the bytes that brace expansion makes in one script and
// the scripts it runs; past it, a word with braces is dynamic.
const maxExpanded = 256 << 10

// simpleParam returns the name of $NAME or ${NAME} ("" for any other
// parameter expansion).
func simpleParam(p *syntax.ParamExp) string {
	if p.Param == nil || p.Excl || p.Length || p.Width || p.Index != nil || p.Slice != nil || p.Repl != nil ||
		p.Exp != nil || p.Names != 0 {
		return ""
	}
	return p.Param.Value
}
