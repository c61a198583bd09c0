package tempvar

import (
	"slices"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

func TestRefs(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{`h=$(git rev-parse HEAD); git show $h`, []string{"h"}},
		{`b=$(git branch --show-current) && git log "origin/$b"`, nil}, // a ref's name may be --output=x
		{`base=$(git merge-base HEAD origin/main); git diff "$base"`, []string{"base"}},
		{`t=$(git describe --tags --abbrev=0); git log "$t"..HEAD`, nil},
		{`b=$(git rev-parse --abbrev-ref HEAD); git show $b`, nil},
		{`h=$(git rev-parse --short=8 HEAD~2)`, []string{"h"}},
		{`h=$(git rev-parse HEAD); h=--output=x; git show $h`, nil},      // assigned twice
		{`h=$(git rev-parse --git-dir); git show $h`, nil},               // a path, not a ref
		{`h=$(git rev-parse "$X"); git show $h`, nil},                    // prints what it is given
		{`h=$(git rev-parse --foo); git show $h`, nil},                   // rev-parse prints an unknown option
		{`h=$(git rev-parse HEAD $(echo --output=x)); git show $h`, nil}, // a substitution inside
		{`h=$(git log -1 --format=%H); git show $h`, nil},                // not read
		{`h=$(git branch --show-current --format=x); git show $h`, nil},
	} {
		if got := Refs(tc.src); !slices.Equal(got, tc.want) {
			t.Errorf("Refs(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestIsRef(t *testing.T) {
	for _, tc := range []struct {
		w    shell.Word
		want bool
	}{
		{shell.Word{Value: "$h", Dynamic: true}, true},
		{shell.Word{Value: "${h}", Dynamic: true}, true},
		{shell.Word{Value: "$hx", Dynamic: true}, false},
		{shell.Word{Value: "$(git rev-parse HEAD)", Dynamic: true}, true},
		{shell.Word{Value: "$(git branch --show-current)", Dynamic: true}, false},
		{shell.Word{Value: "$(git symbolic-ref --short HEAD)", Dynamic: true}, false},
		{shell.Word{Value: "$(git rev-parse --sq-quote -x)", Dynamic: true}, false},
		{shell.Word{Value: "$(echo HEAD)", Dynamic: true}, false},
	} {
		if got := IsRef(tc.w, []string{"h"}); got != tc.want {
			t.Errorf("IsRef(%q) = %v, want %v", tc.w.Value, got, tc.want)
		}
	}
}
