package shell_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestSweep38Effects: source's first option and env's start-up files.
func TestSweep38Effects(t *testing.T) {
	for _, tc := range []struct {
		src, runs string // the file of the first code run; "" for none
	}{
		{`. --ext x.sh`, "--ext"}, // bash: invalid option, nothing; zsh: the file --ext
		{`source -x x.sh`, "-x"},
		{`. -- x.sh`, "x.sh"},
		{`. x.sh`, "x.sh"},
		{`eslint . --ext .ts`, "--ext"},
		{`env BASH_ENV=s.sh bash -c :`, "s.sh"},
		{`env ENV=s.sh sh -c :`, "s.sh"},
		{`env FOO=s.sh bash -c :`, ""},
	} {
		s, err := shell.Parse(tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		got := ""
	find:
		for _, c := range s.Commands {
			for _, e := range c.Effects {
				if e.Kind == shell.RunsCode && e.Path.Value != "" {
					got = e.Path.Value
					break find
				}
			}
		}
		if got != tc.runs {
			t.Errorf("%s: runs the code of %q, want %q", tc.src, got, tc.runs)
		}
	}
}

// TestSweep38Make: make puts a variable's text into a recipe line
// before the shell reads it, and runs $(shell …) and != as it reads the
// makefile; SHELL= runs each line. Each attack deleted src under bash.
func TestSweep38Make(t *testing.T) {
	files := map[string]string{
		"var.mk":    "X = ; rm -rf src\nall:\n\techo $(X)\n",
		"shell.mk":  "X := $(shell rm -rf src)\nall:\n\techo hi\n",
		"bang.mk":   "X != rm -rf src\nall:\n\techo hi\n",
		"args.mk":   "all:\n\tgo version $(ARGS)\n",
		"define.mk": "define RUN\nrm -rf src\nendef\nall:\n\t$(RUN)\n",
		"call.mk":   "f = echo $(1)\nall:\n\t$(call f,x; rm -rf src)\n",
		"cond.mk":   "GO ?= go\nall:\n\t$(GO) version\n",
		"ok.mk":     "OUT := build\nall:\n\tgo build -o $(OUT)/x $(GOFLAGS) ./...\n\t$(MAKE) -C sub\n\t$(RM) -r $(OUT)/tmp\n",
		"Makefile":  "all:\n\techo hi\n",
		"x.sh":      "rm -rf src\n",
	}
	for _, tc := range []struct {
		src       string
		rm, unset bool // runs rm -rf src; a command whose text the script sets
	}{
		{`make -f var.mk`, true, false},
		{`make -f shell.mk`, true, false},
		{`make -f bang.mk`, true, false},
		{`make -f args.mk ARGS='; rm -rf src'`, true, false},
		{`make -f args.mk 'ARGS!=rm -rf src'`, true, false},
		{`make -f define.mk`, true, false},
		{`make -f call.mk`, true, false},
		{`make -f cond.mk GO='rm -rf src;'`, true, false},
		{`make SHELL=./x.sh`, true, false},
		{`ARGS='; rm -rf src' make -f args.mk`, false, true},
		{`export ARGS='x;rm -rf src'; make -f args.mk`, false, true},
		{`GO='rm -rf src;' make -f cond.mk`, false, true},
		{`make -e -f cond.mk`, false, false},
		{`MAKEFLAGS=SHELL=./x.sh make`, false, true},
		{`make -f args.mk`, false, false},
		{`make -f args.mk ARGS=-v`, false, false},
		{`make -f ok.mk`, false, false},
		{`GOFLAGS=-mod=mod make -f ok.mk`, false, true},
		{`make SHELL=/bin/bash .SHELLFLAGS=-ec`, false, false},
	} {
		s, err := (&shell.Parser{Files: func(p string) (string, bool) { v, ok := files[p]; return v, ok }}).Parse(context.Background(), tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		rm, unset := false, false
		for _, c := range s.Commands {
			rm = rm || c.Name == "rm" && strings.Contains(c.String(), "src")
			unset = unset || c.SetByCommand()
		}
		if rm != tc.rm || unset != tc.unset {
			t.Errorf("%s: rm -rf src %v, set by the command %v; want %v, %v", tc.src, rm, unset, tc.rm, tc.unset)
		}
	}
}
