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

// TestListerOptionValues: a word after a lister's option that may take a
// value (tree -L 2, rg -g GLOB, fd --exclude X) may be no folder: the
// folder the lister lists without one is read too. Before, tree -fai -L
// 2 | xargs cat was judged as listing a folder "2" and passed, though
// tree lists "." to depth 2 (its manual; tree, rg and fd are not on this
// machine). A folder after an option without a value is the only one.
func TestListerOptionValues(t *testing.T) {
	root := t.TempDir()
	for p, body := range map[string]string{".env": "KEY=1\n", "src/a.go": "package a\n"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ cmd, want string }{
		{`tree -fai -L 2 | xargs cat`, "rule 7"},
		{`tree -fai --charset ascii | xargs cat`, "rule 7"},
		{`rg --files --hidden -g '!*.md' | xargs cat`, "rule 7"},
		{`fd -H --exclude x env | xargs cat`, "rule 7"},
		{`tree -fai src | xargs cat`, ""},
		{`rg --files --hidden src | xargs cat`, ""},
		// A value of an option known to take one is no folder: src
		// alone is listed (tree -L 2 src was denied for the root's .env).
		{`tree -fai -L 2 src | xargs cat`, ""},
		{`tree -fai -L2 -P '*.go' src | xargs cat`, ""},
		{`tree -fai --charset ascii src | xargs cat`, ""},
		{`du -a -d 2 src | cut -f2 | xargs cat`, ""},
		{`du -a --max-depth 2 src | cut -f2 | xargs cat`, ""},
		{`du -ad2 src | cut -f2 | xargs cat`, ""},
		{`du -a -d 2 | cut -f2 | xargs cat`, "rule 7"},
		{`tree -fai -L 2 -o out.txt . ; xargs cat < out.txt`, "rule 7"},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if c.want == "" && r.Decision != hooks.NoDecision || c.want != "" && !strings.Contains(r.Reason, c.want) {
			t.Errorf("%s: %v %q, want %q", c.cmd, r.Decision, r.Reason, c.want)
		}
	}
}

// TestArchiveMadeThenListed: tar xO and unzip -p of an archive the same
// command makes are judged by the files it puts in it, as a read of its
// bytes is (under bash, the archive of app printed KEY=1, that of dist
// nothing).
func TestArchiveMadeThenListed(t *testing.T) {
	root := t.TempDir()
	for p, body := range map[string]string{"dist/a.js": "x\n", "app/.env": "KEY=1\n"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ cmd, want string }{
		{`tar cf d.tar dist && tar xOf d.tar`, ""},
		{`zip -qr d.zip dist && unzip -p d.zip`, ""},
		{`tar cf a.tar app && tar xOf a.tar`, "rule 7"},
		{`zip -qr a.zip app && unzip -p a.zip`, "rule 7"},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if c.want == "" && r.Decision != hooks.NoDecision || c.want != "" && !strings.Contains(r.Reason, c.want) {
			t.Errorf("%s: %v %q, want %q", c.cmd, r.Decision, r.Reason, c.want)
		}
	}
}
