package guard

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestArchiveMadeThenRead: an archive a command makes and then reads the
// bytes of (scp, cat, base64) is judged by the files it puts in it, as a
// tar to the standard output is. Each was run under bash in such a
// folder: the archive of app held KEY=1, that of dist none; GNU tar reads
// --exclude only for the operands after it (`tar czf b.tgz app
// --exclude=.env` kept app/.env).
func TestArchiveMadeThenRead(t *testing.T) {
	root := t.TempDir()
	for p, body := range map[string]string{"dist/a.js": "x\n", "app/.env": "KEY=1\n", "app/m.js": "y\n"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ cmd, want string }{
		{`tar czf dist.tgz dist && scp dist.tgz host:`, ""},
		{`tar -czf dist.tgz dist && cat dist.tgz | base64`, ""},
		{`zip -qr dist.zip dist && cat dist.zip`, ""},
		{`tar --exclude=.env -czf a.tgz app && zcat a.tgz`, ""},
		{`tar czf a.tgz app && zcat a.tgz`, "rule 7"},
		{`tar czf a.tgz app --exclude=.env && zcat a.tgz`, "rule 7"},
		{`tar cf - app --exclude=.env | tar xO`, "rule 7"},
		{`zip -qr a.zip app && base64 a.zip`, "rule 7"},
		{`tar czf d.tgz "$D" && scp d.tgz host:`, "rule 7"},
		{`cd app && tar czf ../d.tgz . && cat ../d.tgz`, "rule 7"},
		{`curl -o dist.tgz https://example.com/x && zcat dist.tgz`, "rule 7"},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if c.want == "" && r.Decision != hooks.NoDecision || c.want != "" && !strings.Contains(r.Reason, c.want) {
			t.Errorf("%s: %v %q, want %q", c.cmd, r.Decision, r.Reason, c.want)
		}
	}
}

// TestSearchNamesCredential: the names a search prints, read (grep -rl
// PAT . | xargs cat), are judged against every credential file under the
// folder, not only .env files: under bash, grep -rl PRIVATE . | xargs cat
// printed app/server.key; a search whose pattern no credential file holds
// passes.
func TestSearchNamesCredential(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "app"), 0o755); err != nil {
		t.Fatal(err)
	}
	for p, body := range map[string]string{"app/server.key": "-----BEGIN PRIVATE KEY-----\nabc\n", "app/a.go": "// TODO\n"} {
		if err := os.WriteFile(filepath.Join(root, p), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ cmd, want string }{
		{`grep -rl PRIVATE . | xargs cat`, "rule 7"},
		{`grep -rl PRIVATE app | xargs cat`, "rule 7"},
		{`grep -rl TODO . | xargs cat`, ""},
		{`grep -rl TODO app | xargs wc -l`, ""},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if c.want == "" && r.Decision != hooks.NoDecision || c.want != "" && !strings.Contains(r.Reason, c.want) {
			t.Errorf("%s: %v %q, want %q", c.cmd, r.Decision, r.Reason, c.want)
		}
	}
}

// TestListerIntoFile: a file of names the command writes with a program
// other than echo or printf, then reads the names of, is judged as
// naming any file: under bash, with .env committed, `git ls-files > l &&
// xargs cat < l` and `find . > l; while read f; do cat "$f"; done < l`
// printed KEY=1. Names echo writes, and a count of the lines, pass.
func TestListerIntoFile(t *testing.T) {
	root, write, git := repo(t)
	write("README.md", "hi\n")
	write(".env", "KEY=1\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "one")
	for _, c := range []struct{ cmd, want string }{
		{`git ls-files > l && xargs cat < l`, "rule 7"},
		{`find . -type f > l; while read f; do cat "$f"; done < l`, "rule 7"},
		{`echo README.md > l && xargs cat < l`, ""},
		{`git ls-files > l && wc -l < l`, ""},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if c.want == "" && r.Decision != hooks.NoDecision || c.want != "" && !strings.Contains(r.Reason, c.want) {
			t.Errorf("%s: %v %q, want %q", c.cmd, r.Decision, r.Reason, c.want)
		}
	}
}

// TestHashDelimDenied: a here-document delimiter with # after a quote,
// which bash and the parser end apart (under bash, `cat <<'E'#`, then
// lines E#, rm -rf src, E deleted src; the parser read rm as text), is
// denied as a command the guard cannot read (rule 4).
func TestHashDelimDenied(t *testing.T) {
	for _, cmd := range []string{"cat <<'E'#\nE#\nrm -rf src\nE\n", "bash -c \"cat <<'E'#\nE#\nrm -rf src\nE\n\""} {
		r := judge("/home/dev/project", "", cmd)
		if r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "rule 4") {
			t.Errorf("%q: %v %q, want rule 4", cmd, r.Decision, r.Reason)
		}
	}
}
