package hookcli

import (
	"strings"
	"testing"
)

// TestSuggest: a misspelled or shortened word gets the closest one; a
// word far from every candidate gets none.
func TestSuggest(t *testing.T) {
	flags := []string{"--hosts", "--scope", "--dir", "--events", "--timeout", "--dry-run"}
	for _, tc := range []struct{ w, want string }{
		{"--host", "--hosts"},
		{"-host", "--hosts"},
		{"--scop", "--scope"},
		{"--dri-run", "--dry-run"},
		{"--timout", "--timeout"},
		{"--dir", ""}, // itself
		{"--color", ""},
		{"--x", ""},
		{"", ""},
	} {
		if got := Suggest(tc.w, flags); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.w, got, tc.want)
		}
	}
	for _, tc := range []struct{ w, want string }{
		{"instal", "install"}, {"isntall", "install"}, {"uninstal", "uninstall"}, {"docter", "doctor"},
		{"verison", "version"}, {"hepl", "help"}, {"deploy", ""}, {"ls", ""},
	} {
		if got := Suggest(tc.w, Subcommands); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.w, got, tc.want)
		}
	}
}

// TestMistyped: a bare first word close to a subcommand is a person's typo;
// a flag, a real subcommand or an unrelated word is not.
func TestMistyped(t *testing.T) {
	if s, ok := Mistyped([]string{"instal", "--hosts", "claude"}); !ok || s != "install" {
		t.Errorf("instal: %q %v", s, ok)
	}
	for _, args := range [][]string{nil, {"install"}, {"--host", "claude"}, {"--instal"}, {"zebra"}} {
		if s, ok := Mistyped(args); ok {
			t.Errorf("%q: mistyped as %q", args, s)
		}
	}
}

// TestParseSuggestsFlag: an unknown flag close to a known one names it.
func TestParseSuggestsFlag(t *testing.T) {
	_, err := Parse([]string{"--hots", "claude"})
	if err == nil || !strings.Contains(err.Error(), `unknown argument "--hots" (did you mean --host?)`) {
		t.Errorf("err = %v", err)
	}
}
