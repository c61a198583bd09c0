package shell

import (
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
)

// More interpreters (see code.go): Tcl (tclsh, wish, expect), R, Julia,
// and gdb's commands.

// tclEffects: tclsh and wish run a script file, else the script on
// standard input; expect also runs -c CMD.
func tclEffects(w *walker, c *Command, sc *scope, in stdin) {
	spec := Spec{Short: "f:c:bdDinNv", Long: []string{"encoding="}}
	if c.Name != "expect" {
		spec = Spec{Long: []string{"encoding="}}
	}
	w.argsOf(c, sc, w.interp(c, sc, in, "tcl", spec, "c", "f"))
}

// rEffects: Rscript -e EXPR… or a script file; R -e EXPR, R -f FILE, else
// standard input.
func rEffects(w *walker, c *Command, sc *scope, in stdin) {
	spec := Spec{Short: "e:f:sq", Long: []string{"vanilla", "no-save", "no-restore", "no-echo", "quiet", "silent", "slave",
		"default-packages=", "file=", "args", "verbose", "no-environ", "no-site-file", "no-init-file", "save", "restore"}}
	f := spec.parse(c.Args[1:], &w.mem)
	if p, ok := f.Value("f", "file"); ok {
		w.runsCode(c, sc, "r", Word{}, p)
		return
	}
	rest := w.interp(c, sc, in, "r", spec, "e")
	if c.Name == "r" {
		c.Known = len(rest) == 0
		return
	}
	w.argsOf(c, sc, rest)
}

// juliaEffects: julia -e/-E CODE, or a script file, else standard input.
func juliaEffects(w *walker, c *Command, sc *scope, in stdin) {
	spec := Spec{Short: "e:E:L:p:t:iqvhO:g:", Long: []string{"eval=", "print=", "load=", "project=?", "threads=",
		"procs=", "startup-file=", "history-file=", "color=", "quiet", "banner=", "compile=", "optimize=?", "check-bounds=",
		"math-mode=", "depwarn=", "sysimage=", "home=", "interactive", "inline=", "code-coverage=?", "track-allocation=?"}}
	w.argsOf(c, sc, w.interp(c, sc, in, "julia", spec, "e", "E", "eval", "print", "L", "load"))
}

// gdbEffects: gdb runs its -ex/-iex/-eval-command commands (shell CMD
// and !CMD run CMD through the shell; python, pipe and the rest are gdb
// code) and the command files of -x/-ix/-command. The program after
// --args is left to the unknown rule (its words are checked as
// commands).
func gdbEffects(w *walker, c *Command, sc *scope, in stdin) {
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			if a.MaybeOption() {
				w.unknown(c.String(), plus(c.Via, c.Name))
				break
			}
			continue
		}
		name, val, eq := strings.Cut(strings.TrimLeft(a.Value, "-"), "=")
		if !strings.HasPrefix(a.Value, "-") {
			continue
		}
		if name == "args" {
			break
		}
		switch name {
		case "ex", "iex", "eval-command", "init-eval-command", "x", "ix", "command", "init-command":
		default:
			continue
		}
		v := Static(val)
		if !eq {
			if i+1 >= len(args) {
				break
			}
			i++
			v = args[i]
		}
		switch name {
		case "x", "ix", "command", "init-command":
			if !v.Dynamic && isStdinPath(v.Value) {
				w.stdinCode(c, sc, "gdb", in)
			} else {
				w.runsCode(c, sc, "gdb", Word{}, v)
			}
			continue
		}
		cmd := codetext.TrimBlank(v.Value)
		if rest, ok := strings.CutPrefix(cmd, "!"); ok && !v.Dynamic {
			w.nestedWord(Static(rest), &scope{dir: sc.dir}, plus(c.Via, c.Name))
			continue
		}
		if rest, ok := strings.CutPrefix(cmd, "shell "); ok && !v.Dynamic {
			w.nestedWord(Static(rest), &scope{dir: sc.dir}, plus(c.Via, c.Name))
			continue
		}
		w.runsCode(c, sc, "gdb", v, Word{})
	}
	c.Known = false
}

// stdinFile records the script a shell reads from standard input when
// that is a file (sh < s.sh, bash -s < s.sh): code in Path, as for a
// script file operand.
func (w *walker) stdinFile(c *Command, sc *scope, in stdin) {
	w.resolve(&in)
	if in.file != nil && in.doc == nil {
		w.runsCode(c, sc, "sh", Word{}, *in.file)
	}
}

// nodeFile reports whether a module node preloads names a file (./x.js,
// ../x, /x, file:…) rather than a package (ts-node/register, found in
// node_modules).
func nodeFile(v Word) bool {
	p := v.Value
	if v.Dynamic {
		p = v.Prefix()
	}
	return v.Dynamic && p == "" || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") ||
		strings.HasPrefix(p, "file:") || p == "." || p == ".."
}
