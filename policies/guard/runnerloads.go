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
	if dynamic == "" && !slices.ContainsFunc(files, anyRunnerLoads) {
		return "", false // go test > out.txt: no runner loads it, and no command is read
	}
	inOrder := -1
	for _, c := range s.Commands {
		r := runnerOf(c)
		if r == noRunner {
			continue
		}
		if dynamic != "" {
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` may load a file this same command writes where " +
				"it is known only at run time (`" + dynamic + "`: a test runner or build tool loads its tests, settings and build " +
				"scripts by their names), so what it runs cannot be checked; write the file in one call and ask the user before running it", true
		}
		for _, f := range files {
			if !r.loads(f) || at.runsInOrder(&inOrder) && writtenAfter(at.src, c.Name, f.base) {
				continue
			}
			if lang := codeLangOf(f.base); lang != "" {
				if text, ok := knownText(s, at, f.path); ok {
					// Its text is in the command: judged as inline code.
					if what, bad := dangerousCode(lang, text); bad {
						return "guard: rule 5 (inline code): `" + clip(c.String()) + "` loads " + at.shown(f.path) + ", whose " + lang +
							" code this same command writes and names " + what + ", which deletes files, runs programs or reaches a " +
							"protected path; use a shell command the guard can read (rm, git, …) instead, or ask the user", true
					}
					continue
				}
			}
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` may load " + at.shown(f.path) + " (which this same command " +
				"writes, `" + f.by + "`: a test runner or build tool loads its tests, settings and build scripts by their names), so " +
				"what it runs is not in the command and cannot be checked; write the file in one call and ask the user before running it", true
		}
	}
	return "", false
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
	ext := path.Ext(f.base)
	switch r {
	case pyRunner:
		switch f.base {
		case "pytest.ini", ".pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml":
			return true
		}
		return ext == ".py" || ext == ".pth"
	case jsRunner:
		return jsFile(ext)
	case jsLinter:
		return jsFile(ext) && linterConfig(f.base)
	case rbRunner:
		return ext == ".rb" || ext == ".rake" || f.base == "Rakefile" || f.base == "rakefile" || f.base == ".rspec"
	case phpRunner:
		return ext == ".php" || strings.HasPrefix(f.base, "phpunit.xml")
	case plRunner:
		return ext == ".t" || ext == ".pm" || ext == ".pl"
	case rsRunner:
		return ext == ".rs"
	}
	return false
}

// anyRunnerLoads reports whether a runner of some kind may load f.
func anyRunnerLoads(f writtenFile) bool {
	for r := pyRunner; r <= rsRunner; r++ {
		if r.loads(f) {
			return true
		}
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

// knownText returns the text script s writes to file p (absolute), when
// every write of it that writtenThenRun counts (a redirection or a
// copying program's) is a redirection whose text is known
// (shell.WrittenText): an earlier text of a file rewritten with > is
// judged too, as code that may have been there.
func knownText(s *shell.Script, at *place, p string) (string, bool) {
	if len(s.Texts) == 0 {
		return "", false
	}
	writes, texts := 0, 0
	for i := range s.Writes {
		if w := &s.Writes[i]; !w.Delete && !w.Maybe && copies(w.By) && !w.Path.Dynamic && joinPath(at.dir, w.Path.Value) == p {
			writes++
		}
	}
	var b strings.Builder
	for i := range s.Texts {
		if t := &s.Texts[i]; !t.Path.Dynamic && joinPath(at.dir, t.Path.Value) == p {
			texts++
			b.WriteString(t.Text)
			b.WriteByte('\n')
		}
	}
	return b.String(), writes > 0 && writes == texts
}
