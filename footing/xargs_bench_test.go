package footing_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// BenchmarkXargsSources: the footing's cost of reading where xargs's
// names come from, at its bounds: a list of 4,000 names (maxListNames is
// 4,096), one of 1 MiB (past it: refused, after counting), and ls of a
// folder of 4,000 entries (maxLsNames is 4,096). bench/dense.sh's bar is
// 100 ms and 64 MiB.
func BenchmarkXargsSources(b *testing.B) {
	f := newFixture(b)
	var list, big strings.Builder
	for i := range 4000 {
		fmt.Fprintf(&list, "build/obj%06d.o\n", i)
	}
	for i := 0; big.Len() < 1<<20-64; i++ {
		fmt.Fprintf(&big, "build/obj%06d.o\n", i)
	}
	write(b, filepath.Join(f.proj, "list.txt"), list.String(), 0o644)
	write(b, filepath.Join(f.proj, "big.txt"), big.String(), 0o644)
	dir := filepath.Join(f.proj, "many")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	for i := range 4000 {
		write(b, filepath.Join(dir, fmt.Sprintf("f%05d", i)), "", 0o644)
	}
	for _, c := range []struct {
		name, cmd string
		deny      bool
	}{{"list", `xargs rm -f < list.txt`, false}, {"list-1MiB", `xargs rm -f < big.txt`, true}, {"ls", `ls many | xargs rm -f`, false}} {
		tool := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r, deny := f.set(f.proj).Judge(context.Background(), tool); deny != c.deny {
					b.Fatalf("%s: deny %v (%s), want %v", c.cmd, deny, r, c.deny)
				}
			}
		})
	}
}

// BenchmarkManyOperands: the footing's cost of a command that names
// thousands of files in the project, which it resolves one by one (each
// folder's links once a call), and of code made at run time, read as a
// script once a distinct text however often a function makes it.
func BenchmarkManyOperands(b *testing.B) {
	f := newFixture(b)
	words := strings.Repeat("a ", 10000)
	var distinct strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&distinct, " src/f%05d", i)
	}
	for _, c := range []struct{ name, cmd string }{
		{"rm-10000", `rm ` + words},
		{"rm-10000-distinct", `rm` + distinct.String()},
		{"dynamic-10000", `$x ` + words},
		{"eval-in-function-x3000", `f() { eval "$x ` + words + `"; }; ` + strings.Repeat("f; ", 3000)},
	} {
		tool := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if r, deny := f.set(f.proj).Judge(context.Background(), tool); deny {
					b.Fatalf("%s: denied (%s)", c.name, r)
				}
			}
		})
	}
}
