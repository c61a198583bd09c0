package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The recorded sample: testdata/tiny.script is the perf script -F addr,ip
// output of one run of testdata/tiny, and testdata/tiny.image the part of
// that binary's ELF headers and symbol table the sample needs (the binary
// itself is not committed). go test -run TestRecord -record re-records
// both.
var recordSample = flag.Bool("record", false, "re-record testdata/tiny.script and testdata/tiny.image with perf")

// TestRecord re-records the sample when -record is given: it builds
// testdata/tiny, runs it once under perf record, keeps the symbols the
// faults need and checks the report from the kept symbols is the report
// from the whole binary.
func TestRecord(t *testing.T) {
	if !*recordSample {
		t.Skip("re-records testdata only with -record")
	}
	dir := t.TempDir()
	built, bin := filepath.Join(dir, "tiny.b"), filepath.Join(dir, "tiny")
	if out, err := exec.Command("go", "build", "-trimpath", "-o", built, "./testdata/tiny").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if out, err := exec.Command("cp", built, bin).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	scripts, err := record(config{bin: bin, in: "testdata/tiny.json", n: 1, perf: "perf"})
	if err != nil {
		t.Fatal(err)
	}
	img, err := loadELF(bin)
	if err != nil {
		t.Fatal(err)
	}
	samples, err := parseScript(bytes.NewReader(scripts[0]))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	writeImage(&buf, img, samples)
	kept, err := readImage(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var full, part bytes.Buffer
	report(&full, img, []process{classify(img, samples)}, options{frames: 3})
	report(&part, kept, []process{classify(kept, samples)}, options{frames: 3})
	if full.String() != part.String() {
		t.Fatalf("report from the kept symbols differs:\n%s\nfrom the binary:\n%s", part.String(), full.String())
	}
	wd, _ := os.Getwd()
	home, _ := os.UserHomeDir()
	for _, s := range [][]byte{scripts[0], buf.Bytes()} {
		for _, p := range []string{wd, home, os.TempDir(), dir} {
			if p != "" && bytes.Contains(s, []byte(p)) {
				t.Fatalf("recording holds the path %s", p)
			}
		}
	}
	if err := os.WriteFile("testdata/tiny.script", scripts[0], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("testdata/tiny.image", buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeImage writes what img says about the sample in the text form
// readImage reads: the module path, sections, loadable segments, and
// only the symbols some faulting address or callchain frame lies in.
func writeImage(w io.Writer, img *image, samples []sample) {
	fmt.Fprintf(w, "module %s\n", img.module)
	for _, s := range img.sections {
		fmt.Fprintf(w, "section %s %x %x\n", s.name, s.addr, s.size)
	}
	for _, l := range img.loads {
		x := "-"
		if l.exec {
			x = "x"
		}
		fmt.Fprintf(w, "load %x %x %x %x %s\n", l.vaddr, l.off, l.filesz, l.memsz, x)
	}
	keep := map[int]bool{}
	for _, s := range samples {
		if i := img.lookup(s.addr, false); i >= 0 {
			keep[i] = true
		}
		for _, a := range s.chain {
			if addr, ok := img.frameAddr(a); ok {
				if i := img.lookup(addr, true); i >= 0 {
					keep[i] = true
				}
			}
		}
	}
	for i, s := range img.syms {
		if keep[i] {
			k := "d"
			if s.fn {
				k = "f"
			}
			fmt.Fprintf(w, "sym %x %x %s %s\n", s.addr, s.size, k, s.name)
		}
	}
}

// readImage reads what writeImage wrote.
func readImage(r io.Reader) (*image, error) {
	img := &image{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		var err error
		switch {
		case f[0] == "module" && len(f) <= 2:
			if len(f) == 2 {
				img.module = f[1]
			}
		case f[0] == "section" && len(f) == 4:
			var s section
			s.name = f[1]
			_, err = fmt.Sscanf(f[2]+" "+f[3], "%x %x", &s.addr, &s.size)
			img.sections = append(img.sections, s)
		case f[0] == "load" && len(f) == 6:
			var l segment
			_, err = fmt.Sscanf(strings.Join(f[1:5], " "), "%x %x %x %x", &l.vaddr, &l.off, &l.filesz, &l.memsz)
			l.exec = f[5] == "x"
			img.loads = append(img.loads, l)
		case f[0] == "sym" && len(f) >= 5:
			// The name is the rest of the line: it may hold spaces.
			var s symbol
			_, err = fmt.Sscanf(f[1]+" "+f[2], "%x %x", &s.addr, &s.size)
			s.fn = f[3] == "f"
			s.name = strings.SplitN(sc.Text(), " ", 5)[4]
			img.syms = append(img.syms, s)
		default:
			err = fmt.Errorf("bad line %q", sc.Text())
		}
		if err != nil {
			return nil, err
		}
	}
	if len(img.loads) == 0 {
		return nil, fmt.Errorf("no load line")
	}
	img.sort()
	return img, sc.Err()
}

// tiny loads the recorded sample.
func tiny(t *testing.T) (*image, []sample) {
	t.Helper()
	f, err := os.Open("testdata/tiny.image")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := readImage(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("testdata/tiny.script")
	if err != nil {
		t.Fatal(err)
	}
	samples, err := parseScript(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img, samples
}

// TestTinyParse checks the parse of the sample against the text: one
// sample per line that is not indented, one frame per indented line.
func TestTinyParse(t *testing.T) {
	_, samples := tiny(t)
	data, _ := os.ReadFile("testdata/tiny.script")
	heads, frames := 0, 0
	for _, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.TrimSpace(l) == "":
		case strings.HasPrefix(l, "\t"):
			frames++
		default:
			heads++
		}
	}
	n := 0
	for _, s := range samples {
		n += len(s.chain)
	}
	if len(samples) != heads || n != frames || heads < 100 {
		t.Fatalf("parsed %d samples with %d frames; the text has %d and %d", len(samples), n, heads, frames)
	}
}

// TestTinyPhases checks the phases of the sample: start-up first, the
// package inits it imports, main's own init (filling table: heap faults
// in main.build), then main, where touch writes to every page of sink
// (256 KiB of .noptrbss: 64 pages) and of a 128 KiB heap buffer.
func TestTinyPhases(t *testing.T) {
	img, samples := tiny(t)
	r := classify(img, samples)
	if r.total != len(samples) {
		t.Errorf("counted %d faults of %d", r.total, len(samples))
	}
	if r.phases[0] != phaseStart || r.phases[len(r.phases)-1] != phaseMain {
		t.Errorf("phases %q: want start-up first and main last", r.phases)
	}
	i, j := slices.Index(r.phases, "init os"), slices.Index(r.phases, "init main")
	if i < 0 || j < i {
		t.Errorf("phases %q: want init os, then init main", r.phases)
	}
	if n := r.counts["init main"]["heap"]; n < 32 {
		t.Errorf("init main: %d heap faults, want at least 32 (128 KiB of table)", n)
	}
	if n := r.counts[phaseMain][".noptrbss"]; n != 64 {
		t.Errorf("main: %d .noptrbss faults, want 64 (sink)", n)
	}
	sink, heap := 0, 0
	for _, f := range r.after {
		if len(f.frames) < 2 || f.frames[0] != "main.touch" || f.frames[1] != "main.main" {
			continue
		}
		switch {
		case f.section == ".noptrbss" && f.at == "main.sink":
			sink++
		case f.section == "heap" && f.at == "":
			heap++
		default:
			t.Errorf("main.touch faulted in %s at %q", f.section, f.at)
		}
	}
	if sink != 64 || heap < 32 {
		t.Errorf("main.touch faulted %d times at main.sink (want 64) and %d on the heap (want at least 32)", sink, heap)
	}
}

// TestTinyReport checks the tables of the sample, and that two runs
// report the median per cell: the sample with itself and with its first
// half.
func TestTinyReport(t *testing.T) {
	img, samples := tiny(t)
	var out bytes.Buffer
	report(&out, img, []process{classify(img, samples)}, options{frames: 3})
	got := out.String()
	for _, want := range []string{
		fmt.Sprintf("1 run(s); page faults per run: median %d (min %[1]d, max %[1]d).", len(samples)),
		"| phase | .text |",
		"| 64 | .noptrbss | `main.sink` | `main.touch < main.main` |",
		"| **total** |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if !regexpRow(got, `^\| init main \|`) || !regexpRow(got, `^\| main \|( \d+ \|)+$`) {
		t.Errorf("report lacks the init main or main row:\n%s", got)
	}

	half := classify(img, samples[:len(samples)/2])
	out.Reset()
	full := classify(img, samples)
	report(&out, img, []process{full, full, half}, options{frames: 3})
	got = out.String()
	want := fmt.Sprintf("3 run(s); page faults per run: median %d (min %d, max %[1]d). Each cell is the median over the runs.", len(samples), len(samples)/2)
	if !strings.Contains(got, want) || !strings.Contains(got, "| 64 | 2/3 | .noptrbss | `main.sink` |") {
		t.Errorf("report of three runs:\n%s\nwant %q and the sink row in 2 runs of 3", got, want)
	}
	out.Reset()
	report(&out, img, []process{full, half}, options{mean: true, frames: 3})
	want = fmt.Sprintf("2 run(s); page faults per run: mean %s (min %d, max %d). Each cell is the mean over the runs.", num(float64(len(samples)+len(samples)/2)/2), len(samples)/2, len(samples))
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "| 32 | 1/2 | .noptrbss | `main.sink` |") {
		t.Errorf("-mean report:\n%s\nwant %q and the sink row at 32", out.String(), want)
	}
}

// regexpRow reports whether a line of s matches the expression.
func regexpRow(s, expr string) bool {
	re := regexp.MustCompile(expr)
	for _, l := range strings.Split(s, "\n") {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}
