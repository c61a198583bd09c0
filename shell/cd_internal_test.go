package shell

import (
	"path"
	"testing"
)

// TestJoinDirClean: joinDir's one-allocation join of static words gives
// what path.Join gives.
func TestJoinDirClean(t *testing.T) {
	parts := []string{"", ".", "..", "/", "//", "a", "b.c", ".env", "..x", "x..", "a/b", "a//b", "a/./b", "a/../b", "./a", "../a", "a/", "a/.", "a/..", "/a", "/a/b", "~", "-", "a b", "./", ".claude/settings.json",
		"./...", ".//a", "././a", "./.", "./..", "./a/", ".//", "./../a", "././", "web/web"}
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

// TestCleanDirsPrefix: cleanDirs.isClean, which reads only what follows
// a remembered clean directory, answers as isClean for every pair of
// directories asked in turn.
func TestCleanDirsPrefix(t *testing.T) {
	parts := []string{".", "..", "/", "a", "a/b", "/a", "../a", "a/..", "a/.", "a//b", "a/", "a/b/c", "a/b/..", "a/b/./c",
		"a/bc", "ab/c", "/a/b", "//a", "a/b/", "a/b//c", "a/b/.x", "a/b/..x"}
	for _, d1 := range parts {
		for _, d2 := range parts {
			var c cleanDirs
			for _, d := range []string{d1, d2, d1 + "/x", d2 + "/y/z", d1} {
				if got, want := c.isClean(d), path.Clean(d) == d; got != want {
					t.Errorf("after %q, %q: isClean(%q) = %v, want %v", d1, d2, d, got, want)
				}
			}
		}
	}
}
