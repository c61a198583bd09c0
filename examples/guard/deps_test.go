package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// module is this repository's module path; with shellModule, the only
// non-standard code the guard may link.
const module = "github.com/agenthooks/hooks"

// shellModule is the shell parser package shell is built on, the one
// dependency of the module's runtime code.
const shellModule = "mvdan.cc/sh/v3"

// tomlModule is the TOML parser package policy reads policy files with
// (its start-up cost and size are in BENCHMARKS.md).
const tomlModule = "github.com/pelletier/go-toml/v2"

// TestOnlyStandardLibrary fails when examples/guard would link a package
// outside the standard library, this module and the shell parser: a hook
// runs on every tool call, and every dependency is start-up work and
// attack surface.
func TestOnlyStandardLibrary(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	out, err := exec.Command(gobin, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var ours int
	for _, p := range strings.Fields(string(out)) {
		if p == shellModule+"/syntax" || p == shellModule+"/fileutil" || p == tomlModule || strings.HasPrefix(p, tomlModule+"/") {
			continue
		}
		if p != module && !strings.HasPrefix(p, module+"/") {
			t.Errorf("examples/guard links %s, which is neither the standard library, %s nor %s/syntax", p, module, shellModule)
			continue
		}
		ours++
	}
	if ours == 0 {
		t.Fatalf("go list -deps found none of %s's packages: %q", module, out)
	}

	// The binary itself must name no other module dependency either.
	bin := filepath.Join(t.TempDir(), "guard")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	info, err := exec.Command(gobin, "version", "-m", bin).Output()
	if err != nil {
		t.Fatalf("go version -m: %v", err)
	}
	var sawMod bool
	for _, line := range strings.Split(string(info), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && f[0] == "mod" {
			sawMod = f[1] == module
		}
		if len(f) >= 2 && f[0] == "dep" && f[1] != shellModule && f[1] != tomlModule {
			t.Errorf("the guard binary links module %s", f[1])
		}
	}
	if !sawMod {
		t.Errorf("go version -m does not name %s as the main module:\n%s", module, info)
	}
}
