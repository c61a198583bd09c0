package hookmain_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// TestReadmeOwnModule runs the README's "Using it in your module" steps
// as a newcomer would (issue 42, item 1): a new module holding the quick
// start's program, pointed at this clone with the README's own go mod
// lines, builds, and the program answers a payload. The commands are read
// from the README, so that a step missing there fails here.
func TestReadmeOwnModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own (go mod tidy, go build)")
	}
	root, readme := rootReadme(t)
	program := codeBlock(t, readme, "## Quick start", "```go\n")
	steps := codeBlock(t, readme, "**Before the module is published**", "```sh\n")

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run("go", "mod", "init", "example.com/myhook")
	for _, line := range strings.Split(strings.TrimSpace(steps), "\n") {
		line = strings.ReplaceAll(line, "=../hooks", "="+root)
		run(strings.Fields(line)...)
	}
	bin := filepath.Join(dir, "myhook")
	payload, err := os.ReadFile(filepath.Join(root, "examples", "guard", "testdata", "codex-rm.json"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--host", "codex")
	cmd.Stdin = bytes.NewReader(payload)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("myhook: %v", err)
	}
	if !strings.Contains(string(out), "rm -rf is not allowed") {
		t.Errorf("the quick start's program does not deny rm -rf on Codex: %s", out)
	}
}

// codeBlock returns the first fenced block opened by fence after marker
// in doc.
func codeBlock(t *testing.T, doc, marker, fence string) string {
	t.Helper()
	_, after, ok := strings.Cut(doc, marker)
	if !ok {
		t.Fatalf("README.md lacks %q", marker)
	}
	_, after, ok = strings.Cut(after, fence)
	if !ok {
		t.Fatalf("README.md has no %q block after %q", fence, marker)
	}
	block, _, ok := strings.Cut(after, "```\n")
	if !ok {
		t.Fatalf("README.md's block after %q is not closed", marker)
	}
	return block
}

// rootReadme returns the module's root and its README's text.
func rootReadme(t *testing.T) (root, readme string) {
	t.Helper()
	root, err := hosttest.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return root, string(data)
}
