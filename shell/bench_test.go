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

// BenchmarkWorst parses the shapes that cost the most per byte at
// 1 MiB (past DefaultMaxBytes: refused at once) and just under
// DefaultMaxBytes (the largest input answered, unless another limit
// stops it first): the goal on a 2-core machine is at most 100 ms and
// 64 MiB for each.
func BenchmarkWorst(b *testing.B) {
	var all []shape
	for _, s := range worstInputs(1 << 20) {
		all = append(all, shape{"1MiB/" + s.name, s.src})
	}
	for _, s := range worstInputs(DefaultMaxBytes - 1024) {
		if len(s.src) > DefaultMaxBytes {
			b.Fatalf("%s: %d bytes, past DefaultMaxBytes", s.name, len(s.src))
		}
		all = append(all, shape{"256KiB/" + s.name, s.src})
	}
	for _, s := range all {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s.src)))
			for b.Loop() {
				Parse(s.src)
			}
		})
	}
}
