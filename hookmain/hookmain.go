// Package hookmain wires the built-in adapters (package builtin: Claude
// Code, Cursor, Gemini CLI, Codex, Copilot CLI, Qwen Code, Factory Droid)
// to a program's Handlers: it is the zero-config entry point of a hook
// binary.
//
//	func main() {
//		hookmain.Run(hooks.Handlers{PreToolUse: myPolicy})
//	}
//
// The binary then answers any of the seven hosts, and registers itself:
//
//	myhook install [--hosts claude,codex] [--scope project|local|user] [--fail-closed] [--dry-run]
//	myhook uninstall
//	myhook doctor
//	myhook help       (or -h, --help; also with no arguments at a terminal)
//	myhook version    (or --version: the module versions it was built with)
//
// Hosts run it as "myhook --host NAME [--event NAME] [--fail-closed]
// [--timeout DURATION]"; any other argument, and a NAME no adapter has,
// is a configuration error, answered as --fail-closed would, with the
// argument named on stderr.
//
// install registers the events the Handlers handle (every event the host
// supports when Any is set), with the binary's absolute path and --host
// (and, for Copilot CLI, whose payloads do not name their event,
// --event), so detection is only a fallback. See package install for the flags.
//
// A binary that must forward events to a policy gateway (--gateway URL)
// uses bridgemain.Main (package hookhttp/bridgemain) instead: hookmain links no HTTP client, which keeps
// every hook's start-up cost at the Go runtime's. Given --gateway, Run
// answers as fail-closed would, rather than with the local handlers.
package hookmain

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/install"
	"github.com/agenthooks/hooks/internal/failline"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// Run answers one hook invocation on the process's standard streams and
// exits with the code the host expects, or runs the install, uninstall,
// doctor, help or version subcommand. Anything a handler prints to
// os.Stdout goes to standard error instead, so that stdout carries only
// the answer. The handler runs on the main goroutine under a watchdog
// that answers and exits at its deadline ([hooks.Server.Inline]).
//
// With stdin a terminal and no arguments, Run prints its usage and exits
// with code 2 instead of waiting for an event.
//
// Run ignores SIGPIPE, so that an answer written to a closed pipe is an
// error Run reports (a line on stderr, a non-zero exit: see
// [hooks.Server.Serve]), not a silent death by the signal.
func Run(h hooks.Handlers) {
	// A write to a closed stdout pipe must fail with EPIPE, which Serve
	// reports (on stderr, and a non-zero exit), rather than kill the hook
	// silently by SIGPIPE.
	signal.Ignore(syscall.SIGPIPE)
	var stdout io.Writer = os.Stdout
	if stdoutClosedAtStart() {
		stdout = closedStdout{}
	}
	os.Stdout = os.Stderr
	os.Exit(run(context.Background(), h, os.Args[1:], os.Stdin, stdout, os.Stderr, os.Exit))
}

// closedStdout is the standard output of a process started without one:
// every write fails, so that the answer lost is reported, not dropped.
type closedStdout struct{}

func (closedStdout) Write([]byte) (int, error) {
	return 0, errors.New("stdout was closed when the hook started")
}

// Main is Run without the process: it runs args with stdin, stdout and
// stderr and the built-in adapters, and returns the exit code. The handler
// runs on a goroutine of its own, so that Main returns at its deadline.
func Main(ctx context.Context, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(ctx, h, args, stdin, stdout, stderr, nil)
}

// run is Main; with exit set (Run) the handler runs inline and the
// watchdog calls exit at the deadline.
func run(ctx context.Context, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer, exit func(int)) int {
	switch hookcli.CommandOf(args) {
	case hookcli.Install, hookcli.Uninstall, hookcli.Doctor:
		self, err := install.Executable()
		if err != nil {
			fmt.Fprintln(stderr, "cannot find this program's path:", err)
			return 1
		}
		return install.Main(withEvents(args, h), stdout, stderr, self)
	case hookcli.Help:
		hookcli.Usage(stdout, progName())
		return 0
	case hookcli.Version:
		hookcli.WriteVersion(stdout, progName())
		return 0
	}
	if len(args) == 0 && hookcli.IsTerminal(stdin) {
		hookcli.Usage(stderr, progName())
		return 2
	}
	a, err := hookcli.Parse(args)
	if err == nil && a.GatewaySet {
		// Forwarding was asked for, but this binary has no bridge: running
		// the local handlers instead could apply another policy than the
		// gateway's.
		err = errNoBridge
	}
	srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: h, Inline: exit != nil, Exit: exit}
	return srv.Serve(ctx, hookcli.Request(a, err, &srv.Handlers), stdin, stdout, stderr)
}

// progName is the program's name for usage and version.
func progName() string {
	if len(os.Args) > 0 {
		return os.Args[0]
	}
	return "hook"
}

// errNoBridge is the reason given when --gateway is given; install's
// doctor looks for its words (failline.NoBridge) in a hook's answer.
var errNoBridge = failline.ErrNoBridge

// withEvents adds --events to an install command that does not name them:
// the unified events h has a handler for. With Any set, or no typed
// handler at all, the installer's default set stays.
func withEvents(args []string, h hooks.Handlers) []string {
	if args[0] != "install" || h.Any != nil {
		return args
	}
	for _, a := range args[1:] {
		if a == "--events" || a == "-events" || strings.HasPrefix(a, "--events=") || strings.HasPrefix(a, "-events=") {
			return args
		}
	}
	evs := h.Handled()
	if len(evs) == 0 {
		return args
	}
	names := make([]string, len(evs))
	for i, e := range evs {
		names[i] = string(e)
	}
	return append(append([]string{}, args...), "--events="+strings.Join(names, ","))
}
