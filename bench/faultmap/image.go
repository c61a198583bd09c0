package main

import (
	"debug/buildinfo"
	"debug/elf"
	"fmt"
	"sort"
	"strings"
)

// image is what faultmap needs to know about the measured binary: where
// its sections lie, how its loadable segments map file offsets to
// addresses, and its symbols.
type image struct {
	sections []section
	loads    []segment
	syms     []symbol // sorted by addr
	module   string   // main module path, "" if unknown
}

// section is an allocated ELF section.
type section struct {
	name       string
	addr, size uint64
}

// segment is a PT_LOAD program header.
type segment struct {
	vaddr, off, filesz, memsz uint64
	exec                      bool
}

// symbol is an ELF symbol with an address; fn marks functions.
type symbol struct {
	addr, size uint64
	name       string
	fn         bool
}

// loadELF reads the sections, segments, symbols and main module path of
// the ELF binary at path.
func loadELF(path string) (*image, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable ELF binary: %v", path, err)
	}
	defer f.Close()
	img := &image{}
	for _, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC != 0 && s.Addr != 0 {
			img.sections = append(img.sections, section{s.Name, s.Addr, s.Size})
		}
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			img.loads = append(img.loads, segment{p.Vaddr, p.Off, p.Filesz, p.Memsz, p.Flags&elf.PF_X != 0})
		}
	}
	if len(img.loads) == 0 {
		return nil, fmt.Errorf("%s: no loadable segment", path)
	}
	syms, err := f.Symbols()
	if err != nil {
		return nil, fmt.Errorf("%s: %v (faultmap needs the symbol table: do not build with -ldflags=-s)", path, err)
	}
	for _, s := range syms {
		t := elf.ST_TYPE(s.Info)
		if s.Value == 0 || s.Section == elf.SHN_UNDEF || (t != elf.STT_FUNC && t != elf.STT_OBJECT && t != elf.STT_NOTYPE) {
			continue
		}
		img.syms = append(img.syms, symbol{s.Value, s.Size, s.Name, t == elf.STT_FUNC})
	}
	img.sort()
	if bi, err := buildinfo.ReadFile(path); err == nil {
		img.module = bi.Main.Path
	}
	return img, nil
}

// sort orders the symbols by address, sized ones after unsized ones at
// the same address so a lookup prefers the symbol with a size.
func (img *image) sort() {
	sort.SliceStable(img.syms, func(i, j int) bool {
		a, b := img.syms[i], img.syms[j]
		if a.addr != b.addr {
			return a.addr < b.addr
		}
		return a.size < b.size
	})
}

// sectionOf names the part of the address space addr lies in: an ELF
// section of the binary, "kernel", "mmap-high" (shared libraries, the
// vdso, the main thread's stack, high mmaps), "heap" (user addresses
// above the binary and below 0x7f0000000000: the Go heap, whose base is
// randomized), "low" (below the binary) or "binary-gap" (inside a
// segment but in no section).
func (img *image) sectionOf(addr uint64) string {
	for _, s := range img.sections {
		if addr >= s.addr && addr-s.addr < s.size {
			return s.name
		}
	}
	switch {
	case addr >= 0xffff800000000000:
		return "kernel"
	case addr >= 0x7f0000000000:
		return "mmap-high"
	case addr >= img.end():
		return "heap"
	case addr < img.loads[0].vaddr:
		return "low"
	}
	return "binary-gap"
}

// end is the first address after the binary's last segment.
func (img *image) end() uint64 {
	var e uint64
	for _, l := range img.loads {
		e = max(e, l.vaddr+l.memsz)
	}
	return e
}

// symbolAt names the symbol addr lies in, or "" if it lies in none.
// Only functions are considered when fn is set. A symbol without a size
// covers the addresses up to the next symbol considered.
func (img *image) symbolAt(addr uint64, fn bool) string {
	if i := img.lookup(addr, fn); i >= 0 {
		return img.syms[i].name
	}
	return ""
}

// lookup returns the index of the symbol addr lies in, -1 if none.
func (img *image) lookup(addr uint64, fn bool) int {
	i := sort.Search(len(img.syms), func(i int) bool { return img.syms[i].addr > addr })
	for i--; i >= 0; i-- {
		s := img.syms[i]
		if fn && !s.fn {
			continue
		}
		if s.size == 0 || addr-s.addr < s.size {
			return i
		}
		return -1
	}
	return -1
}

// frameAddr turns a callchain address as perf script prints it into an
// address of the binary. For a mapped file perf prints the offset into
// the file (for a Go binary, the address minus 0x400000); an address in
// the file range of an executable segment is read as such an offset,
// anything else as an absolute address. ok is false for addresses
// outside the binary's executable segments (kernel, vdso, the parent's
// libc before exec).
func (img *image) frameAddr(a uint64) (addr uint64, ok bool) {
	for _, l := range img.loads {
		if l.exec && a >= l.off && a-l.off < l.filesz {
			return a - l.off + l.vaddr, true
		}
	}
	for _, l := range img.loads {
		if l.exec && a >= l.vaddr && a-l.vaddr < l.memsz {
			return a, true
		}
	}
	return 0, false
}

// frames names the binary's functions on a callchain, innermost first,
// leaving out the frames outside the binary.
func (img *image) frames(chain []uint64) []string {
	var out []string
	for _, a := range chain {
		if addr, ok := img.frameAddr(a); ok {
			name := img.symbolAt(addr, true)
			if name == "" {
				name = fmt.Sprintf("%#x", addr)
			}
			out = append(out, name)
		}
	}
	return out
}

// short abbreviates a symbol of the main module's packages to
// "H/pkg.Name" (H standing for the module path) to keep tables narrow.
func (img *image) short(name string) string {
	if img.module == "" || img.module == "command-line-arguments" {
		return name
	}
	if rest, ok := strings.CutPrefix(name, img.module); ok && (strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, ".")) {
		return "H" + rest
	}
	return name
}
