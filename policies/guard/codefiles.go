package guard

import (
	"context"
	"errors"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// Code files a command runs in another language (python3 clean.py,
// node wipe.js, ./x.py by its #! line): like a shell script file, the
// guard reads one and judges, with rules 1, 2 and 3, what it certainly
// does (see codeCommands): a file that an earlier call wrote to delete
// src is judged as `rm -rf src` would be.

// maxCodeFile bounds the code file read: a bundled program is often
// past a script's bound (readfile.MaxScript); maxCodeBytes the code
// files one command runs, together.
const (
	maxCodeFile  = 1 << 20
	maxCodeBytes = 4 << 20
	// maxCodeShell bounds the shell text the calls of a command's code
	// files run, each parsed and judged on its own: 255 dense commands of
	// 4 KiB took 540 ms and 292 MiB (BenchmarkCodeFileWorst).
	maxCodeShell = 64 << 10
)

// codeLang returns how code of a language package shell names is read:
// its calls, line comment and syntax.
func codeLang(lang string) (codeSyntax, bool) {
	switch lang {
	case "deno", "bun":
		lang = "node"
	case "python", "node", "ruby", "perl", "php": // codeSyntaxes' keys (TestCodeLangKeys)
	default:
		return codeSyntax{}, false // go, npm-script, sh, …: no table to look up
	}
	syn, ok := codeSyntaxes.get()[lang]
	return syn, ok
}

// codeSyntaxes are the languages codeLang knows, built when first used
// (a hook starts on every tool call) and then shared: a script that
// runs python -c and node -e in turn built each table again at each
// change of language (7 % of judging an everyday script).
var codeSyntaxes = lazy[map[string]codeSyntax]{make: func() map[string]codeSyntax {
	syns := map[string]codeSyntax{
		"python": {calls: pythonCalls(), comment: "#"},
		"node":   {calls: jsCalls(), comment: "//"},
		"ruby":   {calls: rubyCalls(), comment: "#", bare: true, ticks: true, interp: "#{"},
		"perl":   {calls: perlCalls(), comment: "#", bare: true, ticks: true, interp: "$@"},
		"php":    {calls: phpCalls(), comment: "//", ticks: true, interp: "$"},
	}
	for l, syn := range syns {
		for _, c := range syn.calls {
			syn.bits = append(syn.bits, nameBit(c.name))
		}
		syns[l] = syn
	}
	return syns
}}

// judgeCodeFiles judges the code files the commands of s run, read from
// at's directory.
func judgeCodeFiles(ctx context.Context, s *shell.Script, at *place) (string, bool) {
	if at.dir == "" || !isAbs(at.dir) || at.cfg != nil && at.cfg.Away {
		return "", false
	}
	read, n, bytes, shellText := 0, 0, 0, 0 // files, calls, bytes read and shell text they run, for the whole command
	modules, modBytes := 0, 0               // module files read, and their bytes
	for _, c := range s.Commands {
		for _, e := range c.Effects {
			if m, ok := strings.CutPrefix(e.Code().Value, "-m "); ok && e.Kind == shell.RunsCode && e.Lang() == "python" && !e.Code().Dynamic && !at.facts(s).cd {
				// python3 -m NAME runs NAME.py from the directory it runs
				// in first, when there is one (a module the model wrote).
				e = moduleFile(m)
			}
			if e.Kind != shell.RunsCode || e.Code().Value != "" || e.Path.Dynamic || e.Path.Value == "" {
				continue
			}
			syn, ok := codeLang(e.Lang())
			if !ok {
				continue
			}
			if read++; read > readfile.MaxScripts {
				return "guard: rule 4 (nothing it cannot see): the command runs more than " + strconv.Itoa(readfile.MaxScripts) +
					" code files, which the guard does not read; run fewer", true
			}
			abs := joinPath(at.dir, e.Path.Value)
			text, err := readfile.Regular(filepath.FromSlash(abs), maxCodeFile)
			switch {
			case readfile.Missing(err), errors.Is(err, readfile.ErrTooLarge):
				// Nothing runs; or a bundle (node dist/server.js) past what
				// is read: like the modules a program imports, not read.
				continue
			case err != nil:
				return "guard: rule 4 (nothing it cannot see): the command runs " + e.Path.Value + ", which the guard cannot read " +
					"(" + err.Error() + "); run a plain file", true
			}
			cmds, over := codeCommands(text, syn, nil)
			n += len(cmds)
			bytes += len(text)
			for _, c := range cmds {
				shellText += len(c)
			}
			if over || n > maxCodeCalls || bytes > maxCodeBytes || shellText > maxCodeShell {
				return "guard: rule 4 (nothing it cannot see): the command runs " + e.Path.Value + ", which, with the other code " +
					"files it runs, holds more calls than the guard reads (" + strconv.Itoa(maxCodeCalls) + " of them, in " +
					strconv.Itoa(maxCallSites) + " places a file, " + strconv.Itoa(maxCodeShell>>10) + " KiB of shell text and " +
					strconv.Itoa(maxCodeBytes>>20) + " MiB of code a command); run a " +
					"shorter program, or ask the user to run it", true
			}
			if r, deny := judgeCodeCommands(ctx, s, c, e, cmds, e.Path.Value, at); deny {
				return r, true
			}
			// The local modules it imports, breadth first, to the bound.
			seen := map[string]bool{abs: true}
			queue := codetext.Imports(e.Lang(), text, path.Dir(abs))
			for i := 0; i < len(queue) && i < codetext.MaxModulePaths && modules < codetext.MaxModules && modBytes < codetext.MaxModuleBytes; i++ {
				m := queue[i]
				if seen[m] {
					continue
				}
				seen[m] = true
				text, err := readfile.Regular(filepath.FromSlash(m), int64(codetext.MaxModuleBytes-modBytes))
				if err != nil {
					continue // an installed package, one past the bytes left, or not one to read
				}
				modules++
				modBytes += len(text)
				cmds, over := codeCommands(text, syn, nil)
				size := 0
				for _, c := range cmds {
					size += len(c)
				}
				if over || n+len(cmds) > maxCodeCalls || bytes+len(text) > maxCodeBytes || shellText+size > maxCodeShell {
					continue // past the bounds: not read, as a module not there
				}
				n, bytes, shellText = n+len(cmds), bytes+len(text), shellText+size
				if r, deny := judgeCodeCommands(ctx, s, c, e, cmds, relTo(at.dir, m)+", which "+e.Path.Value+" imports", at); deny {
					return r, true
				}
				queue = append(queue, codetext.Imports(e.Lang(), text, path.Dir(m))...)
			}
		}
	}
	return "", false
}

// judgeCodeCommands judges the shell commands cmds that the code file of
// effect e, run by c, certainly runs (file, or a module it imports,
// named in the reason), in the directory c runs in.
func judgeCodeCommands(ctx context.Context, s *shell.Script, c *shell.Command, e shell.Effect, cmds []string, file string, at *place) (string, bool) {
	dir, known := runDir(c, e)
	if !known && at.facts(s).cd {
		dir = "$CODE_DIR" // relative paths are known only at run time
	}
	for _, cmd := range cmds {
		text := cmd
		if dir != "" {
			text = "cd -- " + dirWord(dir) + " && {\n" + cmd + "\n}"
		}
		s2, err := (&shell.Parser{}).Parse(ctx, text)
		if err != nil {
			continue // a command the shell would not run either
		}
		d := s2.Definite()
		sub := *at
		sub.src, sub.script = text, s2
		for _, rule := range fileRules() {
			if reason, deny := rule.judge(d, &sub); deny {
				return reason + " (in " + file + ", which the command runs: `" + clip(cmd) + "`)", true
			}
		}
	}
	return "", false
}

// dirWord quotes dir for the shell, leaving a leading $NAME an
// expansion.
func dirWord(dir string) string {
	if strings.HasPrefix(dir, "$") {
		return `"` + dir + `"`
	}
	return quoted(dir)
}

// runDir returns the directory command c runs in, relative to where the
// command starts as package shell resolves paths: the path of its code
// file e less the word that names it (cd sub && python3 x.py runs in
// sub). known is false when the word cannot be found.
func runDir(c *shell.Command, e shell.Effect) (dir string, known bool) {
	for _, a := range c.Args[1:] {
		if a.Dynamic || strings.HasPrefix(a.Value, "-") || strings.HasPrefix(a.Value, "/") {
			continue
		}
		v := path.Clean(a.Value)
		if strings.HasPrefix(v, "..") {
			continue
		}
		switch p := e.Path.Value; {
		case p == v:
			return "", true
		case strings.HasSuffix(p, "/"+v):
			return strings.TrimSuffix(p, "/"+v), true
		}
	}
	return "", false
}

// moduleFile returns the RunsCode effect of python3 -m NAME's file in
// the directory the command starts in (NAME.py, dots as folders), or one
// of no file when NAME is not a plain module name. (A package's
// __main__.py is not read.)
func moduleFile(name string) shell.Effect {
	if name == "" || strings.ContainsAny(name, "/\\$`*?[ ") || strings.HasPrefix(name, ".") {
		return shell.Effect{}
	}
	return shell.CodeEffect("python", shell.Word{}, shell.Static(strings.ReplaceAll(name, ".", "/")+".py"))
}

// relTo returns the absolute path p relative to dir when under it, else p.
func relTo(dir, p string) string {
	if rel, ok := strings.CutPrefix(p, strings.TrimSuffix(filepath.ToSlash(dir), "/")+"/"); ok {
		return rel
	}
	return p
}
