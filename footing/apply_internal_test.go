package footing

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadApply reads git apply's arguments as git does: -p in either
// spelling, --directory in either, options with a value skipped, and a
// short-option group holding p taken as any strip.
func TestReadApply(t *testing.T) {
	for _, c := range []struct {
		args []string
		want applyArgs
	}{
		{[]string{"x.patch"}, applyArgs{files: []string{"x.patch"}, strip: 1}},
		{[]string{"-p2", "x.patch"}, applyArgs{files: []string{"x.patch"}, strip: 2}},
		{[]string{"-p", "0", "x.patch"}, applyArgs{files: []string{"x.patch"}, strip: 0}},
		{[]string{"-pz", "x.patch"}, applyArgs{files: []string{"x.patch"}, strip: -1}},
		{[]string{"-vp2", "x.patch"}, applyArgs{files: []string{"x.patch"}, strip: -1}},
		{[]string{"--directory=.claude", "x.patch"}, applyArgs{files: []string{"x.patch"}, strip: 1, dir: ".claude"}},
		{[]string{"--directory", ".claude", "x.patch"}, applyArgs{files: []string{"x.patch"}, strip: 1, dir: ".claude"}},
		{[]string{"--exclude", "a", "-C", "3", "--", "-p3"}, applyArgs{files: []string{"-p3"}, strip: 1}},
		{[]string{"--check"}, applyArgs{strip: 1}},
	} {
		got := readApply(c.args)
		if diff := cmp.Diff(c.want, got, cmp.AllowUnexported(applyArgs{})); diff != "" {
			t.Errorf("readApply(%q) (-want +got):\n%s", c.args, diff)
		}
	}
}

// TestApplyLands places a patch's names as git would, and with the strip
// unknown tries only a name's last names: a name of 200,000 folders is
// read once, not once per strip.
func TestApplyLands(t *testing.T) {
	hook := func(n string) bool { return n == ".claude/settings.json" }
	deep := strings.Repeat("x/", 200000) + ".claude/settings.json"
	for _, c := range []struct {
		a    applyArgs
		name string
		want string
	}{
		{applyArgs{strip: 1}, "a/.claude/settings.json", ".claude/settings.json"},
		{applyArgs{strip: 0}, "a/.claude/settings.json", ""},
		{applyArgs{strip: 2}, "a/x/.claude/settings.json", ".claude/settings.json"},
		{applyArgs{strip: 1, dir: ".claude"}, "a/settings.json", ".claude/settings.json"},
		{applyArgs{strip: 1, dir: "docs"}, "a/.claude/settings.json", ""},
		{applyArgs{strip: 5}, "a/b", ""},
		{applyArgs{strip: -1, depth: 2}, deep, ".claude/settings.json"},
		{applyArgs{strip: -1, depth: 2}, deep + "x", ""},
	} {
		if got := c.a.lands(c.name, hook); got != c.want {
			t.Errorf("%+v lands %.40q at %q, want %q", c.a, c.name, got, c.want)
		}
	}
}
