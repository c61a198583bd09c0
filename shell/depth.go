package shell

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
}

// nestDepth returns how deep src may nest, as described above; it stops
// as soon as the depth is past max and returns it.
func nestDepth(src string, max int) int {
	stack := []frame{{kind: fCode}}
	cur, deepest := 0, 0
	var pending []heredoc
	push := func(k uint8) {
		stack = append(stack, frame{kind: k})
		cur++
		deepest = maxInt(deepest, cur)
	}
	pop := func(k uint8) {
		top := &stack[len(stack)-1]
		if len(stack) > 1 && top.kind == k {
			cur -= 1 + top.run
			stack = stack[:len(stack)-1]
		}
	}
	chain := func() {
		stack[len(stack)-1].run++
		cur++
		deepest = maxInt(deepest, cur)
	}
	endList := func() {
		top := &stack[len(stack)-1]
		cur -= top.run
		top.run = 0
	}
	cmdPos := true // the next word is in command position (after ; & or a newline)
	n := len(src)
	for i := 0; i < n && deepest <= max; i++ {
		top := stack[len(stack)-1].kind
		c := src[i]
		switch top {
		case fDquote, fHdoc:
			switch c {
			case '\\':
				i++
			case '"':
				if top == fDquote {
					pop(fDquote)
				}
			case '`':
				push(fBack)
			case '$':
				if i+1 < n {
					switch src[i+1] {
					case '(':
						i++
						push(fParen)
					case '{':
						i++
						push(fParam)
					case '[':
						i++
						push(fBracket)
					}
				}
			case '\n':
				if top == fHdoc {
					// Is the next line the delimiter?
					f := stack[len(stack)-1]
					j := i + 1
					if f.tabs {
						for j < n && src[j] == '\t' {
							j++
						}
					}
					if lineIs(src, j, f.hdoc) {
						pop(fHdoc)
						i = lineEnd(src, j)
						i = startBodies(src, i, &pending, &stack, &cur, &deepest)
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
				return deepest
			}
			i = j
			cmdPos = false
			continue
		case '"':
			push(fDquote)
			cmdPos = false
			continue
		case '`':
			if top == fBack {
				pop(fBack)
			} else {
				push(fBack)
			}
			cmdPos = false
			continue
		case '$':
			if i+1 < n {
				switch src[i+1] {
				case '(':
					i++
					push(fParen)
				case '{':
					i++
					push(fParam)
				case '[':
					i++
					push(fBracket)
				case '\'':
					i += 2
					for i < n && src[i] != '\'' {
						if src[i] == '\\' {
							i++
						}
						i++
					}
				case '"':
					i++
					push(fDquote)
				}
			}
			cmdPos = false
			continue
		case '(':
			push(fParen)
			cmdPos = false
			continue
		case ')':
			pop(fParen)
			cmdPos = false
			continue
		case ']':
			pop(fBracket)
			continue
		}
		if top == fParam {
			if c == '}' {
				pop(fParam)
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
			endList()
			cmdPos = true
			i = startBodies(src, i, &pending, &stack, &cur, &deepest)
			continue
		case ';':
			endList()
			cmdPos = true
			continue
		case '&':
			if i+1 < n && src[i+1] == '&' {
				i++
				chain()
				cmdPos = false
			} else if i+1 < n && src[i+1] == '>' {
				i++
				cmdPos = false
			} else {
				endList()
				cmdPos = true
			}
			continue
		case '|':
			if i+1 < n && (src[i+1] == '|' || src[i+1] == '&') {
				i++
			}
			chain()
			cmdPos = false
			continue
		case '<':
			if i+2 < n && src[i+1] == '<' && src[i+2] != '<' {
				i = readHeredoc(src, i+2, &pending)
			} else {
				for i+1 < n && (src[i+1] == '<' || src[i+1] == '>' || src[i+1] == '&') {
					i++
				}
			}
			cmdPos = false
			continue
		case '>':
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
		for j < n && !isBlankOrMeta(src[j]) && src[j] != '\\' && src[j] != '\'' && src[j] != '"' && src[j] != '$' && src[j] != '`' {
			j++
		}
		word := src[i:j]
		whole := j == n || isBlankOrMeta(src[j])
		pos := cmdPos
		cmdPos = false
		if !whole {
			continue
		}
		switch word {
		case "{":
			push(fBrace)
		case "}":
			if pos {
				pop(fBrace)
			}
		case "if":
			push(fIf)
		case "while", "until", "for", "select":
			push(fLoop)
		case "case":
			push(fCase)
		case "fi":
			if pos {
				pop(fIf)
			}
		case "done":
			if pos {
				pop(fLoop)
			}
		case "esac":
			if pos {
				pop(fCase)
			}
		case "time", "coproc", "!":
			chain()
		case "in":
			// case WORD in esac: an empty case.
			cmdPos = stack[len(stack)-1].kind == fCase
		}
		i = j - 1
	}
	return deepest
}

// readHeredoc reads the delimiter of the here-document whose operator
// ends before i and queues it; it returns the index of the delimiter's
// last byte.
func readHeredoc(src string, i int, pending *[]heredoc) int {
	h := heredoc{}
	if i < len(src) && src[i] == '-' {
		h.tabs = true
		i++
	}
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	var b []byte
	for ; i < len(src) && !isBlankOrMeta(src[i]); i++ {
		switch c := src[i]; c {
		case '\\':
			h.quoted = true
			if i+1 < len(src) {
				i++
				b = append(b, src[i])
			}
		case '\'', '"':
			h.quoted = true
			j := indexFrom(src, i+1, c)
			if j < 0 {
				j = len(src)
			}
			b = append(b, src[i+1:j]...)
			i = j
		default:
			b = append(b, c)
		}
	}
	h.delim = string(b)
	*pending = append(*pending, h)
	return i - 1
}

// startBodies skips, at the newline src[i], the bodies of the pending
// here-documents with a quoted delimiter and pushes an fHdoc frame for
// the first one that is not quoted (the others follow when it ends). It
// returns the index of the last byte consumed.
func startBodies(src string, i int, pending *[]heredoc, stack *[]frame, cur, deepest *int) int {
	for len(*pending) > 0 {
		h := (*pending)[0]
		*pending = (*pending)[1:]
		if !h.quoted {
			*stack = append(*stack, frame{kind: fHdoc, hdoc: h.delim, tabs: h.tabs})
			*cur++
			*deepest = maxInt(*deepest, *cur)
			// An empty body: the delimiter is the next line.
			j := i + 1
			if h.tabs {
				for j < len(src) && src[j] == '\t' {
					j++
				}
			}
			if lineIs(src, j, h.delim) {
				*stack = (*stack)[:len(*stack)-1]
				*cur--
				i = lineEnd(src, j)
				continue
			}
			return i
		}
		for j := i + 1; ; {
			if j >= len(src) {
				return len(src)
			}
			k := j
			if h.tabs {
				for k < len(src) && src[k] == '\t' {
					k++
				}
			}
			if lineIs(src, k, h.delim) {
				i = lineEnd(src, k)
				break
			}
			j = lineEnd(src, j) + 1
		}
	}
	return i
}

// lineIs reports whether the line starting at src[j] is s.
func lineIs(src string, j int, s string) bool {
	if j+len(s) > len(src) || src[j:j+len(s)] != s {
		return false
	}
	return j+len(s) == len(src) || src[j+len(s)] == '\n'
}

// lineEnd returns the index of the newline that ends the line holding
// src[j], or len(src).
func lineEnd(src string, j int) int {
	for j < len(src) && src[j] != '\n' {
		j++
	}
	return j
}

func indexFrom(s string, i int, c byte) int {
	for ; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func isBlankOrMeta(c byte) bool {
	switch c {
	case ' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>':
		return true
	}
	return false
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}
