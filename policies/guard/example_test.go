package guard_test

import (
	"context"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/policies/guard"
	"github.com/agenthooks/hooks/shell"
)

// A team's own rules beside the guard's: the guard judges first, so that
// no rule of the team's can lift one of its denies, then the team's rule
// (here: no terraform apply outside CI) judges what the guard passed. In
// main.go this is hookmain.Run(h).
func Example_ownRules() {
	h := guard.Handlers()
	h.PreToolUse = func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if r := guard.Judge(ctx, ev.Cwd, &ev.Tool); r.Decision == hooks.DecisionDeny {
			return r, nil
		}
		if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok {
			s, err := shell.Parse(sh.Command)
			if err != nil {
				return hooks.Deny("acme: the command cannot be checked"), nil
			}
			for _, c := range s.Commands {
				if c.Name == "terraform" && len(c.Args) > 1 && c.Args[1].Value == "apply" {
					return hooks.Deny("acme: terraform apply runs in CI; open a pull request"), nil
				}
			}
		}
		return hooks.Response{}, nil
	}
	for _, cmd := range []string{"rm -rf src", "cd infra && terraform apply -auto-approve", "terraform plan"} {
		ev := &hooks.PreToolUseEvent{Base: hooks.Base{Cwd: "/home/dev/project"},
			Tool: hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}}}
		r, _ := h.PreToolUse(context.Background(), ev)
		verdict := "no opinion"
		if r.Decision == hooks.DecisionDeny {
			verdict = "deny"
		}
		fmt.Printf("%-45q %s\n", cmd, verdict)
	}
	// Output:
	// "rm -rf src"                                  deny
	// "cd infra && terraform apply -auto-approve"   deny
	// "terraform plan"                              no opinion
}
