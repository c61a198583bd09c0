package main

import (
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestParseScript checks the forms of a perf script output: right-aligned
// addresses, tab-indented frames, a sample recorded without a callchain
// (its ip on the address line), comments and blank lines.
func TestParseScript(t *testing.T) {
	in := "# perf script\n          9a5b40\n\tffffffff8177819a\n\t    7f9bb7cf2ad7\n\n    7ffee4076f79\n\n  489540 89540\n          47c820\n\t           7c820\n\t           479a5\n"
	got, err := parseScript(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []sample{
		{0x9a5b40, []uint64{0xffffffff8177819a, 0x7f9bb7cf2ad7}},
		{0x7ffee4076f79, nil},
		{0x489540, []uint64{0x89540}},
		{0x47c820, []uint64{0x7c820, 0x479a5}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("parsed %x, want %x", got, want)
	}
	for _, bad := range []string{
		"\t7c820\n",                 // a frame before any sample
		"  47c820\n\tnot-hex\n",     // a frame that is no address
		"  47c820 (unknown) foo\n",  // other fields than addr,ip
		"    7f64 [unknown] main\n", // idem
	} {
		if _, err := parseScript(strings.NewReader(bad)); err == nil {
			t.Errorf("parseScript(%q): no error", bad)
		}
	}
}

// testImage is a made-up binary whose text is larger than 4 MiB, so that
// a file offset can be above its first address.
func testImage() *image {
	img := &image{
		sections: []section{{".text", 0x401000, 0x4ff000}, {".rodata", 0x900000, 0x1000}, {".bss", 0xa00000, 0x2000}},
		loads:    []segment{{0x400000, 0, 0x500000, 0x500000, true}, {0x900000, 0x500000, 0x1000, 0x1000, false}, {0xa00000, 0x501000, 0, 0x2000, false}},
		syms: []symbol{
			{0x401000, 0x100, "runtime.rt0_go.abi0", true},
			{0x402000, 0x100, "github.com/x/m/pkg.init.0", true},
			{0x403000, 0x100, "github.com/x/m/pkg.(*T).init", true},
			{0x404000, 0x100, "main.main", true},
			{0x850000, 0x100, "main.late", true},
			{0x900000, 0x10, "go:string.*", false},
			{0xa00000, 0x8, "main.counter", false},
			{0xa00100, 0, "runtime.ebss", false},
		},
		module: "github.com/x/m",
	}
	img.sort()
	return img
}

func TestFrameAddr(t *testing.T) {
	img := testImage()
	for _, c := range []struct {
		in, want uint64
		ok       bool
	}{
		{0x4000, 0x404000, true},              // an offset into the file
		{0x450000, 0x850000, true},            // an offset above the first address
		{0x4ffff0 + 0x400000, 0x8ffff0, true}, // an absolute address beyond the file's text
		{0xffffffff8177819a, 0, false},        // the kernel
		{0x7f9bb7cf2ad7, 0, false},            // the parent's libc before exec
	} {
		got, ok := img.frameAddr(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("frameAddr(%#x) = %#x, %v; want %#x, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	if got := img.frames([]uint64{0xffffffff8177819a, 0x4010, 0x2010}); !slices.Equal(got, []string{"main.main", "github.com/x/m/pkg.init.0"}) {
		t.Errorf("frames = %q", got)
	}
}

func TestSectionOf(t *testing.T) {
	img := testImage()
	for addr, want := range map[uint64]string{
		0x401000:           ".text",
		0x900008:           ".rodata",
		0xa01fff:           ".bss",
		0xa02000:           "heap",
		0x3a2cb6000000:     "heap",
		0x7ffee4076f79:     "mmap-high",
		0xffffffff81000000: "kernel",
		0x1000:             "low",
		0x400100:           "binary-gap",
	} {
		if got := img.sectionOf(addr); got != want {
			t.Errorf("sectionOf(%#x) = %q, want %q", addr, got, want)
		}
	}
}

func TestSymbolAt(t *testing.T) {
	img := testImage()
	for _, c := range []struct {
		addr uint64
		fn   bool
		want string
	}{
		{0x404050, true, "main.main"},
		{0x404100, true, ""}, // past main.main's size
		{0xa00004, false, "main.counter"},
		{0xa00008, false, ""},
		{0xa00200, false, "runtime.ebss"}, // no size: up to the next symbol
		{0xa00004, true, ""},              // no function
	} {
		if got := img.symbolAt(c.addr, c.fn); got != c.want {
			t.Errorf("symbolAt(%#x, %v) = %q, want %q", c.addr, c.fn, got, c.want)
		}
	}
}

func TestInitPackage(t *testing.T) {
	for _, c := range []struct {
		frames []string
		want   string
	}{
		{[]string{"runtime.mallocgc", "unicode.map.init.0", "runtime.doInit1"}, "unicode"},
		{[]string{"internal/godebug.init.0.func1", "internal/godebug.init.0"}, "internal/godebug"},
		{[]string{"mvdan.cc/sh/v3/fileutil.init"}, "mvdan.cc/sh/v3/fileutil"},
		{[]string{"gopkg.in/yaml.v3.init"}, "gopkg.in/yaml.v3"},
		{[]string{"sync.(*Pool).init", "main.main"}, ""}, // a method named init
		{[]string{"runtime.init.5", "runtime.main"}, ""}, // the runtime's own
		{[]string{"internal/runtime/maps.init.0"}, ""},
		{[]string{"main.initConfig"}, ""},
		{[]string{"main.init"}, "main"},
	} {
		if got := initPackage(c.frames); got != c.want {
			t.Errorf("initPackage(%q) = %q, want %q", c.frames, got, c.want)
		}
	}
}

// TestClassifyPhases checks that a phase lasts until another starts:
// faults without an init or main.main on their chain (a GC worker) stay
// in the phase running.
func TestClassifyPhases(t *testing.T) {
	img := testImage()
	r := classify(img, []sample{
		{0xa00000, []uint64{0x1000}},           // rt0_go writes .bss
		{0x3a2cb6000000, []uint64{0x2010}},     // pkg.init.0 allocates
		{0x3a2cb6001000, []uint64{0x1010}},     // runtime only: still pkg's init
		{0x404000, []uint64{0x4000}},           // main.main's text
		{0x3a2cb6002000, []uint64{0x1010}},     // runtime only: main
		{0x900004, []uint64{0x3010, 0x2010}},   // (*T).init is no package init
		{0x7ffee4076f79, []uint64{0xffffffff}}, // a kernel frame only
	})
	if want := []string{phaseStart, "init github.com/x/m/pkg", phaseMain}; !slices.Equal(r.phases, want) {
		t.Fatalf("phases %q, want %q", r.phases, want)
	}
	if r.counts[phaseStart][".bss"] != 1 || r.counts["init github.com/x/m/pkg"]["heap"] != 2 || r.counts[phaseMain]["heap"] != 1 || r.counts[phaseMain][".rodata"] != 1 || r.counts[phaseMain]["mmap-high"] != 1 {
		t.Errorf("counts %v", r.counts)
	}
	var out strings.Builder
	report(&out, img, []process{r}, options{frames: 3})
	if !strings.Contains(out.String(), "\n| init H/pkg | 0 | 0 | 0 | 2 | 0 | 2 |\n") {
		t.Errorf("report lacks the init row, its package shortened:\n%s", out.String())
	}
	if len(r.after) != 4 || r.after[0].at != "main.main" || r.after[2].at != "go:string.*" || r.after[1].at != "" || r.after[3].frames != nil {
		t.Errorf("after main: %+v", r.after)
	}
}

func TestChain(t *testing.T) {
	img := testImage()
	for _, c := range []struct {
		frames []string
		want   string
	}{
		{[]string{"runtime.memmove", "runtime.growslice", "github.com/x/m/pkg.F", "main.main", "runtime.main"}, "runtime.memmove < … < H/pkg.F < main.main"},
		{[]string{"github.com/x/m.F", "github.com/x/m.G", "github.com/x/m.H", "main.main"}, "H.F < H.G < H.H"},
		{[]string{"runtime.a", "runtime.b", "runtime.c", "runtime.d", "runtime.e"}, "runtime.a < runtime.b < runtime.c < runtime.d"},
		{[]string{"aeshashbody", "main.f", "runtime.x", "main.g"}, "aeshashbody < main.f < … < main.g"},
		{nil, "?"},
	} {
		if got := chain(img, c.frames, 3); got != c.want {
			t.Errorf("chain(%q) = %q, want %q", c.frames, got, c.want)
		}
	}
}

func TestMergeOrder(t *testing.T) {
	got := mergeOrder([][]string{{"a", "c", "e"}, {"a", "b", "c", "d"}, {"f", "e"}})
	if want := []string{"f", "a", "b", "c", "d", "e"}; !slices.Equal(got, want) {
		t.Errorf("mergeOrder = %q, want %q", got, want)
	}
}

func TestStats(t *testing.T) {
	if m := median([]int{5, 1, 3}); m != 3 {
		t.Errorf("median = %v", m)
	}
	if m := median([]int{4, 1}); m != 2.5 {
		t.Errorf("median = %v", m)
	}
	if m := mean([]int{1, 2}); num(m) != "1.5" || num(3) != "3" {
		t.Errorf("mean = %v, num(3) = %s", m, num(3))
	}
}

// buildTiny builds testdata/tiny with the given extra go build flags.
func buildTiny(t *testing.T, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tiny")
	args := append(append([]string{"build", "-trimpath", "-o", bin}, flags...), "./testdata/tiny")
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestLoadELF reads a freshly built testdata/tiny: its sections, segments,
// symbols and module path; and a stripped build, which has no symbols.
func TestLoadELF(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("go build makes an ELF binary on linux only")
	}
	img, err := loadELF(buildTiny(t))
	if err != nil {
		t.Fatal(err)
	}
	if img.module != "github.com/agenthooks/hooks" {
		t.Errorf("module %q", img.module)
	}
	var touch, sink uint64
	for _, s := range img.syms {
		switch s.name {
		case "main.touch":
			touch = s.addr + 1
		case "main.sink":
			sink = s.addr + 1<<18 - 1
		}
	}
	if img.symbolAt(touch, true) != "main.touch" || img.sectionOf(touch) != ".text" {
		t.Errorf("main.touch+1 at %#x: %q in %s", touch, img.symbolAt(touch, true), img.sectionOf(touch))
	}
	if img.symbolAt(sink, false) != "main.sink" || img.sectionOf(sink) != ".noptrbss" {
		t.Errorf("the last byte of main.sink at %#x: %q in %s", sink, img.symbolAt(sink, false), img.sectionOf(sink))
	}
	// perf prints the frame at main.touch+1 as its offset into the file.
	if addr, ok := img.frameAddr(touch - img.loads[0].vaddr); !ok || addr != touch {
		t.Errorf("frameAddr(%#x) = %#x, %v", touch-img.loads[0].vaddr, addr, ok)
	}
	if img.sectionOf(img.end()) != "heap" {
		t.Errorf("the first address after the binary is in %s", img.sectionOf(img.end()))
	}

	if _, err := loadELF(buildTiny(t, "-ldflags=-s")); err == nil || !strings.Contains(err.Error(), "-ldflags=-s") {
		t.Errorf("loadELF of a stripped binary: %v", err)
	}
	if _, err := loadELF("testdata/tiny.json"); err == nil || !strings.Contains(err.Error(), "not a readable ELF binary") {
		t.Errorf("loadELF of a JSON file: %v", err)
	}
}

// TestRunErrors checks the command's errors: a missing perf names how to
// install it or read a recorded run instead.
func TestRunErrors(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("go build makes an ELF binary on linux only")
	}
	bin := buildTiny(t)
	for _, c := range []struct {
		cfg  config
		want string
	}{
		{config{in: "x", n: 1, opt: options{frames: 3}}, "-bin is required"},
		{config{bin: bin, n: 1, opt: options{frames: 3}}, "-in (the payload) or -script is required"},
		{config{bin: bin, in: "testdata/tiny.json", n: 1, perf: "faultmap-no-such-perf", opt: options{frames: 3}}, "perf not found"},
		{config{bin: bin, scripts: []string{"testdata/tiny.json"}, opt: options{frames: 3}}, "not a hex address"},
		{config{bin: bin, scripts: []string{"testdata/tiny.script"}, args: []string{"--host", "claude"}, opt: options{frames: 3}}, "no use with it"},
	} {
		err := run(new(strings.Builder), c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("run(%+v) = %v, want an error with %q", c.cfg, err, c.want)
		}
	}
}
