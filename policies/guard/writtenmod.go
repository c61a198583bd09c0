package guard

import (
	"path"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// loadsWritten returns a command of s that runs an interpreter which may
// load one of the files written as a module of its language (issue 38):
// Python imports a .py file by name from the current folder or
// PYTHONPATH, and sitecustomize.py or a .pth file at start; node
// resolves `node y` and require("./y") to y.js; perl's use and ruby's
// require find .pm and .rb files on paths the environment names. The
// interpreter's code need not name the file: `echo '…' > json.py;
// python3 -c 'import json'` runs it. go run, test, generate, build and
// vet run the .go files of the packages they name (go generate the
// commands of their //go:generate lines): one written under such a
// package by a redirection, tee, cp or another copying program (not an
// editor in place, sed -i, whose change of a file that is there the
// guard does not read as code) is run.
func loadsWritten(s *shell.Script, at *place, files []writtenFile) (*shell.Command, writtenFile, bool) {
	if len(files) == 0 {
		return nil, writtenFile{}, false
	}
	// The languages whose modules are among the files, read once: each
	// interpreter is compared with the files only when one may be its
	// (3,000 python3 -c that each write a .txt file compared 9 M pairs).
	var langs []string
	goFiles := false
	for _, f := range files {
		ext := path.Ext(f.base)
		goFiles = goFiles || ext == ".go"
		for _, l := range moduleLangs {
			if moduleOf(l, ext) && !slices.Contains(langs, l) {
				langs = append(langs, l)
			}
		}
	}
	if len(langs) == 0 && !goFiles {
		return nil, writtenFile{}, false // no module among the files (out.log, a.txt)
	}
	inOrder := -1 // whether the script runs in order, read at its first need
	goOK := -1    // whether the Go files written are harmless, read at its first need
	var rf runnerFiles
	// The file a run may load depends on its language, whether it is
	// pytest's and its program's name only: found once for each (2,000
	// python -m pytest after 2,000 written tests compared 4 M pairs).
	type loadKey struct {
		lang, name string
		pytest     bool
	}
	loads := map[loadKey]int{} // the index in files of the first it may load, -1 for none
	for _, c := range s.Commands {
		for i := range c.Effects {
			e := &c.Effects[i]
			if e.Kind != shell.RunsCode || !slices.Contains(langs, langAlias(e.Lang())) && !(goFiles && e.Lang() == "go") {
				continue
			}
			if scriptSpelled(s, at, e, files, &rf) {
				continue // cat > s.py <<'PY' … PY; python3 s.py
			}
			key := loadKey{e.Lang(), c.Name, pytestModule(e)}
			k, ok := loads[key]
			if !ok {
				k = -1
				for j, f := range files {
					if key.pytest && pytestOwn(at, f) {
						continue // as pytest loads it: see runnerLoadsWritten
					}
					if (moduleOf(langAlias(key.lang), path.Ext(f.base)) || key.lang == "go" && goWritten(f)) &&
						!(at.runsInOrder(&inOrder) && writtenAfter(at.src, c.Name, f.base)) {
						if key.lang == "go" {
							if goOK < 0 {
								goOK = 0
								if goWrittenHarmless(s, at, files, &rf) {
									goOK = 1
								}
							}
							if goOK == 1 {
								continue // its text imports nothing that reaches a file or a program
							}
						}
						k = j
						break
					}
				}
				loads[key] = k
			}
			if k >= 0 {
				return c, files[k], true
			}
		}
	}
	return nil, writtenFile{}, false
}

// runsInOrder reports whether at's script is plainInOrder (and no longer
// than maxInOrderScan), read once into *memo (-1: not yet read).
func (at *place) runsInOrder(memo *int) bool {
	if *memo < 0 {
		*memo = 0
		if len(at.src) <= maxInOrderScan && plainInOrder(at.src) {
			*memo = 1
		}
	}
	return *memo == 1
}

// moduleLangs are the languages moduleOf knows.
var moduleLangs = [...]string{"python", "node", "perl", "ruby", "php", "lua"}

// moduleOf reports whether a file of extension ext is a module an
// interpreter of lang may load without being named.
func moduleOf(lang, ext string) bool {
	switch lang {
	case "python":
		return ext == ".py" || ext == ".pth" || ext == ".pyc"
	case "node":
		// TypeScript too: tsx, ts-node, deno, bun and node 23 load .ts.
		return ext == ".js" || ext == ".mjs" || ext == ".cjs" || ext == ".node" || ext == ".ts" || ext == ".mts" || ext == ".cts"
	case "perl":
		return ext == ".pm" || ext == ".pl"
	case "ruby":
		return ext == ".rb"
	case "php":
		return ext == ".php"
	case "lua":
		return ext == ".lua"
	}
	return false
}

// goWritten reports whether f is a .go file, written by a copying
// program or a redirection: go may build it wherever it is, in the
// package it names or in one that package imports (issue 38: `cat >
// internal/x/evil.go …; go run ./cmd/app` ran evil.go's init, the file
// not under ./cmd/app).
func goWritten(f writtenFile) bool {
	return path.Ext(f.base) == ".go" && f.by != "sed" && f.by != "perl"
}

// maxInOrderScan bounds the script whose order writtenAfter reads: it
// reads the text once for each pair of an interpreter and a file
// written, so a longer script of many of both would cost seconds (4,000
// files written after one interpreter, 69 KB, took 7.8 s); past it no
// file is taken as written after, and rule 4 judges the load.
const maxInOrderScan = 16 << 10

// plainInOrder reports whether src is a script of plain commands run in
// order: no function, group, subshell, substitution, loop, eval or
// background job, whose text does not run where it stands.
func plainInOrder(src string) bool {
	if strings.Contains(src, "eval") {
		return false
	}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', ')', '{', '}', '`':
			return false
		case '&':
			if i+1 < len(src) && src[i+1] == '&' {
				i++
				continue
			}
			return false // a background job, or &> (written where it stands)
		}
	}
	for w := range strings.FieldsSeq(src) {
		switch w {
		case "for", "while", "until", "select", "source", ".":
			return false
		}
	}
	return true
}

// writtenAfter reports whether, in a script src for which plainInOrder
// holds, the file named base is first named after the last mention of
// the interpreter name: the interpreter then starts before the file is
// written, as in `node gen.js > out.js`, and cannot load what is not
// there yet.
func writtenAfter(src, name, base string) bool {
	if name == "" {
		return false
	}
	last := strings.LastIndex(src, name)
	first := strings.Index(src, base)
	return last >= 0 && first > last
}

// pytestModule reports whether e, an effect that runs code, is python -m
// pytest's.
func pytestModule(e *shell.Effect) bool {
	if e.Lang() != "python" {
		return false
	}
	m := e.Code()
	return !m.Dynamic && (m.Value == "-m pytest" || m.Value == "-m py.test")
}

// pytestOwn reports whether python -m pytest loads file f, written by
// the same command, only as pytest does (issue 38: `cat > tests/test_b.py
// <<'PY' … PY; python -m pytest` was denied while pytest passed): a
// test, a conftest.py, a file under tests/ or test/, whose text
// runnerLoadsWritten judges for both. python -m puts the current folder
// first on the module path, so another .py file there, or a package
// folder, may be imported in place of a module pytest imports
// (./shutil.py): loadsWritten judges it as for any python.
func pytestOwn(at *place, f writtenFile) bool {
	rel := f.path
	if at.dir != "" {
		var ok bool
		if rel, ok = strings.CutPrefix(f.path, strings.TrimSuffix(joinPath(at.dir, "."), "/")+"/"); !ok {
			return false
		}
	}
	first, _, sub := strings.Cut(rel, "/")
	if sub {
		return first == "tests" || first == "test"
	}
	return first == "conftest.py" || strings.HasPrefix(first, "test_") && strings.HasSuffix(first, ".py") ||
		strings.HasSuffix(first, "_test.py")
}
