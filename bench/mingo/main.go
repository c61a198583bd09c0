// Command mingo is the Go baseline of the round-trip benchmark
// (bench/roundtrip.sh): the smallest useful Go hook, using only
// encoding/json. It decodes the payload and prints the fixed answer that
// examples/guard gives for the benchmark payload. Whatever examples/guard
// costs beyond this program is the cost of the hooks library.
package main

import (
	"encoding/json"
	"os"
)

// answer is examples/guard's answer to testdata/claude-rm.json.
const answer = `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":` +
	`"guard: rule 1 (no recursive delete of anything not scratch): ` + "`rm -rf build`" + ` deletes the tree at build, ` +
	`which is not on the guard's list of build directories; delete the files you mean by name, spell out a scratch ` +
	`path (a temp dir under /tmp, or a build directory such as node_modules or dist inside the project), or ask the user"}}` + "\n"

// payload is the part of a hook payload mingo reads.
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
	os.Stdout.WriteString(answer)
}
