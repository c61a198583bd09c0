package failline

import (
	"strings"
	"testing"
)

func TestParseReadsFormat(t *testing.T) {
	for _, policy := range []string{"open", "closed"} {
		line := Format(policy, "handler: boom: a: b")
		p, why, ok := Parse(line + "\n")
		if !ok || p != policy || why != "handler: boom: a: b" {
			t.Errorf("Parse(%q) = %q, %q, %v", line, p, why, ok)
		}
	}
	for _, line := range []string{"", "hooks: fail-", "hooks: fail-maybe: x", "hooks: claude does not honour ask on Stop: dropped", "fail-open: x", "hooks: fail-open"} {
		if _, _, ok := Parse(line); ok {
			t.Errorf("Parse(%q) reads a fail line", line)
		}
	}
	if !strings.Contains(ErrNoBridge.Error(), NoBridge) {
		t.Errorf("ErrNoBridge %q does not say %q", ErrNoBridge, NoBridge)
	}
}
