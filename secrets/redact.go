package secrets

import (
	"strconv"
	"strings"
)

// Redact returns text with each secret [Scan] finds replaced by
// "[REDACTED kind]", the rest kept, and how many were replaced. When text
// holds more than [MaxFindings] secrets, the rest of it after the last one
// replaced is dropped, with a line saying so, so that no secret is ever
// returned.
func Redact(text string) (string, int) {
	var b strings.Builder
	last, n, full := 0, 0, false
	scan(text, func(f Finding) bool {
		if n == 0 {
			b.Grow(len(text))
		}
		b.WriteString(text[last:f.Start])
		b.WriteString("[REDACTED ")
		b.WriteString(f.Kind)
		b.WriteByte(']')
		last = f.End
		n++
		full = n >= MaxFindings
		return !full
	})
	if n == 0 {
		return text, 0
	}
	if full && last < len(text) {
		b.WriteString("\n[REDACTED: more than " + strconv.Itoa(MaxFindings) + " secrets; the rest of the text is left out]")
		return b.String(), n
	}
	b.WriteString(text[last:])
	return b.String(), n
}
