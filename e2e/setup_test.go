package e2e

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// writeEnv, set to 1, makes the suite rewrite its fixtures and
// CONFORMANCE.md, as -update does.
const writeEnv = "HOOKS_E2E_WRITE"

// conformanceEnv names a file to write the conformance table to instead
// of CONFORMANCE.md (fixtures are not written); e2e/newest sets it.
const conformanceEnv = "HOOKS_E2E_CONFORMANCE"

// updating reports whether generated files are to be rewritten: -update
// (the flag of internal/testonly/hosttest) or HOOKS_E2E_WRITE=1.
func updating() bool {
	if os.Getenv(writeEnv) == "1" {
		return true
	}
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

var (
	setupOnce sync.Once
	setupErr  error
	clients   *harness.Clients
	hookBin   string
	binDir    string
	modRoot   string
)

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	out := os.Getenv(conformanceEnv)
	if out == "" && updating() {
		out = filepath.Join(modRoot, "CONFORMANCE.md")
	}
	switch {
	case out != "" && table.ran():
		if err := table.write(out); err != nil {
			fmt.Fprintln(os.Stderr, "e2e: write CONFORMANCE.md:", err)
			if code == 0 {
				code = 1
			}
		}
	case table.ran() && wholeSuite():
		// The committed table must be what this run produced.
		if err := table.compare(filepath.Join(modRoot, "CONFORMANCE.md")); err != nil {
			fmt.Fprintln(os.Stderr, "e2e:", err)
			if code == 0 {
				code = 1
			}
		}
	}
	os.Exit(code)
}

// wholeSuite reports whether every test of the suite was asked for (no
// -run or -skip filter, no -short): only then is the table complete.
func wholeSuite() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return !testing.Short()
}

// setup installs the clients and builds the test hook, once. It skips the
// test in -short mode and fails it, with the reason, when either cannot be
// done: the suite never passes without running the clients.
func setup(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("e2e: real clients are skipped with -short")
	}
	setupOnce.Do(func() {
		modRoot, setupErr = hosttest.ModuleRoot()
		if setupErr != nil {
			return
		}
		if setupErr = readSources(modRoot); setupErr != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
		defer cancel()
		clients, setupErr = harness.Install(ctx, modRoot)
		if setupErr != nil {
			setupErr = fmt.Errorf("cannot install the pinned clients (node >= 20 and npm with registry access are needed the first time): %w", setupErr)
			return
		}
		binDir, setupErr = os.MkdirTemp("", "hooks-e2e-bin-")
		if setupErr != nil {
			return
		}
		hookBin = filepath.Join(binDir, "testhook")
		cmd := exec.CommandContext(ctx, "go", "build", "-o", hookBin, "./e2e/testhook")
		cmd.Dir = modRoot
		if out, err := cmd.CombinedOutput(); err != nil {
			setupErr = fmt.Errorf("cannot build the test hook: %v\n%s", err, out)
		}
	})
	if setupErr != nil {
		t.Fatalf("e2e: %v", setupErr)
	}
}

// readSources reads every file the binaries built by go build (the test
// hook, the examples) are made of: go test caches a result only while the
// files the test opened are unchanged, so a change in e2e/testhook or
// examples/* alone must not let go test report a stale (cached) pass.
func readSources(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") || name == "go.mod" || name == "go.sum" || strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".txtar") {
			_, err := os.ReadFile(p)
			return err
		}
		return nil
	})
}

// adapterFor returns the built-in adapter of host.
func adapterFor(t testing.TB, host string) hooks.Adapter {
	for _, a := range builtin.Adapters() {
		if string(a.Host()) == host {
			return a
		}
	}
	t.Fatalf("no adapter for host %q in builtin.Adapters()", host)
	return nil
}
