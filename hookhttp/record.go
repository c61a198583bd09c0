package hookhttp

import (
	"context"
	"log/slog"

	"github.com/agenthooks/hooks"
)

// A RequestRecord is what the gateway did with one request, as
// [Handler.Logger] logs it and [Handler.OnRecord] receives it: the record
// a hook's decision log has ([hooks.Record]: host, native and unified
// event, session, tool, the handler's decision and what the host was
// sent, observe mode, the fail policy's reason, warnings, duration), the
// checks the policy reported ([hooks.ReportCheck]), and how it was
// answered over HTTP. Without [Handler.LogCommands] its Command, Paths,
// Cwd and Reason are empty: they are, or may quote, the model's text.
// With it, they and the rest of its text are redacted
// ([RequestRecord.Redacted]).
type RequestRecord struct {
	hooks.Record
	// Status is the HTTP status sent.
	Status int
	// Wire is "http" (a host's own HTTP hook, Claude Code's) or
	// "envelope" (a hook binary's bridge, [WireEnvelope]).
	Wire string
	// User is the developer who sent the request, as [Handler.Identify]
	// named them ("" without it).
	User string
}

// record logs the answer of one request and gives its record to
// OnRecord, when either wants it: the record as hooks.Result.Record
// makes it, with the checks the policy reported, the HTTP status and the
// wire, and the user of x. Never the payload, headers or tokens; the
// command, paths, cwd and reason only with LogCommands.
func (g *Handler) record(ctx context.Context, a hooks.Adapter, res *hooks.Result, status int, x *exchange, checks *hooks.CheckLog) {
	level := slog.LevelInfo
	if res.Err != nil {
		level = slog.LevelWarn
	}
	lg := g.logger()
	logged := lg.Enabled(ctx, level)
	if !logged && g.OnRecord == nil {
		return
	}
	// Built and redacted in place: each copy of a record is 400 bytes.
	rr := RequestRecord{Status: status, Wire: "http", User: x.user}
	rr.Record = res.Record(x.start)
	if rr.Host == "" && a != nil { // as Record would with res.Adapter = a
		rr.Host = a.Host()
	}
	rr.Checks = checks.Checks()
	if x.envelope {
		rr.Wire = "envelope"
	}
	if !g.LogCommands {
		rr.Command, rr.Paths, rr.Cwd, rr.Reason = "", nil, "", ""
	}
	rr.redact()
	if logged {
		if j, ok := lg.Handler().(*jsonLog); ok {
			j.write(level, &rr, rr.Fail != "", g.Handlers.Fail.String())
		} else {
			g.log(ctx, lg, level, &rr, rr.Fail != "")
		}
	}
	if g.OnRecord != nil {
		g.OnRecord(ctx, rr)
	}
}

// log writes r as one slog record: the keys of a hook's decision log
// (package hooklog), the checks, and status, latency and wire.
func (g *Handler) log(ctx context.Context, lg *slog.Logger, level slog.Level, r *RequestRecord, failed bool) {
	attrs := make([]slog.Attr, 0, 24)
	attrs = append(attrs,
		slog.String("host", string(r.Host)),
		slog.String("event", r.NativeEvent),
		slog.String("unified", string(r.Event)),
		slog.String("session", r.SessionID),
		slog.String("tool", r.ToolName),
		slog.String("kind", string(r.ToolKind)),
		slog.String("decision", r.Decision.String()),
		slog.String("sent", r.Sent))
	if r.Command != "" {
		attrs = append(attrs, slog.String("command", r.Command))
	}
	if len(r.Paths) > 0 {
		attrs = append(attrs, slog.Any("paths", r.Paths))
	}
	if r.Observe {
		attrs = append(attrs, slog.Bool("observe", true), slog.String("would", r.Would))
	}
	if r.Reason != "" {
		attrs = append(attrs, slog.String("reason", r.Reason))
	}
	if len(r.Warnings) > 0 {
		attrs = append(attrs, slog.Any("warnings", r.Warnings))
	}
	if failed {
		// err repeats fail under the name of earlier versions.
		attrs = append(attrs, slog.String("fail", r.Fail), slog.String("policy", g.Handlers.Fail.String()), slog.String("err", r.Fail))
	}
	if len(r.Checks) > 0 {
		cs := make([]any, len(r.Checks))
		for i, c := range r.Checks {
			cs[i] = checkLog{Name: c.Name, Decision: c.Decision.String(), DurationMS: ms(c.Duration), Note: c.Note}
		}
		attrs = append(attrs, slog.Any("checks", cs))
	}
	attrs = append(attrs,
		slog.Float64("duration_ms", ms(r.Duration)),
		slog.Duration("latency", r.Duration), // as earlier versions
		slog.Int("status", r.Status),
		slog.String("wire", r.Wire))
	if r.User != "" {
		attrs = append(attrs, slog.String("user", r.User))
	}
	// A record without a caller's pc: the source would always be this
	// line, and finding it costs a stack walk per request.
	rec := slog.NewRecord(r.Time.Add(r.Duration), level, "hook", 0)
	rec.AddAttrs(attrs...)
	lg.Handler().Handle(ctx, rec)
}

// checkLog is a hooks.Check as logged.
type checkLog struct {
	Name       string  `json:"name"`
	Decision   string  `json:"decision"`
	DurationMS float64 `json:"duration_ms"`
	Note       string  `json:"note,omitempty"`
}
