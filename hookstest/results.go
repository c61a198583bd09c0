package hookstest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// Results are the answers of one scenario on every host. Filter them with
// Host and Except, and judge them with the assertion methods (Denied,
// Allowed, ContextDelivered, NoWarnings, …), which report every failing
// payload on its own line, naming the host, its native event and the fix.
type Results struct {
	// Scenario is what ran.
	Scenario Scenario
	// Cases are the payloads the scenario rendered to, one or more per
	// host, in host order.
	Cases []Case
	// Skipped lists the hosts that cannot do what the scenario describes
	// (Codex has no read tool, only Codex has patches, …).
	Skipped []Skip
}

// Skip is a host a scenario does not apply to.
type Skip struct {
	Host hooks.Host
	Why  string
}

// A Case is one native payload of a scenario and what its host receives.
type Case struct {
	// Host is the host, Native its event name ("beforeShellExecution"),
	// Tool its tool name ("" for events without a tool).
	Host   hooks.Host
	Native string
	Tool   string
	// Variant says what sets this payload apart when a host gets several
	// for one scenario ("apply_patch heredoc").
	Variant string
	// Payload is the native payload, as the host writes it on stdin.
	Payload []byte
	// Event is Payload as the host's adapter parses it.
	Event hooks.Event
	// Output is the hook's native answer: stdout, exit code, and the
	// stderr the host reads (at exit code 2, its reason).
	Output hooks.Output
	// Warnings are the fields the hook dropped or changed for the host.
	Warnings []hooks.Warning
	// Err, when not nil, says why the hook could not decide and its fail
	// policy answered (a handler error, panic or timeout).
	Err error
	// Log is the program's whole stderr (RunBinary only).
	Log string
	// Verdict is what the host does with Output.
	Verdict hostfacts.Reading
}

// String names the case: host, native event and tool ("cursor
// beforeShellExecution", "codex PreToolUse(Bash: apply_patch heredoc)").
func (c *Case) String() string {
	s := string(c.Host) + " " + c.Native
	switch {
	case c.Tool != "" && c.Variant != "":
		s += "(" + c.Tool + ": " + c.Variant + ")"
	case c.Tool != "":
		s += "(" + c.Tool + ")"
	case c.Variant != "":
		s += "(" + c.Variant + ")"
	}
	return s
}

// Host returns the results of the named hosts only.
func (r *Results) Host(hosts ...hooks.Host) *Results {
	return r.filter(func(h hooks.Host) bool { return slices.Contains(hosts, h) })
}

// Except returns the results of every host but the named ones.
func (r *Results) Except(hosts ...hooks.Host) *Results {
	return r.filter(func(h hooks.Host) bool { return !slices.Contains(hosts, h) })
}

func (r *Results) filter(keep func(hooks.Host) bool) *Results {
	out := &Results{Scenario: r.Scenario}
	for _, c := range r.Cases {
		if keep(c.Host) {
			out.Cases = append(out.Cases, c)
		}
	}
	for _, s := range r.Skipped {
		if keep(s.Host) {
			out.Skipped = append(out.Skipped, s)
		}
	}
	return out
}

// String lists every case with its verdict, and the skipped hosts: the
// table to print when a test needs to show what each host receives.
func (r *Results) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:\n", r.Scenario)
	for i := range r.Cases {
		c := &r.Cases[i]
		fmt.Fprintf(&b, "  %s: %s\n", c, c.Verdict)
		for _, w := range c.Warnings {
			fmt.Fprintf(&b, "    warning: %s\n", w)
		}
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(&b, "  %s: skipped: %s\n", s.Host, s.Why)
	}
	return b.String()
}

// hostName is the product name of a host, for messages: its hook file's
// Title.
func hostName(h hooks.Host) string {
	for _, a := range adapters() {
		if hf, ok := a.(hostfacts.HookFiler); ok && a.Host() == h && hf.HookFile().Title != "" {
			return hf.HookFile().Title
		}
	}
	return string(h)
}

// eventsWith lists, for a message, the unified events on which host
// honours field, with the native names where they differ: "PostToolUse
// (AfterTool), UserPromptSubmit (BeforeAgent), SessionStart".
func eventsWith(host hooks.Host, field hooks.Field) string {
	var caps []hooks.Capability
	for _, a := range adapters() {
		if a.Host() == host {
			caps = a.Capabilities()
		}
	}
	var out []string
	for _, ev := range hooks.Events() {
		var natives []string
		for _, c := range caps {
			if c.Event == ev && c.Honours.Has(field) && c.Native != string(ev) {
				natives = append(natives, c.Native)
			}
			if c.Event == ev && c.Honours.Has(field) && c.Native == string(ev) {
				natives = append(natives, "")
			}
		}
		switch {
		case len(natives) == 0:
		case len(natives) == 1 && natives[0] == "":
			out = append(out, string(ev))
		default:
			out = append(out, string(ev)+" ("+strings.Join(slices.DeleteFunc(natives, func(s string) bool { return s == "" }), ", ")+")")
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// capNote is the host's own word on c's native event (its capability
// matrix's Notes, with their evidence), as a sentence to add to a fix;
// "" when it has none.
func capNote(c *Case) string {
	for _, a := range adapters() {
		if a.Host() != c.Host {
			continue
		}
		for _, cp := range a.Capabilities() {
			if cp.Native == c.Native && cp.Notes != "" {
				return ". On " + c.Native + ", " + hostName(c.Host) + "'s adapter notes: " + cp.Notes
			}
		}
	}
	return ""
}
