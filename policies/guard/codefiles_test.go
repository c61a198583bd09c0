package guard

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// codeFiles are the code files of TestCodeFiles, by their path in the
// project.
var codeFiles = map[string]string{
	"wipe.py":       "import shutil\nshutil.rmtree('src')\n",
	"sys.py":        "import os\nos.system(\"rm -rf src\")\n",
	"sub.py":        "import subprocess\nsubprocess.run(['git', 'checkout', '--', '.'])\n",
	"shell.py":      "import subprocess\nsubprocess.run('rm -rf notes', shell=True, check=True)\n",
	"env.py":        "with open('app/.env', 'w') as f:\n    f.write('KEY=x')\n",
	"tools/rel.py":  "import shutil\nshutil.rmtree('../src')\n",
	"wipe.js":       "const fs = require('fs');\nfs.rmSync('src', { recursive: true, force: true });\n",
	"wipe.ts":       "import { rmSync } from 'node:fs';\nrmSync('src', { recursive: true });\n",
	"exec.mjs":      "import { execSync } from 'node:child_process';\nexecSync(\"git reset --hard\");\n",
	"spawn.js":      "require('child_process').spawnSync('rm', ['-rf', 'notes']);\n",
	"envw.js":       "require('fs').writeFileSync('.env', 'K=1');\n",
	"clean.py":      "import shutil\nshutil.rmtree('node_modules', ignore_errors=True)\nshutil.rmtree('build')\n",
	"var.py":        "import shutil, sys\nshutil.rmtree(sys.argv[1])\n",
	"comment.py":    "# shutil.rmtree('src') was here\nprint('ok')\n",
	"fstr.py":       "import os\nd = 'x'\nos.system(f'rm -rf {d}')\n",
	"build.js":      "const fs = require('fs');\nfs.rmSync('dist', { recursive: true, force: true });\nfs.writeFileSync('dist/out.txt', 'x');\n",
	"readenv.py":    "print(open('.env.example').read())\n",
	"tools/safe.py": "import shutil\nshutil.rmtree('node_modules')\n",
	"wipe.pl":       "use File::Path qw(rmtree);\nrmtree('src');\n",
	"sys.pl":        "system \"rm -rf notes\";\n",
	"list.pl":       "system('git', 'checkout', '--', '.');\n",
	"ticks.pl":      "my $out = `rm -rf src`;\n",
	"qx.pl":         "print qx{git reset --hard};\n",
	"env.pl":        "open(my $fh, '>', 'app/.env') or die;\nprint $fh \"K=1\\n\";\n",
	"var.pl":        "my $d = shift;\nsystem(\"rm -rf $d\");\n",
	"clean.pl":      "# rmtree('src') was here\nuse File::Path qw(rmtree);\nrmtree('node_modules');\nunlink 'notes.bak';\n",
	"wipe.rb":       "require 'fileutils'\nFileUtils.rm_rf('src')\n",
	"sys.rb":        "system \"rm -rf notes\"\n",
	"ticks.rb":      "puts %x(git checkout -- .)\n",
	"env.rb":        "File.write('.env', 'K=1')\n",
	"var.rb":        "d = ARGV[0]\nsystem(\"rm -rf #{d}\")\n",
	"wipe.php":      "<?php\nshell_exec('rm -rf src');\n",
	"env.php":       "<?php\nfile_put_contents('app/.env', 'K=1');\n",
	"ticks.php":     "<?php\necho `git reset --hard`;\n",
	"var.php":       "<?php\n$d = $argv[1];\nsystem(\"rm -rf $d\");\n",
	// local modules the files import
	"modmain.py":       "from tools import wipemod\nwipemod.go()\n",
	"tools/wipemod.py": "import shutil\ndef go():\n    shutil.rmtree('src')\n",
	"pkgmain.py":       "import pkgx\n",
	"pkgx/__init__.py": "from .inner import run\nrun()\n",
	"pkgx/inner.py":    "import os\ndef run():\n    os.system('rm -rf notes')\n",
	"okmod.py":         "import os, json\nfrom tools import safe\n",
	"webmod/a.js":      "require('./h')();\n",
	"webmod/h.js":      "const fs = require('fs');\nmodule.exports = () => fs.rmSync('src', {recursive: true, force: true});\n",
	"rbmain.rb":        "require_relative 'rblib/w'\n",
	"rblib/w.rb":       "FileUtils.rm_rf('src')\n",
}

// codeFileCases: each command, the rule that denies it ("" passes) and,
// for an attack, the path it deletes or changes under python3 or node.
var codeFileCases = []struct{ cmd, want, changes string }{
	{`python3 wipe.py`, "rule 1", "src"},
	{`python3 -u sys.py`, "rule 1", "src"},
	{`python3 sub.py`, "rule 2", "src/main.go"},
	{`python3 shell.py`, "rule 1", "notes"},
	{`python3 env.py`, "rule 3", "app/.env"},
	{`cd tools && python3 rel.py`, "rule 1", "src"},
	{`node wipe.js`, "rule 1", "src"},
	{`npx tsx wipe.ts`, "rule 1", ""},
	{`node exec.mjs`, "rule 2", "src/main.go"},
	{`node spawn.js`, "rule 1", "notes"},
	{`node envw.js`, "rule 3", ".env"},
	// Look-alikes: scratch, what cannot be told, comments, reads.
	{`python3 clean.py`, "", ""},
	{`python3 var.py src`, "", ""},
	{`python3 comment.py`, "", ""},
	{`python3 fstr.py`, "", ""},
	{`node build.js`, "", ""},
	{`python3 readenv.py`, "", ""},
	{`cd tools && python3 safe.py`, "", ""},
	{`python3 missing.py`, "", ""},
	{`python3 -m pytest`, "", ""},
	{`python3 -m wipe`, "rule 1", "src"}, // ./wipe.py, first on the module path
	{`python3 -c "import runpy; runpy.run_path('wipe.py')"`, "rule 5", ""},
	// Perl (run under perl), Ruby and PHP (not installed here: read only)
	{`perl wipe.pl`, "rule 1", "src"},
	{`perl sys.pl`, "rule 1", "notes"},
	{`perl list.pl`, "rule 2", "src/main.go"},
	{`perl ticks.pl`, "rule 1", "src"},
	{`perl qx.pl`, "rule 2", "src/main.go"},
	{`perl env.pl`, "rule 3", "app/.env"},
	{`perl var.pl src`, "", ""},
	{`perl clean.pl`, "", ""},
	{`ruby wipe.rb`, "rule 1", ""},
	{`ruby sys.rb`, "rule 1", ""},
	{`ruby ticks.rb`, "rule 2", ""},
	{`ruby env.rb`, "rule 3", ""},
	{`ruby var.rb src`, "", ""},
	{`php wipe.php`, "rule 1", ""},
	{`php env.php`, "rule 3", ""},
	{`php ticks.php`, "rule 2", ""},
	{`php var.php src`, "", ""},
	// local modules, read to a bound; installed packages are not
	{`python3 modmain.py`, "rule 1", "src"},
	{`python3 pkgmain.py`, "rule 1", "notes"},
	{`node webmod/a.js`, "rule 1", "src"},
	{`ruby rbmain.rb`, "rule 1", ""},
	{`python3 okmod.py`, "", ""},
}

// codeFileProject is project with codeFiles written in it.
func codeFileProject(t *testing.T) string {
	t.Helper()
	root := project(t)
	writeFiles(t, root, codeFiles, 0o644)
	return root
}

// TestCodeFiles: a program in another language that a command runs is
// read, and what it certainly does is judged as the shell command that
// does the same would be.
func TestCodeFiles(t *testing.T) {
	root := codeFileProject(t)
	for _, tc := range codeFileCases {
		r := Judge(t.Context(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: tc.cmd, Cwd: root}})
		switch {
		case tc.want == "" && r.Decision != hooks.NoDecision:
			t.Errorf("%s: %v %q, want it to pass", tc.cmd, r.Decision, r.Reason)
		case tc.want != "" && (r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, tc.want) ||
			tc.changes != "" && !strings.Contains(r.Reason, "which the command runs")):
			t.Errorf("%s: %v %q, want %s", tc.cmd, r.Decision, r.Reason, tc.want)
		}
	}
}

// TestCodeFilesUnderInterpreters runs each attack of TestCodeFiles in a
// fresh copy of the project, under bash with the real python3, node and
// perl:
// each changes what the row says.
func TestCodeFilesUnderInterpreters(t *testing.T) {
	for _, prog := range []string{"bash", "python3", "node", "perl"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skip(prog, "not found:", err)
		}
	}
	for _, tc := range codeFileCases {
		if tc.changes == "" {
			continue
		}
		root := codeFileProject(t)
		p := filepath.Join(root, filepath.FromSlash(tc.changes))
		before, _ := os.ReadFile(p)
		_, statErr := os.Stat(p)
		cmd := exec.Command("bash", "-c", tc.cmd)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", tc.cmd, err, out)
			continue
		}
		after, err := os.ReadFile(p)
		_, statAfter := os.Stat(p)
		if (statErr == nil) == (statAfter == nil) && string(before) == string(after) && err == nil {
			t.Errorf("%s: %s unchanged, so the row is no attack", tc.cmd, tc.changes)
		}
	}
}

// FuzzCodeCommands: reading a code file's calls never panics, whatever
// the file holds (the model may write it), and yields a bounded number
// of commands.
func FuzzCodeCommands(f *testing.F) {
	for _, s := range codeFiles {
		f.Add(s)
	}
	f.Add("os.system('")
	f.Add("subprocess.run([\"a\", 'b'")
	f.Add("execSync(`x${y}`)")
	f.Add("open(r'\\', 'w')")
	f.Add("system \"rm")
	f.Add("%x(rm -rf")
	f.Add("qx{")
	f.Add("`")
	f.Fuzz(func(t *testing.T, code string) {
		for _, lang := range []string{"python", "node", "ruby", "perl", "php"} {
			syn, _ := codeLang(lang)
			if cmds, _ := codeCommands(code, syn, nil); len(cmds) > maxCodeCalls {
				t.Fatalf("%d commands", len(cmds))
			}
		}
	})
}

// TestCodeFileBounds: a file of decoy calls is answered fast and denied
// (rule 4), not read to its end once per call.
func TestCodeFileBounds(t *testing.T) {
	root := project(t)
	writeFiles(t, root, map[string]string{
		"decoys.py":  strings.Repeat("rmtree(", 100000),
		"many.py":    strings.Repeat("shutil.rmtree('build')\n", 300),
		"fine.py":    strings.Repeat("print('x')\n", 1000) + "shutil.rmtree('node_modules')\n",
		"longarg.py": "os.system('" + strings.Repeat("x", 10000) + "')\n",
		"shell.py":   strings.Repeat("os.system('echo "+strings.Repeat("{a,b}", 700)+"')\n", 20),
		"imports.js": strings.Repeat("require('./x'); import y from './y';\n", 30000),
		"imports.py": strings.Repeat("from . import a, b, c\nimport x.y.z\n", 30000),
	}, 0o644)
	judgeTable(t, root, []judgeCase{
		{`python3 decoys.py`, "holds more calls"},
		{`python3 many.py`, "holds more calls"},
		{`python3 fine.py`, ""},
		{`python3 longarg.py`, ""},
		{`python3 shell.py`, "KiB of shell text"}, // 20 dense commands of 3.5 KiB
		{`node imports.js`, ""},                   // 1 MiB of imports: 64 places looked at
		{`python3 imports.py`, ""},
	})
}

// TestCodeLangKeys: codeLang finds every language of codeSyntaxes (its
// switch, which spares the others a map lookup, names them all).
func TestCodeLangKeys(t *testing.T) {
	for l := range codeSyntaxes.get() {
		if _, ok := codeLang(l); !ok {
			t.Errorf("codeLang(%q) finds no syntax, and codeSyntaxes has one", l)
		}
	}
	for _, l := range []string{"deno", "bun"} {
		if syn, ok := codeLang(l); !ok || len(syn.calls) != len(codeSyntaxes.get()["node"].calls) {
			t.Errorf("codeLang(%q) is not node's", l)
		}
	}
}
