package guard

import (
	"path"
	"testing"
)

// TestIsClean: isClean is true only when path.Clean leaves a path as it
// is (it may be false for one that is: cleanPath then cleans it), and is
// true for the common clean paths.
func TestIsClean(t *testing.T) {
	parts := []string{"", "/", "a", ".", "..", "//", "b/", "/c", "a.b", "..a", "a..", ".a"}
	for _, x := range parts {
		for _, y := range parts {
			for _, z := range parts {
				p := x + y + z
				if p == "" {
					continue
				}
				if isClean(p) && path.Clean(p) != p {
					t.Errorf("isClean(%q), but path.Clean gives %q", p, path.Clean(p))
				}
			}
		}
	}
	for _, p := range []string{"/", "a", "/a", "a/b", "/tmp/test.log", "web/web/package.json", ".a/b..c"} {
		if !isClean(p) {
			t.Errorf("isClean(%q) is false", p)
		}
	}
}
