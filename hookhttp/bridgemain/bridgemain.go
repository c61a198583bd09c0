// Package bridgemain is the main of a hook binary that can forward events
// to a policy gateway: with --gateway URL it is a bridge
// ([hookhttp.BridgeMain]), otherwise it is [hookmain.Main], with the
// install, uninstall, doctor, help and version subcommands, so that a
// bridge registers itself:
//
//	func main() {
//		bridgemain.Run(hooks.Handlers{})
//	}
//
//	bridge install --gateway https://hooks.example.com/hook --fail-closed
//
// It is a package of its own so that the gateway server (package hookhttp)
// does not link the installer, and a plain hook binary (package hookmain)
// does not link an HTTP client.
package bridgemain

import (
	"context"
	"io"
	"os"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/internal/hookcli"
	"github.com/agenthooks/hooks/internal/procout"
)

// Run is [Main] on the process's standard streams, and exits with its
// code. As hookmain.Run does, it ignores SIGPIPE and sees a standard
// output closed at start (on Linux), so that an answer that cannot be
// written is reported (a line on stderr; exit 2 when it blocks or the
// fail policy is closed, else 1: see [hookhttp.Reply.Write]), not a
// silent death by the signal or an exit 0; and anything printed to
// os.Stdout goes to standard error instead, so that stdout carries only
// the answer. A forwarding hook's answer is written with a deadline
// ([hookhttp.BridgeProcess]); anything else is [hookmain.Run].
func Run(h hooks.Handlers) {
	args := os.Args[1:]
	if hookcli.CommandOf(args) != hookcli.Hook || !hookhttp.HasGateway(args) {
		hookmain.Run(h)
		return
	}
	stdout := procout.Stdout()
	os.Stdout = os.Stderr // stray prints must not reach the host
	os.Exit(hookhttp.BridgeProcess(context.Background(), h, args, os.Stdin, stdout, os.Stderr, os.Exit))
}

// Main runs args with stdin, stdout and stderr and returns the exit code:
// a hook invocation with --gateway in args is forwarded
// ([hookhttp.HasGateway], [hookhttp.BridgeMain]); anything else is
// [hookmain.Main], which answers with the local handlers h and runs the
// subcommands.
func Main(ctx context.Context, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if hookcli.CommandOf(args) == hookcli.Hook && hookhttp.HasGateway(args) {
		return hookhttp.BridgeMain(ctx, h, args, stdin, stdout, stderr)
	}
	return hookmain.Main(ctx, h, args, stdin, stdout, stderr)
}
