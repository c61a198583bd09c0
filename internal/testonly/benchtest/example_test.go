package benchtest_test

import (
	"context"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
)

// The "deny" answer denies every event with the same reason.
func ExampleAnswers() {
	h := benchtest.Answers()["deny"]
	r, _ := h.Handle(context.Background(), &hooks.StopEvent{})
	fmt.Println(r.Decision, r.Reason)
	// Output: deny blocked by policy
}
