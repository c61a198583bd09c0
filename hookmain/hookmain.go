// Package hookmain wires the four built-in adapters (Claude Code, Cursor,
// Gemini CLI, Codex) to a program's Handlers: it is the zero-config entry
// point of a hook binary.
//
//	func main() {
//		hookmain.Run(hooks.Handlers{PreToolUse: myPolicy})
//	}
//
// The binary then answers any of the four hosts, and registers itself:
//
//	myhook install [--hosts claude,codex] [--scope project|local|user] [--fail-closed] [--dry-run]
//	myhook uninstall
//	myhook doctor
//
// install registers the events the Handlers handle (every event the host
// supports when Any is set), with the binary's absolute path and --host,
// so detection is only a fallback. See package install for the flags.
//
// A binary that must forward events to a policy gateway (--gateway URL)
// uses hookhttp.Main instead: hookmain links no HTTP client, which keeps
// every hook's start-up cost at the Go runtime's. Given --gateway, Run
// answers with the fail policy rather than the local handlers.
package hookmain

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/copilot"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/droid"
	"github.com/agenthooks/hooks/gemini"
	"github.com/agenthooks/hooks/install"
	"github.com/agenthooks/hooks/qwen"
)

// Adapters returns the built-in adapters: Claude Code, Cursor, Gemini CLI,
// Codex, GitHub Copilot CLI, Qwen Code and Factory Droid. The Copilot
// adapter is unbound (it infers a camelCase payload's event from its
// fields); a hook registered with --event gets copilot.ForEvent.
func Adapters() []hooks.Adapter {
	return []hooks.Adapter{
		claude.New(),
		cursor.New(),
		gemini.New(),
		codex.New(),
		copilot.New(),
		qwen.New(),
		droid.New(),
	}
}

// Run answers one hook invocation on the process's standard streams and
// exits with the code the host expects, or runs the install, uninstall,
// doctor or help subcommand. Anything a handler prints to os.Stdout goes
// to standard error instead, so that stdout carries only the answer.
func Run(h hooks.Handlers) {
	stdout := os.Stdout
	os.Stdout = os.Stderr
	os.Exit(run(context.Background(), h, os.Args[1:], os.Stdin, stdout, os.Stderr, os.Exit))
}

// Main is Run without the process: it serves args, stdin, stdout and
// stderr with the built-in adapters and returns the exit code.
func Main(ctx context.Context, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(ctx, h, args, stdin, stdout, stderr, nil)
}

// run is Main; with exit set (Run) the event is answered by
// hooks.ServeMain: the handler on the calling goroutine and a watchdog
// that answers and exits at the deadline.
func run(ctx context.Context, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer, exit func(int)) int {
	if len(args) > 0 {
		switch args[0] {
		case "install", "uninstall", "doctor", "help":
			self, err := install.Executable()
			if err != nil {
				fmt.Fprintln(stderr, "cannot find this program's path:", err)
				return 1
			}
			return install.Main(withEvents(args, h), stdout, stderr, self)
		}
	}
	if rest, ok := withoutGateway(args); ok {
		// Forwarding was asked for, but this binary has no bridge: running
		// the local handlers instead could apply another policy than the
		// gateway's, so the fail policy answers.
		noBridge := hooks.Handlers{Fail: h.Fail, Timeout: h.Timeout, MaxInput: h.MaxInput,
			Any: func(context.Context, hooks.Event) (hooks.Response, error) { return hooks.Response{}, errNoBridge }}
		return hooks.Serve(ctx, Adapters(), noBridge, stdin, stdout, stderr, rest)
	}
	if exit != nil {
		return hooks.ServeMain(ctx, Adapters(), h, stdin, stdout, stderr, args, exit)
	}
	return hooks.Serve(ctx, Adapters(), h, stdin, stdout, stderr, args)
}

// errNoBridge is the fail policy's reason when --gateway is given; install's
// doctor looks for the words "no gateway bridge" in a hook's answer.
var errNoBridge = errors.New("--gateway given, but this binary has no gateway bridge (build it with hookhttp.Main instead of hookmain.Run)")

// withoutGateway removes the gateway bridge's arguments (--gateway URL and
// --gateway-*), reporting whether there were any.
func withoutGateway(args []string) ([]string, bool) {
	var rest []string
	found := false
	for i := 0; i < len(args); i++ {
		name, _, hasVal := strings.Cut(args[i], "=")
		name = "--" + strings.TrimLeft(name, "-")
		if name != "--gateway" && !strings.HasPrefix(name, "--gateway-") {
			rest = append(rest, args[i])
			continue
		}
		found = true
		if !hasVal && i+1 < len(args) {
			i++
		}
	}
	return rest, found
}

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
	evs := Handled(h)
	if len(evs) == 0 {
		return args
	}
	names := make([]string, len(evs))
	for i, e := range evs {
		names[i] = string(e)
	}
	return append(append([]string{}, args...), "--events="+strings.Join(names, ","))
}

// Handled returns the unified events h has a typed handler for, in the
// order of hooks.Events.
func Handled(h hooks.Handlers) []hooks.EventName {
	set := map[hooks.EventName]bool{
		hooks.SessionStart: h.SessionStart != nil, hooks.SessionEnd: h.SessionEnd != nil,
		hooks.UserPromptSubmit: h.UserPromptSubmit != nil, hooks.PreToolUse: h.PreToolUse != nil,
		hooks.PostToolUse: h.PostToolUse != nil, hooks.PostToolUseFailure: h.PostToolUseFailure != nil,
		hooks.PermissionRequest: h.PermissionRequest != nil, hooks.Stop: h.Stop != nil,
		hooks.SubagentStart: h.SubagentStart != nil, hooks.SubagentStop: h.SubagentStop != nil,
		hooks.PreCompact: h.PreCompact != nil, hooks.Notification: h.Notification != nil,
	}
	var out []hooks.EventName
	for _, e := range hooks.Events() {
		if set[e] {
			out = append(out, e)
		}
	}
	return out
}
