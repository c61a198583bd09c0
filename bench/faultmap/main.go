// Command faultmap accounts for the page faults of one short run of a
// hook binary: which phase of the process touched which part of the
// address space, and which code touched each page once main.main started.
// On a small VM a short Go process's CPU time follows the pages it
// touches for the first time, so this is where its start-up cost goes
// (issue 27).
//
//	go run ./bench/faultmap -bin PATH -in payload.json [-n 5] [-mean] [-frames 3] [-- args...]
//	go run ./bench/faultmap -bin PATH -script perf-script.txt [-script another.txt ...]
//
// The first form runs the binary n times under
//
//	perf record -e page-faults -c 1 -d -g -- PATH args...
//
// with the payload on stdin, and reads each recording back with
// perf script -F addr,ip (perf must be installed, and allowed to record:
// root, or kernel.perf_event_paranoid at most 1). The second form reads
// such perf script outputs, one per run, instead of running perf. -bin is
// needed in both: faultmap reads its ELF sections, segments and symbol
// table (a binary built with -ldflags=-s has none).
//
// It prints two Markdown tables. The first counts the faults by phase and
// section. The phases are runtime start-up, then one per package whose
// init function faults ("init PKG", in the order they ran), then main, from
// the first fault with main.main on its callchain. A fault is counted in
// the phase last entered, so the faults of the runtime's own goroutines
// (garbage collector, scavenger) land in the phase running at the time.
// The sections are the binary's ELF sections (.text, .rodata,
// .gopclntab, .data, .bss, .noptrbss, ...), then heap (user addresses
// above the binary and below 0x7f0000000000: the Go heap, whose base is
// randomized), mmap-high (the main thread's stack, the vdso, high mmaps),
// low and kernel. The second table lists the faults once main.main
// started, grouped by section, the symbol at the faulting address (none
// for heap and stack) and the code: the innermost function, then the
// first -frames functions outside the runtime. With several runs each
// number is the median (or, with -mean, the mean) over the runs, a run
// without such a fault counting 0, and "runs" says in how many runs a row
// occurred. Names in the binary's main module are shortened to H/....
//
// Build the binary with -trimpath and copy it once with cp before
// measuring, as for the measurements of issue 27:
//
//	go build -trimpath -o /tmp/fm/guard.b ./examples/guard && cp /tmp/fm/guard.b /tmp/fm/guard
//	go run ./bench/faultmap -bin /tmp/fm/guard -in examples/guard/testdata/claude-rm.json -n 5 -- --host claude
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// files is a flag that may be given several times.
type files []string

func (f *files) String() string     { return strings.Join(*f, ",") }
func (f *files) Set(s string) error { *f = append(*f, s); return nil }

func main() {
	bin := flag.String("bin", "", "the `binary` to measure (an ELF with its symbol table)")
	in := flag.String("in", "", "the `payload` file given to the binary on stdin")
	n := flag.Int("n", 5, "how many runs to record")
	mean := flag.Bool("mean", false, "report the mean per cell instead of the median")
	frames := flag.Int("frames", 3, "functions outside the runtime shown per fault")
	perf := flag.String("perf", "perf", "the perf `command`")
	var scripts files
	flag.Var(&scripts, "script", "read this perf script -F addr,ip output instead of running perf (repeatable: one `file` per run)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: faultmap -bin PATH (-in payload.json [-n 5] | -script FILE...) [-mean] [-frames 3] [-- args...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	err := run(os.Stdout, config{bin: *bin, in: *in, n: *n, perf: *perf, scripts: scripts, args: flag.Args(), opt: options{mean: *mean, frames: *frames}})
	if err != nil {
		fmt.Fprintln(os.Stderr, "faultmap:", err)
		os.Exit(1)
	}
}

// config is what the command line asks for.
type config struct {
	bin, in, perf string
	n             int
	scripts       []string
	args          []string
	opt           options
}

func run(w io.Writer, c config) error {
	if c.bin == "" {
		return errors.New("-bin is required")
	}
	if c.opt.frames < 1 {
		return errors.New("-frames must be at least 1")
	}
	img, err := loadELF(c.bin)
	if err != nil {
		return err
	}
	var runs []process
	if len(c.scripts) > 0 {
		if c.in != "" || len(c.args) > 0 {
			return errors.New("-script reads recorded runs: -in and arguments have no use with it")
		}
		for _, s := range c.scripts {
			f, err := os.Open(s)
			if err != nil {
				return err
			}
			samples, err := parseScript(f)
			f.Close()
			if err != nil {
				return fmt.Errorf("%s: %v", s, err)
			}
			if len(samples) == 0 {
				return fmt.Errorf("%s: no samples", s)
			}
			runs = append(runs, classify(img, samples))
		}
	} else {
		if c.in == "" {
			return errors.New("-in (the payload) or -script is required")
		}
		if c.n < 1 {
			return errors.New("-n must be at least 1")
		}
		scripts, err := record(c)
		if err != nil {
			return err
		}
		for _, s := range scripts {
			samples, err := parseScript(bytes.NewReader(s))
			if err != nil {
				return fmt.Errorf("perf script: %v", err)
			}
			runs = append(runs, classify(img, samples))
		}
	}
	report(w, img, runs, c.opt)
	return nil
}

// record runs the binary c.n times under perf record and returns the
// perf script -F addr,ip output of each run.
func record(c config) ([][]byte, error) {
	perf, err := exec.LookPath(c.perf)
	if err != nil {
		return nil, fmt.Errorf("perf not found (%v): install it (Debian: apt-get install linux-perf), or read a recorded run with -script FILE", err)
	}
	bin, err := filepath.Abs(c.bin)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "faultmap")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	data := filepath.Join(dir, "perf.data")
	var out [][]byte
	for i := 0; i < c.n; i++ {
		payload, err := os.Open(c.in)
		if err != nil {
			return nil, err
		}
		args := append([]string{"record", "-q", "-o", data, "-e", "page-faults", "-c", "1", "-d", "-g", "--", bin}, c.args...)
		cmd := exec.Command(perf, args...)
		var stderr bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = payload, io.Discard, &stderr
		// perf record exits with the binary's status; a hook's deny may be
		// a non-zero exit, so only a missing recording is an error.
		runErr := cmd.Run()
		payload.Close()
		script := exec.Command(perf, "script", "-i", data, "-F", "addr,ip")
		var sout, serr bytes.Buffer
		script.Stdout, script.Stderr = &sout, &serr
		if err := script.Run(); err != nil {
			return nil, fmt.Errorf("perf record: %v: %s\nperf script: %v: %s", runErr, strings.TrimSpace(stderr.String()), err, strings.TrimSpace(serr.String()))
		}
		if len(bytes.TrimSpace(sout.Bytes())) == 0 {
			return nil, fmt.Errorf("perf recorded no page fault (record: %v: %s)", runErr, strings.TrimSpace(stderr.String()))
		}
		out = append(out, sout.Bytes())
		os.Remove(data)
	}
	return out, nil
}
