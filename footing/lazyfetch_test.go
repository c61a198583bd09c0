package footing_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// lazyFetcher makes the fixture's repository a partial clone whose
// promisor remote's upload-pack command (which git runs to fetch an
// object it lacks) touches marker, and a branch evil whose commit's tree
// is missing: reading evil's tree fetches.
func lazyFetcher(t *testing.T, f *fixture) (marker string) {
	t.Helper()
	marker = filepath.Join(f.root, "PWNED")
	src := filepath.Join(f.root, "src")
	if out, err := exec.Command("git", "init", "-q", src).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	head, err := exec.Command("git", "-C", f.proj, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	commit := "tree 1234567890123456789012345678901234567890\nparent " + strings.TrimSpace(string(head)) +
		"\nauthor a <a@b> 0 +0000\ncommitter a <a@b> 0 +0000\n\nx\n"
	cmd := exec.Command("git", "hash-object", "-t", "commit", "-w", "--stdin", "--literally")
	cmd.Dir, cmd.Env, cmd.Stdin = f.proj, f.env, strings.NewReader(commit)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	f.git(t, "update-ref", "refs/heads/evil", strings.TrimSpace(string(out)))
	f.git(t, "config", "core.repositoryformatversion", "1")
	f.git(t, "config", "extensions.partialClone", "origin")
	f.git(t, "config", "remote.origin.url", src)
	f.git(t, "config", "remote.origin.promisor", "true")
	f.git(t, "config", "protocol.file.allow", "always")
	f.git(t, "config", "remote.origin.uploadpack", "touch "+marker+"; git-upload-pack")
	// The attack works: git itself runs the command.
	cmd = exec.Command("git", "diff", "--name-only", "evil")
	cmd.Dir, cmd.Env = f.proj, f.env
	cmd.Run()
	if _, err := os.Stat(marker); err != nil {
		t.Skip("this git does not fetch lazily here:", err)
	}
	os.Remove(marker)
	return marker
}

// Reading the repository's state never fetches: a partial clone's lazy
// fetch runs the upload-pack command the repository's configuration
// names (the model may have written it), outside the host's sandbox.
// The footing's reads, alone and in batches, run no such program; what
// cannot be read is denied.
func TestStateReadsDoNotFetch(t *testing.T) {
	f := newFixture(t)
	marker := lazyFetcher(t, f)
	for _, cmd := range []string{
		"git checkout -q evil",
		"git status; git log -1; git checkout -q evil",
		"git reset -q --hard evil",
		"git revert --no-edit evil",
		"git status; git log; git revert --no-edit evil",
		"git status; git log; git merge -q evil",
	} {
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("%s: reading the state ran the repository's upload-pack command", cmd)
		}
		if !deny || !strings.Contains(r, "could not be read") {
			t.Errorf("%s: deny %v %q; want denied as unreadable (a fetch may bring any tree)", cmd, deny, r)
		}
	}
}
