package secrets

import (
	"strings"
	"testing"
)

// FuzzRedact checks that Scan and Redact never panic, that findings are
// in order, within the text and apart, and that Redact leaves no secret
// found (one that occurs once in the text) in what it returns.
func FuzzRedact(f *testing.F) {
	for _, s := range []string{awsID, "aws_secret_access_key=" + awsSecret, ghp, anth, jwtTok, pemRSA,
		"postgres://u:Zq8vR2mK9xLp@h/db", "API_TOKEN=Zk4mP9qR2sT7vW1xY5zA8bC3dE6f", "-----BEGIN PRIVATE KEY-----",
		"a=b:c://d@e", "eyJ.eyJ.", "password: 'Tr0ub4dor&3x'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fs := Scan(text)
		prev := 0
		for _, x := range fs {
			if x.Start < prev || x.End <= x.Start || x.End > len(text) || x.Kind == "" {
				t.Fatalf("bad finding %+v after %d in %q", x, prev, text)
			}
			prev = x.End
		}
		red, n := Redact(text)
		if n != len(fs) {
			t.Fatalf("Redact replaced %d, Scan found %d", n, len(fs))
		}
		for _, x := range fs {
			secret := text[x.Start:x.End]
			// A secret that is part of a marker ("A" of "[REDACTED …]")
			// cannot be told from it.
			marker := "[REDACTED " + x.Kind + "]"
			if strings.Count(text, secret) == 1 && !strings.Contains(marker, secret) && strings.Contains(red, secret) {
				t.Fatalf("Redact(%q) = %q still holds %q", text, red, secret)
			}
		}
		if Contains(text) != (len(fs) > 0) {
			t.Fatalf("Contains disagrees with Scan on %q", text)
		}
	})
}
