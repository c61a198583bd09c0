package guard

import (
	"archive/tar"
	"archive/zip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestSweep38jSearchTools: a host's own search tool (Grep, grep_search,
// search_file_content) and multi-file read (read_many_files) are judged
// as the shell command that does the same. With app/.env (KEY=1), Grep
// {pattern: KEY, path: app/.env, output_mode: content} prints its line,
// as rg KEY app/.env does under bash, and was let through with no
// opinion; a search whose pattern no credential line matches, a search
// for names (as rg -l in Bash), a listing tool and a read of ordinary
// files pass.
func TestSweep38jSearchTools(t *testing.T) {
	root, write, git := repo(t)
	git("init", "-q")
	write("app/x.go", "package app // TODO\n")
	write("README.md", "hi\n")
	write("app/.env", "KEY=1\n")
	for _, tc := range []struct {
		name, input string
		rule        string // "" for no opinion
	}{
		{"Grep", `{"pattern":"KEY","path":"app/.env","output_mode":"content"}`, "rule 7"},
		{"Grep", `{"pattern":"KEY","path":"app","output_mode":"content"}`, "rule 7"},
		{"Grep", `{"pattern":"KEY","path":"` + root + `","output_mode":"content"}`, "rule 7"},
		{"Grep", `{"pattern":"KEY","output_mode":"content","-n":true}`, "rule 7"},
		{"Grep", `{"pattern":"key","path":"app","glob":".env","output_mode":"content"}`, "rule 7"},
		{"Grep", `{"pattern":"KEY=1\\n","path":"app","multiline":true,"output_mode":"content"}`, "rule 7"},
		{"Grep", `{"pattern":"KEY","file_path":"app/.env"}`, "rule 7"},
		{"Grep", `{"pattern":"KEY","path":["app"]}`, "rule 4"},
		{"Grep", `[1]`, "rule 4"},
		{"grep_search", `{"pattern":"KEY","dir_path":"app"}`, "rule 7"},
		{"search_file_content", `{"pattern":"KEY","path":"app","include":"**/.env"}`, "rule 7"},
		{"read_many_files", `{"paths":["app/.env"]}`, "rule 7"},
		{"read_many_files", `{"paths":["app/*"]}`, "rule 7"},
		{"read_many_files", `{"include":["**/.env"]}`, "rule 7"},
		{"Grep", `{"pattern":"TODO","path":"app","output_mode":"content"}`, ""},
		{"Grep", `{"pattern":"TODO"}`, ""},
		{"Grep", `{"pattern":"KEY","path":"app","output_mode":"files_with_matches"}`, ""},
		{"Grep", `{"pattern":"KEY"}`, ""},              // Claude Code's default prints the names of the files that match
		{"Grep", `{"pattern":"KEY","path":"app"}`, ""}, // the same
		{"read_many_files", `{"paths":["app/x.go","README.md"]}`, ""},
		{"Glob", `{"pattern":"**/.env"}`, ""},
		{"LS", `{"path":"app"}`, ""},
	} {
		raw := json.RawMessage(tc.input)
		r := Judge(context.Background(), root, &hooks.Tool{Name: tc.name, Input: hooks.RawInput(raw), RawInput: raw}).Reason
		if tc.rule == "" && r != "" || tc.rule != "" && !strings.HasPrefix(r, "guard: "+tc.rule) {
			t.Errorf("%s %s: %q, want %q", tc.name, tc.input, r, tc.rule)
		}
	}
}

// TestSweep38jArchiveLinks: an extraction makes the links its archive
// holds. links.tar holds mlink, a symbolic link to app/.env, and no file;
// hard.tar hlx, a hard link to app/.env; links.zip ml2, a symbolic link
// to app/.env: tar xf links.tar && cat mlink, tar xf hard.tar; cat hlx
// and unzip -o links.zip && cat ml2 printed KEY=1 under bash, and were
// let through. A link to a key under .ssh is rule 7's; a zip's
// compressed link, whose target is not read, is denied. An archive of a
// library's links (libfoo.so to libfoo.so.1) and its listing pass.
func TestSweep38jArchiveLinks(t *testing.T) {
	root, write, git := repo(t)
	git("init", "-q")
	write("README.md", "hi\n")
	write("app/.env", "KEY=1\n")
	mkTar := func(name string, hdrs ...*tar.Header) {
		t.Helper()
		f, err := os.Create(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		tw := tar.NewWriter(f)
		for _, h := range hdrs {
			body := ""
			if h.Typeflag == tar.TypeReg {
				body = "x\n"
				h.Size = int64(len(body))
			}
			if err := tw.WriteHeader(h); err != nil {
				t.Fatal(err)
			}
			if _, err := tw.Write([]byte(body)); err != nil {
				t.Fatal(err)
			}
		}
		if err := tw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	mkZip := func(name, member, target string, method uint16) {
		t.Helper()
		f, err := os.Create(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		zw := zip.NewWriter(f)
		h := &zip.FileHeader{Name: member, Method: method}
		h.SetMode(os.ModeSymlink | 0o777)
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(target)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
	sym := func(name, to string) *tar.Header {
		return &tar.Header{Name: name, Typeflag: tar.TypeSymlink, Linkname: to, Mode: 0o777}
	}
	mkTar("links.tar", sym("mlink", "app/.env"))
	mkTar("hard.tar", &tar.Header{Name: "hlx", Typeflag: tar.TypeLink, Linkname: "app/.env", Mode: 0o644})
	mkTar("key.tar", sym("docs/k", "../../.ssh/id_ed25519"))
	mkTar("long.tar", sym("l", strings.Repeat("d/", 60)+".env"))
	mkTar("lib.tar", &tar.Header{Name: "lib/libfoo.so.1", Typeflag: tar.TypeReg, Mode: 0o644}, sym("lib/libfoo.so", "libfoo.so.1"))
	mkZip("links.zip", "ml2", "app/.env", zip.Store)
	mkZip("deflated.zip", "ml3", "app/.env", zip.Deflate)
	mkZip("lib.zip", "libfoo.so", "libfoo.so.1", zip.Store)
	for _, tc := range []struct {
		cmd, rule string // rule "" for no opinion
	}{
		{"tar xf links.tar && cat mlink", "rule 3"},
		{"tar xf links.tar; grep KEY mlink", "rule 3"},
		{"tar -xf hard.tar; cat hlx", "rule 3"},
		{"tar xf hard.tar -C /tmp/x", "rule 3"},
		{"tar xf long.tar", "rule 3"},
		{"unzip -qo links.zip && cat ml2", "rule 3"},
		{"tar xf key.tar && cat docs/k", "rule 7"},
		{"unzip -o deflated.zip", "rule 7"},
		{"tar xf lib.tar", ""},
		{"unzip -o lib.zip", ""},
		{"tar tvf links.tar", ""},
		{"unzip -l links.zip", ""},
	} {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: tc.cmd}}).Reason
		if tc.rule == "" && r != "" || tc.rule != "" && !strings.HasPrefix(r, "guard: "+tc.rule) {
			t.Errorf("%s: %q, want %q", tc.cmd, r, tc.rule)
		}
	}
}
