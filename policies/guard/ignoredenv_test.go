package guard

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestIgnoredEnvIsWork: a .env file git ignores, as projects do, is not
// regenerable: a recursive delete of a folder that holds one is denied
// by rule 1 (issue 38; `rm -rf app` and `find . -name '.env*' -delete`
// deleted them under bash and passed), while ignored build output still
// passes.
func TestIgnoredEnvIsWork(t *testing.T) {
	root, write, git := repo(t)
	write(".gitignore", ".env\n.env.*\nbuild/\n")
	write("app/config.js", "x\n")
	write("cfg/settings.json", "{}\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	write("app/.env", "KEY=1\n")
	write("cfg/.env.local", "KEY=2\n")
	write("build/out.o", "x")
	judgeTable(t, root, []judgeCase{
		{`rm -rf app`, "app/.env"},
		{`rm -r cfg`, "cfg/.env.local"},
		{`find . -name '.env*' -delete`, "rule 1"},
		{`find cfg -delete`, "rule 1"},
		// Look-alikes: ignored output, committed files.
		{`rm -rf build`, ""},
		{`find . -name '*.o' -delete`, ""},
		{`rm -rf app/config.js`, ""},
	})
}

// A .env file inside a folder git ignores whole is work too: git status
// lists only the folder ("!! deep/"), so the guard walks it (found by
// gitslow's review: rm -rf deep and find … -exec rm -rf deleted
// deep/x3/.env under bash and passed). Build folders rule 1 names
// scratch are not walked, and a folder an earlier call filled past the
// walk's bound still has its usual .env names looked up.
func TestIgnoredFolderHoldingEnv(t *testing.T) {
	root, write, git := repo(t)
	write(".gitignore", "deep/\nbuild/\nnode_modules/\nbig/\n")
	write("src/a.go", "package a\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	write("deep/x3/.env", "KEY=1\n")
	write("deep/x3/out.txt", "x\n")
	write("build/out.o", "x")
	write("node_modules/pkg/.env", "X=1\n")
	for i := range maxEnvWalk + 1 {
		write(fmt.Sprintf("big/f%d", i), "")
	}
	write("big/.env", "KEY=2\n")
	judgeTable(t, root, []judgeCase{
		{`rm -rf deep`, "deep/x3/.env"},
		{`rm -rf deep/x3`, "deep/x3/.env"},
		{`find . -name x3 -exec rm -rf {} +`, "rule 1"},
		{`rm -rf big`, "big/.env"},
		{`git clean -fdX`, "rule"},
		{`git clean -fdX deep`, "rule"},
		// Look-alikes: ignored output, a package's own .env.
		{`rm -rf build`, ""},
		{`rm -rf node_modules`, ""},
		{`rm -rf deep/x3/out.txt`, ""},
	})
}

// The walks of ignored folders in one call read at most
// maxSearchEntries entries in all: an earlier call can make many
// folders of many names. Past that a folder's usual .env names are
// still looked up.
func TestIgnoredEnvWalkBudget(t *testing.T) {
	root := t.TempDir()
	per := maxEnvWalk - 100
	n := maxSearchEntries/per + 2
	for d := range n {
		dir := filepath.Join(root, fmt.Sprint("d", d))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range per {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprint(i)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	last := fmt.Sprint("d", n-1)
	if err := os.WriteFile(filepath.Join(root, last, ".env"), []byte("K=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wt := newWorktree(context.Background())
	var found string
	for d := range n {
		if f, ok := wt.ignoredEnv(root, fmt.Sprint("d", d, "/"), ""); ok {
			found = f
		}
	}
	if wt.envWalked > maxSearchEntries+n {
		t.Errorf("%d folders of %d names: %d entries read, want at most %d", n, per, wt.envWalked, maxSearchEntries+n)
	}
	if found != last+"/.env" {
		t.Errorf("past the call's budget: found %q, want %s/.env", found, last)
	}
}
