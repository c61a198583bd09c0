package guard

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestBigTreeSearch: in a git repository whose tree is too big to walk
// (big/many holds more names than a walk reads, written before the
// .env, which the walk never reaches), a search for STRIPE, which
// matches none of the credential lines the guard knows, is denied once
// git names big/z/.env (ignored) and its STRIPE_KEY= line matches: run
// under bash, `grep -rn STRIPE big` printed it. A search for TODO, one
// that leaves .env out, rg without --hidden and a search outside a
// repository (git cannot answer: judged by the pattern, as before)
// pass.
func TestBigTreeSearch(t *testing.T) {
	root, write, git := repo(t)
	git("init", "-q")
	write(".gitignore", ".env\n")
	write("big/z/.env", "STRIPE_KEY=sk_live_123\n")
	write("big/a.go", "package a // TODO\n")
	if err := os.MkdirAll(filepath.Join(root, "big", "many"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range maxEnvWalk + 1 {
		if err := os.WriteFile(filepath.Join(root, "big", "many", fmt.Sprint(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	judge := func(dir, cmd string) hooks.Response {
		return JudgeWith(context.Background(), &Config{}, dir, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd, Cwd: dir}})
	}
	for _, c := range []struct{ cmd, deny string }{
		{"grep -rn STRIPE big", "big/z/.env"},
		{"grep -rn STRIPE .", "big/z/.env"},
		{"rg -n --hidden sk_live big", "big/z/.env"},
		{"grep -rn TODO big", ""},
		{"grep -rn TODO .", ""},
		{"grep -rn --exclude=.env STRIPE big", ""},
		{"rg -n STRIPE big", ""},
	} {
		r := judge(root, c.cmd)
		switch {
		case c.deny == "" && r.Decision == hooks.DecisionDeny:
			t.Errorf("%q: denied (%s), want it to pass", c.cmd, r.Reason)
		case c.deny != "" && (r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, c.deny)):
			t.Errorf("%q: %v %q, want a deny naming %s", c.cmd, r.Decision, r.Reason, c.deny)
		}
	}
	// Credential files past the bound of those read (made by an earlier
	// call, to hide the one a search matches): the search may show one.
	// A few certificates the search reads and does not match pass.
	for i := range 3 {
		write(fmt.Sprintf("big/certs/%d.pem", i), "-----BEGIN CERTIFICATE-----\n")
	}
	if r := judge(root, "grep -rn TODO big"); r.Decision == hooks.DecisionDeny {
		t.Errorf("three certificates: denied (%s), want a pass", r.Reason)
	}
	for i := range maxBigTreeFiles {
		write(fmt.Sprintf("big/decoys/%d.pem", i), "x\n")
	}
	if r := judge(root, "grep -rn TODO big"); r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "more credential files") {
		t.Errorf("%d decoys: %v %q, want a deny", maxBigTreeFiles, r.Decision, r.Reason)
	}
	if err := os.RemoveAll(filepath.Join(root, ".git")); err != nil {
		t.Fatal(err)
	}
	if r := judge(root, "grep -rn STRIPE big"); r.Decision == hooks.DecisionDeny {
		t.Errorf("outside a repository: denied (%s), want a pass (judged by the pattern)", r.Reason)
	}
}
