package shell

import (
	"context"
	"strings"
	"testing"
)

// TestSimpleLinesReuseRoom: the fast reader reads line after line in the
// room of the line before, so a script's allocations do not grow with its
// lines of one command (they grew by one a line, the slice of where each
// command's words end, until simpleIn kept it).
func TestSimpleLinesReuseRoom(t *testing.T) {
	allocs := func(line string, n int) float64 {
		src := strings.Repeat(line+"\n", n)
		p := &Parser{}
		return testing.AllocsPerRun(20, func() {
			if _, err := p.Parse(context.Background(), src); err != nil {
				t.Fatal(err)
			}
		})
	}
	for _, line := range []string{"tail -5", "git status --short", "wc -l x.md", "tail -5 | head -2"} {
		if a, b := allocs(line, 50), allocs(line, 150); b-a > 10 {
			t.Errorf("%q: %v allocations for 50 lines, %v for 150: the room is not used again", line, a, b)
		}
	}
}
