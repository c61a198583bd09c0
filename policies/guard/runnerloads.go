package guard

import (
	"path"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// runnerLoadsWritten is rule 4 on a test runner or build tool run after
// the same command writes a file it loads by its name, not named in the
// command (issue 38): pytest imports every conftest.py under its root
// folder and its test files, and reads its options from pytest.ini,
// tox.ini, setup.cfg or pyproject.toml (addopts = --basetemp=src
// deletes src); jest and vitest run their test files and
// jest.config.js or vitest.config.ts, a bundler its configuration and
// plugins, npm's scripts such tools; eslint and prettier their
// configuration; rspec and rake their specs, Rakefile and .rspec;
// phpunit its tests; prove its .t files; cargo build.rs and its tests.
// `echo 'import os; os.system("rm -rf src")' > conftest.py && pytest`
// deleted src under bash, and so did a jest.config.js or a test file
// written, then `npx jest`. A code file whose text the command spells
// out (cat's here-document, echo of static words: shell.WrittenText)
// is judged by that text as rule 5 judges inline code: `cat >
// tests/test_a.py <<'PY' … PY; pytest` passes unless it names os.system
// or the like. Files on the disk are the project's own code and pass
// (`pytest`, `npx jest`); so does a file written after the runner
// starts (`pytest > out.py`, see writtenAfter). A file written where it
// is known only at run time may be any of them.
func runnerLoadsWritten(s *shell.Script, at *place, files []writtenFile, dynamic string) (string, bool) {
	var kinds [rsRunner + 1]bool // the kinds of runner that may load a file written
	some := false
	for i := range files {
		ext := path.Ext(files[i].base) // once a file, not once a kind of runner
		for r := pyRunner; r <= rsRunner; r++ {
			if !kinds[r] && r.loadsExt(files[i].base, ext) {
				kinds[r], some = true, true
			}
		}
	}
	if dynamic == "" && !some {
		return "", false // go test > out.txt: no runner loads it, and no command is read
	}
	// Each runner's name is judged once (its verdict is the same for each
	// of its commands), each file's text once: 2,000 pytest commands
	// after 2,000 tests written compare no pairs.
	var judged []string
	var rf runnerFiles
	for _, c := range s.Commands {
		r := runnerOf(c)
		if r == noRunner || dynamic == "" && !kinds[r] || slices.Contains(judged, c.Name) {
			continue
		}
		if dynamic != "" {
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` may load a file this same command writes where " +
				"it is known only at run time (`" + dynamic + "`: a test runner or build tool loads its tests, settings and build " +
				"scripts by their names), so what it runs cannot be checked; write the file in one call and ask the user before running it", true
		}
		judged = append(judged, c.Name)
		last := -2 // where c's name is last named, read at its first need
		name := c.Name
		if len(c.Via) > 0 {
			name = c.Via[0] // what the command runs it by (npx jest, make test's pytest)
		}
		for i := range files {
			f := &files[i]
			if !r.loads(*f) || rf.after(at, files, i, name, &last) {
				continue
			}
			switch what, v := rf.text(s, at, files, i); v {
			case textHarmless:
				continue
			case textDangerous:
				return "guard: rule 5 (inline code): `" + clip(c.String()) + "` loads " + at.shown(f.path) + ", whose " + codeLangOf(f.base) +
					" code this same command writes and names " + what + ", which deletes files, runs programs or reaches a " +
					"protected path; use a shell command the guard can read (rm, git, …) instead, or ask the user", true
			}
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` may load " + at.shown(f.path) + " (which this same command " +
				"writes, `" + f.by + "`: a test runner or build tool loads its tests, settings and build scripts by their names), so " +
				"what it runs is not in the command and cannot be checked; write the file in one call and ask the user before running it", true
		}
	}
	return "", false
}

// runnerFiles remembers, for runnerLoadsWritten, what was read of the
// files written: where each is first named in the script, and the
// verdict on its text.
type runnerFiles struct {
	inOrder int   // whether the script runs in order: -1 not yet read
	first   []int // where each file's base name is first named: -2 not yet read
	verdict []textVerdict
	what    []string
	texts   map[string]*fileText // by absolute path, made at the first need
	spelled map[string]bool      // scriptSpelled's answers by path and language
}

// A textVerdict is what a file's text, written by the script, is found to be.
type textVerdict uint8

const (
	textUnread    textVerdict = iota
	textUnknown               // not all of it is in the command, or it is no code rule 5 reads
	textHarmless              // code that names no deleting or process-running API
	textDangerous             // code that names one
)

// fileText is what the script writes to one file: how many writes
// writtenThenRun counts, and the texts known of them.
type fileText struct {
	writes, texts int
	text          strings.Builder
}

// after reports whether files[i] is written after the runner named name
// starts (see writtenAfter), in a script that runs in order; *last is
// where name is last named (-2: not yet read).
func (rf *runnerFiles) after(at *place, files []writtenFile, i int, name string, last *int) bool {
	if rf.first == nil {
		rf.inOrder = -1
		rf.first = make([]int, len(files))
		for k := range rf.first {
			rf.first[k] = -2
		}
	}
	if !at.runsInOrder(&rf.inOrder) || name == "" {
		return false
	}
	if *last == -2 {
		*last = strings.LastIndex(at.src, name)
	}
	if rf.first[i] == -2 {
		rf.first[i] = strings.Index(at.src, files[i].base)
	}
	return *last >= 0 && rf.first[i] > *last
}

// text returns the verdict on the text of files[i] (see knownText), and
// what dangerous code names.
func (rf *runnerFiles) text(s *shell.Script, at *place, files []writtenFile, i int) (string, textVerdict) {
	if rf.verdict == nil {
		rf.verdict, rf.what = make([]textVerdict, len(files)), make([]string, len(files))
	}
	if rf.verdict[i] != textUnread {
		return rf.what[i], rf.verdict[i]
	}
	rf.verdict[i] = textUnknown
	if lang := codeLangOf(files[i].base); lang != "" {
		if text, ok := rf.known(s, at, files[i].path); ok {
			rf.verdict[i] = textHarmless
			if what, bad := dangerousCode(lang, text); bad {
				rf.verdict[i], rf.what[i] = textDangerous, what
			}
		}
	}
	return rf.what[i], rf.verdict[i]
}

// known returns the text script s writes to file p (absolute), when
// every write of it that writtenThenRun counts (a redirection or a
// copying program's) is a redirection whose text is known
// (shell.WrittenText): an earlier text of a file rewritten with > is
// judged too, as code that may have been there. The writes and texts
// are indexed by path once.
func (rf *runnerFiles) known(s *shell.Script, at *place, p string) (string, bool) {
	if len(s.Texts) == 0 {
		return "", false
	}
	if rf.texts == nil {
		rf.texts = make(map[string]*fileText, len(s.Texts))
		for i := range s.Texts {
			if t := &s.Texts[i]; !t.Path.Dynamic {
				k := joinPath(at.dir, t.Path.Value)
				ft := rf.texts[k]
				if ft == nil {
					ft = &fileText{}
					rf.texts[k] = ft
				}
				ft.texts++
				ft.text.WriteString(t.Text)
				ft.text.WriteByte('\n')
			}
		}
		for i := range s.Writes {
			if w := &s.Writes[i]; !w.Delete && !w.Maybe && copies(w.By) && !w.Path.Dynamic {
				if ft := rf.texts[joinPath(at.dir, w.Path.Value)]; ft != nil {
					ft.writes++
				}
			}
		}
	}
	ft := rf.texts[p]
	if ft == nil || ft.writes == 0 || ft.writes != ft.texts {
		return "", false
	}
	return ft.text.String(), true
}

// A runner is a kind of program that loads the project's code by names
// of its own (see runnerLoadsWritten).
type runner uint8

const (
	noRunner  runner = iota
	pyRunner         // pytest, tox, nox: .py files and their settings
	jsRunner         // jest, vitest, mocha, bundlers, npm's scripts: .js and .ts files
	jsLinter         // eslint, prettier, stylelint: their configuration's files
	rbRunner         // rspec, rake, cucumber: .rb and .rake files, Rakefile, .rspec
	phpRunner        // phpunit, pest: .php files, phpunit.xml
	plRunner         // prove: .t, .pm and .pl files
	rsRunner         // cargo build, test, run, check: .rs files (build.rs)
)

// runnerOf returns the kind of runner c is, by its name (npx jest's is
// jest), or for npm's and cargo's by the code they run.
func runnerOf(c *shell.Command) runner {
	switch c.Name {
	case "pytest", "py.test", "pytest-3", "tox", "nox", "nosetests", "behave":
		return pyRunner
	case "jest", "vitest", "mocha", "ava", "tap", "jasmine", "karma", "playwright", "cypress", "nyc", "c8",
		"webpack", "webpack-cli", "webpack-dev-server", "vite", "rollup", "parcel", "next", "nuxt", "nuxi", "astro",
		"gulp", "grunt", "babel", "postcss", "tailwindcss", "svelte-kit", "react-scripts", "craco", "remix",
		"storybook", "nodemon", "tsup", "rspack", "rsbuild":
		return jsRunner
	case "eslint", "prettier", "stylelint", "commitlint", "lint-staged":
		return jsLinter
	case "rspec", "rake", "cucumber":
		return rbRunner
	case "phpunit", "pest", "codecept":
		return phpRunner
	case "prove":
		return plRunner
	case "python", "python2", "python3", "pypy", "pypy3":
		for i := range c.Effects {
			if pytestModule(&c.Effects[i]) {
				return pyRunner // python -m pytest
			}
		}
	case "npm", "pnpm", "yarn", "bun", "cargo":
		for i := range c.Effects {
			if e := &c.Effects[i]; e.Kind == shell.RunsCode {
				switch e.Lang() {
				case "npm-script":
					return jsRunner
				case "rust":
					return rsRunner
				}
			}
		}
	}
	return noRunner
}

// loads reports whether a runner of kind r may load file f.
func (r runner) loads(f writtenFile) bool {
	return r.loadsExt(f.base, path.Ext(f.base))
}

// loadsExt is loads for a file of base name base and extension ext.
func (r runner) loadsExt(base, ext string) bool {
	switch r {
	case pyRunner:
		switch base {
		case "pytest.ini", ".pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml":
			return true
		}
		return ext == ".py" || ext == ".pth"
	case jsRunner:
		return jsFile(ext)
	case jsLinter:
		return jsFile(ext) && linterConfig(base)
	case rbRunner:
		return ext == ".rb" || ext == ".rake" || base == "Rakefile" || base == "rakefile" || base == ".rspec"
	case phpRunner:
		return ext == ".php" || strings.HasPrefix(base, "phpunit.xml")
	case plRunner:
		return ext == ".t" || ext == ".pm" || ext == ".pl"
	case rsRunner:
		return ext == ".rs"
	}
	return false
}

// jsFile reports whether ext is that of a file node's tools load as
// code: JavaScript, or TypeScript that they compile as they load it.
func jsFile(ext string) bool {
	switch ext {
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
		return true
	}
	return false
}

// linterConfig reports whether base names a configuration file of a
// linter or formatter that it loads as code (eslint.config.js,
// .prettierrc.cjs, …): a file it only checks is not run.
func linterConfig(base string) bool {
	for _, p := range [...]string{"eslint.config.", ".eslintrc.", "prettier.config.", ".prettierrc.", "stylelint.config.",
		".stylelintrc.", "commitlint.config.", ".commitlintrc.", "lint-staged.config.", ".lintstagedrc."} {
		if strings.HasPrefix(base, p) {
			return true
		}
	}
	return false
}

// codeLangOf returns the language of a code file named base, as rule 5
// names it ("" for a settings file, judged by rule 4 whatever its text).
func codeLangOf(base string) string {
	switch path.Ext(base) {
	case ".py":
		return "python"
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
		return "node"
	case ".rb", ".rake":
		return "ruby"
	case ".php":
		return "php"
	case ".pl", ".pm", ".t":
		return "perl"
	}
	return "" // rust's build.rs too: rule 5 knows no rust API
}
