package shell

import "strings"

// The syntax parser recurses once per level of nesting, and deep
// recursion costs it far more per byte than flat input (tens of
// microseconds a level at 30,000 levels): nestDepth bounds the nesting in
// one linear pass before the parser runs, so that input nested deeper
// than a Parser's MaxDepth is refused without being parsed.
//
// nestDepth over-approximates: it counts every opening it sees (a
// parenthesis, $(, ${, `, a double quote, {, if, while, until, for,
// select, case, the prefixes time and coproc, each && || | of a chain)
// and closes a level only on a closer that surely closes it (a ) that is
// not a case pattern's, a } word in command position, fi, done or esac in
// command position). Quotes, comments and here-documents are skipped as
// the parser skips them. A closer it is unsure of is ignored, so that
// nesting it miscounts is counted too deep, never too shallow; the fuzz
// test FuzzDepth checks that against the parser's syntax tree.

// frame kinds of nestDepth.
const (
	fCode    = iota // the script itself
	fParen          // ( $( <( >( (( and extglob groups
	fBrace          // { … }
	fParam          // ${ … }
	fDquote         // " … "
	fBack           // ` … `
	fIf             // if … fi
	fLoop           // while, until, for, select … done
	fCase           // case … esac
	fHdoc           // the body of a here-document whose delimiter is not quoted
	fBracket        // $[ … ]
)

type frame struct {
	kind uint8
	run  int    // && || | time coproc counted in this frame since its last ; or newline
	hdoc string // the delimiter of an fHdoc frame
	tabs bool   // <<-: leading tabs are stripped
}

// heredoc is a here-document whose body starts at the next newline.
type heredoc struct {
	delim  string
	quoted bool
	tabs   bool
	// hashAfterQuote: a # follows a closing quote in the delimiter.
	hashAfterQuote bool
}

// nesting is the state of nestDepth: the open frames, the depth counted
// and the deepest seen, and the here-documents whose bodies start at the
// next newline.
type nesting struct {
	stack        []frame
	cur, deepest int
	pending      []heredoc
	redirs       int // < and > operators met in code (an over-count: comparisons in (( )) too)
	// hashDelim is a here-document delimiter with # right after a quote
	// (<<'E'#): bash reads the # as part of the delimiter (E#), the
	// syntax parser as a comment (E), and their bodies end apart.
	hashDelim bool
}

// open pushes f.
func (s *nesting) open(f frame) {
	s.stack = append(s.stack, f)
	s.cur++
	s.deepest = maxInt(s.deepest, s.cur)
}

// push pushes a frame of kind k.
func (s *nesting) push(k uint8) { s.open(frame{kind: k}) }

// pop closes the innermost frame, with the chain counted in it, when it
// is of kind k (and not the script itself).
func (s *nesting) pop(k uint8) {
	top := &s.stack[len(s.stack)-1]
	if len(s.stack) > 1 && top.kind == k {
		s.cur -= 1 + top.run
		s.stack = s.stack[:len(s.stack)-1]
	}
}

// chain counts a link of a chain (&& || | time coproc !) in the innermost
// frame.
func (s *nesting) chain() {
	s.stack[len(s.stack)-1].run++
	s.cur++
	s.deepest = maxInt(s.deepest, s.cur)
}

// endList closes the chains of the innermost frame at a ; & or newline.
func (s *nesting) endList() {
	top := &s.stack[len(s.stack)-1]
	s.cur -= top.run
	top.run = 0
}

// nestDepth returns how deep src may nest, as described above; it stops
// as soon as the depth is past max and returns it.
func nestDepth(src string, max int) int {
	d, _ := nestScan(src, max)
	return d
}

// nestScan returns nestDepth's depth and the redirection operators it
// met in code (in its first pass over src, which stops past max).
func nestScan(src string, max int) (depth, redirs int) {
	x := newNestScanner(src, max)
	x.scanTo(len(src))
	return x.s.deepest, x.s.redirs
}

// nestScanner is nestScan as it goes: the script's walk has each part
// of src scanned before the parser reads it (scanTo), and a line the
// fast reader reads applied from its words instead (see simpleIn).
type nestScanner struct {
	s      nesting
	src    string
	i      int // what is scanned: src[:i]
	max    int
	cmdPos bool // the next word is in command position (after ; & or a newline)
}

func newNestScanner(src string, max int) *nestScanner {
	return &nestScanner{s: nesting{stack: []frame{{kind: fCode}}}, src: src, max: max, cmdPos: true}
}

// scanTo scans src up to limit at least, or to its end, stopping once
// the depth is past max.
func (x *nestScanner) scanTo(limit int) {
	s := &x.s
	src, max, cmdPos := x.src, x.max, x.cmdPos
	n := len(src)
	limit = min(limit, n)
	i := x.i
	defer func() { x.i, x.cmdPos = i, cmdPos }()
	for ; i < limit && s.deepest <= max; i++ {
		top := s.stack[len(s.stack)-1].kind
		c := src[i]
		if codeFrames&(1<<top) != 0 {
			// Most of code is blanks and words: read in a run here
			// (what the switches below do with them, in short), up to
			// the first other byte, which they take.
			for {
				if c != ' ' && c != '\t' {
					if byteClass[c]&(cMeta|cQuote) != 0 || c == '#' || c == ']' {
						break
					}
					if i == 0 || isBlankOrMeta(src[i-1]) {
						j := i + 1
						for j < n && byteClass[src[j]]&(cMeta|cQuote) == 0 {
							j++
						}
						pos := cmdPos
						cmdPos = false
						if j-i <= len("select") && keywordStart(c) && (j == n || isBlankOrMeta(src[j])) {
							cmdPos = s.keyword(src[i:j], pos, cmdPos)
							if s.deepest > max {
								i = n
								return
							}
						}
						i = j - 1
					}
				}
				if i++; i >= n {
					i = n
					return
				}
				c = src[i]
			}
			top = s.stack[len(s.stack)-1].kind
		}
		switch top {
		case fDquote, fHdoc:
			switch c {
			case '\\':
				i++
			case '"':
				if top == fDquote {
					s.pop(fDquote)
				}
			case '`':
				s.push(fBack)
			case '$':
				if k := dollarFrame(src, i); k != fCode {
					i++
					s.push(k)
				}
			case '\n':
				if top == fHdoc {
					// Is the next line the delimiter?
					f := s.stack[len(s.stack)-1]
					if j := skipTabs(src, i+1, f.tabs); lineIs(src, j, f.hdoc) {
						s.pop(fHdoc)
						i = s.startBodies(src, lineEnd(src, j))
					}
				}
			}
			continue
		}
		// Code, parameter expansion and arithmetic: quotes first.
		switch c {
		case '\\':
			i++
			cmdPos = false
			continue
		case '\'':
			j := indexFrom(src, i+1, '\'')
			if j < 0 {
				i = n
				return
			}
			i = j
			cmdPos = false
			continue
		case '"':
			s.push(fDquote)
			cmdPos = false
			continue
		case '`':
			if top == fBack {
				s.pop(fBack)
			} else {
				s.push(fBack)
			}
			cmdPos = false
			continue
		case '$':
			if k := dollarFrame(src, i); k != fCode {
				i++
				s.push(k)
			} else if i+1 < n && src[i+1] == '\'' {
				i += 2
				for i < n && src[i] != '\'' {
					if src[i] == '\\' {
						i++
					}
					i++
				}
			} else if i+1 < n && src[i+1] == '"' {
				i++
				s.push(fDquote)
			}
			cmdPos = false
			continue
		case '(':
			s.push(fParen)
			cmdPos = false
			continue
		case ')':
			s.pop(fParen)
			cmdPos = false
			continue
		case ']':
			s.pop(fBracket)
			continue
		}
		if top == fParam {
			if c == '}' {
				s.pop(fParam)
			}
			continue
		}
		if top == fBracket {
			continue
		}
		// Code.
		switch c {
		case ' ', '\t':
			continue
		case '\n':
			s.endList()
			cmdPos = true
			i = s.startBodies(src, i)
			continue
		case ';':
			s.endList()
			cmdPos = true
			continue
		case '&':
			if i+1 < n && src[i+1] == '&' {
				i++
				s.chain()
				cmdPos = false
			} else if i+1 < n && src[i+1] == '>' {
				i++
				cmdPos = false
			} else {
				s.endList()
				cmdPos = true
			}
			continue
		case '|':
			if i+1 < n && (src[i+1] == '|' || src[i+1] == '&') {
				i++
			}
			s.chain()
			cmdPos = false
			continue
		case '<':
			s.redirs++
			if i+2 < n && src[i+1] == '<' && src[i+2] != '<' {
				i = readHeredoc(src, i+2, &s.pending)
				if n := len(s.pending); n > 0 && s.pending[n-1].hashAfterQuote {
					s.hashDelim = true
				}
			} else {
				for i+1 < n && (src[i+1] == '<' || src[i+1] == '>' || src[i+1] == '&') {
					i++
				}
			}
			cmdPos = false
			continue
		case '>':
			s.redirs++
			for i+1 < n && (src[i+1] == '>' || src[i+1] == '&' || src[i+1] == '|') {
				i++
			}
			cmdPos = false
			continue
		case '#':
			if i == 0 || isBlankOrMeta(src[i-1]) {
				for i+1 < n && src[i+1] != '\n' {
					i++
				}
				continue // the newline ends the list
			}
		}
		// A word: look at it whole when it starts here.
		if i > 0 && !isBlankOrMeta(src[i-1]) {
			continue
		}
		j := i
		for j < n && byteClass[src[j]]&(cMeta|cQuote) == 0 {
			j++
		}
		pos := cmdPos
		cmdPos = false
		// The rest of the word holds nothing the loop acts on (a ] pops
		// only a $[ frame, which never reaches here): go on at its end.
		if keywordStart(c) && (j == n || isBlankOrMeta(src[j])) {
			cmdPos = s.keyword(src[i:j], pos, cmdPos)
		}
		i = j - 1
	}
}

// codeFrames are the frame kinds whose text nestScan reads as code.
const codeFrames = 1<<fCode | 1<<fParen | 1<<fBrace | 1<<fBack | 1<<fIf | 1<<fLoop | 1<<fCase

// keyword applies nestScan's whole word of code word, which was in
// command position when pos, and returns whether the next word is
// (cmdPos, unless word is "in").
func (s *nesting) keyword(word string, pos, cmdPos bool) bool {
	switch word {
	case "{":
		s.push(fBrace)
	case "}":
		if pos {
			s.pop(fBrace)
		}
	case "if":
		s.push(fIf)
	case "while", "until", "for", "select":
		s.push(fLoop)
	case "case":
		s.push(fCase)
	case "fi":
		if pos {
			s.pop(fIf)
		}
	case "done":
		if pos {
			s.pop(fLoop)
		}
	case "esac":
		if pos {
			s.pop(fCase)
		}
	case "time", "coproc", "!":
		s.chain()
	case "in":
		// case WORD in esac: an empty case.
		return s.stack[len(s.stack)-1].kind == fCase
	}
	return cmdPos
}

// keywordStart reports whether a word that starts with c may be one that
// keyword acts on (for any other, it returns its cmdPos).
func keywordStart(c byte) bool {
	// { and } follow z; each bit of the mask is a byte from a on.
	const mask = 1<<('c'-'a') | 1<<('d'-'a') | 1<<('e'-'a') | 1<<('f'-'a') | 1<<('i'-'a') | 1<<('s'-'a') |
		1<<('t'-'a') | 1<<('u'-'a') | 1<<('w'-'a') | 1<<('{'-'a') | 1<<('}'-'a')
	return c >= 'a' && c <= '}' && mask>>(c-'a')&1 != 0 || c == '!'
}

// dollarFrame returns the frame that the $ at src[i] opens in code and
// in double quotes alike: fParen for $(, fParam for ${, fBracket for $[,
// and fCode for none.
func dollarFrame(src string, i int) uint8 {
	if i+1 < len(src) {
		switch src[i+1] {
		case '(':
			return fParen
		case '{':
			return fParam
		case '[':
			return fBracket
		}
	}
	return fCode
}

func indexFrom(s string, i int, c byte) int {
	if i >= len(s) {
		return -1
	}
	if j := strings.IndexByte(s[i:], c); j >= 0 {
		return i + j
	}
	return -1
}

func isBlankOrMeta(c byte) bool { return byteClass[c]&cMeta != 0 }

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}
