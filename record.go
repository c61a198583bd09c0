package hooks

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// A Record is what happened on one event, as [Handlers.OnResult] receives
// it: what the host asked, what the handler decided, what the host was
// sent, and why. Strings the model controls (the command, paths, the
// reason) are cut to a bounded length ([MaxRecordText] bytes, at most
// [MaxRecordPaths] paths), so that a record is small whatever the payload.
type Record struct {
	// Time is when the event was received; Duration how long answering it
	// took (reading, deciding, writing).
	Time     time.Time
	Duration time.Duration
	// Stdin is the part of Duration spent reading the payload, which is
	// the host's writing it as much as the hook's reading (a slow writer
	// makes it seconds); Duration - Stdin is the hook's own time, the
	// policy's cost. [Server.Serve] sets it; it is 0 where the payload
	// arrived whole (an HTTP body read before the answer started).
	Stdin time.Duration
	// Host is the host that sent the event, "" when it could not be told.
	Host Host
	// NativeEvent is the host's name for the event; Event the unified one
	// ("" for an event without one).
	NativeEvent string
	Event       EventName
	// SessionID and Cwd are the host's session and working directory.
	SessionID string
	Cwd       string
	// ToolKind and ToolName name the tool of a tool event.
	ToolKind ToolKind
	ToolName string
	// Command is a shell tool's command; Paths the files a file tool
	// reads or writes. Both are bounded.
	Command string
	Paths   []string
	// Decision is what the handler decided, before it was fitted to the
	// host (NoDecision when it had none or the fail policy answered).
	Decision Decision
	// Sent is what the host received, as [SentOf] names it: "allow",
	// "deny", "ask", "rewrite", "halt", "context", "message", "native"
	// (host-only answers alone) or "none".
	Sent string
	// Would is, in observe mode, what the host would have received:
	// Sent is then "none".
	Would string
	// Reason is the reason of the answer (the fail policy's, or the
	// handler's), bounded.
	Reason string
	// Warnings are the fields dropped or changed for the host (an ask
	// sent as deny, a context the host cannot take), one line each.
	Warnings []string
	// Fail says why the fail policy answered, "" when it did not.
	Fail string
	// Checks are the checks the policy reported ([ReportCheck]), when the
	// context it was given carried a [CheckLog].
	Checks []Check
	// Observe reports observe mode ([Handlers.Observe]).
	Observe bool
	// ExitCode is the hook process's exit code (0 from [Result.Record]).
	ExitCode int
	// Program and Version are the binary's name and the module versions it
	// was built with (as "version" prints them).
	Program string
	Version string
}

// The bounds of a Record's text.
const (
	MaxRecordText  = 512 // bytes of a command, a path, a reason or a warning
	MaxRecordPaths = 8   // paths
)

// Record returns what res says of its event, for [Handlers.OnResult]:
// start is when the event was received, and Duration runs to now.
func (res Result) Record(start time.Time) Record {
	r := Record{Time: start, Duration: time.Since(start), ExitCode: res.Output.ExitCode}
	r.Program, r.Version = program()
	if res.Adapter != nil {
		r.Host = res.Adapter.Host()
	}
	if ev := res.Event; ev != nil {
		b := ev.Common()
		if b.Host != "" {
			r.Host = b.Host
		}
		r.NativeEvent, r.Event, r.SessionID, r.Cwd = b.NativeEvent, ev.Name(), b.SessionID, bound(b.Cwd)
		if t := ToolOf(ev); t != nil {
			r.ToolKind, r.ToolName = t.Kind(), bound(t.Name)
			r.Command, r.Paths = toolText(t)
		}
	}
	r.Decision = res.Decided.Decision
	r.Sent = SentOf(res.Response, res.Output)
	r.Reason = res.Response.Reason
	if res.Observe {
		r.Observe, r.Would = true, SentOf(res.Would, Output{})
		r.Reason = res.Would.Reason
	}
	if r.Reason == "" && res.Output.ExitCode == 2 {
		r.Reason = res.Output.Stderr
	}
	r.Reason = bound(r.Reason)
	for _, w := range res.Warnings {
		r.Warnings = append(r.Warnings, bound(w.String()))
	}
	if res.Err != nil && uncheckedCause(res.Err) == nil {
		// (Handlers.Unchecked's answer is the policy's, not the fail
		// policy's: its reason says why.)
		r.Fail = bound(oneLine(res.Err.Error()))
	}
	return r
}

// SentOf names what a host receives from r rendered as out: "halt",
// "deny", "ask", "rewrite" (an allow that replaces the input, or a
// model-level rewrite: request, response, tool choice), "allow",
// "context" (context for the model only), "message" (a message for the
// user only) or "none" (no opinion). An exit code of 2 is "deny".
func SentOf(r Response, out Output) string {
	switch {
	case r.Halt:
		return "halt"
	case r.Decision == DecisionDeny || out.ExitCode == 2:
		return "deny"
	case r.Decision == DecisionAsk:
		return "ask"
	case r.Decision == DecisionAllow && r.UpdatedInput != nil:
		return "rewrite"
	case r.Decision == DecisionAllow:
		return "allow"
	case r.UpdatedInput != nil || r.modelFields() != 0:
		return "rewrite"
	case r.Context != "":
		return "context"
	case r.UserMessage != "" || r.SystemMessage != "":
		return "message"
	case len(r.Native) > 0:
		return "native"
	}
	return "none"
}

// toolText is a tool's command and the paths it names, bounded.
func toolText(t *Tool) (string, []string) {
	var paths []string
	add := func(p string) {
		if p != "" && len(paths) < MaxRecordPaths {
			paths = append(paths, bound(p))
		}
	}
	switch in := t.Input.(type) {
	case *ShellInput:
		return bound(in.Command), nil
	case *ReadInput:
		add(in.Path)
	case *WriteInput:
		add(in.Path)
	case *EditInput:
		add(in.Path)
	case *DeleteInput:
		add(in.Path)
	case *PatchInput:
		for _, f := range in.Files {
			add(f.Path)
		}
	}
	return "", paths
}

// bound cuts s to MaxRecordText bytes, on a rune boundary, marking the cut.
func bound(s string) string {
	if len(s) <= MaxRecordText {
		return s
	}
	cut := MaxRecordText - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// programInfo is the program's name and version, found once on first
// use: a sync.Once field rather than sync.OnceValues, which would
// allocate at start-up (TestNoStartUpWork).
var programInfo struct {
	once          sync.Once
	name, version string
}

func findProgram() (string, string) {
	name := "hook"
	if len(os.Args) > 0 {
		name = filepath.Base(os.Args[0])
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return name, ""
	}
	v := bi.Main.Path + " " + bi.Main.Version
	if bi.Main.Path != modulePath {
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				v += ", " + modulePath + " " + d.Version
			}
		}
	}
	return name, strings.TrimSpace(v)
}

const modulePath = "github.com/agenthooks/hooks"

// program is the binary's name and version, read once.
func program() (string, string) {
	programInfo.once.Do(func() { programInfo.name, programInfo.version = findProgram() })
	return programInfo.name, programInfo.version
}

// observed is res in observe mode: what it would have sent is kept in
// Would, and the host is sent no opinion (the zero Response rendered for
// the event: no decision, no rewrite, no halt, no context, no message).
func observed(res Result) Result {
	res.Observe, res.Would = true, res.Response
	if res.Output.ExitCode == 2 && res.Would.Decision == NoDecision {
		// A block by exit code alone (a fail answer no adapter could
		// render) would have been a deny.
		res.Would.Decision = DecisionDeny
		if res.Would.Reason == "" {
			res.Would.Reason = res.Output.Stderr
		}
	}
	res.Response = Response{}
	res.Output = Output{}
	if res.Adapter != nil && res.Event != nil {
		if out, err := res.Adapter.Serialize(res.Event, Response{}); err == nil {
			res.Output = out
		}
	}
	return res
}
