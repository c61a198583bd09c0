// Command interleave times programs spawned with a payload on stdin, one
// run of each in turn (A B C, then B C A, …), and prints the medians of
// their wall time and CPU time (user + system) as a Markdown table with
// ratios to the first program.
//
//	go run ./bench/interleave -n 300 -in payload.json name=prog [args] ...
//
// bench/roundtrip.sh runs it after hyperfine. hyperfine runs all the runs
// of one program, then all of the next: on a machine whose load changes
// from second to second, that measures the load as much as the programs.
// Interleaving puts every program under the same load, run after run, and
// CPU time is less sensitive to waiting for a CPU than wall time.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// prog is one program to time.
type prog struct {
	name      string
	argv      []string
	wall, cpu []time.Duration
	faults    []int64 // minor page faults of each run, where the OS reports them
}

func main() {
	n := flag.Int("n", 300, "runs of each program")
	in := flag.String("in", "", "file given to each run as standard input")
	flag.Parse()
	if *in == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: interleave -n RUNS -in FILE name=prog [args] ...")
		os.Exit(2)
	}
	var progs []*prog
	for _, a := range flag.Args() {
		name, cmd, ok := strings.Cut(a, "=")
		if !ok || strings.TrimSpace(cmd) == "" {
			fmt.Fprintf(os.Stderr, "interleave: %q is not name=prog [args]\n", a)
			os.Exit(2)
		}
		progs = append(progs, &prog{name: name, argv: strings.Fields(cmd)})
	}
	for r := 0; r < *n; r++ {
		for i := range progs {
			p := progs[(i+r)%len(progs)]
			if err := p.run(*in); err != nil {
				fmt.Fprintf(os.Stderr, "interleave: %s: %v\n", p.name, err)
				os.Exit(1)
			}
		}
	}
	report(os.Stdout, progs)
}

// run runs p once with the file in as its standard input.
func (p *prog) run(in string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	c := exec.Command(p.argv[0], p.argv[1:]...)
	c.Stdin, c.Stdout, c.Stderr = f, io.Discard, io.Discard
	start := time.Now()
	if err := c.Run(); err != nil {
		return err
	}
	p.wall = append(p.wall, time.Since(start))
	p.cpu = append(p.cpu, c.ProcessState.UserTime()+c.ProcessState.SystemTime())
	if n, ok := minorFaults(c.ProcessState); ok {
		p.faults = append(p.faults, n)
	}
	return nil
}

// report writes the table.
func report(w io.Writer, progs []*prog) {
	ref := progs[0]
	fmt.Fprintf(w, "| program | median wall | ÷ %s | median CPU | ÷ %s | minor faults |\n", ref.name, ref.name)
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: |")
	for _, p := range progs {
		faults := "n/a"
		if len(p.faults) > 0 {
			faults = fmt.Sprint(median(p.faults))
		}
		fmt.Fprintf(w, "| %s | %.2f ms | %.2f | %.2f ms | %.2f | %s |\n", p.name,
			ms(median(p.wall)), ratio(median(p.wall), median(ref.wall)),
			ms(median(p.cpu)), ratio(median(p.cpu), median(ref.cpu)), faults)
	}
}

func median[T time.Duration | int64](ds []T) T {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
