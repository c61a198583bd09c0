// Command report turns the hyperfine JSON exports of bench/roundtrip.sh
// (one file per round) into the Markdown table of BENCHMARKS.md.
//
//	go run ./bench/report [-ref NAME] [-floor NAME] round-1.json round-2.json ...
//
// For every program it prints the median wall time over all runs of all
// rounds, and its ratios to the reference program (-ref, the minimal Go
// hook) and to the floor (-floor, the static C hook). A ratio is computed
// within each round, from the two programs' medians in that round, and
// the table gives the median of those per-round ratios with their range:
// the machine's load changes from round to round, and a ratio of two
// programs measured minutes apart would mostly measure that change.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// export is the part of a hyperfine --export-json file report reads.
type export struct {
	Results []struct {
		Command string    `json:"command"`
		Times   []float64 `json:"times"` // seconds
	} `json:"results"`
}

func main() {
	ref := flag.String("ref", "go-minimal", "name of the reference program (ratio 1.00)")
	floor := flag.String("floor", "c-static", "name of the floor program")
	flag.Parse()
	if err := run(os.Stdout, flag.Args(), *ref, *floor); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

// run reads the exports in files and writes the table to w.
func run(w io.Writer, files []string, ref, floor string) error {
	if len(files) == 0 {
		return fmt.Errorf("no hyperfine exports given")
	}
	var order []string
	all := map[string][]float64{}
	var rounds []map[string]float64 // per round: program -> median
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		var e export
		if err := json.Unmarshal(data, &e); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		med := map[string]float64{}
		for _, r := range e.Results {
			if len(r.Times) == 0 {
				return fmt.Errorf("%s: %s has no times", f, r.Command)
			}
			if _, seen := all[r.Command]; !seen {
				order = append(order, r.Command)
			}
			all[r.Command] = append(all[r.Command], r.Times...)
			med[r.Command] = median(r.Times)
		}
		rounds = append(rounds, med)
	}
	for _, name := range []string{ref, floor} {
		if _, ok := all[name]; !ok {
			return fmt.Errorf("no program named %q in the exports", name)
		}
	}
	fmt.Fprintf(w, "| program | median | ÷ %s (range over %d rounds) | ÷ %s (range) |\n", ref, len(rounds), floor)
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: |")
	for _, name := range order {
		fmt.Fprintf(w, "| %s | %.2f ms | %s | %s |\n", name, median(all[name])*1000,
			ratios(rounds, name, ref), ratios(rounds, name, floor))
	}
	return nil
}

// ratios returns the median and range of the per-round ratios of name to
// base, as "1.07 (1.02–1.12)".
func ratios(rounds []map[string]float64, name, base string) string {
	var rs []float64
	for _, r := range rounds {
		a, okA := r[name]
		b, okB := r[base]
		if okA && okB && b > 0 {
			rs = append(rs, a/b)
		}
	}
	if len(rs) == 0 {
		return "–"
	}
	slices.Sort(rs)
	s := fmt.Sprintf("%.2f", median(rs))
	if len(rs) > 1 {
		s += fmt.Sprintf(" (%.2f–%.2f)", rs[0], rs[len(rs)-1])
	}
	return strings.TrimSpace(s)
}

// median returns the median of xs (which it does not modify).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
