package shell

import (
	"context"
	"strings"
	"testing"
)

// FuzzRunnerFiles: the task runners' files are the model's to write.
// Reading any text ends without a panic, a recipe or task read is named
// in the text, and stripping JSON comments never makes text longer.
func FuzzRunnerFiles(f *testing.F) {
	for _, s := range []string{
		"clean:\n\trm -rf src\n", "build: clean && test\n  #!/bin/sh\n  echo\n[default]\nx:\n", "alias a := b\n",
		"version: '3'\ntasks:\n  a:\n    cmds:\n      - cmd: x\n      - task: b\n    deps: [c]\n  b: y\n",
		"tasks:\n  a:\n    - |\n      x\n  b:\n    cmd: >\n      y\n", `{"tasks":{"a":"x" /* c */}} // d`,
		"tasks:\n\t- \"a\n  \"b':\n", "{{\n}}", "\"unterminated",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		j := readJustfile(text)
		for _, b := range j.run(nil) {
			_ = b
		}
		for n := range j.body {
			if !strings.Contains(text, n) {
				t.Errorf("recipe %q is not in the text", n)
			}
		}
		for n, task := range readTaskfile(text) {
			if n == globalVars {
				continue // the Taskfile's vars, under a name no task has
			}
			if task.include != "" {
				n = strings.TrimSuffix(n, ":") // an include, kept as NS:
			}
			if !strings.Contains(text, n) && !strings.Contains(text, "\\") {
				t.Errorf("task %q is not in the text", n)
			}
		}
		if s := stripJSONComments(text); len(s) > len(text) {
			t.Errorf("stripJSONComments made %d bytes of %d", len(s), len(text))
		}
	})
}

// A project file a script runs many times is parsed once a walk: the
// script reads it once (Files is asked once), and what each run does is
// still walked (each rm is a command of its own).
func TestProjectFilesParsedOnce(t *testing.T) {
	files := map[string]string{
		"package.json":  `{"scripts":{"x":"rm -rf a"}}`,
		"justfile":      "x:\n\trm -rf a\n",
		"Taskfile.yml":  "tasks:\n  x:\n    cmds:\n      - rm -rf a\n",
		"deno.json":     `{"tasks":{"x":"rm -rf a"}}`,
		"composer.json": `{"scripts":{"x":"rm -rf a"}}`,
	}
	for _, c := range []struct{ run, file string }{
		{"npm run x", "package.json"}, {"just x", "justfile"}, {"task x", "Taskfile.yml"},
		{"deno task x", "deno.json"}, {"composer run x", "composer.json"},
	} {
		asked := 0
		p := &Parser{Files: func(path string) (string, bool) {
			if path == c.file {
				asked++
			}
			text, ok := files[path]
			return text, ok
		}}
		s, err := p.Parse(context.Background(), strings.Repeat(c.run+"\n", 50))
		if err != nil {
			t.Fatalf("%s: %v", c.run, err)
		}
		rms := 0
		for _, cmd := range s.FromFiles().Commands {
			if cmd.Name == "rm" {
				rms++
			}
		}
		if asked != 1 || rms != 50 {
			t.Errorf("%s ×50: %s asked for %d times, %d rm walked; want 1 and 50", c.run, c.file, asked, rms)
		}
	}
}

// TestTaskVars: go-task's vars: put in a command's {{.NAME}} when their
// value is a string (go-task is not on this machine: judged from its
// documentation, taskfile.dev/usage/#variables, where a task's vars rank
// over a calling task's and the command line's, and those over the
// Taskfile's); a value go-task computes, or a name a calling task or a
// loop may set, stays a word known only at run time ("").
func TestTaskVars(t *testing.T) {
	for _, c := range []struct{ taskfile, run, want string }{
		{"vars:\n  DIR: dist\ntasks:\n  x:\n    cmds:\n      - rm -rf {{.DIR}}\n", "task x", "dist"},
		{"vars: { DIR: dist }\ntasks:\n  x: rm -rf {{ .DIR }}\n", "task x", "dist"},
		{"vars:\n  DIR: \"dist\"\ntasks:\n  x:\n    vars:\n      DIR: src\n    cmds:\n      - rm -rf {{.DIR}}\n", "task x", "src"},
		{"tasks:\n  x:\n    vars: { DIR: 'out' }\n    cmd: rm -rf {{.DIR}}\n", "task x", "out"},
		{"vars:\n  DIR: dist\ntasks:\n  x:\n    cmds:\n      - rm -rf {{.DIR}}\n", "task x DIR=src", "src"},
		{"vars:\n  DIR: dist\ntasks:\n  x:\n    vars:\n      DIR: out\n    cmds:\n      - rm -rf {{.DIR}}\n", "task x DIR=src", ""},
		{"vars:\n  DIR:\n    sh: echo dist\ntasks:\n  x:\n    cmds:\n      - rm -rf {{.DIR}}\n", "task x", ""},
		{"vars:\n  DIR: '{{.ROOT}}/dist'\ntasks:\n  x: rm -rf {{.DIR}}\n", "task x", ""},
		{"vars:\n  DIR: dist\ntasks:\n  a:\n    cmds:\n      - task: x\n        vars: { DIR: src }\n  x: rm -rf {{.DIR}}\n", "task x", ""},
		{"vars:\n  DIR: dist\ntasks:\n  x:\n    cmds:\n      - for: [src]\n        as: DIR\n        cmd: rm -rf {{.DIR}}\n", "task x", ""},
		{"vars:\n  DIR: dist\ntasks:\n  x:\n    cmds:\n      - rm -rf {{.DIR | upper}}\n", "task x", ""},
		{"tasks:\n  x:\n    cmds:\n      - rm -rf {{.DIR}}\n", "task x", ""},
	} {
		p := &Parser{Files: func(path string) (string, bool) {
			if path == "Taskfile.yml" {
				return c.taskfile, true
			}
			return "", false
		}}
		s, err := p.Parse(context.Background(), c.run)
		if err != nil {
			t.Fatalf("%s: %v", c.run, err)
		}
		got := "(no rm)"
		for _, cmd := range s.FromFiles().Commands {
			if cmd.Name == "rm" && len(cmd.Args) == 3 {
				got = cmd.Args[2].Value
				if cmd.Args[2].Dynamic {
					got = ""
				}
			}
		}
		if got != c.want {
			t.Errorf("%q, %s: rm -rf %q, want %q", c.taskfile, c.run, got, c.want)
		}
	}
}
