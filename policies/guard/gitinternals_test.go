package guard

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestGitInternals: a repository's internals changed by hand, and git's
// own prune, lose what git keeps (rule 2). Under bash, rm
// .git/refs/heads/feature dropped the branch feature, whose commit only
// it held (git branch and git log --all no longer show it). The
// look-alikes pass: the files people write there by hand, a lock a
// crashed git left, reads, git's own commands, git gc.
func TestGitInternals(t *testing.T) {
	root, write, git := repo(t)
	git("init", "-q")
	write("f", "a\n")
	git("add", "f")
	git("commit", "-qm", "a")
	shell := func(cmd string) *hooks.Tool { return &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}} }
	file := func(p string) *hooks.Tool {
		return &hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: filepath.Join(root, filepath.FromSlash(p)), Content: "x\n"}}
	}
	for _, tc := range []struct {
		tool *hooks.Tool
		deny bool
	}{
		{shell("rm .git/refs/heads/feature"), true},
		{shell("echo > .git/refs/heads/main"), true},
		{shell(`printf '[alias]\n\tx = !rm -rf src\n' >> .git/config`), true},
		{shell("sed -i s/x/y/ .git/packed-refs"), true},
		{shell("truncate -s0 .git/index"), true},
		{shell("echo 0000 > .git/HEAD"), true},
		{shell("cp /dev/null .git/logs/refs/stash"), true},
		{shell("mv .git /tmp/old"), true},
		{shell("git prune"), true},
		{shell("git gc --prune=now"), true},
		{shell("git gc --prune=all --aggressive"), true},
		{shell("git -c gc.pruneExpire=now gc"), true},
		{file(".git/config"), true},
		{file(".git/refs/heads/main"), true},
		{shell("echo build/ >> .git/info/exclude"), false},
		{shell("rm -f .git/index.lock"), false},
		{shell("cp scripts/pre-commit .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit"), false},
		{shell("cat .git/config .git/HEAD"), false},
		{shell("git config user.name dev"), false},
		{shell("git gc"), false},
		{shell("git prune -n"), false},
		{shell("git remote prune origin && git worktree prune"), false},
		{file(".git/info/exclude"), false},
		{file("src/.gitkeep"), false},
	} {
		r := Judge(context.Background(), root, tc.tool).Reason
		if got := strings.Contains(r, "rule 2"); got != tc.deny || !tc.deny && r != "" {
			t.Errorf("%s %+v: %q, want deny %v", tc.tool.Name, tc.tool.Input, r, tc.deny)
		}
	}
}

// TestGitInternalPaths: which paths are a repository's internals.
func TestGitInternalPaths(t *testing.T) {
	for p, want := range map[string]bool{
		".git": true, ".git/config": true, "sub/.git/refs/heads/x": true, "/home/dev/project/.git/index": true,
		".GIT/HEAD": true, ".git/./objects/ab/cd": true, ".git/info/attributes": true, ".git/modules/lib/config": true,
		".git/info/exclude": false, ".git/hooks/pre-commit": false, ".git/COMMIT_EDITMSG": false, "x.git/config": false,
		".github/workflows/ci.yml": false, ".gitignore": false, "git/config": false,
	} {
		if got := gitInternal(p, false); got != want {
			t.Errorf("gitInternal(%q) = %v, want %v", p, got, want)
		}
	}
	// A lock is git's to write; deleting one a crashed git left passes.
	if !gitInternal(".git/index.lock", false) || gitInternal(".git/index.lock", true) {
		t.Errorf("a lock: written %v, deleted %v; want true, false", gitInternal(".git/index.lock", false), gitInternal(".git/index.lock", true))
	}
}

// TestHasGitElem: the quick test of gitInternal finds a .git element
// wherever splitting the path at each / does (case aside; no rune past
// ASCII folds to one of ".git"'s bytes).
func TestHasGitElem(t *testing.T) {
	split := func(p string) bool {
		return slices.ContainsFunc(strings.Split(p, "/"), func(e string) bool { return strings.EqualFold(e, ".git") })
	}
	paths := []string{"", ".", ".git", ".GiT", "/.git", ".git/", "a/.git/b", "a.git", ".gitx", "x/.git.", "./.git",
		"..git", ".g", "a//.git//b", ".GIT\u212a", "\u212a.git", "sub/.Git"}
	r := rand.New(rand.NewPCG(1, 2))
	const bytes = "./gitGIT\u212ax"
	for range 20000 {
		b := make([]byte, r.IntN(9))
		for i := range b {
			b[i] = bytes[r.IntN(len(bytes))]
		}
		paths = append(paths, string(b))
	}
	for _, p := range paths {
		if got, want := hasGitElem(p), split(p); got != want {
			t.Errorf("hasGitElem(%q) = %v, want %v", p, got, want)
		}
	}
}
