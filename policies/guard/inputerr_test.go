package guard

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestJudgeDeniesUnreadableInput: a call whose input the adapter could not
// read fully is denied, even when what could be read looks harmless, and
// the reason says why.
func TestJudgeDeniesUnreadableInput(t *testing.T) {
	for _, tool := range []hooks.Tool{
		{Name: "Shell", Input: &hooks.ShellInput{Command: "echo safe"}, InputErr: errors.New(`field "command" has a case variant "Command"`)},
		{Name: "Bash", Input: &hooks.ShellInput{}, InputErr: errors.New(`field "command" is missing`)},
		{Name: "write_file", Input: &hooks.WriteInput{Path: "notes.txt"}, InputErr: errors.New(`field "file_path" appears 2 times`)},
	} {
		r := Judge(context.Background(), "/home/dev/project", &tool)
		if r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "cannot be read") || !strings.Contains(r.Reason, tool.InputErr.Error()) {
			t.Errorf("%s with InputErr %v: %+v", tool.Name, tool.InputErr, r)
		}
	}
	// Without InputErr the same harmless input has no opinion.
	if r := Judge(context.Background(), "/home/dev/project", &hooks.Tool{Name: "Shell", Input: &hooks.ShellInput{Command: "echo safe"}}); r.Decision != hooks.NoDecision {
		t.Errorf("readable safe call: %+v", r)
	}
}
