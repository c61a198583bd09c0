package hooklog

import (
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/secrets"
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
	Observe  bool     `json:"observe"`
	Fail     string   `json:"fail"`
	Warnings []string `json:"warnings,omitempty"`
	// DurationMS is the whole time to answer, in milliseconds; StdinMS
	// the part of it spent reading the payload, which is as much the
	// host's writing as the hook's reading (seconds from a slow writer):
	// DurationMS - StdinMS is the hook's own time, the policy's cost.
	DurationMS float64 `json:"duration_ms"`
	StdinMS    float64 `json:"stdin_ms"`
	Exit       int     `json:"exit"`
	Program    string  `json:"program,omitempty"`
	Version    string  `json:"version,omitempty"`
	// User and Machine are who ran the hook and where: the user's login
	// name ($USER, $LOGNAME or $USERNAME) and the host name, so that the
	// logs of a fleet's laptops can be told apart once gathered.
	User    string `json:"user,omitempty"`
	Machine string `json:"machine,omitempty"`
}

// MaxLine is the largest line written, newline included: a record whose
// line would be longer loses its paths and warnings, then has its text
// cut further.
const MaxLine = 8 << 10

// LineOf is r as a log line. Its text is redacted ([Line.Redacted]): a
// token the model put in a command, or a reason that quotes it, never
// reaches the log.
func LineOf(r hooks.Record) Line {
	l := Line{
		Time: r.Time.UTC(), Host: string(r.Host), Event: r.NativeEvent, Unified: string(r.Event),
		Session: r.SessionID, Cwd: r.Cwd, Tool: r.ToolName, Kind: string(r.ToolKind),
		Command: r.Command, Paths: r.Paths, Decision: r.Decision.String(), Sent: r.Sent, Would: r.Would,
		Reason: r.Reason, Observe: r.Observe, Fail: r.Fail, Warnings: r.Warnings,
		DurationMS: float64(r.Duration.Microseconds()) / 1000, StdinMS: float64(r.Stdin.Microseconds()) / 1000, Exit: r.ExitCode,
		Program: r.Program, Version: r.Version,
	}
	return l.Redacted()
}

// Redacted returns l with the secrets in its text replaced
// ([secrets.Redact]): the command, the paths, the reason, the fail
// policy's words, the warnings, the working directory and the session.
// LineOf writes lines so, and a report reads them so, whatever wrote the
// log (an older hook, another program). The slices of l are copied
// before a change, never written through.
func (l Line) Redacted() Line {
	l.Command, l.Reason, l.Fail = redact(l.Command), redact(l.Reason), redact(l.Fail)
	l.Cwd, l.Session = redact(l.Cwd), redact(l.Session)
	l.Paths, l.Warnings = redactAll(l.Paths), redactAll(l.Warnings)
	return l
}

// redactAll returns ss with its secrets replaced, a copy when one is.
func redactAll(ss []string) []string {
	out := ss
	for i, s := range ss {
		if red, n := secrets.Redact(s); n > 0 {
			if &out[0] == &ss[0] {
				out = append([]string(nil), ss...)
			}
			out[i] = red
		}
	}
	return out
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
		l.User, l.Machine = cut(l.User, n), cut(l.Machine, n)
		if b = marshal(l); len(b) <= MaxLine {
			return b
		}
	}
	return b // every text field empty: far below MaxLine
}

// marshal writes l as encoding/json would (the same keys, in order),
// by hand: a hook process writes one line, and encoding/json's
// reflection, cold at every start, would cost more than the write.
func marshal(l Line) []byte {
	b := make([]byte, 0, 512)
	b = append(b, `{"time":`...)
	b = appendString(b, l.Time.Format(time.RFC3339Nano))
	str := func(key, v string, omitEmpty bool) {
		if omitEmpty && v == "" {
			return
		}
		b = append(b, ',', '"')
		b = append(b, key...)
		b = append(b, '"', ':')
		b = appendString(b, v)
	}
	list := func(key string, vs []string) {
		if len(vs) == 0 {
			return
		}
		b = append(b, ',', '"')
		b = append(b, key...)
		b = append(b, `":[`...)
		for i, v := range vs {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, v)
		}
		b = append(b, ']')
	}
	str("host", l.Host, false)
	str("event", l.Event, false)
	str("unified", l.Unified, true)
	str("session", l.Session, true)
	str("cwd", l.Cwd, true)
	str("tool", l.Tool, false)
	str("kind", l.Kind, true)
	str("command", l.Command, true)
	list("paths", l.Paths)
	str("decision", l.Decision, false)
	str("sent", l.Sent, false)
	str("would", l.Would, true)
	str("reason", l.Reason, false)
	b = append(b, `,"observe":`...)
	b = strconv.AppendBool(b, l.Observe)
	str("fail", l.Fail, false)
	list("warnings", l.Warnings)
	b = append(b, `,"duration_ms":`...)
	b = strconv.AppendFloat(b, l.DurationMS, 'f', -1, 64)
	b = append(b, `,"stdin_ms":`...)
	b = strconv.AppendFloat(b, l.StdinMS, 'f', -1, 64)
	b = append(b, `,"exit":`...)
	b = strconv.AppendInt(b, int64(l.Exit), 10)
	str("program", l.Program, true)
	str("version", l.Version, true)
	str("user", l.User, true)
	str("machine", l.Machine, true)
	return append(b, '}', '\n')
}

// appendString appends s as a JSON string: quotes, backslashes and
// control characters escaped (and <, >, &, U+2028, U+2029, as
// encoding/json does); invalid UTF-8 becomes U+FFFD.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return append(b, '"')
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

// redact returns s with its secrets replaced ([secrets.Redact]).
func redact(s string) string {
	red, _ := secrets.Redact(s)
	return red
}
