package shell

import (
	"path"
	"testing"
)

// TestJoinDirClean: joinDir's one-allocation join of static words gives
// what path.Join gives.
func TestJoinDirClean(t *testing.T) {
	parts := []string{"", ".", "..", "/", "//", "a", "b.c", ".env", "..x", "x..", "a/b", "a//b", "a/./b", "a/../b", "./a", "../a", "a/", "a/.", "a/..", "/a", "/a/b", "~", "-", "a b", "./", ".claude/settings.json"}
	for _, d := range parts {
		for _, p := range parts {
			want := path.Clean(p)
			if d != "" && p[:min(1, len(p))] != "/" {
				want = path.Join(d, p)
			}
			if got := joinDir(Static(d), Static(p)); got.Value != want || got.Dynamic {
				t.Errorf("joinDir(%q, %q) = %+v, want %q", d, p, got, want)
			}
		}
	}
}

// TestIsClean: isClean is path.Clean(d) == d.
func TestIsClean(t *testing.T) {
	for _, d := range []string{"", ".", "/", "a", "a/b", "/a/b", "a/", "/a/", "//a", "a//b", "./a", "a/.", "a/..", "../a",
		"/..", "/../a", "a/./b", "..", "...", "a/...", "/a/b/c", "web/web/web"} {
		if got, want := isClean(d), path.Clean(d) == d; got != want {
			t.Errorf("isClean(%q) = %v, want %v", d, got, want)
		}
	}
}
