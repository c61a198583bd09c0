// Package hookmain wires the built-in adapters (package builtin: Claude
// Code, Cursor, Gemini CLI, Codex, Copilot CLI, Qwen Code, Factory Droid,
// Kimi Code, Cline CLI, OpenCode and its fork Kilo Code CLI, Pi, Auggie) to a
// program's Handlers: it is the zero-config entry point of a hook
// binary.
//
//	func main() {
//		hookmain.Run(hooks.Handlers{PreToolUse: myPolicy})
//	}
//
// The binary then answers every one of those hosts, and registers itself:
//
//	myhook install [--hosts claude,codex|all] [--scope project|local|user] [--fail-closed] [--dry-run]
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
// install writes, by default, the hosts on this machine (those whose
// user configuration directory or program it finds) into the root of the
// git repository that holds the working directory.
//
// install registers the events the Handlers handle (every event the host
// supports when Any is set), and PreToolUse, on which Run protects the
// hook's own footing (package footing) even for Handlers without a
// PreToolUse handler: a user would expect that protection to hold on
// every host, whatever events the program handles. It does so with the
// binary's absolute path and --host
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
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	_ "github.com/agenthooks/hooks/internal/stackstart" // a 32 KiB stack before the other initialisers

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/install"
	"github.com/agenthooks/hooks/internal/failline"
	"github.com/agenthooks/hooks/internal/hookcli"
	"github.com/agenthooks/hooks/internal/procout"
)

// Run answers one hook invocation on the process's standard streams and
// exits with the code the host expects, or runs the install, uninstall,
// doctor, help or version subcommand. Anything a handler prints to
// os.Stdout goes to standard error instead, so that stdout carries only
// the answer. The handler runs on the main goroutine under a watchdog
// that answers and exits at its deadline ([hooks.Server.Inline]).
//
// A person is answered as one, with usage on stderr and exit code 2: with
// stdin a terminal and no arguments or arguments it does not accept
// (instead of waiting for an event, or answering in a host's dialect),
// and for a first word that looks like a misspelled subcommand ("instal:
// did you mean install?").
//
// Run ignores SIGPIPE, so that an answer written to a closed pipe is an
// error Run reports (a line on stderr, a non-zero exit: see
// [hooks.Server.Serve]), not a silent death by the signal.
//
// A program that imports hookmain starts its main goroutine with a
// 32 KiB stack, before any package is initialised: a hook process lives
// for one event, and the growths it spares cost it more than the stack
// (BENCHMARKS.md, issue 27).
//
// Run protects the hook's footing (package footing): before the
// handlers run, it denies every tool call that would change the hook's
// binary, its registrations in any host's files, the trust and login
// profiles those hosts need, the installer's state, the decision log or
// the policy files, and the model's runs of the binary's own install,
// uninstall and --observe. install registers PreToolUse for that even
// when h has no handler for it. A hook that must let the model edit its
// own registration opts out with [RunWith] and
// [Options].EditsOwnFooting.
func Run(h hooks.Handlers) {
	stdout := startProcess()
	os.Exit(run(context.Background(), h, Options{}, os.Args[1:], os.Stdin, stdout, os.Stderr, os.Exit))
}

// startProcess returns the process's stdout for the answer and points
// os.Stdout at stderr. A write to a closed stdout pipe must fail with
// EPIPE, which Serve reports (on stderr, and a non-zero exit), rather
// than kill the hook silently by SIGPIPE; a stdout closed at start fails
// every write.
func startProcess() io.Writer {
	stdout := procout.Stdout()
	os.Stdout = os.Stderr
	return stdout
}

// Main is Run without the process: it runs args with stdin, stdout and
// stderr and the built-in adapters, and returns the exit code. The handler
// runs on a goroutine of its own, so that Main returns at its deadline.
func Main(ctx context.Context, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(ctx, h, Options{}, args, stdin, stdout, stderr, nil)
}

// run is Main; with exit set (Run) the handler runs inline and the
// watchdog calls exit at the deadline.
func run(ctx context.Context, h hooks.Handlers, o Options, args []string, stdin io.Reader, stdout, stderr io.Writer, exit func(int)) int {
	switch hookcli.CommandOf(args) {
	case hookcli.Install, hookcli.Uninstall, hookcli.Doctor:
		self, err := install.Executable()
		if err != nil {
			fmt.Fprintln(stderr, "cannot find this program's path:", err)
			return 1
		}
		return install.Main(withEvents(args, h, !o.EditsOwnFooting), stdout, stderr, self)
	case hookcli.Report:
		return report(args[1:], stdout, stderr)
	case hookcli.Help:
		hookcli.Usage(stdout, progName())
		return 0
	case hookcli.Version:
		hookcli.WriteVersion(stdout, progName())
		return 0
	}
	if code, ok := answerPerson(args, stdin, stderr); ok {
		return code
	}
	a, err := hookcli.Parse(args)
	if err == nil && a.GatewaySet {
		// Forwarding was asked for, but this binary has no bridge: running
		// the local handlers instead could apply another policy than the
		// gateway's.
		err = failline.ErrNoBridge
	}
	srv := &hooks.Server{Adapters: adaptersFor(a, err), Handlers: h, Inline: exit != nil, Exit: exit}
	if !o.EditsOwnFooting {
		guardFooting(&srv.Handlers, a.Log)
	}
	withLog(&srv.Handlers, a, stderr)
	return srv.Serve(ctx, hookcli.Request(a, err, &srv.Handlers), stdin, stdout, stderr)
}

// adaptersFor is the adapters a hook invocation needs: the one --host
// names when the command line is right and a built-in adapter has that
// name (the usual case: installers write --host), else all of them, to
// detect the host or to answer a configuration error in the dialect of
// the host detected. Building one adapter instead of seven keeps the
// other six packages' code out of the pages a hook process touches.
func adaptersFor(a hookcli.Args, err error) []hooks.Adapter {
	if err == nil && a.Host != "" {
		if one := builtin.Named(a.Host); one != nil {
			return []hooks.Adapter{one}
		}
	}
	return builtin.Adapters()
}

// answerPerson answers a command line that a person typed rather than a
// host ran, with usage on stderr and exit code 2 (ok): a first word that
// looks like a misspelled subcommand ("instal"), which the installer never
// registers, and, with stdin a terminal (no host gives a hook one), no
// arguments or arguments the grammar does not accept. A host's command
// line with an error is left to the fail-closed answer in its dialect.
func answerPerson(args []string, stdin io.Reader, stderr io.Writer) (int, bool) {
	name := filepath.Base(progName())
	if word, ok := hookcli.Mistyped(args); ok {
		fmt.Fprintf(stderr, "%s: unknown command %q: did you mean %s?\n", name, args[0], word)
		hookcli.Usage(stderr, progName())
		return 2, true
	}
	if !hookcli.IsTerminal(stdin) {
		return 0, false
	}
	if len(args) > 0 {
		_, err := hookcli.Parse(args)
		if err == nil {
			return 0, false
		}
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
	}
	hookcli.Usage(stderr, progName())
	return 2, true
}

// progName is the program's name for usage and version.
func progName() string {
	if len(os.Args) > 0 {
		return os.Args[0]
	}
	return "hook"
}

// withEvents adds --events, as its first flag, to an install command that
// does not name them:
// the unified events h has a handler for. With Any set, or no typed
// handler at all, the installer's default set stays.
func withEvents(args []string, h hooks.Handlers, footing bool) []string {
	if args[0] != "install" || h.Any != nil {
		return args
	}
	for _, a := range args[1:] {
		if a == "--" {
			break
		}
		if a == "--events" || a == "-events" || strings.HasPrefix(a, "--events=") || strings.HasPrefix(a, "-events=") {
			return args
		}
	}
	if len(h.Handled()) == 0 {
		return args
	}
	if footing && h.PreToolUse == nil {
		// The footing's protection runs on PreToolUse (see Run).
		h.PreToolUse = func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) { return hooks.Response{}, nil }
	}
	evs := h.Handled()
	names := make([]string, len(evs))
	for i, e := range evs {
		names[i] = string(e)
	}
	// First, after the subcommand: a flag of the user's that lacks its
	// value (install --dir) then meets the end of the line, an error
	// naming it, instead of taking --events=… as its value.
	return append([]string{args[0], "--events=" + strings.Join(names, ",")}, args[1:]...)
}
