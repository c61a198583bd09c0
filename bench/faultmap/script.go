package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// sample is one page fault as perf script -F addr,ip prints it: the
// faulting address, then the callchain innermost first (kernel frames,
// then the user frames as offsets into the binary).
type sample struct {
	addr  uint64
	chain []uint64
}

// parseScript reads the output of perf script -F addr,ip. A sample starts
// on a line that is not indented, holding the faulting address (and the
// ip when perf recorded no callchain); its callchain follows, one
// indented address a line. Blank lines and # comments are skipped.
func parseScript(r io.Reader) ([]sample, error) {
	var out []sample
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if line[0] == '\t' {
			if len(out) == 0 {
				return nil, fmt.Errorf("line %d: callchain entry before any sample: %q", n, line)
			}
			a, err := hex(f[0])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			s := &out[len(out)-1]
			s.chain = append(s.chain, a)
			continue
		}
		a, err := hex(f[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v (want the output of perf script -F addr,ip)", n, err)
		}
		s := sample{addr: a}
		if len(f) > 1 {
			ip, err := hex(f[1])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			s.chain = []uint64{ip}
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// hex parses a hexadecimal address with or without 0x.
func hex(s string) (uint64, error) {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
	if err != nil {
		return 0, fmt.Errorf("not a hex address: %q", s)
	}
	return v, nil
}
