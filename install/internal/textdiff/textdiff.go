package textdiff

import (
	"fmt"
	"strings"
)

// Unified returns the unified diff (3 lines of context) turning a
// into b, with the file names from and to.
func Unified(from, to, a, b string) string {
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", from, to)
	const ctx = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from ctx lines before this change to ctx lines after the
		// last change that is at most 2*ctx equal lines away.
		start := max(0, i-ctx)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j
			} else if j-end > 2*ctx {
				break
			}
		}
		end = min(len(ops), end+ctx+1)
		h := ops[start:end]
		ax, by := h[0].ax, h[0].by
		var na, nb int
		for _, op := range h {
			if op.kind != '+' {
				na++
			}
			if op.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(ax, na), hunkRange(by, nb))
		for _, op := range h {
			out.WriteByte(op.kind)
			out.WriteString(op.text)
			if !strings.HasSuffix(op.text, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return out.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func splitLines(s string) []string {
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

type diffOp struct {
	kind   byte // ' ', '-', '+'
	text   string
	ax, by int // line index in a and b where the op starts
}

// diffLines returns an edit script by longest common subsequence, after
// trimming the common prefix and suffix (configuration files are small).
func diffLines(a, b []string) []diffOp {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	var ops []diffOp
	for i := 0; i < p; i++ {
		ops = append(ops, diffOp{' ', a[i], i, i})
	}
	if len(ma)*len(mb) > 4_000_000 {
		for i, l := range ma {
			ops = append(ops, diffOp{'-', l, p + i, p})
		}
		for j, l := range mb {
			ops = append(ops, diffOp{'+', l, p + len(ma), p + j})
		}
	} else {
		// lcs[i][j] is the LCS length of ma[i:] and mb[j:].
		lcs := make([][]int, len(ma)+1)
		for i := range lcs {
			lcs[i] = make([]int, len(mb)+1)
		}
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(ma) || j < len(mb) {
			switch {
			case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
				ops = append(ops, diffOp{' ', ma[i], p + i, p + j})
				i++
				j++
			case i < len(ma) && (j == len(mb) || lcs[i+1][j] >= lcs[i][j+1]):
				ops = append(ops, diffOp{'-', ma[i], p + i, p + j})
				i++
			default:
				ops = append(ops, diffOp{'+', mb[j], p + i, p + j})
				j++
			}
		}
	}
	for k := 0; k < s; k++ {
		ia, ib := len(a)-s+k, len(b)-s+k
		ops = append(ops, diffOp{' ', a[ia], ia, ib})
	}
	return ops
}
