package readfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// visits records the calls a walk makes: path, whether a folder, and an
// error, with fn's answer given by skip.
func visits(t *testing.T, walk func(string, fs.WalkDirFunc) error, root string, skip func(string) error) ([]string, error) {
	t.Helper()
	var got []string
	err := walk(root, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(root, p)
		s := filepath.ToSlash(rel)
		if d != nil && d.IsDir() {
			s += "/"
		}
		if err != nil {
			s += " error"
		}
		got = append(got, s)
		return skip(rel)
	})
	return got, err
}

// The calls of Walk are WalkDir's, within the bound: the order, the
// links not followed, SkipDir on a folder and on a file, SkipAll, a
// root that is a file or is not there.
func TestWalkAsWalkDir(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"b/x", "b/y/z", "a", "c/d/e/f", "c/g", ".h/i", "skip/j", "k/l", "k/m", "k/n", "stop/o", "z"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "b"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	bounded := func(root string, fn fs.WalkDirFunc) error { return Walk(root, 100, fn) }
	for _, c := range []struct {
		name string
		root string
		skip func(string) error
	}{
		{"all", root, func(string) error { return nil }},
		{"skip a folder", root, func(r string) error {
			if r == "skip" {
				return fs.SkipDir
			}
			return nil
		}},
		{"skip at a file", root, func(r string) error {
			if r == filepath.FromSlash("k/m") {
				return fs.SkipDir // the rest of k
			}
			return nil
		}},
		{"skip all", root, func(r string) error {
			if r == "stop" {
				return fs.SkipAll
			}
			return nil
		}},
		{"a file", filepath.Join(root, "a"), func(string) error { return nil }},
		{"not there", filepath.Join(root, "nope"), func(string) error { return nil }},
		{"a link", filepath.Join(root, "link"), func(string) error { return nil }},
	} {
		want, wantErr := visits(t, filepath.WalkDir, c.root, c.skip)
		got, err := visits(t, bounded, c.root, c.skip)
		if !slices.Equal(got, want) || (err == nil) != (wantErr == nil) {
			t.Errorf("%s: Walk %q (%v), WalkDir %q (%v)", c.name, got, err, want, wantErr)
		}
	}
}

// Past the bound, a folder of more names than are left is not listed,
// and Walk says so.
func TestWalkBound(t *testing.T) {
	root := t.TempDir()
	big := filepath.Join(root, "big")
	if err := os.Mkdir(big, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		if err := os.WriteFile(filepath.Join(big, fmt.Sprint(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "a"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		max  int
		want string
		err  error
	}{
		{52, "./ a big/ big/0", nil}, // 2 at root, 50 in big: all
		{51, "./ a big/", ErrBound},  // big holds 50, 49 are left
		{1, "./", ErrBound},          // root holds 2
		{0, "./", ErrBound},
	} {
		got, err := visits(t, func(r string, fn fs.WalkDirFunc) error { return Walk(r, c.max, fn) }, root, func(string) error { return nil })
		if s := strings.Join(got, " "); !strings.HasPrefix(s, c.want) || !errors.Is(err, c.err) && (err != nil || c.err != nil) {
			t.Errorf("max %d: %q (%v), want %q… (%v)", c.max, s, err, c.want, c.err)
		}
		if c.err != nil && len(got) != len(strings.Fields(c.want)) {
			t.Errorf("max %d: %q: entries past the bound were seen", c.max, got)
		}
	}
}
