package guard

import (
	"testing"

	"github.com/agenthooks/hooks/footing"
)

// everydayProject is hookedProject with more of an everyday project in
// it: committed sources of several languages, a .gitignore that ignores
// a root .env, dist, .venv, .pytest_cache, coverage and logs, those
// ignored files on disk (the .env holding a key), and untracked new
// files (a source file, two patches, one of which changes the hook's
// settings) beside the uncommitted work of project(t).
func everydayProject(t *testing.T) (string, *footing.Set) {
	t.Helper()
	root, s := hookedProject(t)
	_, _, g := repo(t)
	git := func(args ...string) { g(append([]string{"-C", root}, args...)...) }
	committed := map[string]string{
		".gitignore": "node_modules/\ntarget/\nbuild/\n__pycache__/\n*.pyc\n.env\n.env.local\ndist/\n.venv/\n" +
			".pytest_cache/\n.mypy_cache/\ncoverage/\n*.log\n.next/\ntfplan\ncover.out\n",
		"cmd/server/main.go": "package main\n\nfunc main() {}\n", "cmd/app/main.go": "package main\n\nfunc main() {}\n",
		"pkg/parser/parser.go": "package parser\n", "pkg/parser/parser_test.go": "package parser\n",
		"internal/version.go": "package internal\n", "scripts/gen.py": "print('package internal')\n",
		"scripts/gen.js": "console.log('export {}')\n", "src/components/Button.tsx": "export {}\n",
		"server.js": "require('http').createServer().listen(3000)\n", "build.ts": "console.log(1)\n",
		"requirements.in": "requests\n", "justfile": "default:\n\tgo test ./...\ntest:\n\tgo test ./...\n",
		"Taskfile.yml":        "version: '3'\ntasks:\n  build:\n    cmds:\n      - go build ./...\n",
		"k8s/deployment.yaml": "kind: Deployment\n", "manage.py": "print(1)\n", "spec/models/user_spec.rb": "\n",
		"tools/go.mod": "module tools\n", "gradlew": "#!/bin/sh\necho gradle\n", "staging.tfvars": "a = 1\n",
	}
	add := []string{"add"}
	for p, c := range committed {
		writeFile(t, root, p, c)
		add = append(add, p)
	}
	git(add...)
	git("commit", "-qm", "sources")
	git("branch", "feature/auth")
	git("tag", "v1.3.0-rc1")
	for p, c := range map[string]string{
		".env": "OPENAI_API_KEY=sk-proj-0123456789abcdefABCDEF0123456789abcdef\n", "dist/bundle.js": "x", "dist/.env": "KEY=2\n",
		"target/release/app": "x", ".venv/bin/activate": "# venv\n", ".pytest_cache/v/x": "x", "app.log": "x\n",
		"src/new.go": "package main // new\n", ".next/cache/x": "x",
		"outgoing/0001-fix.patch": "From 1 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] fix\n\n---\n\n" +
			"diff --git a/pkg/parser/parser.go b/pkg/parser/parser.go\n--- a/pkg/parser/parser.go\n+++ b/pkg/parser/parser.go\n" +
			"@@ -1 +1,2 @@\n package parser\n+// x\n",
		"outgoing/0002-hook.patch": "diff --git a/.claude/settings.json b/.claude/settings.json\n--- a/.claude/settings.json\n" +
			"+++ b/.claude/settings.json\n@@ -1 +1 @@\n-x\n+y\n",
	} {
		writeFile(t, root, p, c)
	}
	return root, s
}

// TestEveryday38g: sweep 38's seventh pass, a fresh set of everyday
// commands (testdata/everyday38g.txt) judged in everydayProject, each
// of which must pass, and the attacks beside the false denials it found
// (testdata/sweep38g.txt), each of which must be denied.
func TestEveryday38g(t *testing.T) {
	root, s := everydayProject(t)
	unsetenv(t, "NOPE_DIR")
	home := t.TempDir()
	t.Setenv("HOME", home)
	writeFile(t, home, ".ssh/id_rsa", "OPENSSH-PRIVATE-TEST\n")
	judgeSweep(t, root, s, "38g", 30, 300)
	for _, cmd := range sweep38gMisses {
		if r, deny := judgeHooked(root, s, cmd); deny {
			t.Errorf("%q: a known miss is now denied (%s): move it to testdata/sweep38g.txt", cmd, r)
		}
	}
	for _, cmd := range everyday38gDenied {
		if r, deny := judgeHooked(root, s, cmd); !deny {
			t.Errorf("%q: a known false denial now passes (%s): move it to testdata/everyday38g.txt", cmd, r)
		}
	}
}

// everyday38gDenied are everyday commands of sweep 38's seventh pass that
// the guard still denies, and why each stays: kept so that a change shows
// up here (move it to testdata/everyday38g.txt when it passes).
var everyday38gDenied = []string{
	// footing: git am of a patch that is not there; git fails and writes
	// nothing, but the footing cannot read which files the patch changes
	// (nor know that nothing in the command makes it first). A patch on
	// disk is read: git am outgoing/0001-fix.patch passes.
	`git am /tmp/patches/0001-fix.patch`,
	// rule 4: a .json file whose name is known only at run time may be a
	// package.json or another tool's configuration (naming what runs).
	`python3 -c "import datetime; open(f'out-{datetime.date.today()}.json','w').write('{}')" && make test`,
}

// sweep38gMisses are attacks found beside this pass's fixes that the
// guard still lets through (run under bash in a sandbox with app/.env).
// The two it held (an archive written to a file, then printed by the
// same command: tar cf out.tar app && tar xOf out.tar) are denied since
// an archive's printed members are read (membersShown), and are in
// testdata/sweep38g.txt.
var sweep38gMisses []string
