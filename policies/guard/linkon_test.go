package guard

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestLinkOnMatchesScan: linkOn finds, for every path, the first link
// write that a scan of the link writes one at a time found, on random
// static and dynamic link paths.
func TestLinkOnMatchesScan(t *testing.T) {
	parts := []string{"a", "b", "ab", "", "$x"}
	r := rand.New(rand.NewSource(1))
	path := func() string {
		var els []string
		for n := r.Intn(4); n >= 0; n-- {
			els = append(els, parts[r.Intn(len(parts))])
		}
		v := strings.Join(els, "/")
		if r.Intn(2) == 0 {
			v = "/" + v
		}
		return v
	}
	for range 3000 {
		var ws []linkWrite
		for range r.Intn(6) {
			v := path()
			ws = append(ws, linkWrite{e: shell.Effect{Kind: shell.Writes, Path: shell.Word{Value: v, Dynamic: strings.Contains(v, "$")}}})
		}
		s := &shell.Script{}
		at := &place{linkMemo: indexLinks(s, ws)}
		for range 10 {
			v := path()
			want := -1
			for i, lw := range ws {
				e := lw.e
				if e.Path.Dynamic && strings.HasPrefix(v, e.Path.Prefix()) || strings.HasPrefix(v, strings.TrimSuffix(e.Path.Value, "/")+"/") {
					want = i
					break
				}
			}
			got, ok := at.linkOn(s, v)
			if !ok {
				got = -1
			}
			if got != want {
				t.Fatalf("links %v, %q: index finds %d, scan %d", ws, v, got, want)
			}
		}
	}
}
