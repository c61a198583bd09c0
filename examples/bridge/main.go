// Command bridge is a hook binary for hosts that can only run commands
// (Cursor, Gemini CLI, Codex): run with --gateway URL, it forwards each
// event to a policy gateway (see examples/gateway) and prints the host's
// native answer; when the gateway cannot answer, its fail policy decides
// (--fail-closed blocks). Without --gateway it has no policy of its own.
//
//	bridge --host codex --fail-closed --gateway https://hooks.example.com/hook < payload.json
//
// It registers itself like any hook binary (bridgemain.Main has the
// installer's subcommands): Claude Code gets HTTP hooks that call the
// gateway, the other hosts this bridge's command.
//
//	bridge install --gateway https://hooks.example.com/hook --fail-closed
//	bridge doctor --gateway https://hooks.example.com/hook
package main

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp/bridgemain"
)

// main is bridgemain.Run: SIGPIPE ignored and a closed stdout seen, so
// that an answer the host cannot read exits non-zero, not 0.
func main() {
	bridgemain.Run(hooks.Handlers{})
}
