package members

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPatchLinks: the symbolic links a git patch makes, with their
// targets (git apply made newlink, a link to app/.env, of the first).
func TestPatchLinks(t *testing.T) {
	dir := t.TempDir()
	for name, tc := range map[string]struct {
		body string
		want []string
	}{
		"new link": {"diff --git a/newlink b/newlink\nnew file mode 120000\nindex 0000000..1111111\n--- /dev/null\n+++ b/newlink\n" +
			"@@ -0,0 +1 @@\n+app/.env\n\\ No newline at end of file\n", []string{"newlink", "app/.env"}},
		"changed target": {"diff --git a/l b/l\nindex 1111111..2222222 120000\n--- a/l\n+++ b/l\n@@ -1 +1 @@\n-README.md\n+/home/dev/.ssh/id_rsa\n",
			[]string{"l", "/home/dev/.ssh/id_rsa"}},
		"type change": {"diff --git a/cfg b/cfg\nold mode 100644\nnew mode 120000\n--- a/cfg\n+++ b/cfg\n@@ -1 +1 @@\n-x\n+../.env\n",
			[]string{"cfg", "../.env"}},
		"two files": {"diff --git a/a.go b/a.go\nindex 1..2 100644\n--- a/a.go\n+++ b/a.go\n@@ -1 +1 @@\n-x\n+y\n" +
			"diff --git a/sub/k b/sub/k\nnew file mode 120000\n--- /dev/null\n+++ b/sub/k\n@@ -0,0 +1 @@\n+../app/.env\n", []string{"sub/k", "../app/.env"}},
		"plain files": {"diff --git a/a.go b/a.go\nnew file mode 100644\n--- /dev/null\n+++ b/a.go\n@@ -0,0 +1 @@\n+120000\n", nil},
	} {
		p := filepath.Join(dir, name+".patch")
		if err := os.WriteFile(p, []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []string
		if err := Links(context.Background(), p, func(n, target string) bool { got = append(got, n, target); return true }); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", name, got, tc.want)
		}
	}
}
