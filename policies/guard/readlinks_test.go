package guard

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestReadLinks: a link already on the disk reads as its target. With
// app/.env (KEY=1), lnk a link to it, lnkdir one to app, docs/README.md
// one to ../app/.env and docs/key one to a key in another folder's .ssh,
// each denied command printed the credential under bash; the look-alikes
// pass (a link to an ordinary file, a search that does not follow links
// and whose pattern no credential's text matches).
func TestReadLinks(t *testing.T) {
	root, write, git := repo(t)
	git("init", "-q")
	write("app/x.go", "package app // TODO\n")
	write("README.md", "hi\n")
	git("add", "app/x.go", "README.md")
	git("commit", "-qm", "x")
	write("app/.env", "KEY=1\n")
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_ed25519"), []byte("PRIVATE\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"lnk": "app/.env", "lnkdir": "app", "docs/README.md": "../app/.env",
		"docs/key": filepath.Join(home, ".ssh", "id_ed25519"), "sshdir": filepath.Join(home, ".ssh"), "readme": "README.md"} {
		p := filepath.Join(root, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{"cat lnk", true},
		{"cat docs/README.md", true},
		{"head -c 100 docs/key", true},
		{"cat sshdir/id_ed25519", true},
		{"cat docs/*", true},
		{"grep -r KEY lnkdir/", true},
		{"grep -R KEY docs", true},
		{"tar chf - docs | tar xO", true},
		{"cat readme", false},
		{"cat README.md app/x.go", false},
		{"grep -r TODO .", false},
		{"ls -l docs", false},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: tc.cmd}}).Reason
		if got := strings.Contains(r, "rule 7"); got != tc.deny || !tc.deny && r != "" {
			t.Errorf("%s: %q, want deny %v", tc.cmd, r, tc.deny)
		}
	}
}
