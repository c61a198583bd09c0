package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// options shape the report.
type options struct {
	mean   bool // the mean per cell instead of the median
	frames int  // non-runtime frames shown per fault
}

// report writes the Markdown tables of runs: faults by phase and section,
// then the faults once main.main started, grouped by section, symbol and
// callers. With several runs every cell is the median (or mean) over the
// runs, a run without such a fault counting 0.
func report(w io.Writer, img *image, runs []process, opt options) {
	stat, name := median, "median"
	if opt.mean {
		stat, name = mean, "mean"
	}
	per := func(f func(r process) int) string {
		v := make([]int, len(runs))
		for i, r := range runs {
			v[i] = f(r)
		}
		return num(stat(v))
	}
	totals := make([]int, len(runs))
	for i, r := range runs {
		totals[i] = r.total
	}
	fmt.Fprintf(w, "%d run(s); page faults per run: %s %s (min %d, max %d).", len(runs), name, num(stat(totals)), slices.Min(totals), slices.Max(totals))
	if len(runs) > 1 {
		fmt.Fprintf(w, " Each cell is the %s over the runs.", name)
	}
	if img.module != "" && img.module != "command-line-arguments" {
		fmt.Fprintf(w, " H = %s.", img.module)
	}
	fmt.Fprint(w, "\n\n")

	var phaseLists [][]string
	seen := map[string]bool{}
	for _, r := range runs {
		phaseLists = append(phaseLists, r.phases)
		for _, m := range r.counts {
			for s := range m {
				seen[s] = true
			}
		}
	}
	phases := mergeOrder(phaseLists)
	secs := columns(img, seen)

	fmt.Fprintf(w, "| phase | %s | total |\n|---|%s---:|\n", strings.Join(secs, " | "), strings.Repeat("---:|", len(secs)))
	for _, p := range phases {
		label := p
		if pkg, ok := strings.CutPrefix(p, "init "); ok {
			label = "init " + img.short(pkg)
		}
		fmt.Fprintf(w, "| %s |", label)
		for _, s := range secs {
			fmt.Fprintf(w, " %s |", per(func(r process) int { return r.counts[p][s] }))
		}
		fmt.Fprintf(w, " %s |\n", per(func(r process) int { return sum(r.counts[p]) }))
	}
	fmt.Fprint(w, "| **total** |")
	for _, s := range secs {
		fmt.Fprintf(w, " %s |", per(func(r process) int {
			n := 0
			for _, m := range r.counts {
				n += m[s]
			}
			return n
		}))
	}
	fmt.Fprintf(w, " %s |\n\n", num(stat(totals)))

	// Faults after main.main, grouped.
	type row struct{ section, at, chain string }
	var keyLists [][]string
	rows := map[string]row{}
	counts := make([]map[string]int, len(runs))
	for i, r := range runs {
		counts[i] = map[string]int{}
		var keys []string
		for _, f := range r.after {
			c := chain(img, f.frames, opt.frames)
			k := f.section + "\x00" + f.at + "\x00" + c
			if counts[i][k] == 0 {
				keys = append(keys, k)
			}
			counts[i][k]++
			rows[k] = row{f.section, f.at, c}
		}
		keyLists = append(keyLists, keys)
	}
	fmt.Fprintf(w, "Faults once main.main started: %s %s.\n\n", name, per(func(r process) int { return len(r.after) }))
	if len(runs) > 1 {
		fmt.Fprint(w, "| faults | runs | section | at | code (innermost first) |\n|---:|---:|---|---|---|\n")
	} else {
		fmt.Fprint(w, "| faults | section | at | code (innermost first) |\n|---:|---|---|---|\n")
	}
	for _, k := range mergeOrder(keyLists) {
		v := make([]int, len(runs))
		in := 0
		for i := range runs {
			v[i] = counts[i][k]
			if v[i] > 0 {
				in++
			}
		}
		rw := rows[k]
		at := img.short(rw.at)
		if len(runs) > 1 {
			fmt.Fprintf(w, "| %s | %d/%d | %s | %s | %s |\n", num(stat(v)), in, len(runs), rw.section, cell(at), cell(rw.chain))
		} else {
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", num(stat(v)), rw.section, cell(at), cell(rw.chain))
		}
	}
}

// chain shows a fault's code: the innermost function, then callers
// outside the runtime up to n functions outside the runtime in all ("…"
// marking runtime frames left out). When every frame is the runtime's it
// shows the first n+1 of them.
func chain(img *image, frames []string, n int) string {
	if len(frames) == 0 {
		return "?"
	}
	if !slices.ContainsFunc(frames, func(f string) bool { return !runtimeFrame(f) }) {
		return strings.Join(frames[:min(n+1, len(frames))], " < ")
	}
	out := []string{img.short(frames[0])}
	shown := 0
	if !runtimeFrame(frames[0]) {
		shown++
	}
	skipped := false
	for _, f := range frames[1:] {
		if shown >= n {
			break
		}
		if runtimeFrame(f) {
			skipped = true
			continue
		}
		if skipped {
			out = append(out, "…")
			skipped = false
		}
		out = append(out, img.short(f))
		shown++
	}
	return strings.Join(out, " < ")
}

// cell puts s in a code span for a Markdown table cell ("-" if empty).
func cell(s string) string {
	if s == "" {
		return "-"
	}
	return "`" + strings.ReplaceAll(s, "|", `\|`) + "`"
}

// columns orders the sections seen: the binary's in address order, then
// the rest of the address space.
func columns(img *image, seen map[string]bool) []string {
	var out []string
	for _, s := range img.sections {
		if seen[s.name] {
			out = append(out, s.name)
		}
	}
	for _, s := range []string{"binary-gap", "low", "heap", "mmap-high", "kernel"} {
		if seen[s] {
			out = append(out, s)
		}
	}
	return out
}

// mergeOrder merges lists of names into one list keeping each list's
// order: a name first seen in a later list goes right after the name
// preceding it there.
func mergeOrder(lists [][]string) []string {
	var out []string
	for _, l := range lists {
		prev := -1
		for _, s := range l {
			i := slices.Index(out, s)
			if i < 0 {
				i = prev + 1
				out = slices.Insert(out, i, s)
			}
			prev = i
		}
	}
	return out
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func median(v []int) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return float64(s[n/2])
	}
	return float64(s[n/2-1]+s[n/2]) / 2
}

func mean(v []int) float64 {
	n := 0
	for _, x := range v {
		n += x
	}
	return float64(n) / float64(len(v))
}

// num prints a whole number without decimals, others with one.
func num(f float64) string {
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%.1f", f)
}
