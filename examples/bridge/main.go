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
	"context"
	"os"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp/bridgemain"
)

func main() {
	stdout := os.Stdout
	os.Stdout = os.Stderr // stray prints must not reach the host
	os.Exit(bridgemain.Main(context.Background(), hooks.Handlers{}, os.Args[1:], os.Stdin, stdout, os.Stderr))
}
