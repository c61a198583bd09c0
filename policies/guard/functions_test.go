package guard

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestChainsAndFunctions: a chain of && runs each command where all
// before it left the shell, and a function where it is called. The
// denied rows, run under bash in a copy of the project, delete src; the
// passing rows are everyday commands the guard once denied as trees
// known only at run time.
func TestChainsAndFunctions(t *testing.T) {
	root := project(t)
	tmp := t.TempDir() // a scratch folder: a delete there passes
	if err := os.Mkdir(filepath.Join(tmp, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []judgeCase{
		{`cd TMP && f() { rm -rf src; } && cd ROOT && f`, "rule 1"},
		{`cd TMP; f() { rm -rf src; }; cd ROOT && f`, "rule 1"},
		{`f() { cd TMP/nope; echo moved; }; f && rm -rf src`, "rule 1"}, // f returns echo's status
		{`f() { cd TMP/nope; }; f; rm -rf src`, "rule 1"},
		{`f() ( cd TMP ); f && rm -rf src`, "rule 1"},
		{`true && f() { cd TMP; } && echo && rm -rf src`, "rule 1"},
		// A loop's variable, bound to each item: a glob's matches, or the
		// words given (not when the body sets it or runs code later).
		{`for d in src docs; do rm -rf "$d"; done`, "rule 1"},
		{`for x in node_modules; do f() { rm -rf "$x"; }; done; x=src; f`, "rule 1"},
		{`for d in a; do d=src; rm -rf "$d"; done`, "rule 1"},
		// The second cd goes from the first's folder (TMP/a/../../NAME is
		// the project), not from where the loop starts (a temporary one).
		{`for d in TMP/a ../../NAME; do cd "$d" && rm -rf src; done`, "rule 1"},
		{`for d in packages/*; do rm -rf "$d/node_modules"; done`, ""},
		{`for d in packages/*/; do (cd "$d" && rm -rf node_modules); done`, ""},
		{`for d in node_modules target; do rm -rf "$d"; done`, ""},
		{`for f in pkg/*.pyc; do rm -f "$f"; done`, ""},
		// Everyday, and the same done through a function.
		{`git status && cd docs && rm -rf node_modules`, ""},
		{`npm --version && cd packages/a && rm -rf node_modules`, ""},
		{`cd packages/a && ls && cd ../.. && rm -rf node_modules`, ""},
		{`f() { cd TMP; }; f && rm -rf src`, ""},
		{`f() { cd TMP && ls; }; true && f && rm -rf src`, ""},
	}
	for i := range cases {
		cases[i].cmd = strings.NewReplacer("TMP", tmp, "ROOT", root, "NAME", filepath.Base(root)).Replace(cases[i].cmd)
	}
	judgeTable(t, root, cases)
	if _, err := exec.LookPath("bash"); err != nil {
		return
	}
	for _, tc := range cases {
		if tc.want == "" {
			continue
		}
		// Under bash, in the project (restored each time): src goes.
		if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "src", "main.go"), []byte("package main // changed\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "-c", tc.cmd)
		cmd.Dir = root
		cmd.Run() // its status is the last command's
		if _, err := os.Stat(filepath.Join(root, "src")); !os.IsNotExist(err) {
			t.Errorf("%q under bash: src still there (%v), so the row is no attack", tc.cmd, err)
		}
	}
}
