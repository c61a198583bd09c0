package shell

import "testing"

// The budget: a typical one-line command parses in at most 20 µs
// with at most 100 allocations.
func BenchmarkParseOneLine(b *testing.B) {
	for _, src := range []string{
		`git status`,
		`go test ./... && go vet ./...`,
		`grep -rn "TODO" --include=*.go . | head -20`,
		`cd web && npm run build 2>&1 | tail -5`,
		`bash -c 'rm -rf build'`,
	} {
		b.Run(src, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
