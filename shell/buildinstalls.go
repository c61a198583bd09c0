package shell

import "strings"

// Build tools install what they built into a prefix's folders (cmake
// --install, meson install, ninja install, gem install of a .gem file),
// and cargo build --artifact-dir copies the crate's programs into a
// folder: a tree write of programs ([Write.Programs]) into the bin
// folder. Which programs a build installs is known only when it runs
// (its install rules, a .gem's executables), so such a write is "build"
// programs from a word known only at run time; where the folder is not
// given, it is the build's configured prefix: the word "(install prefix
// of DIR)/bin/…", which a policy may read from DIR's CMakeCache.txt.

// InstallPrefixOf returns the build folder whose configured install
// prefix the bin folder p is under ("(install prefix of DIR)/bin/…", see
// above), and whether p is one.
func InstallPrefixOf(p Word) (dir string, ok bool) {
	rest, ok := strings.CutPrefix(p.Value, "(install prefix of ")
	if !ok {
		return "", false
	}
	dir, _, ok = strings.Cut(rest, ")/bin")
	return dir, ok
}

// buildInstalled records the programs a build in folder dir installs
// into bin, by by: when bin is not given, the bin folder of dir's
// configured prefix.
func (w *walker) buildInstalled(c *Command, sc *scope, by string, dir Word, bin *Word) {
	b := Word{Value: "(install prefix of " + dir.Value + ")/bin", Dynamic: true}
	if dir.Dynamic {
		b = Word{Value: "(install prefix of a folder known only at run time)/bin", Dynamic: true}
	}
	if bin != nil {
		b = *bin
	}
	if namesVar(w.top, "DESTDIR") || namesVar(w.src, "DESTDIR") {
		// DESTDIR=D put before the prefix: a folder the command gives.
		b = Word{Value: "$DESTDIR/" + b.Value, Dynamic: true}
	}
	from := Word{Value: dir.Value + "/(programs its install rules name)", Dynamic: true}
	w.effect(c, sc, Effect{Kind: Writes, Path: under(b), From: &from, By: by})
}

// cmakeEffects: cmake -E TOOL is the command the tool stands for
// (cmake.go); cmake -P FILE runs cmake code from FILE, a configure step
// the code of the project and of its settings (cmakeConfigure); cmake --install
// DIR [--prefix P] installs into P's bin folder (or the prefix DIR was
// configured with), as cmake --build DIR --target install does; other
// uses are unknown.
func cmakeEffects(w *walker, c *Command, sc *scope, in stdin) {
	if len(c.Args) > 1 && !c.Args[1].Dynamic && c.Args[1].Value == "-E" && cmakeTool(w, c, sc, in, c.Args[2:]) {
		return // Known: what it does is the tool's command
	}
	c.Known = false
	vals, _, ops := installWords(c.Args[1:], "--install", "--build", "--prefix", "--config", "--component",
		"--target", "-t", "-j", "--parallel", "-S", "-B", "-D", "-G", "-P")
	if f, ok := vals["-P"]; ok {
		cmakeScript(w, c, sc, f)
	} else if _, b := vals["--build"]; !b && !cmakeNoConfigure(c.Args[1:]) {
		if _, i := vals["--install"]; !i {
			cmakeConfigure(w, c, sc, vals, ops)
		}
	}
	dir, install := vals["--install"]
	if b, ok := vals["--build"]; ok {
		t, ok := vals["--target"]
		if !ok {
			t = vals["-t"]
		}
		targets := append([]Word{t}, ops...) // --target install, or -t a install
		for _, t := range targets {
			if t.Dynamic || t.Value == "install" || strings.HasPrefix(t.Value, "install/") {
				dir, install = b, true
			}
		}
	}
	if !install {
		return
	}
	var bin *Word
	if p, ok := vals["--prefix"]; ok {
		b := binOf(p)
		bin = &b
	}
	w.buildInstalled(c, sc, "cmake --install", dir, bin)
}

// mesonEffects: meson install [-C DIR] [--destdir D] installs into the
// prefix DIR was configured with (under D); other uses are unknown.
func mesonEffects(w *walker, c *Command, sc *scope, _ stdin) {
	c.Known = false
	sub, ok := c.Subcommand(Spec{})
	if !ok || sub[0].Dynamic || sub[0].Value != "install" {
		return
	}
	vals, _, _ := installWords(sub[1:], "-C", "--destdir", "--tags", "--skip-subprojects")
	dir := Static(".")
	if d, ok := vals["-C"]; ok {
		dir = d
	}
	var bin *Word
	if d, ok := vals["--destdir"]; ok {
		b := MakeWord(strings.TrimSuffix(d.Value, "/")+"/(prefix)/bin", true, "", "")
		bin = &b
	}
	w.buildInstalled(c, sc, "meson install", dir, bin)
}

// ninjaEffects: ninja install [-C DIR] installs into the prefix DIR was
// configured with; what else it runs is build.ninja's, not read here.
func ninjaEffects(w *walker, c *Command, sc *scope, _ stdin) {
	c.Known = false // the build's commands are build.ninja's
	vals, _, ops := installWords(c.Args[1:], "-C", "-f", "-j", "-k", "-l", "-d", "-t", "-w")
	dir := Static(".")
	if d, ok := vals["-C"]; ok {
		dir = d
	}
	for _, o := range ops {
		if o.Dynamic || o.Value == "install" || strings.HasPrefix(o.Value, "install/") {
			w.buildInstalled(c, sc, "ninja install", dir, nil)
			return
		}
	}
}

// gemEffects: gem install of a .gem file (or --local) installs its
// executables into --bindir (-n) or gem's bin folder; other uses are
// unknown.
func gemEffects(w *walker, c *Command, sc *scope, _ stdin) {
	c.Known = false
	sub, ok := c.Subcommand(Spec{})
	if !ok || sub[0].Dynamic || sub[0].Value != "install" && sub[0].Value != "i" {
		return
	}
	vals, flags, ops := installWords(sub[1:], "--bindir", "-n", "--install-dir", "-i", "--version", "-v",
		"--platform", "--source", "-s", "--build-root", "--file", "-g", "--document")
	var bin *Word
	for _, k := range []string{"--bindir", "-n"} {
		if b, ok := vals[k]; ok {
			bin = &b
		}
	}
	if bin == nil {
		b := Word{Value: "$(gem's bin folder)", Dynamic: true}
		if d, ok := vals["--install-dir"]; ok {
			b = binOf(d)
		} else if d, ok := vals["-i"]; ok {
			b = binOf(d)
		}
		bin = &b
	}
	for _, o := range ops {
		if o.Dynamic || flags["--local"] || flags["-l"] || strings.HasSuffix(o.Value, ".gem") {
			w.effect(c, sc, Effect{Kind: Writes, Path: under(*bin), From: &Word{Value: o.Value + "(its executables)", Dynamic: true}, By: "gem install"})
		}
	}
}
