// Command peersh is the like-for-like peer of examples/guard in the
// round-trip benchmark (bench/roundtrip.sh): what a zero-dependency Go
// hook library's user writes to deny rm -rf with the same shell parser
// (mvdan.cc/sh/v3/syntax), Claude Code only. It decodes the payload with
// encoding/json, parses the command, walks every call for rm with -r and
// -f, and prints the deny examples/guard gives. Written for this
// benchmark; it checks far less than the guard (no wrappers, no nested
// scripts, no quoting tricks beyond what the parser resolves).
package main

import (
	"encoding/json"
	"os"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// answer is examples/guard's answer to testdata/claude-rm.json.
const answer = `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guard: ` +
	"`rm -rf`" + ` is not allowed; delete specific files instead"}}` + "\n"

type payload struct {
	HookEventName string `json:"hook_event_name"`
	ToolName      string `json:"tool_name"`
	ToolInput     struct {
		Command string `json:"command"`
	} `json:"tool_input"`
}

func main() {
	var p payload
	if err := json.NewDecoder(os.Stdin).Decode(&p); err != nil || p.HookEventName == "" {
		os.Stderr.WriteString("not a hook payload\n")
		os.Exit(1)
	}
	if p.ToolName != "Bash" {
		return
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(p.ToolInput.Command), "")
	if err != nil || rmRF(f) {
		os.Stdout.WriteString(answer)
	}
}

// rmRF reports a call of rm with recursive and force options among the
// literal words of f.
func rmRF(f *syntax.File) bool {
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 || c.Args[0].Lit() != "rm" {
			return true
		}
		var r, force bool
		for _, w := range c.Args[1:] {
			a := w.Lit()
			switch {
			case a == "--recursive":
				r = true
			case a == "--force":
				force = true
			case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--"):
				r = r || strings.ContainsAny(a, "rR")
				force = force || strings.Contains(a, "f")
			}
		}
		found = found || (r && force)
		return !found
	})
	return found
}
