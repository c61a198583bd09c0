package shell

import (
	"path"
	"strings"
)

// Package managers install the programs a package declares into a bin
// folder, often one on PATH (npm link, npm install -g ./pkg, cargo
// install --path, pip install ., uv tool install ., pipx install .). For a
// package on disk, that is a tree write ([Effect.From] the package's
// folder) whose names the package's metadata gives, which a policy
// protecting a file in that folder reads: see [Write.Programs]. A
// package from a registry is named by the registry, not by the command,
// and is not recorded.

// Programs returns the kind of package whose metadata names the files
// of a tree write of programs (see [Effect.From]): "go" (go build, go
// install, go test -c), "npm" (package.json's bin), "cargo"
// (Cargo.toml's package and bins, cargo install and cargo build
// --artifact-dir), "python" (pyproject.toml's or setup.cfg's scripts) or
// "build" (cmake --install, meson and ninja install, gem install of a
// .gem: names known only when it runs); "" for any other write.
func (w Write) Programs() string { return programsBy(w.By, w.From) }

// Programs is [Write.Programs] for an effect.
func (e Effect) Programs() string { return programsBy(e.By, e.From) }

func programsBy(by string, from *Word) string {
	if from == nil {
		return ""
	}
	switch {
	case strings.HasPrefix(by, "go "):
		return "go"
	case by == "npm link" || by == "npm install -g":
		return "npm"
	case by == "cargo install":
		return "cargo"
	case by == "pip install" || by == "uv tool install" || by == "pipx install":
		return "python"
	case by == "cargo build":
		return "cargo"
	case by == "cmake --install" || by == "meson install" || by == "ninja install" || by == "gem install":
		return "build"
	}
	return ""
}

// installed records a tree write of the programs of each package folder
// in pkgs into bin, by by (see [Write.Programs]), and the code installing
// it runs: npm's lifecycle scripts in its package.json, a Python
// package's setup.py.
func (w *walker) installed(c *Command, sc *scope, by string, bin Word, pkgs []Word) {
	for _, p := range pkgs {
		from := p
		w.effect(c, sc, Effect{Kind: Writes, Path: under(bin), From: &from, By: by})
		if p.Dynamic {
			continue
		}
		switch programsBy(by, &from) {
		case "npm":
			w.runsCode(c, sc, "npm-script", Word{}, Static(path.Join(p.Value, "package.json")))
			w.packageScripts(c, &scope{dir: joinDir(sc.dir, p)}, "install", nil)
		case "python":
			w.runsCode(c, sc, "python", Word{}, Static(path.Join(p.Value, "setup.py")))
		}
	}
}

// localPkg reports whether a package word names a folder or file on disk
// (., ./x, ../x, /x, ~/x, file:x) rather than a registry's package, and
// returns the path.
func localPkg(p Word) (Word, bool) {
	if p.Dynamic {
		// $PWD/tool, "$(pwd)": a path or a name, known when it runs.
		return Word{Value: p.Value, Dynamic: true}, true
	}
	v := strings.TrimPrefix(p.Value, "file:")
	if v == "." || v == ".." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") {
		if strings.HasPrefix(v, "~") {
			return Word{Value: v, Dynamic: true}, true
		}
		return Static(v), true
	}
	return Word{}, false
}

// binOf is the bin folder under a --prefix or --root value.
func binOf(prefix Word) Word {
	if prefix.Dynamic {
		return MakeWord(strings.TrimSuffix(prefix.Value, "/")+"/bin", true, prefix.Prefix(), "")
	}
	return Static(path.Join(prefix.Value, "bin"))
}

// installWords splits an install command's words (after its
// subcommand) into options with values (--prefix X or --prefix=X, for
// the names in takes) and flags, and operands.
func installWords(args []Word, takes ...string) (vals map[string]Word, flags map[string]bool, ops []Word) {
	vals, flags = map[string]Word{}, map[string]bool{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic && !strings.HasPrefix(a.Prefix(), "-") || !strings.HasPrefix(a.Value, "-") || a.Value == "-" {
			ops = append(ops, a)
			continue
		}
		if a.Value == "--" {
			ops = append(ops, args[i+1:]...)
			break
		}
		name, val, has := strings.Cut(a.Value, "=")
		if contains(takes, name) {
			switch {
			case has:
				v := Static(val)
				if a.Dynamic {
					v = Word{Value: val, Dynamic: true}
				}
				vals[name] = v
			case i+1 < len(args):
				i++
				vals[name] = args[i]
			}
			continue
		}
		flags[name] = true
	}
	return vals, flags, ops
}

// npmInstalls records npm link (pnpm link, yarn link) and npm install -g
// of a package on disk: its bins land in the global prefix's bin folder
// (--prefix's).
func (w *walker) npmInstalls(c *Command, sc *scope, sub []Word) {
	switch sub[0].Value {
	case "link", "ln", "install", "i", "add", "isntall", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal":
	default:
		return
	}
	if len(sub) == 1 && sub[0].Value != "link" && sub[0].Value != "ln" {
		return // npm install: the project's dependencies
	}
	vals, flags, ops := installWords(sub[1:], "--prefix", "--location", "-C", "--dir", "--registry", "--workspace", "-w")
	bin := Word{Value: "$(npm prefix -g)/bin", Dynamic: true}
	if p, ok := vals["--prefix"]; ok {
		bin = binOf(p)
	}
	var pkgs []Word
	switch sub[0].Value {
	case "link", "ln":
		if len(ops) == 0 {
			pkgs = append(pkgs, Static("."))
		}
		for _, o := range ops {
			if p, ok := localPkg(o); ok {
				pkgs = append(pkgs, p)
			}
		}
		w.installed(c, sc, "npm link", bin, pkgs)
	case "install", "i", "add", "isntall", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal":
		if !flags["-g"] && !flags["--global"] && vals["--location"].Value != "global" {
			return
		}
		for _, o := range ops {
			if p, ok := localPkg(o); ok {
				pkgs = append(pkgs, p)
			}
		}
		w.installed(c, sc, "npm install -g", bin, pkgs)
	}
}

// cargoInstalls records cargo install --path DIR (or --git, whose
// package is known only when it runs): its bins land in --root's bin
// folder, or $CARGO_INSTALL_ROOT's, or ~/.cargo/bin.
func (w *walker) cargoInstalls(c *Command, sc *scope, args []Word) {
	vals, _, _ := installWords(args, "--path", "--root", "--git", "--branch", "--tag", "--rev", "--version",
		"--index", "--registry", "--bin", "--example", "--features", "-F", "--target", "--target-dir", "--profile",
		"-j", "--jobs", "--config", "-Z", "--color")
	bin := Word{Value: "$(cargo's install root)/bin", Dynamic: true}
	if r, ok := vals["--root"]; ok {
		bin = binOf(r)
	}
	switch p, git := vals["--path"], vals["--git"]; {
	case p.Value != "":
		w.installed(c, sc, "cargo install", bin, []Word{p})
	case git.Value != "":
		w.installed(c, sc, "cargo install", bin, []Word{{Value: git.Value, Dynamic: true}})
	}
}

// pipInstalls records pip install (uv pip install) of packages on disk
// (., -e ./x): their scripts land in --prefix's or --target's bin folder,
// ~/.local/bin for --user, or the environment's scripts folder.
func (w *walker) pipInstalls(c *Command, sc *scope, args []Word) {
	vals, flags, ops := installWords(args, "--prefix", "--target", "-t", "--root", "-e", "--editable", "-r",
		"--requirement", "-c", "--constraint", "-i", "--index-url", "--extra-index-url", "-f", "--find-links",
		"--python", "-p", "--python-version", "--platform", "--only-binary", "--no-binary", "--src", "--cache-dir",
		"--log", "--proxy", "--timeout", "--retries", "--trusted-host", "--cert", "--client-cert", "--progress-bar",
		"--upgrade-strategy", "--report", "--config-settings", "-C", "--implementation", "--abi", "--group")
	bin := Word{Value: "$(pip's scripts folder)", Dynamic: true}
	switch {
	case vals["--prefix"].Value != "":
		bin = binOf(vals["--prefix"])
	case vals["--target"].Value != "" || vals["-t"].Value != "":
		t := vals["--target"]
		if t.Value == "" {
			t = vals["-t"]
		}
		bin = binOf(t)
	case vals["--root"].Value != "":
		bin = Word{Value: vals["--root"].Value + "/$(prefix)/bin", Dynamic: true}
	case flags["--user"]:
		bin = Word{Value: "~/.local/bin", Dynamic: true}
	}
	for _, k := range []string{"-e", "--editable"} {
		if e, ok := vals[k]; ok {
			ops = append(ops, e)
		}
	}
	var pkgs []Word
	for _, o := range ops {
		if p, ok := localPkg(o); ok && !strings.HasSuffix(p.Value, ".whl") {
			pkgs = append(pkgs, p)
		} else if ok {
			pkgs = append(pkgs, Word{Value: p.Value, Dynamic: true}) // a wheel: its scripts are not read here
		}
	}
	w.installed(c, sc, "pip install", bin, pkgs)
}

// toolInstalls records uv tool install and pipx install of a package on
// disk: its scripts land in ~/.local/bin (UV_TOOL_BIN_DIR, PIPX_BIN_DIR).
func (w *walker) toolInstalls(c *Command, sc *scope, by string, args []Word) {
	vals, _, ops := installWords(args, "--python", "-p", "--with", "-w", "--from", "--index-url", "-i", "--extra-index-url",
		"--suffix", "--pip-args", "--spec", "--editable", "-e", "--constraints", "-c", "--with-requirements",
		"--with-editable", "--python-preference", "--index", "--default-index")
	for _, k := range []string{"--from", "--spec", "--editable", "-e", "--with-editable"} {
		if v, ok := vals[k]; ok {
			ops = append(ops, v)
		}
	}
	var pkgs []Word
	for _, o := range ops {
		if p, ok := localPkg(o); ok {
			pkgs = append(pkgs, p)
		}
	}
	w.installed(c, sc, by, Word{Value: "~/.local/bin", Dynamic: true}, pkgs)
}

// pyToolEffects: uv and pipx. uv tool install, uv pip install and pipx
// install of a package on disk install its scripts (toolInstalls,
// pipInstalls); the subcommands that run a command are runners; other
// uses are unknown.
func pyToolEffects(w *walker, c *Command, sc *scope, in stdin) {
	sub, ok := c.Subcommand(Spec{})
	if ok && !sub[0].Dynamic {
		switch {
		case c.Name == "pipx" && sub[0].Value == "install":
			w.toolInstalls(c, sc, "pipx install", sub[1:])
			return
		case c.Name == "uv" && len(sub) > 1 && !sub[1].Dynamic && sub[1].Value == "install" && sub[0].Value == "tool":
			w.toolInstalls(c, sc, "uv tool install", sub[2:])
			return
		case c.Name == "uv" && len(sub) > 1 && !sub[1].Dynamic && sub[1].Value == "install" && sub[0].Value == "pip":
			w.pipInstalls(c, sc, sub[2:])
			c.Known = false // its other words: the unknown rule
			return
		}
	}
	subOnly(w, c, sc, in)
}

// pipEffects: pip install of a package on disk installs its scripts
// (pipInstalls); every use of pip is otherwise unknown (its words may
// name files it writes: --target, download -d, wheel -w).
func pipEffects(w *walker, c *Command, sc *scope, _ stdin) {
	if sub, ok := c.Subcommand(Spec{}); ok && !sub[0].Dynamic && sub[0].Value == "install" {
		w.pipInstalls(c, sc, sub[1:])
	}
	c.Known = false
}

// Tarball is the file name of the tarball npm pack (pnpm pack, yarn
// pack) writes, known only when it runs: the package's name and version
// (name-1.0.0.tgz, scope-name-1.0.0.tgz), never a dot file's name, as
// npm refuses a package name that starts with a dot.
const Tarball = "(package tarball).tgz"

// npmPack records the tarball npm pack writes: [Tarball] in the
// --pack-destination folder (npm, pnpm) or where it runs, or the file
// yarn's --filename (-f) or --out (-o) names.
func (w *walker) npmPack(c *Command, sc *scope, args []Word) {
	vals, _, _ := installWords(args, "--pack-destination", "--filename", "-f", "--out", "-o", "--workspace", "-w")
	for _, k := range []string{"--filename", "-f", "--out", "-o"} {
		if v, ok := vals[k]; ok && c.Name == "yarn" {
			w.writes(c, sc, v)
			return
		}
	}
	if d, ok := vals["--pack-destination"]; ok {
		pre := d.Prefix()
		if !d.Dynamic {
			pre = strings.TrimSuffix(d.Value, "/") + "/"
		}
		w.writes(c, sc, MakeWord(strings.TrimSuffix(d.Value, "/")+"/"+Tarball, true, pre, ".tgz"))
		return
	}
	w.writes(c, sc, MakeWord(Tarball, true, "", ".tgz"))
}
