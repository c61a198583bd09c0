package textdiff

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// applyUnified applies a diff made by Unified to a.
func applyUnified(t *testing.T, a, diff string) string {
	t.Helper()
	lines := splitLines(a)
	d := splitLines(diff)[2:]
	var out []string
	next := 0 // next line of a not yet copied
	for k := 0; k < len(d); {
		var as, an, bs, bn int
		h := strings.TrimSuffix(d[k], "\n")
		if _, err := fmt.Sscanf(h, "@@ -%s +%s @@", new(string), new(string)); err != nil {
			t.Fatalf("bad hunk header %q", h)
		}
		f := strings.Fields(h)
		as, an = rng(f[1][1:])
		bs, bn = rng(f[2][1:])
		_ = bs
		_ = bn
		start := as - 1
		if an == 0 {
			start = as
		}
		out = append(out, lines[next:start]...)
		next = start
		k++
		for k < len(d) && !strings.HasPrefix(d[k], "@@") {
			l := d[k]
			k++
			noEOL := k < len(d) && strings.HasPrefix(d[k], `\ No newline`)
			text := l[1:]
			if noEOL {
				text = strings.TrimSuffix(text, "\n")
				k++
			}
			switch l[0] {
			case ' ':
				if lines[next] != text {
					t.Fatalf("context %q does not match %q", text, lines[next])
				}
				out = append(out, text)
				next++
			case '-':
				if lines[next] != text {
					t.Fatalf("removed %q does not match %q", text, lines[next])
				}
				next++
			case '+':
				out = append(out, text)
			}
		}
	}
	out = append(out, lines[next:]...)
	return strings.Join(out, "")
}

func rng(s string) (int, int) {
	a, b, found := strings.Cut(s, ",")
	x, _ := strconv.Atoi(a)
	if !found {
		return x, 1
	}
	y, _ := strconv.Atoi(b)
	return x, y
}

func TestUnifiedDiffApplies(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	words := []string{"a\n", "b\n", "c\n", "{\n", "}\n", "x"}
	gen := func() string {
		var s []string
		for i := r.Intn(30); i > 0; i-- {
			s = append(s, words[r.Intn(len(words)-1)])
		}
		if r.Intn(3) == 0 {
			s = append(s, "x")
		}
		return strings.Join(s, "")
	}
	for i := 0; i < 2000; i++ {
		a, b := gen(), gen()
		d := Unified("a", "b", a, b)
		if got := applyUnified(t, a, d); got != b {
			t.Fatalf("diff of %q -> %q:\n%s\napplies to %q", a, b, d, got)
		}
	}
}

func TestUnifiedDiffFormat(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n"
	want := "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
	if got := Unified("a", "b", a, b); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := Unified("/dev/null", "b", "", "x\n"); got != "--- /dev/null\n+++ b\n@@ -0,0 +1 @@\n+x\n" {
		t.Errorf("new file diff:\n%s", got)
	}
}
