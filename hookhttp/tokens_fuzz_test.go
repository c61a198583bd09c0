package hookhttp

import (
	"strings"
	"testing"
)

// FuzzParseTokens: any file content is parsed or refused, never a panic;
// a parsed file names only names that print as themselves, and an error
// never quotes the file.
func FuzzParseTokens(f *testing.F) {
	f.Add([]byte("# team\nalice 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n"))
	f.Add([]byte("bob  9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08 \r\n\n"))
	f.Add([]byte("al\"ice secret-token\n"))
	f.Add([]byte("longname-alice 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\nlongname-bob 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		set, err := parseTokens(b)
		if err != nil {
			for _, w := range strings.Fields(string(b)) {
				if len(w) > 8 && strings.Contains(err.Error(), w) {
					t.Fatalf("the error quotes the file: %v", err)
				}
			}
			return
		}
		for _, name := range set.names {
			if CheckUserName(name) != nil || name == "" {
				t.Fatalf("accepted name %q", name)
			}
		}
	})
}
