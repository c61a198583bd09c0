package readfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Within the bound, Glob's matches and errors are filepath.Glob's.
func TestGlobAsFilepathGlob(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a.go", "b.go", ".env", ".env.local", "src/x.go", "src/y_test.go", "src/sub/z.go",
		"pkg/a/a.go", "pkg/b/b.go", "pkg/b/.hidden", "[x]/y", "q?/r", "star*/s"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "pkg"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	for _, pat := range []string{"*", "*.go", ".e*", ".*", "*/*.go", "*/*/*.go", "*/*/*", "pkg/*/.*", "src/*_test.go",
		"link/*/*.go", "nope/*", "a.go", "nope", "[", "*/[", "src/[xy].go", "src/[!x]*", `\[x\]/*`, `q\?/*`, `star\*/*`,
		"?.go", "*/", "src/*/", "**/*.go", "a.go/*"} {
		full := filepath.Join(root, pat)
		want, wantErr := filepath.Glob(full)
		got, err := Glob(full, 1000)
		if !slices.Equal(got, want) || (err == nil) != (wantErr == nil) {
			t.Errorf("%s: Glob %q (%v), filepath.Glob %q (%v)", pat, got, err, want, wantErr)
		}
	}
}

// Past the bound Glob says so, having read no more than max+1 names of a
// folder.
func TestGlobBound(t *testing.T) {
	root := t.TempDir()
	for i := range 30 {
		d := filepath.Join(root, fmt.Sprint("d", i))
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "f"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		pat  string
		max  int
		n    int
		errs bool
	}{
		{"*/f", 60, 30, false}, // 30 names at root, one in each folder
		{"*/f", 59, 0, true},
		{"*", 30, 30, false},
		{"*", 29, 0, true},
		{"d1/f", 0, 1, false}, // no meta character: nothing listed
	} {
		got, err := Glob(filepath.Join(root, c.pat), c.max)
		if c.errs != errors.Is(err, ErrBound) || !c.errs && len(got) != c.n {
			t.Errorf("%s, max %d: %d matches (%v), want %d (bound %v)", c.pat, c.max, len(got), err, c.n, c.errs)
		}
		// GlobCount: the same, and the names read (at most max).
		counted, read, err2 := GlobCount(filepath.Join(root, c.pat), c.max)
		if !slices.Equal(counted, got) || !errors.Is(err2, ErrBound) && err2 != err || read > c.max ||
			!c.errs && c.pat == "*/f" && read != 60 {
			t.Errorf("%s, max %d: GlobCount %d matches, %d read (%v)", c.pat, c.max, len(counted), read, err2)
		}
	}
}
