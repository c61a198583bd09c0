package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun checks the table on two rounds of two programs: medians over all
// runs, and ratios taken within each round, then their median and range.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	rounds := []string{
		`{"results":[{"command":"a","times":[0.002,0.002,0.004]},{"command":"ref","times":[0.001,0.001,0.001]}]}`,
		`{"results":[{"command":"ref","times":[0.010]},{"command":"a","times":[0.030]}]}`,
	}
	var files []string
	for i, r := range rounds {
		f := filepath.Join(dir, "round"+string(rune('1'+i))+".json")
		if err := os.WriteFile(f, []byte(r), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var out bytes.Buffer
	if err := run(&out, files, "ref", "ref"); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	// a: median of all its runs 0.002, 0.002, 0.004, 0.030 is 3 ms; its
	// per-round ratios are 2 and 3, median 2.5.
	for _, want := range []string{"| a | 3.00 ms | 2.50 (2.00–3.00) |", "| ref | 1.00 ms | 1.00 (1.00–1.00) |"} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
	if err := run(&out, files, "missing", "ref"); err == nil {
		t.Error("no error for an unknown reference program")
	}
	if err := run(&out, nil, "ref", "ref"); err == nil {
		t.Error("no error without exports")
	}
}
