package jsonc

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Obj is an object to render, its members in order.
type Obj []KV

// KV is one member of an Obj.
type KV struct {
	K string
	V any
}

// Raw is JSON text rendered as is (a number such as 12.5, say).
type Raw string

// Render formats v, an Obj, []any, string, bool, int, Raw or nil (null),
// in style s: on
// several lines indented from indent, or on one line when s.Compact.
func Render(v any, indent string, s Style) string {
	var b strings.Builder
	render(&b, v, indent, s)
	return b.String()
}

func render(b *strings.Builder, v any, indent string, s Style) {
	switch v := v.(type) {
	case Obj:
		if len(v) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i, kv := range v {
			sep(b, i, indent, s)
			b.WriteString(Quote(kv.K))
			b.WriteByte(':')
			if !s.Compact || s.Spaced {
				b.WriteByte(' ')
			}
			render(b, kv.V, indent+s.Unit, s)
		}
		end(b, indent, s)
		b.WriteByte('}')
	case []any:
		if len(v) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, e := range v {
			sep(b, i, indent, s)
			render(b, e, indent+s.Unit, s)
		}
		end(b, indent, s)
		b.WriteByte(']')
	case string:
		b.WriteString(Quote(v))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int:
		b.WriteString(strconv.Itoa(v))
	case Raw:
		b.WriteString(string(v))
	case nil:
		b.WriteString("null")
	default:
		panic("jsonc.Render: unsupported type")
	}
}

func sep(b *strings.Builder, i int, indent string, s Style) {
	if i > 0 {
		b.WriteByte(',')
		if s.Compact && s.Spaced {
			b.WriteByte(' ')
		}
	}
	if !s.Compact {
		b.WriteString(s.NL + indent + s.Unit)
	}
}

func end(b *strings.Builder, indent string, s Style) {
	if !s.Compact {
		b.WriteString(s.NL + indent)
	}
}

// Quote returns s as a JSON string. Unlike encoding/json it does not
// escape <, >, & or U+2028/U+2029: only what JSON requires.
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&0xf])
		case c < utf8.RuneSelf:
			b.WriteByte(c)
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b.WriteString(`\ufffd`)
			} else {
				b.WriteString(s[i : i+n])
			}
			i += n
			continue
		}
		i++
	}
	b.WriteByte('"')
	return b.String()
}

// RenderMember formats the object member "key": v in style s.
func RenderMember(key string, v any, indent string, s Style) string {
	colon := ": "
	if s.Compact && !s.Spaced {
		colon = ":"
	}
	return Quote(key) + colon + Render(v, indent, s)
}
