package members

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// names lists source whole.
func names(t *testing.T, source string) ([]string, error) {
	t.Helper()
	var got []string
	err := List(context.Background(), source, func(n string) bool {
		got = append(got, n)
		return true
	})
	return got, err
}

// writeTar returns a tar stream of the files, each holding its name.
func writeTar(t testing.TB, files ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for _, f := range files {
		if err := w.WriteHeader(&tar.Header{Name: f, Mode: 0o644, Size: int64(len(f))}); err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(f))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func write(t *testing.T, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestList(t *testing.T) {
	long := strings.Repeat("d/", 60) + ".env" // past the 100 bytes of a header's name: a pax record
	plain := writeTar(t, "./a.txt", "sub/.env", "/abs/x", "../up/y", long)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	var zb bytes.Buffer
	z := zip.NewWriter(&zb)
	for _, n := range []string{"a.txt", "sub/.env"} {
		w, _ := z.Create(n)
		w.Write([]byte(n))
	}
	z.Close()
	dir := t.TempDir()
	for _, f := range []string{"a.txt", "sub/.env", "sub/deep/x"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	for _, tc := range []struct {
		name, source string
		want         []string
	}{
		{"tar", write(t, "a.tar", plain), []string{"a.txt", "sub/.env", "abs/x", "../up/y", long}},
		{"tar.gz, any name", write(t, "a.bin", gz.Bytes()), []string{"a.txt", "sub/.env", "abs/x", "../up/y", long}},
		{"zip", write(t, "a.zip", zb.Bytes()), []string{"a.txt", "sub/.env"}},
		// Made with tar cf - a.txt sub | bzip2, and ar rc lib.a a.txt sub/.env.
		{"tar.bz2", "testdata/env.tar.bz2", []string{"a.txt", "sub", "sub/.env"}},
		{"ar", "testdata/lib.a", []string{"a.txt", ".env"}},
		{"directory", dir, []string{"a.txt", "sub", "sub/.env", "sub/deep", "sub/deep/x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := names(t, tc.source)
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}

// What cannot be listed whole is an error, never a shorter list.
func TestListCannot(t *testing.T) {
	plain := writeTar(t, "a.txt", "b.txt")
	defer func(n int) { maxNames = n }(maxNames)
	maxNames = 100
	many := make([]string, 0, maxNames+1)
	for i := range maxNames + 1 {
		many = append(many, strings.Repeat("x", i%7)+string(rune('a'+i%26)))
	}
	for _, tc := range []struct {
		name, source string
		want         string
	}{
		{"missing", filepath.Join(t.TempDir(), "none.tgz"), "no such file"},
		{"bad xz", write(t, "a.tar.xz", []byte("\xfd7zXZ\x00\x00\x04")), "xz"},
		{"7z", write(t, "a.7z", []byte("7z\xbc\xaf\x27\x1c\x00\x04")), "not an archive format"},
		{"text", write(t, "a.txt", []byte("hello")), "not an archive format"},
		{"gzipped text", write(t, "log.gz", gzipOf(t, strings.Repeat("GET / 200\n", 100))), "not an archive format"},
		{"gzipped short text", write(t, "short.gz", gzipOf(t, "hi\n")), "not an archive format"},
		{"cut tar", write(t, "cut.tar", plain[:1100]), "unexpected EOF"},
		{"too many names", write(t, "many.tar", writeTar(t, many...)), "more than"},
		{"zip64 count", write(t, "z.zip", append([]byte("PK\x03\x04"+strings.Repeat("\x00", 30)), []byte("PK\x05\x06\x00\x00\x00\x00\xff\xff\xff\xff"+strings.Repeat("\x00", 10))...)), "more than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := names(t, tc.source)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v (names %d), want one saying %q", err, len(got), tc.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := List(ctx, write(t, "many.tar", writeTar(t, many[:50]...)), func(string) bool { return true })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("ended context: err %v", err)
	}
}

// fn returning false stops the listing without an error.
func TestListStop(t *testing.T) {
	n := 0
	err := List(context.Background(), write(t, "a.tar", writeTar(t, "a", "b", "c")), func(string) bool { n++; return false })
	if err != nil || n != 1 {
		t.Errorf("err %v after %d names, want nil after 1", err, n)
	}
}

// FuzzList: the model can write the archive it then asks to extract;
// no bytes make the listing panic, run past its bounds, or name nothing
// while claiming the whole.
func FuzzList(f *testing.F) {
	f.Add(writeTar(f, "a.txt", strings.Repeat("d/", 60)+".env"))
	f.Add([]byte("PK\x05\x06\x00\x00\x00\x00\x01\x00\x01\x00\x2e\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Add([]byte("!<arch>\n//                                              8         `\nab/\n"))
	for _, p := range []string{"testdata/lib.a"} {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 0 && (b[0] == 0x1f || b[0] == 'B' || b[0] == 0xfd || b[0] == 0x28) {
			return // the system's decompressors are not fuzzed here
		}
		p := filepath.Join(dir, "a")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		n := 0
		_ = List(context.Background(), p, func(string) bool { n++; return true })
		if n > MaxNames {
			t.Fatalf("%d names past the bound", n)
		}
	})
}

// TestPatch lists the files a patch names: unified and context diffs,
// git's (renames, new files), and a mail from git format-patch whose
// headers pass 512 bytes.
func TestPatch(t *testing.T) {
	dir := t.TempDir()
	mail := "From 0123 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] x\n\n" + strings.Repeat("A long message line.\n", 40) +
		"---\n a.txt | 1 +\n\ndiff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -0,0 +1 @@\n+x\n"
	for name, tc := range map[string]struct {
		body string
		want []string
	}{
		"unified":  {"--- a/src/x.go\t2026-01-01\n+++ b/src/x.go\t2026-01-02\n@@ -1 +1 @@\n-a\n+b\n", []string{"a/src/x.go", "b/src/x.go"}},
		"new file": {"diff --git a/.env b/.env\nnew file mode 100644\n--- /dev/null\n+++ b/.env\n@@ -0,0 +1 @@\n+K=1\n", []string{"a/.env", "b/.env", "b/.env"}},
		"rename":   {"diff --git a/old b/new\nsimilarity index 100%\nrename from old\nrename to new\n", []string{"a/old", "b/new", "old", "new"}},
		"context":  {"*** a.c\t2026\n--- a.c\t2026\n***************\n*** 1,3 ****\n--- 1,3 ----\n", []string{"a.c", "a.c"}},
		"mail":     {mail, []string{"a/a.txt", "b/a.txt", "a/a.txt", "b/a.txt"}},
		// GNU patch takes a timestamp after a space too; git and patch
		// unquote a name in C's quotes (both measured under bash).
		"space stamp": {"--- x.json 2020-01-01 00:00:00 +0000\n+++ .claude/settings.json 2020-01-01 00:00:00 +0000\n", []string{
			"x.json 2020-01-01 00:00:00 +0000", "x.json", ".claude/settings.json 2020-01-01 00:00:00 +0000", ".claude/settings.json"}},
		"quoted": {`diff --git "a/.claude/settings.json" "b/\303\251 x"` + "\n+++ \"b/.claude/settings.json\"\n", []string{
			"a/.claude/settings.json", "b/é x", `"b/.claude/settings.json"`, "b/.claude/settings.json"}},
	} {
		p := filepath.Join(dir, name+".patch")
		if err := os.WriteFile(p, []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []string
		if err := List(context.Background(), p, func(n string) bool { got = append(got, n); return true }); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", name, got, tc.want)
		}
	}
	p := filepath.Join(dir, "notes.txt")
	os.WriteFile(p, []byte("just some words\n"), 0o644)
	if err := List(context.Background(), p, func(string) bool { return true }); !errors.Is(err, ErrFormat) {
		t.Errorf("a text that is no patch: %v, want ErrFormat", err)
	}
}

// gzipOf returns text compressed by gzip.
func gzipOf(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if _, err := z.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
