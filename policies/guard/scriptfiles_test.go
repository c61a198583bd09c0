package guard

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/readfile"
)

// scriptFileProject is project(t) with the script files of
// TestScriptFiles: some an earlier call may have written, some a
// project ships.
func scriptFileProject(t *testing.T) string {
	t.Helper()
	root := project(t)
	files := map[string]string{
		"wipe.sh":          "echo cleaning\nrm -rf src\n",
		"scripts/deploy":   "#!/usr/bin/env bash\nset -euo pipefail\ngit checkout -- .\n",
		"scripts/env.sh":   "printf 'KEY=1\\n' > .env\n",
		"scripts/clean.sh": "#!/bin/sh\nrm -rf node_modules/.cache build\nfind . -name '*.pyc' -delete\n",
		// A wrapper as Gradle's and Maven's ship: what it runs is known
		// only when it runs.
		"gradlew":               "#!/bin/sh\nAPP_HOME=$(cd \"${0%/*}\" && pwd -P)\neval set -- $DEFAULT_JVM_OPTS \"$@\"\nexec \"$JAVACMD\" \"$@\"\n",
		"scripts/tidy":          "#!/bin/sh\ncd \"$(dirname \"$0\")/..\"\nrm -rf \"$OUT\" dist\n",
		"scripts/run.py":        "#!/usr/bin/env python3\nimport shutil; shutil.rmtree('src')\n",
		"outer.sh":              "source scripts/inner.sh\n",
		"scripts/inner.sh":      "rm -rf src\n",
		"envc":                  "#!/usr/bin/env -S sh -c 'rm -rf src'\necho hi\n",
		"runpy":                 "#!/usr/bin/env -S python3 -u\nprint(1)\n",
		"src/sub/x.sh":          "rm -rf ../../docs\n",
		".git/hooks/pre-push":   "#!/bin/sh\nrm -rf src\n",
		".git/hooks/pre-commit": "#!/bin/sh\nnpx lint-staged\n",
		"Makefile":              "test:\n\techo testing\nwipe: test\n\t@rm -rf src\nclean:\n\trm -rf build node_modules/.cache $(OUT)\n",
		"mk/Makefile":           "include rules.mk\n",
		"mk/rules.mk":           "all: gen.o\n%.o:\n\trm -rf ../src\n",
		"web/package.json": `{"scripts": {"test": "vitest run", "pretest": "rm -rf ../src", "build": "tsc && cp .env.example .env",
			"clean": "rm -rf node_modules/.cache dist"}}`,
		// Padded past what the guard reads of a script; a makefile as
		// automake makes them, as long, is read whole.
		"long.sh":      strings.Repeat("# padding\n", readfile.MaxScript/10+1) + "rm -rf src\n",
		"big/Makefile": strings.Repeat("# generated\n", readfile.MaxScript/12+1) + "all:\n\techo ok\nwipe:\n\trm -rf ../src\n",
	}
	writeFiles(t, root, files, 0o755)
	return root
}

// writeFiles writes files (path in root → text) with mode perm.
func writeFiles(t *testing.T, root string, files map[string]string, perm os.FileMode) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), perm); err != nil {
			t.Fatal(err)
		}
	}
}

// TestScriptFiles: the script files a command runs are read and judged
// by what they certainly do. Each deny row, run under bash in a copy of
// the project, deleted or rewrote what the reason names.
func TestScriptFiles(t *testing.T) {
	root := scriptFileProject(t)
	cases := []struct {
		cmd, dir, want string // want: "" passes
	}{
		{`bash wipe.sh`, "", "rule 1"},
		{`sh -e ./wipe.sh`, "", "rule 1"},
		{`./wipe.sh`, "", "rule 1"},
		{`source wipe.sh`, "", "rule 1"},
		{`. ./wipe.sh && ls`, "", "rule 1"},
		{`chmod +x wipe.sh; ./wipe.sh`, "", "rule 1"},
		{`bash < wipe.sh`, "", "rule 1"},
		{`sh -s < wipe.sh`, "", "rule 1"},
		{`bash outer.sh`, "", "rule 1"},
		{`cd src/sub && bash x.sh`, "", "rule 1"},
		{`bash x.sh`, "src/sub", "rule 1"},
		{`scripts/deploy`, "", "rule 2"},
		{`bash scripts/env.sh`, "", "rule 3"},
		{`cd web && npm test`, "", "rule 1"},
		{`npm run build`, "web", "rule 3"},
		{`npm run clean`, "web", ""},
		{`npm test`, "", ""},                   // no package.json there
		{`git push origin main`, "", "rule 1"}, // .git/hooks/pre-push, which an earlier call wrote
		{`git commit -m x`, "", ""},            // pre-commit runs lint-staged
		{`git status && git log -1`, "", ""},
		{`./envc`, "", "rule 4"}, // its #! line runs rm -rf src (run under bash)
		{`./runpy`, "", ""},
		{`make wipe`, "", "rule 1"},
		{`make -C .. wipe`, "web", "rule 1"},
		{`make`, "", ""},
		{`make clean test`, "", ""},
		{`make -n wipe`, "", ""},
		{`make -C mk`, "", "rule 1"}, // an included makefile's pattern rule
		// What a project ships, and what cannot be told before it runs.
		{`bash scripts/clean.sh`, "", ""},
		{`./gradlew build`, "", ""},
		{`scripts/tidy`, "", ""},
		{`bash missing.sh`, "", ""},
		{`./scripts/run.py`, "", "rule 1"}, // its #! line runs python3, whose code deletes src
		{`bash wipe.sh`, "/tmp", ""},       // no such file there
		{`bash long.sh`, "", "longer than the 256 KiB"},
		{`make -C big`, "", ""},
		{`make -C big wipe`, "", "rule 1"},
	}
	for _, tc := range cases {
		dir := root
		if tc.dir != "" {
			dir = joinPath(root, tc.dir)
		}
		r := Judge(t.Context(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: tc.cmd, Cwd: dir}})
		switch {
		case tc.want == "" && r.Decision != hooks.NoDecision:
			t.Errorf("%s (in %s): %v %q, want it to pass", tc.cmd, tc.dir, r.Decision, r.Reason)
		case tc.want != "" && (r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, tc.want)):
			t.Errorf("%s (in %s): %v %q, want %s", tc.cmd, tc.dir, r.Decision, r.Reason, tc.want)
		}
	}
	r := Judge(t.Context(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: `bash wipe.sh`, Cwd: root}})
	if !strings.Contains(r.Reason, "(in wipe.sh, which the command runs)") {
		t.Errorf("bash wipe.sh: reason %q does not name the file", r.Reason)
	}
}

// TestScriptFilesUnderBash runs the attacks of TestScriptFiles under
// bash in a fresh copy of the project: each changes what its rule names.
func TestScriptFilesUnderBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	for _, tc := range []struct{ cmd, dir, gone string }{
		{`bash wipe.sh`, "", "src"},
		{`./wipe.sh`, "", "src"},
		{`source wipe.sh`, "", "src"},
		{`bash < wipe.sh`, "", "src"},
		{`bash outer.sh`, "", "src"},
		{`cd src/sub && bash x.sh`, "", "docs"},
		{`./envc`, "", "src"},
		{`make wipe`, "", "src"},
		{`make -C .. wipe`, "web", "src"},
	} {
		root := scriptFileProject(t)
		cmd := exec.Command("bash", "-c", tc.cmd)
		cmd.Dir = joinPath(root, tc.dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", tc.cmd, err, out)
		}
		if _, err := os.Stat(filepath.Join(root, tc.gone)); err == nil {
			t.Errorf("%s: %s is still there", tc.cmd, tc.gone)
		}
	}
}
