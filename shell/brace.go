package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

func hasBrace(x *syntax.Word) bool {
	for _, p := range x.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

// expandBraces returns the part lists that parts expand to, or nil when
// there would be more than max.
func expandBraces(parts []syntax.WordPart, max int) [][]syntax.WordPart {
	out := [][]syntax.WordPart{nil}
	for _, p := range parts {
		be, ok := p.(*syntax.BraceExp)
		if !ok {
			for i := range out {
				out[i] = append(out[i], p)
			}
			continue
		}
		var alts [][]syntax.WordPart
		if be.Sequence {
			for _, s := range sequence(be) {
				alts = append(alts, []syntax.WordPart{&syntax.Lit{Value: s}})
			}
			if alts == nil {
				return nil
			}
		} else {
			for _, e := range be.Elems {
				sub := expandBraces(e.Parts, max)
				if sub == nil {
					return nil
				}
				alts = append(alts, sub...)
			}
		}
		if len(out)*len(alts) > max {
			return nil
		}
		next := make([][]syntax.WordPart, 0, len(out)*len(alts))
		for _, o := range out {
			for _, a := range alts {
				n := append(append([]syntax.WordPart(nil), o...), a...)
				next = append(next, n)
			}
		}
		out = next
	}
	return out
}

// sequence expands {x..y[..step]} of integers or single letters; nil when
// it is not one bash expands or too long.
func sequence(be *syntax.BraceExp) []string {
	var v []string
	for _, e := range be.Elems {
		v = append(v, e.Lit())
	}
	if len(v) < 2 {
		return nil
	}
	step := 1
	if len(v) == 3 {
		n, err := strconv.Atoi(v[2])
		if err != nil {
			return nil
		}
		step = max(n, -n, 1)
	}
	a, errA := strconv.Atoi(v[0])
	z, errZ := strconv.Atoi(v[1])
	chars := false
	if errA != nil || errZ != nil {
		if len(v[0]) != 1 || len(v[1]) != 1 {
			return nil
		}
		a, z, chars = int(v[0][0]), int(v[1][0]), true
	}
	if (z-a)/step > maxBraceWords || (a-z)/step > maxBraceWords {
		return nil
	}
	var out []string
	for i := a; ; {
		if chars {
			out = append(out, string(rune(i)))
		} else {
			out = append(out, strconv.Itoa(i))
		}
		if i == z || (a < z && i > z) || (a > z && i < z) {
			break
		}
		if a < z {
			i += step
		} else {
			i -= step
		}
		if (a < z && i > z) || (a > z && i < z) {
			break
		}
	}
	return out
}
