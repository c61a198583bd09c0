package shell

import (
	"slices"
	"testing"
)

// TestCdMayFail: a cd that may not take effect leaves the shell in one
// of two directories, and each write is reported in both (issue 38).
// Each script was run under bash 5.2 in a sandbox directory holding src;
// the comment says where bash's rm ran when /tmp/nope does not exist.
func TestCdMayFail(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // the paths of the writes, in order
	}{
		{"cd /tmp/nope; rm -rf src", []string{"src", "/tmp/nope/src"}},         // bash: deleted ./src
		{"cd /tmp/nope\nrm -rf src", []string{"src", "/tmp/nope/src"}},         // bash: deleted ./src
		{"pushd /tmp/nope; rm -rf src", []string{"src", "/tmp/nope/src"}},      // bash: deleted ./src
		{"command cd /tmp/nope; rm -rf src", []string{"src", "/tmp/nope/src"}}, // bash: deleted ./src
		{"builtin cd /tmp/nope; rm -rf src", []string{"src", "/tmp/nope/src"}}, // bash: deleted ./src
		{"eval cd /tmp/nope; rm -rf src", []string{"src", "/tmp/nope/src"}},    // bash: deleted ./src
		{"cd /tmp/nope || true; rm -rf src", []string{"src", "/tmp/nope/src"}},
		{"cd /tmp/nope || exit; rm -rf src", []string{"src", "/tmp/nope/src"}},
		{"cd /tmp extra; rm -rf src", []string{"src"}},  // bash: "too many arguments", deleted ./src
		{"cd /tmp & rm -rf src", []string{"src"}},       // bash: the cd ran in a subshell
		{"cd /tmp | true; rm -rf src", []string{"src"}}, // a pipeline stage is a subshell
		{"(cd /tmp); rm -rf src", []string{"src"}},
		{"(cd /tmp/nope; rm -rf src)", []string{"src", "/tmp/nope/src"}},
		{"cd a; cd b; rm -rf src", []string{"$PWD/src", "a/b/src"}},
		// A function, alias or disabled builtin named cd runs in its
		// place (bash: each deleted ./src; enable -n cd then runs
		// /usr/bin/cd, on macOS, not run here).
		{"cd() { :; }; cd /tmp/x && rm -rf src", []string{"$PWD/src"}},
		{"function cd { :; }; cd /tmp/x && rm -rf src", []string{"$PWD/src"}},
		{"pushd() { :; }; pushd /tmp/x && rm -rf src", []string{"$PWD/src"}},
		{"shopt -s expand_aliases; alias cd=:\ncd /tmp/x && rm -rf src", []string{"$PWD/src"}},
		{"enable -n cd; cd /tmp/x && rm -rf src", []string{"$PWD/src"}},
		// A function or an alias whose code changes the directory runs
		// in the shell that calls it (bash: each deleted ./src).
		{"f() { cd \"$OLDPWD\"; }; cd /tmp/x && f && rm -rf src", []string{"$OLDPWD/src"}},
		{"shopt -s expand_aliases; alias b='cd \"$OLDPWD\"'\ncd /tmp/x && b && rm -rf src", []string{"$PWD/src"}},
		// Look-alikes: the cd is checked.
		{"f() { echo hi; }; cd /tmp/x && f && rm -rf src", []string{"/tmp/x/src"}},
		{"shopt -s expand_aliases; alias ll='ls -l'\ncd /tmp/x && ll && rm -rf src", []string{"/tmp/x/src"}},
		{"f() { :; }; cd /tmp/x && rm -rf src", []string{"/tmp/x/src"}},
		{"enable -n echo; cd /tmp/x && rm -rf src", []string{"/tmp/x/src"}},
		{"cd /tmp/x && rm -rf src", []string{"/tmp/x/src"}},
		{"cd /tmp/x && make && rm -rf src", []string{"/tmp/x/src"}},
		{"cd /tmp/x && rm -rf src; rm -rf y", []string{"/tmp/x/src", "y", "/tmp/x/y"}},
		// In a chain of &&, each command runs only when all before it
		// succeeded: each cd among them took effect.
		{"cd web && npm ci && cd .. && rm -rf node_modules", []string{"node_modules"}},
		{"git pull && cd web && rm -rf dist", []string{"web/dist"}},
		{"true && cd /tmp/x && rm -rf src", []string{"/tmp/x/src"}},
		{"true && cd /tmp/x || rm -rf src", []string{"$PWD/src"}},
		{"cd /tmp/x | cat && rm -rf src", []string{"src"}},
		{"true && cd /tmp/x && ls; rm -rf src", []string{"$PWD/src"}},
		{"f() { cd /tmp/x; }; f && rm -rf src", []string{"/tmp/x/src"}},
		{"f() { cd /tmp/x && ls; }; true && f && rm -rf src", []string{"/tmp/x/src"}},
		{"f() { cd /tmp/x; echo hi; }; f && rm -rf src", []string{"src", "/tmp/x/src"}}, // f returns echo's status
		{"f() { cd /tmp/x; }; f; rm -rf src", []string{"src", "/tmp/x/src"}},
		{"f() ( cd /tmp/x ); f && rm -rf src", []string{"src"}},
		{"f() { cd /tmp/x; f; }; f && rm -rf src", []string{"$PWD/src"}},
		// A function's paths are its call's: bash deleted ./src, from
		// where f is called, not /tmp/src.
		{"cd /tmp && f() { rm -rf src; } && cd /home/dev/p && f", []string{"/tmp/src", "/home/dev/p/src"}},
		{"cd /tmp; f() { rm -rf src; }; cd /home/dev/p; f", []string{"src", "/tmp/src", "$PWD/src", "/home/dev/p/src"}},
		{"f() { echo a; } && cd /tmp/x && f && rm -rf src", []string{"/tmp/x/src"}},
		{"rm -rf src; cd /tmp", []string{"src"}},
		{"cd /tmp/x; rm -rf /tmp/x/y", []string{"/tmp/x/y"}},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		got := writePaths(s)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: writes %q, want %q", tc.src, got, tc.want)
		}
	}
}
