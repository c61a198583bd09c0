package hookmain

import (
	"slices"
	"testing"
)

func TestExtraArgs(t *testing.T) {
	for _, c := range []struct{ args, want []string }{
		{[]string{"--host", "claude"}, nil},
		{[]string{"--host", "claude", "--"}, []string{}},
		{[]string{"--host", "claude", "--", "--policy", "strict", "--"}, []string{"--policy", "strict", "--"}},
	} {
		if got := extraArgs(c.args); !slices.Equal(got, c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("extraArgs(%q) = %q, want %q", c.args, got, c.want)
		}
	}
}
