package footing

import (
	"strings"
	"testing"
)

// landsAnywhere, on the names a member may land on from some directory.
func TestLandsAnywhere(t *testing.T) {
	const hook, plugins = "/home/dev/project/.claude/settings.json", "/home/dev/project/.opencode/plugin"
	for _, tc := range []struct {
		m, e string
		tree bool
		want bool
	}{
		{".claude/settings.json", hook, false, true},
		{"pkg/.claude/settings.json", hook, false, true}, // --strip-components=1
		{"settings.json", hook, false, true},             // extracted into .claude itself
		{"pkg/settings.json", hook, false, false},        // a bare name after a strip is not enough
		{".claude/settings.json.bak", hook, false, false},
		{".CLAUDE/Settings.json", hook, false, false},
		{"plugin/evil.js", plugins, true, true},
		{"pkg/.opencode/plugin/evil.js", plugins, true, true},
		{"pkg/plugin/evil.js", plugins, true, false},
		{".opencode/plugin", plugins, true, true},
		{"src/main.go", plugins, true, false},
	} {
		if got := landsAnywhere(names(tc.m, false), names(tc.e, false), tc.tree); got != tc.want {
			t.Errorf("landsAnywhere(%q, %q, tree %v) = %v, want %v", tc.m, tc.e, tc.tree, got, tc.want)
		}
	}
	if !landsAnywhere(names(".CLAUDE/Settings.json", true), names(hook, true), false) {
		t.Error("a case variant on a folding file system does not land")
	}
}

// BenchmarkLandsAnywhereDeep: a member of 100,000 names, such as the
// model can put in an archive (a pax header holds up to 1 MiB), against a
// protected tree: each name is looked at once (joining them for each
// split, as a first version did, cost time squared in their number).
func BenchmarkLandsAnywhereDeep(b *testing.B) {
	m := strings.Repeat("a/", 100_000) + "x"
	e := names("/home/dev/project/.opencode/plugin", false)
	for b.Loop() {
		if landsAnywhere(names(m, false), e, true) {
			b.Fatal("lands")
		}
	}
}
