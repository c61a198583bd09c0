package commandscan

import (
	"strings"
	"testing"
)

// Excerpt gives one short printable line.
func TestExcerpt(t *testing.T) {
	for in, want := range map[string]string{
		"!`ls`":                           "!`ls`",
		"!`a\r\n\tb`":                     "!`a b`",
		"!`a\u202eb\x00c`":                "!`a b c`",
		"!`\xff\xfe`":                     "!` `",
		strings.Repeat("é", 100):          strings.Repeat("é", ExcerptRunes) + "…",
		strings.Repeat("a", ExcerptRunes): strings.Repeat("a", ExcerptRunes),
	} {
		if got := Excerpt([]byte(in)); got != want {
			t.Errorf("Excerpt(%q) = %q, want %q", in, got, want)
		}
	}
}
