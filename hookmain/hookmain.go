// Package hookmain wires the four built-in adapters (Claude Code, Cursor,
// Gemini CLI, Codex) to a program's Handlers: it is the zero-config entry
// point of a hook binary.
//
//	func main() {
//		hookmain.Run(hooks.Handlers{PreToolUse: myPolicy})
//	}
//
// The binary then answers any of the four hosts. Installers always pass
// --host; without it the host is detected from the payload.
package hookmain

import (
	"context"
	"io"
	"os"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/gemini"
)

// Adapters returns the built-in adapters: Claude Code, Cursor, Gemini CLI
// and Codex.
func Adapters() []hooks.Adapter {
	return []hooks.Adapter{claude.New(), cursor.New(), gemini.New(), codex.New()}
}

// Run answers one hook invocation on the process's standard streams and
// exits with the code the host expects. Anything a handler prints to
// os.Stdout goes to standard error instead, so that stdout carries only the
// answer.
func Run(h hooks.Handlers) {
	stdout := os.Stdout
	os.Stdout = os.Stderr
	os.Exit(Main(context.Background(), h, os.Args[1:], os.Stdin, stdout, os.Stderr))
}

// Main is Run without the process: it serves args, stdin, stdout and
// stderr with the built-in adapters and returns the exit code.
func Main(ctx context.Context, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return hooks.Serve(ctx, Adapters(), h, stdin, stdout, stderr, args)
}
