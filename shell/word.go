package shell

import (
	"strconv"
	"strings"
	"unicode/utf8"

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
	// Value is the word after quote removal; see [Word.Dynamic].
	Value string
	// Dynamic reports that part of the word is known only at run time.
	Dynamic bool
	// Prefix and Suffix are the static text before the first and after
	// the last dynamic part; both equal Value when the word is static.
	Prefix, Suffix string
	// split reports an unquoted parameter expansion, command substitution
	// or arithmetic expansion in the word: it may split into several
	// words.
	split bool
}

// Static returns a static [Word] of value s.
func Static(s string) Word { return Word{Value: s, Prefix: s, Suffix: s} }

// String returns w.Value.
func (w Word) String() string { return w.Value }

// MaybeOption reports whether w may be an option when it runs: it starts
// with "-", or it is dynamic and its static prefix is empty or starts
// with "-".
func (w Word) MaybeOption() bool {
	if !w.Dynamic {
		return len(w.Value) > 1 && w.Value[0] == '-'
	}
	return w.Prefix == "" || w.Prefix[0] == '-'
}

// Name returns the last element of w read as a slash-separated path (the
// file name) and whether it is known statically: it is when w is static,
// or when the static text after the last dynamic part contains a slash.
// A trailing slash is ignored.
func (w Word) Name() (string, bool) {
	s := w.Suffix
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
		// SplitBraces changes x, and positions in it with it: take its
		// text first.
		text := w.text(x)
		if w.expanded > maxExpanded {
			return []Word{{Value: text, Dynamic: true}}
		}
		if !syntax.SplitBraces(x) {
			return []Word{w.join(x.Parts)}
		}
		alts := expandBraces(x.Parts, maxBraceWords)
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
	return []Word{w.join(x.Parts)}
}

// word is like words for a context that takes one word (a redirection
// target, an assignment value): several words make it dynamic.
func (w *walker) word(x *syntax.Word) Word {
	if x == nil {
		return Word{}
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
	if a < 0 || b > len(w.src) || a > b {
		return "?"
	}
	return w.src[a:b]
}

func hasBrace(x *syntax.Word) bool {
	for _, p := range x.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			return true
		}
	}
	return false
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
	var segs []seg
	for i, p := range parts {
		segs = w.segs(segs, p, false, i == 0, i == len(parts)-1)
	}
	var b strings.Builder
	var res Word
	first, last := -1, -1
	for i, s := range segs {
		res.split = res.split || s.split
		if s.dyn {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	for i, s := range segs {
		if i == first {
			res.Prefix = b.String()
		}
		b.WriteString(s.text)
	}
	res.Value = b.String()
	if first < 0 {
		res.Prefix, res.Suffix = res.Value, res.Value
		return res
	}
	res.Dynamic = true
	var sb strings.Builder
	for _, s := range segs[last+1:] {
		sb.WriteString(s.text)
	}
	res.Suffix = sb.String()
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
			out = append(out, seg{text: string(c), dyn: true})
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

// unescapeDouble removes the backslashes that escape a character inside
// double quotes.
func unescapeDouble(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ansiC decodes the escapes of a $'…' string as bash does.
func ansiC(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'c':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 0x1f)
			}
		case 'x', 'u', 'U':
			max := 2
			if e == 'u' {
				max = 4
			} else if e == 'U' {
				max = 8
			}
			j := i + 1
			for j < len(s) && j-i-1 < max && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			if e == 'x' {
				b.WriteByte(byte(n))
			} else if r := rune(n); utf8.ValidRune(r) {
				b.WriteRune(r)
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j-i < 3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[i:j], 8, 16)
			b.WriteByte(byte(n))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// maxBraceWords caps brace expansion; a word that expands to more is
// dynamic.
const maxBraceWords = 256

// maxExpanded caps the bytes that brace expansion makes in one script and
// the scripts it runs; past it, a word with braces is dynamic.
const maxExpanded = 256 << 10

// expandBraces returns the part lists that parts expand to, or nil when
// there would be more than max.
func expandBraces(parts []syntax.WordPart, max int) [][]syntax.WordPart {
	out := [][]syntax.WordPart{nil}
	for _, p := range parts {
		be, ok := p.(*syntax.BraceExp)
		if !ok {
			for i := range out {
				out[i] = append(out[i], p)
			}
			continue
		}
		var alts [][]syntax.WordPart
		if be.Sequence {
			for _, s := range sequence(be) {
				alts = append(alts, []syntax.WordPart{&syntax.Lit{Value: s}})
			}
			if alts == nil {
				return nil
			}
		} else {
			for _, e := range be.Elems {
				sub := expandBraces(e.Parts, max)
				if sub == nil {
					return nil
				}
				alts = append(alts, sub...)
			}
		}
		if len(out)*len(alts) > max {
			return nil
		}
		next := make([][]syntax.WordPart, 0, len(out)*len(alts))
		for _, o := range out {
			for _, a := range alts {
				n := append(append([]syntax.WordPart(nil), o...), a...)
				next = append(next, n)
			}
		}
		out = next
	}
	return out
}

// sequence expands {x..y[..step]} of integers or single letters; nil when
// it is not one bash expands or too long.
func sequence(be *syntax.BraceExp) []string {
	var v []string
	for _, e := range be.Elems {
		v = append(v, e.Lit())
	}
	if len(v) < 2 {
		return nil
	}
	step := 1
	if len(v) == 3 {
		n, err := strconv.Atoi(v[2])
		if err != nil {
			return nil
		}
		step = max(n, -n, 1)
	}
	a, errA := strconv.Atoi(v[0])
	z, errZ := strconv.Atoi(v[1])
	chars := false
	if errA != nil || errZ != nil {
		if len(v[0]) != 1 || len(v[1]) != 1 {
			return nil
		}
		a, z, chars = int(v[0][0]), int(v[1][0]), true
	}
	if (z-a)/step > maxBraceWords || (a-z)/step > maxBraceWords {
		return nil
	}
	var out []string
	for i := a; ; {
		if chars {
			out = append(out, string(rune(i)))
		} else {
			out = append(out, strconv.Itoa(i))
		}
		if i == z || (a < z && i > z) || (a > z && i < z) {
			break
		}
		if a < z {
			i += step
		} else {
			i -= step
		}
		if (a < z && i > z) || (a > z && i < z) {
			break
		}
	}
	return out
}
