package install

import (
	"slices"
	"testing"
)

func TestPermuteRank(t *testing.T) {
	for _, keys := range [][]string{{"a"}, {"a", "b"}, {"type", "command", "timeout"}, {"a", "b", "c", "d"}} {
		n := 1
		for k := 2; k <= len(keys); k++ {
			n *= k
		}
		for i := 0; i < n; i++ {
			p := permute(keys, i)
			if got := rank(keys, p); got != i {
				t.Errorf("rank(permute(%v, %d)) = %d", keys, i, got)
			}
			s := slices.Clone(p)
			slices.Sort(s)
			k := slices.Clone(keys)
			slices.Sort(k)
			if !slices.Equal(s, k) {
				t.Errorf("permute(%v, %d) = %v is not a permutation", keys, i, p)
			}
		}
		distinct := map[string]bool{}
		for i := 0; i < n; i++ {
			distinct[joinKeys(permute(keys, i))] = true
		}
		if len(distinct) != n {
			t.Errorf("%v: %d distinct orders, want %d", keys, len(distinct), n)
		}
	}
	if !slices.Equal(permute([]string{"type", "command", "timeout"}, 0), []string{"type", "command", "timeout"}) {
		t.Error("index 0 is not the natural order")
	}
	if rank([]string{"a", "b"}, []string{"a", "c"}) != -1 || rank([]string{"a", "b"}, []string{"a"}) != -1 {
		t.Error("rank of a non-permutation")
	}
}

func joinKeys(k []string) string {
	s := ""
	for _, x := range k {
		s += x + ","
	}
	return s
}

func TestStateIndex(t *testing.T) {
	for _, v := range []bool{false, true} {
		n := 6
		if v {
			n = 12
		}
		for i := 0; i < n; i++ {
			s, ok := stateAt(i, v)
			if !ok || s.index(v) != i {
				t.Errorf("stateAt(%d, %v) = %+v, %v; index %d", i, v, s, ok, s.index(v))
			}
		}
		if _, ok := stateAt(n, v); ok {
			t.Errorf("stateAt(%d, %v) accepted", n, v)
		}
	}
	if s, _ := stateAt(0, true); s != (state{level: 2, closed: true, version: true}) {
		t.Errorf("index 0 = %+v, want a new file's state", s)
	}
}
