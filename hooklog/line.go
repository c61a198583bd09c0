package hooklog

import (
	"encoding/json"
	"time"

	"github.com/agenthooks/hooks"
)

// A Line is one event in the log, as JSON (the keys in the tags).
type Line struct {
	// Time is when the event was received, RFC 3339 with nanoseconds.
	Time time.Time `json:"time"`
	// Host and Event are the host and its native event name; Unified the
	// unified event name.
	Host    string `json:"host"`
	Event   string `json:"event"`
	Unified string `json:"unified,omitempty"`
	Session string `json:"session,omitempty"`
	Cwd     string `json:"cwd,omitempty"`
	// Tool and Kind name the tool of a tool event; Command is a shell
	// tool's command and Paths a file tool's paths (bounded).
	Tool    string   `json:"tool"`
	Kind    string   `json:"kind,omitempty"`
	Command string   `json:"command,omitempty"`
	Paths   []string `json:"paths,omitempty"`
	// Decision is what the handler decided ("" for none); Sent what the
	// host received (hooks.SentOf: allow, deny, ask, rewrite, halt,
	// context, message, none); Would what it would have received, in
	// observe mode.
	Decision string `json:"decision"`
	Sent     string `json:"sent"`
	Would    string `json:"would,omitempty"`
	Reason   string `json:"reason"`
	// Observe is observe mode; Fail why the fail policy answered ("" when
	// it did not).
	Observe    bool     `json:"observe"`
	Fail       string   `json:"fail"`
	Warnings   []string `json:"warnings,omitempty"`
	DurationMS float64  `json:"duration_ms"`
	Exit       int      `json:"exit"`
	Program    string   `json:"program,omitempty"`
	Version    string   `json:"version,omitempty"`
}

// MaxLine is the largest line written, newline included: a record whose
// line would be longer loses its paths and warnings, then has its text
// cut further.
const MaxLine = 8 << 10

// LineOf is r as a log line.
func LineOf(r hooks.Record) Line {
	return Line{
		Time: r.Time.UTC(), Host: string(r.Host), Event: r.NativeEvent, Unified: string(r.Event),
		Session: r.SessionID, Cwd: r.Cwd, Tool: r.ToolName, Kind: string(r.ToolKind),
		Command: r.Command, Paths: r.Paths, Decision: r.Decision.String(), Sent: r.Sent, Would: r.Would,
		Reason: r.Reason, Observe: r.Observe, Fail: r.Fail, Warnings: r.Warnings,
		DurationMS: float64(r.Duration.Microseconds()) / 1000, Exit: r.ExitCode,
		Program: r.Program, Version: r.Version,
	}
}

// Marshal returns l as one line of JSON ending in a newline, at most
// MaxLine bytes.
func (l Line) Marshal() []byte {
	b := marshal(l)
	if len(b) <= MaxLine {
		return b
	}
	l.Paths, l.Warnings = nil, nil
	for _, n := range []int{512, 128, 32, 0} {
		l.Command, l.Reason, l.Cwd, l.Fail = cut(l.Command, n), cut(l.Reason, n), cut(l.Cwd, n), cut(l.Fail, n)
		l.Tool, l.Session, l.Version = cut(l.Tool, n), cut(l.Session, n), cut(l.Version, n)
		l.Host, l.Event, l.Unified, l.Program = cut(l.Host, n), cut(l.Event, n), cut(l.Unified, n), cut(l.Program, n)
		if b = marshal(l); len(b) <= MaxLine {
			return b
		}
	}
	return b // every text field empty: far below MaxLine
}

func marshal(l Line) []byte {
	b, err := json.Marshal(l)
	if err != nil { // a Line holds only strings, numbers and a time
		b = []byte(`{}`)
	}
	return append(b, '\n')
}

// cut shortens s to at most n bytes (a rune boundary), marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n < 8 {
		return ""
	}
	i := n - len("…")
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "…"
}
