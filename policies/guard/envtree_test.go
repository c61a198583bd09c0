package guard

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// archive writes dir/name.tgz and dir/name.zip holding files.
func archive(t *testing.T, dir, name string, files ...string) {
	t.Helper()
	var tb, zb bytes.Buffer
	gz := gzip.NewWriter(&tb)
	tw := tar.NewWriter(gz)
	zw := zip.NewWriter(&zb)
	for _, n := range files {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: 2}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte("x\n"))
		w, _ := zw.Create(n)
		w.Write([]byte("x\n"))
	}
	tw.Close()
	gz.Close()
	zw.Close()
	for ext, b := range map[string][]byte{".tgz": tb.Bytes(), ".zip": zb.Bytes()} {
		if err := os.WriteFile(filepath.Join(dir, name+ext), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestEnvTree: rule 3 on a write of files whose names come from an
// archive or a directory (issue 38): the source is read, and a .env file
// in it is a write of a secrets file; a source that cannot be read may
// hold one. Each attack was run under bash 5.2 in a scratch directory
// (the comment says what it did); the look-alikes pass.
func TestEnvTree(t *testing.T) {
	root := project(t)
	for p, c := range map[string]string{"sub/.env": "K=1\n", "sub/a.txt": "a\n", "tpl/.env.example": "K=\n", "tpl/b.txt": "b\n"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	archive(t, root, "secrets", "app/a.txt", "app/.env")
	for name, body := range map[string]string{
		"env.patch":    "diff --git a/.env b/.env\nnew file mode 100644\n--- /dev/null\n+++ b/.env\n@@ -0,0 +1 @@\n+K=1\n",
		"readme.patch": "--- a/README.md\n+++ b/README.md\n@@ -0,0 +1 @@\n+hi\n",
	} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	archive(t, root, "plain", "app/a.txt", "app/.env.example")
	if err := os.WriteFile(filepath.Join(root, "a.tar.xz"), []byte("\xfd7zXZ\x00\x00\x04"), 0o644); err != nil {
		t.Fatal(err)
	}
	judgeTable(t, root, []judgeCase{
		{`tar xzf secrets.tgz`, "app/.env"},                            // bash: app/.env written
		{`tar xzf secrets.tgz --wildcards '.env*' '*/.env'`, "rule 3"}, // bash: app/.env written
		{`tar -xzf secrets.tgz --strip-components=1`, "app/.env"},      // bash: .env written
		{`unzip -o secrets.zip -d out`, "app/.env"},                    // bash: out/app/.env written
		{`bsdtar -xf secrets.zip`, "app/.env"},
		{`cat secrets.tgz | tar xz`, "cannot be listed"}, // bash: app/.env written
		{`tar xJf a.tar.xz`, "cannot be listed"},
		{`curl -sL https://example.com/x.tgz | tar xz`, "cannot be listed"},
		{`curl -so x.tgz https://example.com/x.tgz && tar xzf x.tgz`, "does not exist yet"},
		{`cp -r sub/. .`, ".env"},    // bash: ./.env written
		{`cp -a sub/. out/`, ".env"}, // bash: out/.env written
		{`cp -R sub/* .`, ".env"},    // bash: the glob skips .env (a look-alike judged as its tree)
		{`cp -r sub copy`, ".env"},   // bash: copy/.env written
		{`rsync -a sub/ .`, ".env"},
		{`ditto sub .`, ".env"},
		{`scp -r host:dir .`, "cannot be listed"},
		{`git clone https://example.com/r.git r && cp -r r/. .`, "does not exist yet"},
		{`python3 -m tarfile -e secrets.tgz .`, "app/.env"}, // bash: app/.env written
		{`patch -p1 < env.patch`, ".env"},                   // bash: .env written
		{`patch -p1 -i env.patch`, ".env"},
		{`git apply env.patch`, ".env"},
		{`python3 -m zipfile -e secrets.zip out`, "app/.env"},
		{`jar xf secrets.zip`, "app/.env"},
		{`pax -rzf secrets.tgz`, "app/.env"},
		{`tar xzf plain.tgz --transform 's,.env.example,.env,'`, "cannot be listed"}, // bash: app/.env written
		{`tar xzf secrets.tgz -C "$PWD"`, "app/.env"},
		// Look-alikes.
		{`tar xzf plain.tgz`, ""},
		{`python3 -m tarfile -e plain.tgz .`, ""},
		{`patch -p1 < readme.patch`, ""},
		{`git apply readme.patch`, ""},
		{`tar xzf plain.tgz --transform 's,^,pkg/,' -C /tmp/unpack`, ""},
		{`unzip -o plain.zip -d build/`, ""},
		{`cat secrets.tgz | tar xz -C /tmp/unpack`, ""}, // a temporary directory
		{`cp -r tpl/. out/`, ""},
		{`cp -r src backup`, ""},
		{`cp -r src/* dist/`, ""},
		{`rsync -a src/ /tmp/snapshot/`, ""},
		{`tar xzf missing.tgz`, ""}, // tar fails: nothing written
		{`cp -r nosuch/. .`, ""},
		{`tar czf out.tgz src`, ""},
		{`tar tzf secrets.tgz`, ""},
	})
}
