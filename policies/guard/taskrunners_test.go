package guard

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// Task runners run commands the project's files hold: just's recipes,
// deno's tasks and composer's scripts (issue 38: a program that takes a
// command from a config). Each attack was run in a sandbox project with
// just 1.57.0 and deno 2.9.6 (npm packages rust-just and deno), and
// deleted src; each look-alike kept it (or was judged only: composer,
// with no PHP here). A file the guard reads is judged by what it
// certainly does, as a shell script's.
func TestTaskRunners(t *testing.T) {
	for _, c := range []struct {
		file, text, cmd string
		deny            bool
	}{
		{"justfile", "clean:\n\trm -rf src\n", "just clean", true},
		{"justfile", "clean:\n\trm -rf src\n", "just", true},
		{"justfile", "build: clean\n\techo hi\nclean:\n\trm -rf src\n", "just build", true},
		{"justfile", "hi:\n\techo hi\n[default]\nclean:\n\trm -rf src\n", "just", true},
		// A recipe of another language is inline code in a file: as a shell
		// script's, it is not judged by rule 5 (the project's files run
		// code), and only what it certainly does to files counts.
		{"justfile", "clean:\n\t#!/usr/bin/env python3\n\timport shutil\n\tshutil.rmtree('src')\n", "just clean", false},
		{"justfile", "clean:\n\t#!/bin/sh\n\trm -rf src\n", "just clean", true},
		{"justfile", "clean:\n\t@rm -rf src\n", "just clean", true},
		{"justfile", "clean:\n\t-rm -rf src\n", "just clean", true},
		{"justfile", "x:\n\techo\n", "just --command rm -rf src", true},
		{"justfile", "alias c := clean\nclean:\n\trm -rf src\n", "just c", true},
		{"other.just", "clean:\n\trm -rf src\n", "just -f other.just clean", true},
		{"justfile", "build:\n    echo a\n    rm -rf src\n", "just build", true},
		{"justfile", "build: && clean\n    echo a\nclean:\n    rm -rf src\n", "just build", true},
		{"Justfile", "clean:\n\trm -rf src\n", "just clean", true},
		{".justfile", "clean:\n\trm -rf src\n", "just clean", true},
		{"justfile", "set shell := [\"python3\", \"-c\"]\nclean:\n\timport shutil; shutil.rmtree('src')\n", "just clean", false},
		{"justfile", "set shell := [\"python3\", \"-c\"]\nclean:\n\trm -rf src\n", "just clean", false}, // python runs it: no delete
		{"justfile", "clean:\n\trm -rf {{\"src\"}}\n", "just clean", true},
		{"justfile", "d := \"src\"\nclean:\n\trm -rf {{d}}\n", "just clean", true},
		{"justfile", "export d := 'src'\nclean:\n\trm -rf {{ d }}\n", "just clean", true},
		{"justfile", "import \"evil.just\"\n", "just evil", true},
		{"justfile", "import? 'evil.just'\nx:\n\techo\n", "just evil", true},
		{"justfile", "mod foo\n", "just foo evil", true},
		{"justfile", "mod foo\n", "just foo::evil", true},
		{"justfile", "mod foo 'evil.just'\n", "just foo evil", true},
		{"justfile", "clean:\n\trm -rf src\n", "cd sub && just clean", true},
		{"justfile", "clean d:\n\trm -rf {{d}}\n", "just clean build", false}, // a parameter: known at run time
		{"justfile", "import \"evil.just\"\nok:\n\techo\n", "just ok", false},
		{"justfile", "mod foo\n", "just foo ok", false},
		{"justfile", "clean:\n\trm -rf src\n", "just --list", false},
		{"justfile", "clean:\n\trm -rf src\n", "just --show clean", false},
		{"justfile", "clean:\n\trm -rf src\n", "just -n clean", false},
		{"justfile", "clean:\n\trm -rf src\ntest:\n\techo ok\n", "just test", false},
		{"justfile", "clean:\n\trm -rf target dist node_modules\n", "just clean", false},
		{"justfile", "build:\n\tgo build ./...\n", "just", false},

		{"deno.json", `{"tasks":{"clean":"rm -rf src"}}`, "deno task clean", true},
		{"deno.json", `{"tasks":{"clean":{"command":"rm -rf src"}}}`, "deno task clean", true},
		{"deno.json", `{"tasks":{"build":{"command":"echo hi","dependencies":["clean"]},"clean":"rm -rf src"}}`, "deno task build", true},
		{"deno.jsonc", "{\n // tasks\n \"tasks\":{\"clean\":\"rm -rf src\" /* x */}}", "deno task clean", true},
		{"package.json", `{"scripts":{"clean":"rm -rf src"}}`, "deno task clean", true},
		{"deno.json", `{"tasks":{"clean":"rm -rf src"}}`, "deno task -q clean", true},
		{"deno.json", `{"tasks":{"clean":"rm -rf src"}}`, "deno task", false},
		{"deno.json", `{"tasks":{"clean":"rm -rf src","dev":"deno run -A main.ts"}}`, "deno task dev", false},

		{"composer.json", `{"scripts":{"clean":"rm -rf src"}}`, "composer run-script clean", true},
		{"composer.json", `{"scripts":{"clean":"rm -rf src"}}`, "composer clean", true},
		{"composer.json", `{"scripts":{"clean":["@wipe"],"wipe":"rm -rf src"}}`, "composer run clean", true},
		{"composer.json", `{"scripts":{"post-install-cmd":"rm -rf src"}}`, "composer install", true},
		{"composer.json", `{"scripts":{"post-autoload-dump":["rm -rf src"]}}`, "composer dump-autoload", true},
		{"composer.json", `{"scripts":{"post-install-cmd":"rm -rf src"}}`, "composer install --no-scripts", false},
		{"composer.json", `{"scripts":{"test":"phpunit","clean":"rm -rf src"}}`, "composer test", false},
		{"composer.json", `{"scripts":{"clean":"rm -rf src"}}`, "composer show", false},

		{"Taskfile.yml", "version: '3'\ntasks:\n  clean:\n    cmds:\n      - rm -rf src\n", "task clean", true},
		{"Taskfile.yml", "version: '3'\ntasks:\n  default:\n    cmds:\n      - cmd: rm -rf src\n", "task", true},
		{"Taskfile.yml", "version: '3'\ntasks:\n  build:\n    deps: [clean]\n    cmds:\n      - echo hi\n  clean:\n    cmd: rm -rf src\n", "task build", true},
		{"Taskfile.yml", "version: '3'\ntasks:\n  build:\n    cmds:\n      - task: clean\n  clean: rm -rf src\n", "task build", true},
		{"taskfile.yaml", "tasks:\n  clean:\n    cmds:\n      - |\n        echo a\n        rm -rf src\n", "task clean", true},
		{"Taskfile.yml", "tasks:\n  clean:\n    - \"rm -rf src\"\n", "task clean", true},
		{"Taskfile.yml", "version: '3'\ntasks:\n  clean:\n    cmds:\n      - rm -rf src\n", "task --list", false},
		{"Taskfile.yml", "tasks:\n  x:\n    cmds:\n      - for: [a, b]\n        cmd: |\n          echo {{.ITEM}}\n", "task x", false},
		{"Taskfile.yml", "tasks:\n  x:\n    cmds:\n      - for: [a, b]\n        cmd: |\n          rm -rf src\n", "task x", true},
		{"Taskfile.yml", "tasks:\n  x:\n    cmds:\n      - defer: { task: y }\n      - echo hi\n  y: rm -rf src\n", "task x", true},
		{"Taskfile.yml", "tasks:\n  x:\n    cmds:\n      - echo ) hi\n", "task x", false}, // does not parse: go-task runs nothing
		{"Taskfile.yml", "version: '3'\ntasks:\n  clean:\n    cmds:\n      - rm -rf src\n  test:\n    cmds:\n      - go test ./...\n", "task test", false},
		// includes: (go-task is not on this machine: judged from its
		// documentation, taskfile.dev/usage/#including-other-taskfiles).
		{"Taskfile.yml", "version: '3'\nincludes:\n  inc: ./inc\ntasks:\n  x: echo hi\n", "task inc:clean", true},
		{"Taskfile.yml", "includes:\n  inc: ./inc/Taskfile.yml\n", "task inc:clean", true},
		{"Taskfile.yml", "includes:\n  more:\n    taskfile: ./tasks/more.yml\n    dir: .\n", "task more:wipe", true},
		{"Taskfile.yml", "includes:\n  inc: { taskfile: ./inc }\n", "task inc:clean", true},
		{"Taskfile.yml", "includes:\n  inc: ./inc\ntasks:\n  build:\n    deps: [inc:clean]\n    cmds:\n      - echo hi\n", "task build", true},
		{"Taskfile.yml", "includes:\n  inc: ./inc\ntasks:\n  build:\n    cmds:\n      - task: inc:clean\n", "task build", true},
		{"Taskfile.yml", "includes:\n  inc: ./inc\n", "task inc:chain", true}, // inc's chain calls its clean
		{"Taskfile.yml", "includes:\n  inc: ./inc\n", "task inc:ok", false},
		{"Taskfile.yml", "includes:\n  inc: ./inc\ntasks:\n  clean: rm -rf src\n", "task inc:ok", false},
		// vars: (go-task is not on this machine: judged from its
		// documentation, taskfile.dev/usage/#variables): a string value
		// is put in {{.NAME}} (rm -rf {{.DIR}} with DIR: src is rule 1's;
		// with DIR: dist it passes). shell's TestTaskVars has the values
		// that stay unknown.
		{"Taskfile.yml", "version: '3'\nvars:\n  DIR: src\ntasks:\n  clean:\n    cmds:\n      - rm -rf {{.DIR}}\n", "task clean", true},
		{"Taskfile.yml", "version: '3'\nvars:\n  DIR: dist\ntasks:\n  clean:\n    cmds:\n      - rm -rf {{.DIR}}\n", "task clean", false},
		{"Taskfile.yml", "vars: { DIR: src }\ntasks:\n  clean: rm -rf {{ .DIR }}\n", "task clean", true},
		{"Taskfile.yml", "tasks:\n  clean:\n    vars:\n      DIR: 'src'\n    cmds:\n      - rm -rf {{.DIR}}\n", "task clean", true},
		{"Taskfile.yml", "vars:\n  DIR: dist\ntasks:\n  clean:\n    vars:\n      DIR: src\n    cmds:\n      - rm -rf {{.DIR}}\n", "task clean", true},
		{"Taskfile.yml", "vars:\n  F: .env\ntasks:\n  w:\n    cmds:\n      - echo KEY=1 > {{.F}}\n", "task w", true},
		{"Taskfile.yml", "vars:\n  DIR: dist\ntasks:\n  clean:\n    cmds:\n      - rm -rf {{.DIR}}\n", "task clean DIR=src", true},
	} {
		dir := t.TempDir()
		writeFile(t, dir, "src/a.go", "package a\n")
		writeFile(t, dir, "main.ts", "console.log(1)\n")
		writeFile(t, dir, "sub/x", "")
		writeFile(t, dir, "evil.just", "evil:\n\trm -rf src\nok:\n\techo ok\n")
		writeFile(t, dir, "foo.just", "evil:\n\trm -rf src\nok:\n\techo ok\n")
		writeFile(t, dir, "inc/Taskfile.yml", "version: '3'\ntasks:\n  clean: rm -rf src\n  ok: echo ok\n  chain:\n    cmds:\n      - task: clean\n")
		writeFile(t, dir, "tasks/more.yml", "tasks:\n  wipe:\n    cmds:\n      - rm -rf src\n")
		if err := os.WriteFile(filepath.Join(dir, c.file), []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		r := JudgeWith(context.Background(), &Config{}, dir, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd, Cwd: dir}})
		if got := r.Decision == hooks.DecisionDeny; got != c.deny {
			t.Errorf("%s %q, %q: deny %v (%s), want %v", c.file, strings.ReplaceAll(c.text, "\n", `\n`), c.cmd, got, r.Reason, c.deny)
		}
	}
}
