package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestReport(t *testing.T) {
	ms := time.Millisecond
	progs := []*prog{
		{name: "ref", wall: []time.Duration{2 * ms, 2 * ms, 9 * ms}, cpu: []time.Duration{ms, ms, ms}},
		{name: "b", wall: []time.Duration{3 * ms, 1 * ms, 3 * ms}, cpu: []time.Duration{2 * ms, 2 * ms, 5 * ms}, faults: []int64{300, 200, 250}},
	}
	var out bytes.Buffer
	report(&out, progs)
	for _, want := range []string{"| ref | 2.00 ms | 1.00 | 1.00 ms | 1.00 | n/a |", "| b | 3.00 ms | 1.50 | 2.00 ms | 2.00 | 250 |"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}

// TestRun runs a real program with a file on its standard input.
func TestRun(t *testing.T) {
	cat, err := os.Stat("/bin/cat")
	if err != nil || cat.IsDir() {
		t.Skip("no /bin/cat")
	}
	in := filepath.Join(t.TempDir(), "in")
	os.WriteFile(in, []byte("payload"), 0o644)
	p := &prog{name: "cat", argv: []string{"/bin/cat"}}
	if err := p.run(in); err != nil {
		t.Fatal(err)
	}
	if len(p.wall) != 1 || p.wall[0] <= 0 || len(p.cpu) != 1 {
		t.Errorf("wall %v, cpu %v", p.wall, p.cpu)
	}
	if runtime.GOOS == "linux" && (len(p.faults) != 1 || p.faults[0] <= 0) {
		t.Errorf("faults %v: a process that ran touched no page", p.faults)
	}
	bad := &prog{name: "false", argv: []string{"/bin/false"}}
	if err := bad.run(in); err == nil {
		t.Error("no error for a program that fails")
	}
}
