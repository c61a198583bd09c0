package jsonc

import (
	"bytes"
	"strings"
)

// Edit replaces Src[Start:End] with Text.
type Edit struct {
	Start, End int
	Text       string
}

// Apply returns a copy of src with e applied.
func Apply(src []byte, e Edit) []byte {
	out := make([]byte, 0, len(src)-(e.End-e.Start)+len(e.Text))
	out = append(out, src[:e.Start]...)
	out = append(out, e.Text...)
	return append(out, src[e.End:]...)
}

// Style is how a document lays out its values; inserted text follows it.
type Style struct {
	// Unit is one level of indentation ("  ", "    ", "\t").
	Unit string
	// NL is the line break ("\n" or "\r\n").
	NL string
	// Compact means the document is on one line: insertions stay on it.
	Compact bool
	// Spaced means a compact document puts a space after ':' and ','.
	Spaced bool
}

// StyleOf detects the style of a parsed document.
func StyleOf(d *Doc) Style {
	s := Style{Unit: "  ", NL: "\n"}
	src := d.Src
	if bytes.Contains(src, []byte("\r\n")) {
		s.NL = "\r\n"
	}
	r := d.Root
	if r != nil && (r.Kind == Object || r.Kind == Array) && r.Len() > 0 &&
		!bytes.Contains(src[r.Start:r.End], []byte("\n")) {
		s.Compact = true
		s.Spaced = bytes.Contains(src, []byte(": ")) || bytes.Contains(src, []byte(", "))
	}
	for _, line := range bytes.Split(src, []byte("\n"))[1:] {
		t := bytes.TrimLeft(line, " \t")
		if len(t) == len(line) || len(bytes.TrimSpace(t)) == 0 {
			continue
		}
		ws := string(line[:len(line)-len(t)])
		if strings.HasPrefix(ws, "\t") {
			s.Unit = "\t"
		} else if !strings.Contains(ws, "\t") {
			s.Unit = ws
		}
		break
	}
	return s
}

// LineIndent returns the whitespace that starts the line holding offset pos.
func LineIndent(src []byte, pos int) string {
	start := bytes.LastIndexByte(src[:pos], '\n') + 1
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// startsLine reports whether only spaces and tabs precede pos on its line.
func startsLine(src []byte, pos int) bool {
	for i := pos - 1; i >= 0; i-- {
		switch src[i] {
		case ' ', '\t':
		case '\n':
			return true
		default:
			return false
		}
	}
	return true
}

// ElemIndent returns the indentation of the elements of container c (the
// line indentation of its last element when that element starts its line,
// else one unit more than the line of c's opening bracket).
func ElemIndent(src []byte, c *Node, s Style) string {
	if n := c.Len(); n > 0 {
		if start, _ := c.Span(n - 1); startsLine(src, start) {
			return LineIndent(src, start)
		}
	}
	return LineIndent(src, c.Start) + s.Unit
}

// AppendEdit returns the edit that adds an element after the last one of
// container c. render returns the element's text given the indentation of
// the line it starts on (continuation lines are indented from it). closed
// reports that the edit also put a line break before the closing bracket,
// which it does only when nothing at all stood between c's brackets;
// RemoveEdit needs it back to undo the edit exactly.
func AppendEdit(src []byte, c *Node, s Style, render func(indent string) string) (e Edit, closed bool) {
	if n := c.Len(); n > 0 {
		_, end := c.Span(n - 1)
		if s.Compact {
			return Edit{end, end, "," + sp(s) + render("")}, false
		}
		ind := ElemIndent(src, c, s)
		return Edit{end, end, "," + s.NL + ind + render(ind)}, false
	}
	at := c.Start + 1
	if s.Compact {
		return Edit{at, at, render("")}, false
	}
	ind := ElemIndent(src, c, s)
	text := s.NL + ind + render(ind)
	if c.End-c.Start == 2 {
		return Edit{at, at, text + s.NL + LineIndent(src, c.Start)}, true
	}
	return Edit{at, at, text}, false
}

// ReplaceEdit returns the edit that replaces the i-th member or element of
// c, rendered at the indentation of the line it starts on.
func ReplaceEdit(src []byte, c *Node, i int, s Style, render func(indent string) string) Edit {
	start, end := c.Span(i)
	ind := ""
	if !s.Compact {
		ind = LineIndent(src, start)
		if !startsLine(src, start) {
			ind = ElemIndent(src, c, s)
		}
	}
	return Edit{start, end, render(ind)}
}

// RemoveEdit returns the edit that removes the i-th member or element of
// c with its separator. When it is the only one, closed says that
// AppendEdit had added the line break before the closing bracket, which is
// then removed too.
func RemoveEdit(src []byte, c *Node, i int, s Style, closed bool) Edit {
	start, end := c.Span(i)
	switch {
	case i > 0:
		_, prev := c.Span(i - 1)
		return Edit{prev, end, ""}
	case c.Len() > 1:
		next, _ := c.Span(1)
		return Edit{start, next, ""}
	case c.TrailingComma:
		return Edit{start, skipExtra(src, end) + 1, ""}
	}
	if closed && string(src[end:c.End-1]) == s.NL+LineIndent(src, c.Start) {
		end = c.End - 1
	}
	return Edit{c.Start + 1, end, ""}
}

func sp(s Style) string {
	if s.Spaced {
		return " "
	}
	return ""
}

// skipExtra returns the offset of the first byte at or after pos that is
// neither whitespace nor inside a comment (src is known to parse).
func skipExtra(src []byte, pos int) int {
	p := &parser{b: src, n: pos}
	p.extra()
	return p.n
}
