package install

// An entry carries, in the order of its keys, what uninstall needs to put
// the file back byte for byte: which containers install created, and
// whether it added a line break inside one that was "{}" or "[]". The
// order of keys means nothing to any host and survives reformatting by
// editors that keep key order; a file whose entries lost it is still
// uninstalled correctly, only possibly leaving an empty "hooks": {}.

// state is what install did when it wrote an entry.
type state struct {
	// level: 0 the event array existed, 1 install created the event key in
	// an existing "hooks" object, 2 install created "hooks".
	level int
	// closed: the innermost container that existed was empty with nothing
	// between its brackets, and install put a line break before the
	// closing one.
	closed bool
	// version: install added Cursor's "version": 1.
	version bool
}

// index numbers the states so that a new file (level 2, closed, and for
// Cursor version) gets index 0, the keys' natural order.
func (s state) index(withVersion bool) int {
	i := 2 - s.level
	if !s.closed {
		i += 3
	}
	if withVersion && !s.version {
		i += 6
	}
	return i
}

func stateAt(i int, withVersion bool) (state, bool) {
	n := 6
	if withVersion {
		n = 12
	}
	if i < 0 || i >= n {
		return state{}, false
	}
	return state{level: 2 - i%3, closed: i%6 < 3, version: withVersion && i < 6}, true
}

// permute returns keys in the i-th order (factorial number system).
func permute(keys []string, i int) []string {
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

// rank is the inverse of permute: the index of order among the orders of
// keys, or -1 when order is not a permutation of keys.
func rank(keys, order []string) int {
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
		j := indexOf(rest, k)
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

func indexOf(s []string, x string) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}
