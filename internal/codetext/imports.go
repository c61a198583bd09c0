// Package codetext reads what the guard and the footing need of code
// files in other languages (Python, JavaScript, Ruby, Perl, PHP): string
// literals and the local modules a file imports. It reads text, not
// syntax, and stays linear in the text's length.
package codetext

import (
	"path"
	"strings"
)

// The local modules a code file imports run with it: `python3 main.py`
// whose main.py holds `from lib import helper` runs lib/helper.py (and
// lib/__init__.py) from main.py's folder first. The guard reads those
// the file names by a static relative name, as it reads the file itself,
// to a bound: a module that is not there is an installed package, not
// read; past MaxModules, the rest are not read either (a program's own
// modules are the project's, which the command does not name).

// MaxModules bounds the module files read for one command; MaxModulePaths
// the places looked for them.
const (
	MaxModules     = 16
	MaxModulePaths = 64
	// MaxModuleBytes bounds the bytes of the module files read for one
	// command: 16 modules of 1 MiB each took 700 ms to read for calls
	// and for the hook's paths.
	MaxModuleBytes = 1 << 20
)

// Imports returns the paths (slash-separated, absolute) of the local
// modules code in language lang imports, the file being in dir.
func Imports(lang, code, dir string) []string {
	switch lang {
	case "python":
		return pythonImports(code, dir)
	case "node", "deno", "bun":
		return jsImports(code, dir)
	case "ruby":
		return quotedAfter(code, dir, []string{"require_relative", "load"}, []string{"", ".rb"})
	case "perl":
		return quotedAfter(code, dir, []string{"require", "do"}, []string{""})
	case "php":
		return quotedAfter(code, dir, []string{"require_once", "include_once", "require", "include"}, []string{""})
	}
	return nil
}

// pythonImports reads import and from … import lines.
func pythonImports(code, dir string) []string {
	var out []string
	for rest := code; rest != "" && len(out) <= MaxModulePaths; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		line = strings.TrimSpace(line)
		var mod string
		var names []string
		switch {
		case strings.HasPrefix(line, "import "):
			for _, m := range strings.Split(line[len("import "):], ",") {
				m, _, _ = strings.Cut(strings.TrimSpace(m), " ")
				out = append(out, pyModule(dir, m, nil)...)
			}
			continue
		case strings.HasPrefix(line, "from "):
			rest := line[len("from "):]
			m, list, ok := strings.Cut(rest, " import ")
			if !ok {
				continue
			}
			mod = strings.TrimSpace(m)
			for _, n := range strings.Split(strings.Trim(strings.TrimSpace(list), "()\\"), ",") {
				n, _, _ = strings.Cut(strings.TrimSpace(n), " ")
				names = append(names, n)
			}
		default:
			continue
		}
		out = append(out, pyModule(dir, mod, names)...)
	}
	return out
}

// pyModule returns where module mod (dots as folders, leading dots
// relative to dir's package) and its submodules names may be.
func pyModule(dir, mod string, names []string) []string {
	base := dir
	for strings.HasPrefix(mod, ".") {
		mod = mod[1:]
		if strings.HasPrefix(mod, ".") {
			base = path.Dir(base)
		}
	}
	if !pyName(mod) {
		if mod != "" {
			return nil
		}
	}
	if first, _, _ := strings.Cut(mod, "."); base == dir && pyBuiltin(first) {
		return nil // found before the script's folder: a file of that name does not run
	}
	p := base
	var out []string
	if mod != "" {
		parts := strings.Split(mod, ".")
		for _, part := range parts {
			p = path.Join(p, part)
			out = append(out, p+"/__init__.py")
		}
		out = append(out, p+".py")
	}
	for _, n := range names {
		if pyName(n) && !strings.Contains(n, ".") {
			out = append(out, path.Join(p, n)+".py", path.Join(p, n, "__init__.py"))
		}
	}
	return out
}

// pyName reports whether s is a dotted Python name.
func pyName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !IsIdentByte(s[i]) && s[i] != '.' || s[i] == '$' {
			return false
		}
	}
	return true
}

// jsImports reads require('./x'), import … from './x', import './x',
// import('./x') and export … from './x'.
func jsImports(code, dir string) []string {
	var out []string
	for _, mark := range [...]string{"require(", "from ", "import(", "import "} {
		for rest := code; len(out) <= MaxModulePaths; {
			i := strings.Index(rest, mark)
			if i < 0 {
				break
			}
			rest = rest[i+len(mark):]
			v, _, ok := Literal(strings.TrimLeft(rest, " \t"))
			if !ok || !strings.HasPrefix(v, "./") && !strings.HasPrefix(v, "../") {
				continue
			}
			p := path.Join(dir, v)
			for _, ext := range [...]string{"", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx", "/index.js", "/index.ts"} {
				out = append(out, p+ext)
			}
		}
	}
	return out
}

// quotedAfter reads a literal relative path after one of the words
// (require_relative 'x', require "x.pl", include 'x.php'), with each of
// exts added.
func quotedAfter(code, dir string, words, exts []string) []string {
	var out []string
	for _, w := range words {
		for rest := code; len(out) <= MaxModulePaths; {
			i := strings.Index(rest, w)
			if i < 0 {
				break
			}
			before := rest[:i]
			rest = rest[i+len(w):]
			if before != "" && IsIdentByte(before[len(before)-1]) || rest != "" && IsIdentByte(rest[0]) {
				continue
			}
			v, _, ok := Literal(strings.TrimLeft(strings.TrimLeft(rest, " \t"), "("))
			if !ok || v == "" || strings.HasPrefix(v, "/") || strings.ContainsAny(v, "$") {
				continue
			}
			for _, ext := range exts {
				out = append(out, path.Join(dir, v)+ext)
			}
		}
	}
	return out
}

// pyBuiltin reports whether a top-level module name is one Python finds
// before the script's folder: built into the interpreter, frozen, or
// already imported at start-up (sys, os, time, …).
func pyBuiltin(name string) bool {
	switch name {
	case "sys", "builtins", "os", "io", "abc", "codecs", "site", "stat", "time", "errno", "gc", "itertools", "marshal",
		"posix", "pwd", "atexit", "posixpath", "genericpath", "encodings", "importlib", "zipimport", "faulthandler":
		return true
	}
	return strings.HasPrefix(name, "_")
}
