// Command answerhook is a hook program for the kit's own tests: it answers
// every event with the answer described in $HOOKSTEST_ANSWER, a JSON object
// {"decision": "deny"|"allow"|"ask"|"", "reason": …, "context": …,
// "error": …} (a non-empty error makes the handler fail).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookmain"
)

type answer struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
	Context  string `json:"context"`
	Error    string `json:"error"`
}

func main() {
	var a answer
	if err := json.Unmarshal([]byte(os.Getenv("HOOKSTEST_ANSWER")), &a); err != nil {
		os.Stderr.WriteString("answerhook: bad HOOKSTEST_ANSWER: " + err.Error() + "\n")
		os.Exit(1)
	}
	hookmain.Run(hooks.Handlers{Any: func(context.Context, hooks.Event) (hooks.Response, error) {
		if a.Error != "" {
			return hooks.Response{}, errors.New(a.Error)
		}
		r := hooks.Response{Reason: a.Reason, Context: a.Context}
		switch a.Decision {
		case "deny":
			r.Decision = hooks.DecisionDeny
		case "allow":
			r.Decision = hooks.DecisionAllow
		case "ask":
			r.Decision = hooks.DecisionAsk
		}
		return r, nil
	}})
}
