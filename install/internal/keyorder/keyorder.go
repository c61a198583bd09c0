// Package keyorder records, in the order of a JSON entry's keys, what
// install did when it wrote the entry, so that uninstall can put the file
// back byte for byte: a [State] is numbered ([State.Index]) and the
// number chooses a permutation of the keys ([Permute], read back with
// [Rank]).
package keyorder

import "slices"

// An entry carries, in the order of its keys, what uninstall needs to put
// the file back byte for byte: which containers install created, and
// whether it added a line break inside one that was "{}" or "[]". The
// order of keys means nothing to any host and survives reformatting by
// editors that keep key order; a file whose entries lost it is still
// uninstalled correctly, only possibly leaving an empty "hooks": {}.

// State is what install did when it wrote an entry.
type State struct {
	// Level: 0 the event array existed, 1 install created the event key in
	// an existing "hooks" object, 2 install created "hooks".
	Level int
	// Closed: the innermost container that existed was empty with nothing
	// between its brackets, and install put a line break before the
	// closing one.
	Closed bool
	// Version: install added Cursor's "version": 1.
	Version bool
}

// Index numbers the states so that a new file (level 2, closed, and for
// Cursor version) gets index 0, the keys' natural order.
func (s State) Index(withVersion bool) int {
	i := 2 - s.Level
	if !s.Closed {
		i += 3
	}
	if withVersion && !s.Version {
		i += 6
	}
	return i
}

func At(i int, withVersion bool) (State, bool) {
	n := 6
	if withVersion {
		n = 12
	}
	if i < 0 || i >= n {
		return State{}, false
	}
	return State{Level: 2 - i%3, Closed: i%6 < 3, Version: withVersion && i < 6}, true
}

// Permute returns keys in the i-th order (factorial number system).
func Permute(keys []string, i int) []string {
	rest := append([]string(nil), keys...)
	out := make([]string, 0, len(keys))
	f := 1
	for k := 2; k < len(rest); k++ {
		f *= k
	}
	for len(rest) > 0 {
		j := 0
		if len(rest) > 1 {
			j = i / f % len(rest)
			i %= f
			f /= max(1, len(rest)-1)
		}
		out = append(out, rest[j])
		rest = append(rest[:j], rest[j+1:]...)
	}
	return out
}

// Rank is the inverse of Permute: the index of order among the orders of
// keys, or -1 when order is not a permutation of keys.
func Rank(keys, order []string) int {
	if len(order) != len(keys) {
		return -1
	}
	rest := append([]string(nil), keys...)
	f := 1
	for k := 2; k < len(keys); k++ {
		f *= k
	}
	i := 0
	for n, k := range order {
		j := slices.Index(rest, k)
		if j < 0 {
			return -1
		}
		i += j * f
		rest = append(rest[:j], rest[j+1:]...)
		if m := len(keys) - n - 1; m > 1 {
			f /= m
		}
	}
	return i
}
