package shell

import "strings"

// cmake -E runs a portable file command of its own, which is the
// coreutils command it stands for (cmake -E remove_directory d is rm -rf
// d, copy_directory a b is cp -rT a b, chdir DIR CMD is env -C DIR CMD),
// walked as that command run through "cmake -E"; and cmake -P runs a
// file of cmake code (issue 38).

// cmakeTool walks cmake -E TOOL ARGS… (args are the words after -E) as
// the command it stands for, and reports whether it knows TOOL.
func cmakeTool(w *walker, c *Command, sc *scope, in stdin, args []Word) bool {
	via := plus(c.Via, "cmake -E")
	if len(args) == 0 {
		return true // cmake -E alone lists its tools
	}
	if args[0].Dynamic {
		w.unknown(c.String()+" (a cmake -E tool known only at run time)", via)
		return true
	}
	tool, ops := args[0].Value, args[1:]
	cmd := func(words ...string) []Word {
		out := make([]Word, 0, len(words)+len(ops))
		for _, s := range words {
			out = append(out, Static(s))
		}
		return out
	}
	// files are ops less their options (cmake's tools take few, and a
	// file name never starts with a dash in them).
	files := func() []Word {
		var out []Word
		for _, o := range ops {
			if o.Dynamic || len(o.Value) == 0 || o.Value[0] != '-' {
				out = append(out, o)
			}
		}
		return out
	}
	switch tool {
	case "echo", "echo_append", "capabilities", "environment", "true", "false", "sleep", "server", "help", "-h", "--help":
	case "cat", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "compare_files":
		w.run(append(cmd("cat", "--"), files()...), sc, via, in, false)
	case "rm":
		w.run(append(cmd("rm"), ops...), sc, via, in, false)
	case "remove":
		w.run(append(cmd("rm", "-f", "--"), files()...), sc, via, in, false)
	case "remove_directory":
		w.run(append(cmd("rm", "-rf", "--"), ops...), sc, via, in, false)
	case "make_directory":
		w.run(append(cmd("mkdir", "-p", "--"), ops...), sc, via, in, false)
	case "touch":
		w.run(append(cmd("touch", "--"), ops...), sc, via, in, false)
	case "touch_nocreate":
		w.run(append(cmd("touch", "-c", "--"), ops...), sc, via, in, false)
	case "copy", "copy_if_different", "copy_if_newer":
		if len(ops) > 0 && !ops[0].Dynamic && ops[0].Value == "-t" {
			w.run(append(cmd("cp", "-t"), ops[1:]...), sc, via, in, false) // copy -t DEST FILE…
		} else {
			w.run(append(cmd("cp", "--"), ops...), sc, via, in, false)
		}
	case "copy_directory", "copy_directory_if_different", "copy_directory_if_newer":
		// Each directory's contents land in the last operand.
		if len(ops) >= 2 {
			dest := ops[len(ops)-1]
			for _, d := range ops[:len(ops)-1] {
				w.run(append(cmd("cp", "-rT", "--"), d, dest), sc, via, in, false)
			}
		}
	case "rename":
		w.run(append(cmd("mv", "-T", "--"), ops...), sc, via, in, false)
	case "create_symlink":
		// It removes what is at the new name first.
		w.run(append(cmd("ln", "-sfT", "--"), ops...), sc, via, in, false)
	case "create_hardlink":
		w.run(append(cmd("ln", "-fT", "--"), ops...), sc, via, in, false)
	case "tar":
		w.run(append(cmd("tar"), ops...), sc, via, in, false)
	case "time":
		w.run(ops, sc, via, in, false)
	case "chdir":
		if len(ops) >= 2 {
			w.run(append(append(cmd("env", "-C"), ops[0], Static("--")), ops[1:]...), sc, via, in, false)
		}
	case "env":
		// env [--unset=NAME]… [--modify OP]… [--] [NAME=VALUE]… CMD…
		i := 0
		for i < len(ops) && !ops[i].Dynamic && len(ops[i].Value) > 1 && ops[i].Value[0] == '-' && ops[i].Value != "--" {
			if ops[i].Value == "--modify" {
				i++
			}
			i++
		}
		if i < len(ops) && ops[i].Dynamic && len(ops[i].Prefix()) > 0 && ops[i].Prefix()[0] == '-' {
			w.unknown(c.String()+" (an option known only at run time)", via)
			return true
		}
		if i < len(ops) && !ops[i].Dynamic && ops[i].Value == "--" {
			i++
		}
		if i < len(ops) {
			w.run(append(cmd("env", "--"), ops[i:]...), sc, via, in, false)
		}
	default:
		return false
	}
	return true
}

// cmakeScript records cmake -P FILE: cmake code run from a file.
func cmakeScript(w *walker, c *Command, sc *scope, file Word) {
	w.runsCode(c, sc, "cmake", Word{}, file)
}

// cmakeConfigure records the cmake code a configure step runs (cmake
// -S SRC -B BUILD, cmake SRC): SRC's CMakeLists.txt, an initial cache
// script (-C FILE), and the files a toolchain or project include
// setting names (--toolchain FILE, -DCMAKE_TOOLCHAIN_FILE=FILE, …).
func cmakeConfigure(w *walker, c *Command, sc *scope, vals map[string]Word, ops []Word) {
	args := c.Args[1:]
	define := func(d Word) {
		name, val, ok := strings.Cut(d.Value, "=")
		name, _, _ = strings.Cut(name, ":") // -DNAME:FILEPATH=…
		if !ok || val == "" {
			return
		}
		switch name {
		case "CMAKE_TOOLCHAIN_FILE", "CMAKE_PROJECT_INCLUDE", "CMAKE_PROJECT_INCLUDE_BEFORE", "CMAKE_USER_MAKE_RULES_OVERRIDE",
			"CMAKE_PROJECT_TOP_LEVEL_INCLUDES":
			for _, f := range strings.Split(val, ";") {
				if f != "" {
					cmakeScript(w, c, sc, MakeWord(f, d.Dynamic, "", ""))
				}
			}
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic && !strings.HasPrefix(a.Prefix(), "-D"):
		case (v == "-C" || v == "--toolchain") && i+1 < len(args):
			i++
			cmakeScript(w, c, sc, args[i])
		case strings.HasPrefix(v, "--toolchain="):
			cmakeScript(w, c, sc, MakeWord(v[len("--toolchain="):], a.Dynamic, "", ""))
		case strings.HasPrefix(v, "-C") && len(v) > 2 && !strings.HasPrefix(v, "--"):
			cmakeScript(w, c, sc, MakeWord(v[2:], a.Dynamic, "", ""))
		case v == "-D" && i+1 < len(args):
			i++
			define(args[i])
		case strings.HasPrefix(v, "-D"):
			define(MakeWord(v[2:], a.Dynamic, "", ""))
		}
	}
	src, ok := vals["-S"]
	if !ok {
		src = Static(".") // -B BUILD alone configures the current folder
		if len(ops) > 0 {
			src = ops[0] // cmake SRC (or a build folder, whose cache names it)
		}
	}
	cmakeScript(w, c, sc, joinDir(src, Static("CMakeLists.txt")))
}

// cmakeNoConfigure reports whether cmake's words ask for something other
// than a configure step (help, a version, --open of a project).
func cmakeNoConfigure(args []Word) bool {
	for _, a := range args {
		switch a.Value {
		case "--help", "-h", "--version", "--open", "-N", "--system-information", "--find-package", "--list-presets",
			"--help-full", "--help-command", "--help-module", "--help-variable", "--help-property", "--help-policy":
			return !a.Dynamic
		}
	}
	return false
}

// ctestEffects: ctest -S SCRIPT (-SP, -SR) runs a cmake script (its
// part before a comma); other uses are unknown.
func ctestEffects(w *walker, c *Command, sc *scope, _ stdin) {
	c.Known = false
	args := c.Args[1:]
	for i := 0; i+1 < len(args); i++ {
		if v := args[i].Value; !args[i].Dynamic && (v == "-S" || v == "-SP" || v == "-SR") {
			f := args[i+1]
			if !f.Dynamic {
				f = Static(strings.SplitN(f.Value, ",", 2)[0])
			}
			cmakeScript(w, c, sc, f)
		}
	}
}
