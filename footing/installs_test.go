package footing_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
)

// installRows are package managers installing a package on disk: its
// programs land in a bin folder (on PATH: ~/.local/bin in the fixture,
// or found by name), named by the package's metadata. tool declares a
// program named like the hook binary (guard), ok another name. run marks
// the rows run with the real npm.
var installRows = []struct {
	cmd       string
	deny, run bool
}{
	{`cd tool && npm link`, true, true},
	{`npm i -g ./tool`, true, true},
	{`npm install --global ./tool --prefix "$HOME/.local"`, true, true},
	{`npm i -g ./ok`, false, true},
	{`npm i -g ./casey`, true, true}, // "bin" and "Bin": npm reads "bin"
	{`cd ok && npm link`, false, true},
	{`npm i -g ./named`, true, false},    // bin given as one path: the package's name
	{`npm i -g ./slash`, true, false},    // a bin key's last name: x\guard is guard
	{`cd life && npm link`, true, false}, // its prepare script copies over the hook
	{`npm i -g typescript`, false, false},
	{`npm install`, false, false},
	{`cargo install --path tool --root ~/.local`, true, false},
	{`cargo install --path tool --root .`, true, false},
	{`cargo install --path ok`, false, false},
	{`cargo install --path ex --example guard --root ~/.local`, true, false},
	{`cargo install ripgrep`, false, false},
	{`pip install --user ./tool`, true, false},
	{`pip install -e ./sp`, true, false}, // setup.py names it
	{`pip install -e ./spok`, false, false},
	{`pip install -e ./ok`, false, false},
	{`pip install requests`, false, false},
	{`uv tool install ./tool`, true, false},
	{`uv tool install --from ./tool guard`, true, false},
	{`uv tool install ruff`, false, false},
	{`uv pip install -e ./ok`, false, false},
	{`pipx install ./tool`, true, false},
	{`pipx install ./ok`, false, false},
	{`pipx install ./inline`, true, false},     // scripts = { guard = … }
	{`pipx install ./escaped`, true, false},    // "\u0067uard": not read, may be anything
	{`cargo install --path bins`, true, false}, // a [[bin]] of the name
	{`cargo install --path arr`, true, false},  // bin = [{ name = … }]
	{`pipx install ./hdr`, true, false},        // [project."scr\u0069pts"]: not read, may be anything
}

// installFixture is the fixture with the packages tool, named, ok, sp
// and spok in the project.
func installFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t)
	files := map[string]string{
		"tool/package.json":      `{"name":"x","version":"1.0.0","bin":{"guard":"x.js"}}`,
		"tool/x.js":              "#!/usr/bin/env node\n",
		"tool/Cargo.toml":        "[package]\nname = \"guard\"\nversion = \"0.1.0\"\n",
		"tool/pyproject.toml":    "[project]\nname = 'x'\n[project.scripts]\nguard = 'x:main'\n",
		"named/package.json":     `{"name":"@me/guard","version":"1.0.0","bin":"x.js"}`,
		"slash/package.json":     `{"name":"s","version":"1.0.0","bin":{"x\\guard":"x.js"}}`,
		"life/package.json":      `{"name":"l","version":"1.0.0","scripts":{"prepare":"cp /bin/true ../bin/guard"}}`,
		"inline/pyproject.toml":  "[ project ]\nname = 'i'\nscripts = { other = 'x:o', guard = 'x:main' }\n",
		"escaped/pyproject.toml": "[project.scripts]\n\"\\u0067uard\" = 'x:main'\n",
		"bins/Cargo.toml":        "[package]\nname = \"okbin\"\n\n[[bin]]\nname = \"guard\"\npath = \"src/g.rs\"\n",
		"casey/package.json":     `{"name":"c","version":"1.0.0","bin":{"guard":"x.js"},"Bin":{"okbin":"x.js"}}`,
		"casey/x.js":             "#!/usr/bin/env node\n",
		"arr/Cargo.toml":         "[package]\nname = \"okbin\"\nbin = [{ path = \"src/g.rs\", name = \"guard\" }]\n",
		"hdr/pyproject.toml":     "[project.\"scr\\u0069pts\"]\nguard = 'x:main'\n",
		"ex/Cargo.toml":          "[package]\nname = \"ex\"\n",
		"ex/examples/guard.rs":   "fn main() {}\n",
		"ok/package.json":        `{"name":"ok","version":"1.0.0","bin":{"okbin":"x.js"}}`,
		"ok/x.js":                "#!/usr/bin/env node\n",
		"ok/Cargo.toml":          "[package]\nname = \"okbin\"\n",
		"ok/pyproject.toml":      "[project]\nname = 'ok'\n[project.scripts]\nokbin = 'x:main'\n",
		"sp/setup.py":            "from setuptools import setup\nsetup(entry_points={'console_scripts': ['guard=x:main']})\n",
		"spok/setup.py":          "from setuptools import setup\nsetup(entry_points={'console_scripts': ['okbin=x:main']})\n",
	}
	for p, c := range files {
		write(t, filepath.Join(f.proj, filepath.FromSlash(p)), c, 0o755)
	}
	return f
}

// TestInstalls: a package's programs are judged by their names.
func TestInstalls(t *testing.T) {
	f := installFixture(t)
	for _, c := range installRows {
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", c.cmd, deny, r, c.deny)
		}
	}
}

// TestInstallsUnderNpm runs the npm rows with the real npm, offline, its
// global prefix ~/.local: a denied row changes the footing
// (~/.local/bin/guard, found on PATH), a passing one does not.
func TestInstallsUnderNpm(t *testing.T) {
	if testing.Short() {
		t.Skip("runs npm for each row")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm not found:", err)
	}
	for _, c := range installRows {
		if !c.run {
			continue
		}
		f := installFixture(t)
		f.addPath(filepath.Dir(npm))
		f.env = append(f.env, "npm_config_prefix="+filepath.Join(f.home, ".local"), "npm_config_offline=true", "npm_config_audit=false", "npm_config_fund=false",
			"npm_config_update_notifier=false", "npm_config_cache="+filepath.Join(f.root, "npmcache"))
		f.checkBash(t, c.cmd, c.deny)
	}
}

// TestNpmScriptShell: the program an .npmrc or the command names as
// script-shell runs each package script (with the real npm too); a
// plain shell there passes.
func TestNpmScriptShell(t *testing.T) {
	npm, npmErr := exec.LookPath("npm")
	for _, c := range []struct {
		npmrc, cmd string
		deny       bool
	}{
		{"script-shell=../tools/sw.sh\n", `cd web && npm run lint`, true},
		{"", `cd web && npm run lint --script-shell ../tools/sw.sh`, true},
		{"", `cd web && npm_config_script_shell=../tools/sw.sh npm run lint`, true},
		{"\"script-shell\"=../tools/sw.sh\n", `cd web && npm run lint`, true}, // npm's ini reader unquotes a key
		{"  'script-shell' = \"../tools/sw.sh\"\n", `cd web && npm run lint`, true},
		{"script-shell=/bin/bash\n", `cd web && npm run lint`, false},
		{"", `cd web && npm run lint`, false},
	} {
		f := newFixture(t)
		write(t, filepath.Join(f.proj, "tools", "sw.sh"), "#!/bin/sh\ncp /bin/true "+filepath.Join(f.proj, "bin", "guard")+"\n", 0o755)
		if c.npmrc != "" {
			write(t, filepath.Join(f.proj, "web", ".npmrc"), c.npmrc, 0o644)
		}
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%q, %s: deny %v (%q), want %v", c.npmrc, c.cmd, deny, r, c.deny)
		}
		if testing.Short() || npmErr != nil {
			continue // npm not here: judged only
		}
		f.addPath(filepath.Dir(npm))
		f.env = append(f.env, "npm_config_update_notifier=false", "npm_config_cache="+filepath.Join(f.root, "npmcache"))
		if changed := f.bash(t, c.cmd); (len(changed) > 0) != c.deny {
			t.Errorf("%q, %s: changes %q under npm", c.npmrc, c.cmd, changed)
		}
	}
}
