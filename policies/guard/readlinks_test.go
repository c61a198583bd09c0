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
	judgeTable(t, root, []judgeCase{
		{"cat lnk", "rule 7"},
		{"cat $PWD/lnk", "rule 7"},
		{`cat < "${PWD}/docs/README.md"`, "rule 7"},
		{"cat docs/README.md", "rule 7"},
		{"head -c 100 docs/key", "rule 7"},
		{"cat sshdir/id_ed25519", "rule 7"},
		{"cat docs/*", "rule 7"},
		{"grep -r KEY lnkdir/", "rule 7"},
		{"grep -R KEY docs", "rule 7"},
		{"tar chf - docs | tar xO", "rule 7"},
		// The names a listing or a file of names gives, each a link.
		{"ls | xargs cat", "rule 7"},
		{"find . -maxdepth 1 -name 'l*' | xargs cat", "rule 7"},
		{"for f in l*; do cat $f; done", "rule 7"},
		{"echo lnk > names.txt; xargs cat < names.txt", "rule 7"},
		{"git ls-files | xargs cat", "rule 7"},
		{"cat readme", ""},
		{"ls app | xargs -I{} cat app/{}", ""},
		{"cat README.md app/x.go", ""},
		{"grep -r TODO .", ""},
		{"ls -l docs", ""},
	})
}

// TestWriteLinks: a write through a link on the disk to a .env file is a
// write of the .env file (rule 3), by a command or by a file tool, and a
// file tool's read through a link to a credential file a read of it
// (rule 7). `echo X=1 > lnk` and `tee lnk` changed app/.env under bash;
// rm lnk removes the link, and passes.
func TestWriteLinks(t *testing.T) {
	root, write, git := repo(t)
	git("init", "-q")
	write("README.md", "hi\n")
	write("app/.env", "KEY=1\n")
	for link, target := range map[string]string{"lnk": "app/.env", "docs/notes.md": "../app/.env", "readme": "README.md"} {
		p := filepath.Join(root, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	judge := func(tool *hooks.Tool) string { return Judge(context.Background(), root, tool).Reason }
	shell := func(cmd string) *hooks.Tool { return &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}} }
	for _, tc := range []struct {
		tool *hooks.Tool
		rule string // "" for none
	}{
		{shell("echo X=1 > lnk"), "rule 3"},
		{shell("echo X=1 >> docs/notes.md"), "rule 3"},
		{shell("tee lnk < /dev/null"), "rule 3"},
		{shell("cp README.md lnk"), "rule 3"},
		{shell("truncate -s0 docs/notes.md"), "rule 3"},
		{shell("cat < lnk"), "rule 7"},
		{shell("while read l; do echo $l; done < docs/notes.md"), "rule 7"},
		{&hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: "lnk", Content: "X=1\n"}}, "rule 3"},
		{&hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: filepath.Join(root, "docs", "notes.md"), Content: "X=1\n"}}, "rule 3"},
		{&hooks.Tool{Name: "Read", Input: &hooks.ReadInput{Path: filepath.Join(root, "lnk")}}, "rule 7"},
		{&hooks.Tool{Name: "Read", Input: &hooks.ReadInput{Path: "docs/notes.md"}}, "rule 7"},
		{shell("rm lnk"), ""},
		{shell("echo hi > readme"), ""},
		{shell("cat < readme"), ""},
		{&hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: "readme", Content: "hi\n"}}, ""},
		{&hooks.Tool{Name: "Read", Input: &hooks.ReadInput{Path: "readme"}}, ""},
	} {
		r := judge(tc.tool)
		if tc.rule == "" && r != "" || tc.rule != "" && !strings.Contains(r, tc.rule) {
			t.Errorf("%s %+v: %q, want %q", tc.tool.Name, tc.tool.Input, r, tc.rule)
		}
	}
}
