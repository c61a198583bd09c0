// Package bridgemain is the main of a hook binary that can forward events
// to a policy gateway: with --gateway URL it is a bridge
// ([hookhttp.BridgeMain]), otherwise it is [hookmain.Main], with the
// install, uninstall, doctor, help and version subcommands, so that a
// bridge registers itself:
//
//	func main() {
//		stdout := os.Stdout
//		os.Stdout = os.Stderr // stray prints must not reach the host
//		os.Exit(bridgemain.Main(context.Background(), hooks.Handlers{}, os.Args[1:], os.Stdin, stdout, os.Stderr))
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

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/internal/hookcli"
)

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
