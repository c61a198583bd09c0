package guard

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/footing"
)

// hookedProject is project(t) with a hook installed in it for Claude
// Code (bin/guard, registered in .claude/settings.json, and Codex's
// .codex/hooks.json), committed with the files of an everyday project
// (a Makefile, package.json, scripts, …); the work of project(t) stays
// uncommitted. It returns the root and the footing of bin/guard, with a
// home directory of its own and PATH holding ~/.local/bin.
func hookedProject(t *testing.T) (string, *footing.Set) {
	t.Helper()
	root := project(t)
	_, _, g := repo(t)
	git := func(args ...string) { g(append([]string{"-C", root}, args...)...) }
	home := t.TempDir()
	add := []string{"add"}
	for p, c := range map[string]string{
		".claude/settings.json": `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"\"$CLAUDE_PROJECT_DIR\"/bin/guard --host claude"}]}]}}` + "\n",
		".codex/hooks.json":     "{}\n", "bin/guard": "#!/bin/sh\nexit 2\n", "Makefile": "all:\n\tgo build ./...\ntest:\n\tgo test ./...\n",
		"package.json":    `{"scripts":{"test":"jest","build":"tsc","lint":"eslint ."}}`,
		"scripts/test.sh": "#!/bin/sh\ngo test ./...\n", "go.mod": "module x\n", "README.md": "hi\n", "data.txt": "a b\n",
		"tests/test_x.py": "def test(): pass\n", "Cargo.toml": "[package]\nname='x'\n", "docker-compose.yml": "services: {}\n",
		"Dockerfile": "FROM alpine\n", "dist/x.js": "x", "sub/Makefile": "all:\n\techo hi\n", "requirements.txt": "requests\n",
		"pyproject.toml": "[project]\nname='x'\n", "charts/app/values.yaml": "a: 1\n", "infra/main.tf": "\n",
		"cmds.txt": "rm -rf src\n", "x.js": "require('child_process').execSync('rm -rf src')\n", "x.sh": "#!/bin/sh\nrm -rf src\n", "tmpl/.claude/settings.json": "{}\n",
		"mk/var.mk": "X = ; rm -rf src\nall:\n\techo $(X)\n", "mk/shell.mk": "X := $(shell rm -rf src)\nall:\n\techo hi\n",
		"mk/bang.mk": "X != rm -rf src\nall:\n\techo hi\n", "mk/args.mk": "all:\n\tgo version $(ARGS)\n",
		"mk/define.mk": "define RUN\nrm -rf src\nendef\nall:\n\t$(RUN)\n", "mk/call.mk": "f = echo $(1)\nall:\n\t$(call f,x; rm -rf src)\n",
		"mk/eval.mk": "all:\n\t$(eval X := y)echo $(X)\n", "mk/subst.mk": "all:\n\techo $(subst x,;,axrm -rf src)\n",
		"mk/real.mk": "GO ?= go\nPKGS := $(shell $(GO) list ./...)\nVERSION := $(shell git describe --tags --always)\n" +
			"LDFLAGS := -X main.version=$(VERSION)\nBIN := build/app\n.PHONY: all build test lint clean\nall: build\n" +
			"build:\n\t$(GO) build -ldflags \"$(LDFLAGS)\" -o $(BIN) ./cmd/app\ntest:\n\t$(GO) test $(TESTFLAGS) $(PKGS)\n" +
			"lint:\n\t@golangci-lint run ./...\nclean:\n\t$(RM) -r build\n" +
			"deps:\n\t$(foreach d,$(wildcard packages/*),$(MAKE) -C $(d) deps;)\n" +
			"fmt:\n\tgofmt -l $(if $(CI),.,$(patsubst %,%/,$(notdir $(wildcard src))))\n",
	} {
		writeFile(t, root, p, c)
		add = append(add, p)
	}
	git(add...)
	git("commit", "-qm", "the hook, and a project")
	writeFile(t, root, "coverage/lcov.info", "x\n")
	env := map[string]string{"PATH": filepath.Join(home, ".local/bin") + ":/usr/bin:/bin", "HOME": home}
	s := footing.Of(footing.Env{Executable: filepath.Join(root, "bin", "guard"), Arg0: filepath.Join(root, "bin", "guard"), Cwd: root,
		Home: home, Getenv: func(k string) string { return env[k] }, StateDir: filepath.Join(home, ".local/state/agenthooks"),
		Hosts: func() []footing.Host { return footing.HostsOf(builtin.Adapters()) }})
	return root, s
}

func writeFile(t *testing.T, root, name, body string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
}

// judgeHooked judges cmd as a hook built on hookmain.Run would: the
// footing of its binary first, then the guard.
func judgeHooked(root string, s *footing.Set, cmd string) (string, bool) {
	tool := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}}
	if r, deny := s.Judge(context.Background(), tool); deny {
		return r, true
	}
	r := Judge(context.Background(), root, tool)
	return r.Reason, r.Decision == hooks.DecisionDeny
}

// readCommands reads a file of commands: one a line, or the lines
// between <<< and >>>; lines starting ## are comments.
func readCommands(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cmds, block []string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		switch l := sc.Text(); {
		case l == "<<<":
			in, block = true, nil
		case l == ">>>":
			in = false
			cmds = append(cmds, strings.Join(block, "\n"))
		case in:
			block = append(block, l)
		case strings.TrimSpace(l) == "" || strings.HasPrefix(l, "##"):
		default:
			cmds = append(cmds, l)
		}
	}
	return cmds
}

// TestEveryday38: the everyday commands of testdata/everyday38.txt pass
// the guard and the footing in a project with the hook installed.
func TestEveryday38(t *testing.T) {
	root, s := hookedProject(t)
	unsetenv(t, "NOPE_DIR")
	cmds := readCommands(t, filepath.Join("testdata", "everyday38.txt"))
	if len(cmds) < 300 {
		t.Fatalf("%d commands, want at least 300", len(cmds))
	}
	for _, cmd := range cmds {
		if r, deny := judgeHooked(root, s, cmd); deny {
			t.Errorf("%q: denied: %s", cmd, r)
		}
	}
}

// TestSweep38: the rows of sweep 38, in a project with the hook
// installed. The attacks were each run under bash in a sandbox project
// (the comment says what bash did); the look-alikes beside them pass.
func TestSweep38(t *testing.T) {
	root, s := hookedProject(t)
	unsetenv(t, "NOPE_DIR")
	for _, tc := range []judgeCase{
		// An unknown program's operand "." is no source command that
		// reads the option after it: bash fails on `. --ext x` and reads
		// nothing (zsh reads a file named --ext).
		{`eslint . --ext .ts,.tsx`, ""},
		{`cmake -S . -B build -DCMAKE_BUILD_TYPE=Release`, ""},
		{`. --ext x.sh`, ""},                                      // bash: ".: --: invalid option", nothing run
		{`. -- x.sh`, "rule 1"},                                   // bash: runs x.sh, src deleted
		{`eslint . -- x.sh`, "rule 1"},                            // the . of an unlisted wrapper still runs x.sh
		{`printf 'rm -rf src' > ./-x; . -x`, "before it runs it"}, // bash: invalid option; zsh reads ./-x, written first
		{`printf 'rm -rf src' > ./-x && sh ./-x`, "before it runs it"},
		// Rule 1: a write after the delete, in a script that runs in
		// order, does not change what the delete loses.
		{`rm -rf build && cmake -B build`, ""},
		{`rm -rf build && mv notes build`, ""},                             // bash: notes is renamed build, kept
		{`mv notes build/ && rm -rf build`, "rule 1"},                      // bash: notes deleted
		{`mv notes build/; rm -rf build`, "rule 1"},                        // bash: notes deleted
		{`for i in 1 2; do rm -rf build; mv notes build/; done`, "rule 1"}, // bash: the second pass deletes notes
		{`f() { rm -rf build; }; mv notes build/; f`, "rule 1"},            // bash: notes deleted
		{`rm -rf build & mv notes build/`, "rule 1"},                       // at once: notes may be deleted
		{`rm -rf build $(mv notes build/)`, "known only"},                  // bash: the substitution runs first, notes deleted
		{`rm -rf build && eval 'mv notes build/' && rm -rf build`, "rule 1"},
		{`find . -name build -prune -exec sh -c 'mv notes build/; rm -rf build' \;`, "rule 1"},
		{`rm -rf build > "$(mv notes build/; echo /dev/null)"`, "footing"}, // bash: the redirection's substitution runs first
		{`echo "$(mv notes build/)" "$(rm -rf build)"`, "rule 1"},          // left to right: notes deleted
		{`trap 'mv notes build/' DEBUG; rm -rf build`, "rule 1"},           // bash: the trap runs before rm
		{`rm -rf build && mv notes build && rm -rf build`, "rule 1"},
		{`{ rm -rf build; } && mv notes build`, ""},
		// Rule 1: a trailing slash follows a link made before the delete;
		// one made after, or nothing there, changes nothing.
		{`ln -s src lnk && rm -rf lnk/`, "rule 1"}, // bash: src's files deleted through the link
		{`ln -sfn src build; rm -rf build/`, "rule 1"},
		{`rm -rf build/ && ln -s src build`, ""},
		{`rm -rf build/ && mkdir build`, ""},
		{`rm -rf nosuch/`, "ends in a slash"}, // a link may be there when rm runs
		// Rule 1: find's tests that only narrow what it selects; the names
		// that count are those before its action.
		{`find . -name '*.log' -mtime +7 -exec rm {} \;`, ""},
		{`find . -name '*.pyc' -size -1M -delete`, ""},
		{`find . -name '*.md' -newer README.md -delete`, "notes/todo.md"}, // bash: notes/todo.md deleted
		{`find . -delete -name '*.log'`, "footing"},                       // bash: every file deleted
		{`find src -depth -delete -name '*.log'`, "rule 1"},               // bash: src/main.go deleted
		{`find . -exec rm -f {} + -name '*.log'`, "footing"},
		// find's alternatives (-o): each selects by its own names.
		{`find . -name '*.rej' -o -name '*.orig' | xargs rm -f`, ""},
		{`find . -name '*.rej' -o -name '*.orig' -delete`, ""},
		{`find . -name node_modules -prune -o -name '*.pyc' -delete`, ""},
		{`find . -name '*.rej' -o -type f | xargs rm -f`, "footing"},           // bash: every file deleted
		{`find . -name node_modules -o -name src -exec rm -rf {} +`, "rule 1"}, // bash: src deleted
		{`find . -name node_modules -prune -o -name '*.md' -delete`, "notes/todo.md"},
		{`find . -name '*.log' -exec true {} \; -o -delete`, "footing"}, // bash: every file deleted
		// The footing: git checkout NAME takes a revision of that name,
		// a file of that name or not.
		{`git checkout v1.2.0`, "hook"},       // bash: the tag predates the hook: .claude/settings.json deleted
		{`git checkout -- v1.2.0`, ""},        // the file, committed and unchanged
		{`git checkout release/1.2`, "hook"},  // the branch predates the hook
		{`git revert HEAD --no-edit`, "hook"}, // HEAD installed the hook
		// env NAME=VALUE: BASH_ENV and ENV name a file each shell runs.
		{`env BASH_ENV=cmds.txt bash -c :`, "rule 1"}, // bash: src deleted
		{`env ENV=cmds.txt sh -i -c :`, "rule 1"},
		{`env BASH_ENV=x.sh make`, "rule 1"},
		{`env FOO=cmds.txt bash -c :`, ""},
		{`env NODE_OPTIONS='--require ./x.js' node -e 1`, "rule"}, // node: x.js deletes src first
		{`NODE_OPTIONS='--require ./x.js' node -e 1`, "rule"},     // as the prefix
		{`env NODE_OPTIONS=--max-old-space-size=4096 node -e 1`, ""},
		// Rule 7: a glob read matches a credential file on disk, as bash
		// matches it (a leading dot only by a pattern's dot).
		{`head app/.e*`, "rule 7"},                // bash: prints KEY=1
		{`cat app/.[e]nv`, "rule 7"},              // bash: prints KEY=1
		{`cat app/.*`, "rule 7"},                  // bash: prints KEY=1 (and fails on . and ..)
		{`shopt -s dotglob; cat app/*`, "rule 7"}, // bash: prints KEY=1
		{`GLOBIGNORE=x; cat app/*`, "rule 7"},     // bash: GLOBIGNORE set turns dotglob on
		{`cat app/*`, ""},                         // bash: app/config.js only
		{`cat .env.example`, ""},
		{`ls -la app/.e*`, ""},
		{`grep -n TODO src/*.go pkg/*.py`, ""},
		// npm, pnpm and yarn run each script with their script-shell.
		{`npm --script-shell=./x.sh run test`, "rule 1"},      // bash: src deleted
		{`npm test --script-shell ./x.sh`, "rule 1"},          // bash: src deleted
		{`npm_config_script_shell=./x.sh npm test`, "rule 1"}, // bash: src deleted
		{`npm config set script-shell ./x.sh`, "rule 1"},      // bash: the next npm test deletes src
		{`pnpm --config.script-shell=./x.sh test`, "rule 1"},
		{`yarn config set scriptShell ./x.sh`, "rule 1"},
		{`npm --SCRIPT_SHELL=./x.sh run test`, "rule 1"}, // npm reads its keys in any case, _ for -
		{`npm test ---Script-Shell ./x.sh`, "rule 1"},
		{`npm --config.scriptshell ./x.sh test`, "rule 1"},
		{`npm config set script-shell /bin/bash`, ""},
		{`npm test --script-shell=bash`, ""},
		{`npm config get script-shell`, ""},
		// make puts a variable's text into a recipe before the shell
		// reads it; $(shell …) and != run as make reads the makefile.
		{`make -f mk/var.mk`, "rule 1"},                      // bash: echo; rm -rf src
		{`make -f mk/shell.mk`, "rule 1"},                    // bash: src deleted while make reads
		{`make -f mk/bang.mk`, "rule 1"},                     // bash: src deleted
		{`make -f mk/args.mk ARGS='; rm -rf src'`, "rule 1"}, // bash: src deleted
		{`ARGS='; rm -rf src' make -f mk/args.mk`, "sets"},   // bash: src deleted (the environment's ARGS)
		{`export ARGS='; rm -rf src'; make -f mk/args.mk`, "sets"},
		{`make -f mk/args.mk 'ARGS!=rm -rf src'`, "rule 1"},  // bash: src deleted
		{`make -f mk/define.mk`, "rule 1"},                   // bash: src deleted
		{`make -f mk/call.mk`, "rule 1"},                     // bash: src deleted
		{`make SHELL=./x.sh`, "rule 1"},                      // bash: src deleted (x.sh runs each line)
		{`make -f mk/real.mk GO='rm -rf src;'`, "footing"},   // bash: src deleted
		{`GO='rm -rf src;' make -f mk/real.mk test`, "sets"}, // GO ?= go: the environment's wins
		{`MAKEFLAGS=SHELL=./x.sh make`, "sets"},              // bash: src deleted
		{`make -f mk/args.mk`, ""},
		{`make -f mk/args.mk ARGS=-v`, ""},
		{`make -f mk/real.mk`, ""},
		{`make -f mk/real.mk test TESTFLAGS=-race`, ""},
		{`make -f mk/real.mk clean`, ""},
		{`make -f mk/real.mk lint fmt deps`, ""},
		{`CI=1 make -f mk/real.mk fmt`, "sets"}, // CI is the environment's, and the command sets it
	} {
		r, deny := judgeHooked(root, s, tc.cmd)
		switch {
		case tc.want == "" && deny:
			t.Errorf("%q: denied (%s), want it to pass", tc.cmd, r)
		case tc.want != "" && (!deny || !strings.Contains(r, tc.want)):
			t.Errorf("%q: deny %v %q, want a deny naming %q", tc.cmd, deny, r, tc.want)
		}
	}
}
