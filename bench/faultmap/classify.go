package main

import (
	"regexp"
	"slices"
	"strings"
)

// The phases a fault is counted in: runtime start-up until the first
// package init faults, then "init PKG" for each package whose init
// function is on the callchain, then main from the first fault with
// main.main on its callchain to the end.
const (
	phaseStart = "runtime start-up"
	phaseMain  = "main"
)

// process is the faults of one run of the binary, classified.
type process struct {
	phases []string                  // in order of first fault
	counts map[string]map[string]int // phase → section → faults
	after  []fault                   // faults once main.main started
	total  int
}

// fault is one page fault once main.main started.
type fault struct {
	section string
	at      string   // symbol at the faulting address, "" if none
	frames  []string // the binary's functions on the callchain, innermost first
}

// initFunc matches a package's init functions (pkg.init, pkg.init.0,
// pkg.map.init.0) but no method named init.
var initFunc = regexp.MustCompile(`^([^()]+?)\.(?:map\.init\.\d+|init(?:\.\d+)?)$`)

// classify counts each sample in its phase and section, in order. A
// fault is in the phase of the last init function or main.main seen on a
// callchain so far: faults of other goroutines (the garbage collector,
// the scavenger) and of the runtime between two inits are counted in the
// phase that is running. The runtime's own inits stay in start-up.
func classify(img *image, samples []sample) process {
	r := process{counts: map[string]map[string]int{}}
	phase := phaseStart
	for _, s := range samples {
		frames := img.frames(s.chain)
		if phase != phaseMain {
			if slices.Contains(frames, "main.main") {
				phase = phaseMain
			} else if pkg := initPackage(frames); pkg != "" {
				phase = "init " + pkg
			}
		}
		sec := img.sectionOf(s.addr)
		if r.counts[phase] == nil {
			r.counts[phase] = map[string]int{}
			r.phases = append(r.phases, phase)
		}
		r.counts[phase][sec]++
		r.total++
		if phase == phaseMain {
			f := fault{section: sec, frames: frames}
			if sec != "heap" && sec != "mmap-high" && sec != "kernel" {
				f.at = img.symbolAt(s.addr, false)
			}
			r.after = append(r.after, f)
		}
	}
	return r
}

// initPackage returns the package whose init function is innermost on
// frames, "" if none is (the runtime's own inits do not count).
func initPackage(frames []string) string {
	for _, f := range frames {
		if m := initFunc.FindStringSubmatch(f); m != nil && !runtimeFrame(m[1]+".") {
			return m[1]
		}
	}
	return ""
}

// runtimeFrames are the prefixes of the runtime's functions and of the
// packages it is built from.
var runtimeFrames = []string{"runtime.", "internal/runtime/", "internal/bytealg.", "internal/abi.", "internal/cpu.", "internal/chacha8rand."}

// runtimeFrame reports whether name is a function of the runtime: one of
// its packages, or an assembly routine without a package (aeshashbody,
// memeqbody, gcWriteBarrier).
func runtimeFrame(name string) bool {
	if !strings.Contains(name, ".") {
		return true
	}
	for _, p := range runtimeFrames {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
