package keyorder

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
			p := Permute(keys, i)
			if got := Rank(keys, p); got != i {
				t.Errorf("Rank(Permute(%v, %d)) = %d", keys, i, got)
			}
			s := slices.Clone(p)
			slices.Sort(s)
			k := slices.Clone(keys)
			slices.Sort(k)
			if !slices.Equal(s, k) {
				t.Errorf("Permute(%v, %d) = %v is not a permutation", keys, i, p)
			}
		}
		distinct := map[string]bool{}
		for i := 0; i < n; i++ {
			distinct[joinKeys(Permute(keys, i))] = true
		}
		if len(distinct) != n {
			t.Errorf("%v: %d distinct orders, want %d", keys, len(distinct), n)
		}
	}
	if !slices.Equal(Permute([]string{"type", "command", "timeout"}, 0), []string{"type", "command", "timeout"}) {
		t.Error("index 0 is not the natural order")
	}
	if Rank([]string{"a", "b"}, []string{"a", "c"}) != -1 || Rank([]string{"a", "b"}, []string{"a"}) != -1 {
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
			s, ok := At(i, v)
			if !ok || s.Index(v) != i {
				t.Errorf("At(%d, %v) = %+v, %v; index %d", i, v, s, ok, s.Index(v))
			}
		}
		if _, ok := At(n, v); ok {
			t.Errorf("At(%d, %v) accepted", n, v)
		}
	}
	if s, _ := At(0, true); s != (State{Level: 2, Closed: true, Version: true}) {
		t.Errorf("index 0 = %+v, want a new file's state", s)
	}
}
