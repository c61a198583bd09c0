package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/examples/guard/guardpolicy"
)

func TestZZDebug(t *testing.T) {
	n := 0
	for _, tc := range commands {
		r := guardpolicy.Judge(context.Background(), "/home/dev/project", &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: tc.cmd}})
		got := 0
		if r.Decision == hooks.DecisionDeny {
			fmt.Sscanf(strings.TrimPrefix(r.Reason, "guard: rule "), "%d", &got)
		}
		if got != tc.want {
			n++
			fmt.Printf("MISMATCH want %d got %d: %q\n    %s\n", tc.want, got, tc.cmd, r.Reason)
		}
	}
	fmt.Println("mismatches:", n, "of", len(commands))
}
