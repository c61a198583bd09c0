package secrets

import (
	"strings"
	"testing"
)

// toolOutput returns about 1 MiB of what tools print (build logs, JSON,
// env lines, paths, hashes), with a few secrets in it.
func toolOutput() string {
	var b strings.Builder
	lines := []string{
		"ok  \tgithub.com/agenthooks/hooks/shell\t0.412s",
		`{"id":"123e4567-e89b-12d3-a456-426614174000","name":"build","status":"passed","url":"https://ci.example.com/runs/42"}`,
		"commit 3f786850e387550fdab836ed7e6dc881de23001b Author: Dev <dev@example.com>",
		"PATH=/usr/local/bin:/usr/bin:/bin HOME=/home/dev LANG=C.UTF-8 TERM=xterm-256color",
		"-rw-r--r-- 1 dev dev 4096 Dec  4 20:00 /home/dev/project/main.go",
		"    at Object.<anonymous> (/home/dev/project/node_modules/lib/index.js:12:5)",
		"GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -ldflags=-s -o bin/hook ./cmd/hook",
	}
	for i := 0; b.Len() < 1<<20; i++ {
		b.WriteString(lines[i%len(lines)])
		b.WriteByte('\n')
		if i%5000 == 0 {
			b.WriteString("GITHUB_TOKEN=" + ghp + "\n")
		}
	}
	return b.String()
}

func BenchmarkScan1MiB(b *testing.B) {
	text := toolOutput()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for range b.N {
		Redact(text)
	}
}

// BenchmarkAdversarial scans 1 MiB made to make a scanner slow: keys
// without end, private key headers without END, JWT heads, URL starts.
func BenchmarkAdversarial(b *testing.B) {
	for _, c := range []struct{ name, unit string }{
		{"keys", "secret=secret="},
		{"pem", "-----BEGIN PRIVATE KEY-----"},
		{"jwt", "eyJaaaaaaaaaaa.eyJ"},
		{"url", "://a:"},
		{"dashes", "-"},
		{"run", "a"},
	} {
		text := strings.Repeat(c.unit, (1<<20)/len(c.unit))
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for range b.N {
				Scan(text)
			}
		})
	}
}
