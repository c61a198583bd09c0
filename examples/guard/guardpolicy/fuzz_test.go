package guardpolicy

import (
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
)

// FuzzJudge checks that the guard never panics on a shell command, and
// never lets through one it cannot check: a command that does not parse
// or that runs a dynamic command is denied.
func FuzzJudge(f *testing.F) {
	for _, tc := range shellCases {
		f.Add(tc.cmd)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		r := Judge(&hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		denied := r.Decision == hooks.Deny("").Decision
		s, err := shell.Parse(cmd)
		if err != nil {
			if !denied {
				t.Fatalf("%q does not parse (%v) and was not denied", cmd, err)
			}
			return
		}
		for _, c := range s.Commands {
			if c.Dynamic && !denied {
				t.Fatalf("%q runs a dynamic command (%s) and was not denied", cmd, c)
			}
			if c.Name == "rm" {
				fl := c.Flags(shell.Rm)
				if fl.Has("r", "R", "recursive") && fl.Has("f", "force") && !denied {
					t.Fatalf("%q runs rm -rf (%s) and was not denied", cmd, c)
				}
			}
		}
	})
}
