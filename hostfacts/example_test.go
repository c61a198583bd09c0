package hostfacts_test

import (
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/hostfacts"
)

// A doctor asks the adapter what its host makes of a hook's answer: the
// same deny, written for the wrong event, is one Claude Code ignores.
func ExampleCheckAnswer() {
	a := claude.New()
	deny := `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`
	for _, native := range []string{"PreToolUse", "PostToolUse"} {
		v, msg := hostfacts.CheckAnswer(a, native, hooks.Output{Stdout: []byte(deny)}, false)
		fmt.Printf("%s: %s: %s\n", native, v, msg)
	}
	// Output:
	// PreToolUse: ok: answered {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}
	// PostToolUse: fail: hookSpecificOutput.hookEventName is "PreToolUse", not the running event "PostToolUse": Claude Code ignores the whole answer
}
