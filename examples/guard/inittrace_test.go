package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoStartUpWork fails when a package of this module has start-up
// work in the guard's binary: GODEBUG=inittrace=1 prints a line for every
// package whose initialisation runs code (a package-level map, a var set
// by a function call such as strings.Fields or regexp.MustCompile, an
// init function), and a hook pays for it on every tool call. Package-level
// tables must be constants, arrays of constants or switch functions, and
// anything built at run time must be built lazily, when first needed.
// The guard is run on a payload with --host, without it, and with the
// install subcommand's help, so that a lazy path does not hide an init.
//
// One package is the exception, because its initialiser removes work:
// internal/stackstart grows the main goroutine's stack once, allocating
// nothing, and must run before internal/godebug, the first initialiser
// that grows the stack (see its documentation).
func TestNoStartUpWork(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	bin := filepath.Join(t.TempDir(), "guard")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	payload, err := os.ReadFile(filepath.Join("testdata", "claude-rm.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--host", "claude"}, nil, {"install", "--help"}} {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		cmd.Stdin = bytes.NewReader(payload)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		_ = cmd.Run() // the exit code is the hook's answer; only the trace matters here
		var inits int
		stack, godebug := -1, -1
		for _, line := range strings.Split(stderr.String(), "\n") {
			f := strings.Fields(line)
			if len(f) < 2 || f[0] != "init" {
				continue
			}
			inits++
			switch {
			case f[1] == stackstart:
				stack = inits
				if !strings.HasSuffix(line, " 0 bytes, 0 allocs") {
					t.Errorf("guard %q: %s allocates at start-up: %s", args, f[1], line)
				}
			case f[1] == "internal/godebug":
				godebug = inits
			case f[1] == module || strings.HasPrefix(f[1], module+"/"):
				t.Errorf("guard %q: package %s has start-up work: %s", args, f[1], line)
			}
		}
		if inits == 0 {
			t.Errorf("guard %q: GODEBUG=inittrace=1 printed no init line (is the trace still printed?):\n%s", args, stderr.String())
		} else if stack < 0 || godebug >= 0 && godebug < stack {
			t.Errorf("guard %q: %s is initialised at %d, internal/godebug at %d: it must come first\n%s", args, stackstart, stack, godebug, stderr.String())
		}
	}
}

// stackstart is the one package of this module whose initialiser runs.
const stackstart = module + "/internal/stackstart"
