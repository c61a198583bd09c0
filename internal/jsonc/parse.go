// Package jsonc parses JSON with comments and trailing commas (the dialect
// of github.com/tailscale/hujson) into a tree that keeps the byte offset of
// every value, so that a caller can edit a configuration file by splicing
// text: every byte outside an edit stays as it was, comments and key order
// included.
//
// It accepts what hujson.Parse accepts, plus one extension: a line
// comment may end the file without a newline ({"a": 1} // note), which
// hujson rejects and the hosts that read comments accept. It uses only
// the standard library, because hook binaries link it.
//
// What the hosts' own readers accept, read in the clients' bundled code
// (Gemini CLI 0.61.0, Qwen Code 0.24.4, Claude Code 2.1.197, Copilot CLI
// 1.0.102):
//
//   - Gemini CLI's loadSettings runs the file through strip-json-comments
//     (v3: comments only) and then JSON.parse. A line comment ends at a
//     newline or at the end of the file; an unclosed block comment runs
//     to the end of the file; trailing commas and a byte order mark are
//     errors. The stripper keeps a comment's whitespace characters, so
//     JSON.parse rejects a comment holding one that JSON does not allow
//     as whitespace (U+00A0, U+2028, U+3000…), which this package accepts,
//     and Node's UTF-8 decoding lets invalid UTF-8 in a comment through,
//     which this package rejects. (Run under node, Qwen Code's bundled
//     stripper followed by JSON.parse gives just that.)
//   - Qwen Code's loadSettings does the same after removing a leading
//     byte order mark.
//   - Claude Code reads settings.json with JSON.parse after removing a
//     leading byte order mark: no comments, no trailing commas.
//   - Copilot CLI reads its settings.json with jsonc-parser (trailing
//     commas allowed, any error rejects the file), which also lets a line
//     comment end the file; its hook files are read by native code.
//
// Only the line comment at the end of the file is taken from that: every
// reader above that takes comments accepts it, and it is unambiguous (a
// host that reads strict JSON rejects the file for the comment anyway,
// and the installer refuses comments for such a host). An unclosed
// block comment is rejected still (jsonc-parser rejects it, and a file
// that ends inside one may have been cut short), and so is a byte order
// mark (Gemini CLI rejects it, so accepting it here would let an
// installer edit a file its host cannot read).
package jsonc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// Kind is the kind of a value: '{', '[', '"', '0' (number), 't', 'f' or
// 'n'.
type Kind byte

// The kinds of values.
const (
	Object Kind = '{'
	Array  Kind = '['
	String Kind = '"'
	Number Kind = '0'
	True   Kind = 't'
	False  Kind = 'f'
	Null   Kind = 'n'
)

// Node is a parsed value. Its text is Src[Start:End], brackets included
// for objects and arrays.
type Node struct {
	Kind       Kind
	Start, End int
	// Members are the members of an object, in order; duplicates are kept.
	Members []Member
	// Elems are the elements of an array.
	Elems []*Node
	// Str is the decoded value of a string.
	Str string
	// TrailingComma reports a comma after the last member or element.
	TrailingComma bool
}

// Member is one name/value pair of an object.
type Member struct {
	// Key is the decoded name; KeyStart is the offset of its opening quote.
	Key      string
	KeyStart int
	Value    *Node
}

// Doc is a parsed document.
type Doc struct {
	Src  []byte
	Root *Node
	// Strict reports that the document is plain JSON: no comment and no
	// trailing comma.
	Strict bool
	// Commas reports a trailing comma somewhere in the document, which
	// Gemini CLI and Qwen Code, readers of comments, still reject.
	Commas bool
}

// Get returns the value of the first member named key, or nil.
func (n *Node) Get(key string) *Node {
	if i := n.Index(key); i >= 0 {
		return n.Members[i].Value
	}
	return nil
}

// Index returns the index of the first member named key, or -1.
func (n *Node) Index(key string) int {
	if n == nil || n.Kind != Object {
		return -1
	}
	for i := range n.Members {
		if n.Members[i].Key == key {
			return i
		}
	}
	return -1
}

// Count returns how many members are named key.
func (n *Node) Count(key string) int {
	c := 0
	if n != nil {
		for i := range n.Members {
			if n.Members[i].Key == key {
				c++
			}
		}
	}
	return c
}

// Len returns the number of members or elements of a container.
func (n *Node) Len() int {
	if n.Kind == Object {
		return len(n.Members)
	}
	return len(n.Elems)
}

// Span returns the offsets of the i-th member (from its key) or element.
func (n *Node) Span(i int) (start, end int) {
	if n.Kind == Object {
		m := n.Members[i]
		return m.KeyStart, m.Value.End
	}
	return n.Elems[i].Start, n.Elems[i].End
}

// SyntaxError is a parse error with its position (1-based line and column,
// in bytes).
type SyntaxError struct {
	Line, Column int
	Msg          string
}

// Error returns "line L, column C: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// Parse parses src.
func Parse(src []byte) (*Doc, error) {
	p := &parser{b: src, strict: true}
	root, err := p.next()
	if err == nil && p.n < len(src) {
		err = p.errorf("invalid character %s after top-level value", quoteChar(src[p.n:]))
	}
	if err != nil {
		var se *SyntaxError
		if !errors.As(err, &se) {
			se = p.errorf("%v", err)
		}
		return nil, se
	}
	return &Doc{Src: src, Root: root, Strict: p.strict, Commas: p.commas}, nil
}

type parser struct {
	b      []byte
	n      int
	strict bool
	commas bool
}

// errorf returns a SyntaxError at the current offset.
func (p *parser) errorf(format string, args ...any) *SyntaxError {
	b := p.b[:p.n]
	line := 1 + bytes.Count(b, []byte("\n"))
	col := 1 + len(b) - (bytes.LastIndexByte(b, '\n') + 1)
	return &SyntaxError{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

var errUnexpectedEOF = errors.New("unexpected end of input")

// endOf is returned by value when it meets a closing bracket instead.
type endOf byte

func (e endOf) Error() string { return "invalid character '" + string(e) + "' at start of value" }

// next parses a value with the whitespace and comments around it.
func (p *parser) next() (*Node, error) {
	if err := p.extra(); err != nil {
		return nil, err
	}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	return v, p.extra()
}

// extra skips whitespace and comments, as hujson does (a line comment
// holds no U+2028 or U+2029, and comments must be valid UTF-8), except
// that a line comment may end the file without a newline.
func (p *parser) extra() error {
	for p.n < len(p.b) {
		switch c := p.b[p.n]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			p.n++
		case c == '/' && p.n+1 < len(p.b) && (p.b[p.n+1] == '/' || p.b[p.n+1] == '*'):
			line := p.b[p.n+1] == '/'
			end := []byte("*/")
			if line {
				end = []byte("\n")
			}
			i := bytes.Index(p.b[p.n+2:], end)
			if i < 0 {
				if !line {
					return p.errorf("parsing comment: %v", errUnexpectedEOF)
				}
				// A line comment that ends the file (see the package doc).
				i, end = len(p.b)-p.n-2, nil
			}
			c := p.b[p.n : p.n+2+i+len(end)]
			if !utf8.Valid(c) {
				return p.errorf("invalid UTF-8 in comment")
			}
			if line {
				if j := lineSep(c); j >= 0 {
					p.n += j
					return p.errorf("invalid character %s in line comment", quoteChar(p.b[p.n:]))
				}
			}
			p.n += len(c)
			p.strict = false
		default:
			return nil
		}
	}
	return nil
}

func lineSep(b []byte) int {
	i := bytes.IndexRune(b, '\u2028')
	j := bytes.IndexRune(b, '\u2029')
	if i < 0 || (j >= 0 && j < i) {
		return j
	}
	return i
}

// value parses one value at p.n (no leading whitespace).
func (p *parser) value() (*Node, error) {
	if p.n == len(p.b) {
		return nil, p.errorf("parsing value: %v", errUnexpectedEOF)
	}
	switch c := p.b[p.n]; c {
	case '{', '[':
		return p.container(Kind(c))
	case '}', ']':
		return nil, endOf(c)
	case '"':
		return p.str()
	}
	return p.literal()
}

func (p *parser) container(k Kind) (*Node, error) {
	n := &Node{Kind: k, Start: p.n}
	closer := byte('}')
	if k == Array {
		closer = ']'
	}
	p.n++
	for {
		// A name, an element, or the closing bracket (maybe after a comma).
		v, err := p.next()
		if e, ok := err.(endOf); ok && byte(e) == closer {
			if n.Len() > 0 {
				n.TrailingComma = true
				p.strict, p.commas = false, true
			}
			p.n++
			n.End = p.n
			return n, nil
		}
		if err != nil {
			return nil, p.fix(err)
		}
		if k == Object {
			if v.Kind != String {
				p.n = v.Start
				return nil, p.errorf("invalid character %s at start of object name", quoteChar(p.b[v.Start:]))
			}
			if p.n == len(p.b) {
				return nil, p.errorf("parsing object after name: %v", errUnexpectedEOF)
			}
			if p.b[p.n] != ':' {
				return nil, p.errorf("invalid character %s after object name", quoteChar(p.b[p.n:]))
			}
			p.n++
			val, err := p.next()
			if err != nil {
				return nil, p.fix(err)
			}
			n.Members = append(n.Members, Member{Key: v.Str, KeyStart: v.Start, Value: val})
		} else {
			n.Elems = append(n.Elems, v)
		}
		switch {
		case p.n == len(p.b):
			return nil, p.errorf("parsing container after value: %v", errUnexpectedEOF)
		case p.b[p.n] == ',':
			p.n++
		case p.b[p.n] == closer:
			p.n++
			n.End = p.n
			return n, nil
		default:
			return nil, p.errorf("invalid character %s after value (expecting ',' or '%c')", quoteChar(p.b[p.n:]), closer)
		}
	}
}

// fix turns a closing bracket met where a value was due into a syntax
// error, so that an enclosing container does not take it for its own.
func (p *parser) fix(err error) error {
	if e, ok := err.(endOf); ok {
		return p.errorf("%v", e)
	}
	return err
}

func (p *parser) str() (*Node, error) {
	start := p.n
	i := p.n + 1
	// plain: no escape and no control character, the common case, read
	// without encoding/json (which made a parse of a large file slow).
	plain := true
	for esc := false; ; i++ {
		if i == len(p.b) {
			p.n = i
			return nil, p.errorf("parsing string: %v", errUnexpectedEOF)
		}
		switch {
		case esc:
			esc = false
		case p.b[i] == '\\':
			esc, plain = true, false
		case p.b[i] < 0x20:
			plain = false
		case p.b[i] == '"':
			lit := p.b[start : i+1]
			if plain && utf8.Valid(lit) {
				p.n = i + 1
				return &Node{Kind: String, Start: start, End: p.n, Str: string(lit[1 : len(lit)-1])}, nil
			}
			var s string
			if !json.Valid(lit) || json.Unmarshal(lit, &s) != nil {
				return nil, p.errorf("invalid string literal %s", lit)
			}
			p.n = i + 1
			return &Node{Kind: String, Start: start, End: p.n, Str: s}, nil
		}
	}
}

func (p *parser) literal() (*Node, error) {
	start := p.n
	i := p.n
	for i < len(p.b) && isLitByte(p.b[i]) {
		i++
	}
	lit := p.b[start:i]
	if len(lit) == 0 {
		return nil, p.errorf("invalid character %s at start of value", quoteChar(p.b[start:]))
	}
	if !json.Valid(lit) {
		return nil, p.errorf("invalid literal %s", lit)
	}
	p.n = i
	k := Number
	switch lit[0] {
	case 't', 'f', 'n':
		k = Kind(lit[0])
	}
	return &Node{Kind: k, Start: start, End: i}, nil
}

func isLitByte(c byte) bool {
	return c == '-' || c == '+' || c == '.' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func quoteChar(b []byte) string {
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError && n <= 1 {
		if len(b) == 0 {
			return "EOF"
		}
		return fmt.Sprintf(`'\x%02x'`, b[0])
	}
	return fmt.Sprintf("%q", r)
}
