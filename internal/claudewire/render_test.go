package claudewire

import (
	"testing"
	"testing/fstest"

	"github.com/agenthooks/hooks/hostfacts"
)

func TestRenderLeavesTheHostsActs(t *testing.T) {
	ps, why, err := Render(&testTools, fstest.MapFS{}, "Some Host", hostfacts.Act{Kind: hostfacts.ActMove, Path: "a", To: "b"}, nil)
	if ps != nil || err != nil || why != "Some Host has no patch tool (a move is a shell `mv`: use Shell)" {
		t.Errorf("move: %v %q %v", ps, why, err)
	}
	for _, k := range []hostfacts.ActKind{hostfacts.ActPrompt, hostfacts.ActPostShell, hostfacts.ActPostWrite, hostfacts.ActDelete} {
		if ps, why, err := Render(&testTools, fstest.MapFS{}, "Some Host", hostfacts.Act{Kind: k}, nil); ps != nil || why != "" || err != nil {
			t.Errorf("act %d is the host's own, yet Render gave %v %q %v", k, ps, why, err)
		}
	}
}
