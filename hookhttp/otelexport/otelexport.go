// Package otelexport sends a gateway's records ([hookhttp.RequestRecord])
// to an OpenTelemetry collector over OTLP/HTTP, as spans, through the
// OpenTelemetry Go SDK (its tracer provider, batch span processor and
// resource; v1.47):
//
//	exp, err := otelexport.New(ctx, otelexport.Options{Endpoint: "http://127.0.0.1:4318"})
//	if err != nil { ... }
//	defer exp.Shutdown(context.Background()) // sends what is queued
//	gw := &hookhttp.Handler{..., OnRecord: exp.Record}
//
// Each request is one span named "hook" and its native event ("hook
// PreToolUse"), of kind server, from the request's arrival to its answer,
// with these attributes (absent when empty):
//
//	hooks.host            string   the host that sent it (claude, codex…)
//	hooks.event           string   the host's native event name
//	hooks.event.unified   string   the unified event name
//	hooks.session         string   the host's session id
//	hooks.tool.name       string   the tool of a tool event
//	hooks.tool.kind       string   its kind (shell, write…)
//	hooks.decision        string   what the handler decided (allow, deny, ask; none for no opinion)
//	hooks.sent            string   what the host received (allow, deny, ask, rewrite, halt, context, message, none)
//	hooks.observe         bool     observe mode
//	hooks.would           string   in observe mode, what the host would have received
//	hooks.fail            string   why the fail policy answered ("" when it did not)
//	hooks.warnings        []string fields dropped or changed for the host
//	hooks.duration_ms     float64  the span's duration, for backends that query attributes only
//	hooks.checks.name     []string the checks the policy reported (hooks.ReportCheck), in order
//	hooks.checks.decision []string their verdicts (none for no opinion)
//	hooks.checks.duration_ms []float64 their durations
//	hooks.wire            string   http (a host's own HTTP hook) or envelope (a hook binary's bridge)
//	enduser.id            string   the developer who sent it (hookhttp.Handler.Identify), OpenTelemetry's name for it
//	http.response.status_code int  the HTTP status sent
//	hooks.command, hooks.paths, hooks.cwd, hooks.reason: only with hookhttp.Handler.LogCommands
//
// and one span event "hooks.check" per check (name, decision,
// duration_ms, note). A span whose answer came from the fail policy has
// the status Error, with the reason as its description. Every text is
// redacted ([hookhttp.RequestRecord.Redacted]): a secret the model put in
// a command, or a reason that quotes it, never reaches a span.
//
// Why spans rather than log records: a request is a unit of work with a
// start and a duration, which a span carries natively (trace views show
// the gateway's latency per host and event without parsing anything), the
// trace SDK and its OTLP exporter are the stable part of the SDK, and the
// checks hang off the span as events. A collector's tail sampling can drop
// spans: keep the gateway's spans unsampled where they serve as an audit
// log.
//
// Records are queued and sent in batches by the SDK's batch span
// processor, on its own goroutine: a request never waits for the
// collector. When the queue is full (a collector down or slow) new
// records are dropped, never an answer changed; the SDK reports export
// errors through otel.SetErrorHandler (by default, the log package on
// stderr). A batch is sent once, not retried.
//
// The spans are posted in OTLP's JSON encoding (Content-Type
// application/json), which every collector's OTLP/HTTP receiver takes,
// by an exporter of this package rather than the SDK's otlptracehttp:
// that one links gRPC, and through it html/template, whose use of
// reflection makes the linker keep every exported method of every type
// (the gateway binary went from 12 to 24 MB and held the installer's
// code). These variables of the standard environment are honoured:
// OTEL_EXPORTER_OTLP_ENDPOINT (a base URL, /v1/traces appended),
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the whole URL),
// OTEL_EXPORTER_OTLP_HEADERS and OTEL_EXPORTER_OTLP_TRACES_HEADERS
// (key=value,… URL-encoded; e.g. an authorization header),
// OTEL_EXPORTER_OTLP_PROTOCOL (http/json or http/protobuf; grpc is
// refused), OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, and the batch
// processor's OTEL_BSP_* (schedule delay, queue and batch sizes). TLS
// settings other than the system's roots are not: use an https URL with a
// certificate the system trusts.
//
// Only a gateway links this package: hook binaries (hookmain.Run) and
// package hookhttp itself never link the OpenTelemetry SDK.
package otelexport

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
)

// Options configure an [Exporter].
type Options struct {
	// Endpoint is the collector's OTLP/HTTP base URL, as
	// OTEL_EXPORTER_OTLP_ENDPOINT takes it ("http://127.0.0.1:4318"):
	// spans are sent to its path joined with "/v1/traces". Empty: the
	// environment's (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else
	// OTEL_EXPORTER_OTLP_ENDPOINT, else http://localhost:4318); see
	// [Configured].
	Endpoint string
	// ServiceName is the resource's service.name (default
	// "hooks-gateway"); OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES
	// override it.
	ServiceName string
	// ServiceVersion, when set, is the resource's service.version.
	ServiceVersion string
	// BatchTimeout is how long a record may wait in the queue before it
	// is sent (default 5 s, the SDK's).
	BatchTimeout time.Duration
	// MaxQueue is how many records wait at most; past it new ones are
	// dropped (default 2048, the SDK's).
	MaxQueue int
	// Getenv reads the exporter's environment: endpoint, headers,
	// protocol (nil: os.Getenv). The SDK reads the resource's
	// (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) and the batch
	// processor's (OTEL_BSP_*) from the process's environment.
	Getenv func(string) string
}

// exportTimeout bounds one batch's request to the collector.
const exportTimeout = 10 * time.Second

// DefaultServiceName is Options.ServiceName when empty.
const DefaultServiceName = "hooks-gateway"

// Configured reports whether getenv (os.Getenv) names an OTLP endpoint
// for traces: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or
// OTEL_EXPORTER_OTLP_ENDPOINT set and not empty. A gateway exports when
// it is given an endpoint or this is true.
func Configured(getenv func(string) string) bool {
	return getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != ""
}

// An Exporter sends records as spans; its Record method is a
// [hookhttp.Handler.OnRecord]. It is safe for concurrent use.
type Exporter struct {
	tp     *sdktrace.TracerProvider
	tracer trace.Tracer
}

// New returns an Exporter sending to the collector o names. It does not
// connect: a collector that cannot be reached shows in the SDK's error
// reports when a batch is sent, never in an answer.
func New(ctx context.Context, o Options) (*Exporter, error) {
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if err := protocol(getenv); err != nil {
		return nil, err
	}
	u, err := endpoint(o, getenv)
	if err != nil {
		return nil, err
	}
	h, err := headers(getenv)
	if err != nil {
		return nil, err
	}
	return newExporter(ctx, &jsonExporter{url: u, headers: h, client: &http.Client{Timeout: exportTimeout}}, o)
}

// newExporter is New with the span exporter given (tests pass an
// in-memory one).
func newExporter(ctx context.Context, exp sdktrace.SpanExporter, o Options) (*Exporter, error) {
	name := o.ServiceName
	if name == "" {
		name = DefaultServiceName
	}
	attrs := []attribute.KeyValue{attribute.String("service.name", name)}
	if o.ServiceVersion != "" {
		attrs = append(attrs, attribute.String("service.version", o.ServiceVersion))
	}
	// Later options win: the environment overrides the defaults.
	res, err := resource.New(ctx, resource.WithAttributes(attrs...), resource.WithTelemetrySDK(), resource.WithFromEnv())
	if err != nil && res == nil {
		return nil, fmt.Errorf("otlp resource: %w", err)
	}
	var bopts []sdktrace.BatchSpanProcessorOption
	if o.BatchTimeout > 0 {
		bopts = append(bopts, sdktrace.WithBatchTimeout(o.BatchTimeout))
	}
	if o.MaxQueue > 0 {
		bopts = append(bopts, sdktrace.WithMaxQueueSize(o.MaxQueue))
	}
	tp := sdktrace.NewTracerProvider(
		sdktrace.WithBatcher(exp, bopts...),
		sdktrace.WithResource(res),
		// Every record is sent: the spans are an audit trail, not a
		// sample. Sampling, if wanted, is the collector's.
		sdktrace.WithSampler(sdktrace.AlwaysSample()),
	)
	return &Exporter{tp: tp, tracer: tp.Tracer("github.com/agenthooks/hooks/hookhttp/otelexport")}, nil
}

// tracesURL is base joined with the traces path, as the SDK does with
// OTEL_EXPORTER_OTLP_ENDPOINT.
func tracesURL(base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("otlp endpoint %q: want an http or https URL such as http://127.0.0.1:4318", base)
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + "/v1/traces"
	return u.String(), nil
}

// Record queues r as one span. Its parent is the span of ctx, if any (a
// gateway served under an instrumented handler); the request's own
// context ending does not drop it.
func (e *Exporter) Record(ctx context.Context, r hookhttp.RequestRecord) {
	r = r.Redacted() // the gateway's records are; a caller's own may not be
	name := "hook"
	if r.NativeEvent != "" {
		name = "hook " + r.NativeEvent
	}
	_, span := e.tracer.Start(context.WithoutCancel(ctx), name,
		trace.WithTimestamp(r.Time),
		trace.WithSpanKind(trace.SpanKindServer),
		trace.WithAttributes(Attributes(r)...))
	for _, c := range r.Checks {
		ev := []attribute.KeyValue{
			attribute.String("name", c.Name),
			attribute.String("decision", decision(c.Decision)),
			attribute.Float64("duration_ms", ms(c.Duration)),
		}
		if c.Note != "" {
			ev = append(ev, attribute.String("note", c.Note))
		}
		span.AddEvent("hooks.check", trace.WithTimestamp(r.Time.Add(r.Duration)), trace.WithAttributes(ev...))
	}
	if r.Fail != "" {
		span.SetStatus(codes.Error, r.Fail)
	}
	span.End(trace.WithTimestamp(r.Time.Add(r.Duration)))
}

// Attributes are the span attributes of r (see the package
// documentation), empty values left out, its text redacted
// ([hookhttp.RequestRecord.Redacted]).
func Attributes(r hookhttp.RequestRecord) []attribute.KeyValue {
	r = r.Redacted()
	a := make([]attribute.KeyValue, 0, 24)
	str := func(k, v string) {
		if v != "" {
			a = append(a, attribute.String(k, v))
		}
	}
	str("hooks.host", string(r.Host))
	str("hooks.event", r.NativeEvent)
	str("hooks.event.unified", string(r.Event))
	str("hooks.session", r.SessionID)
	str("hooks.tool.name", r.ToolName)
	str("hooks.tool.kind", string(r.ToolKind))
	a = append(a, attribute.String("hooks.decision", decision(r.Decision)), attribute.String("hooks.sent", r.Sent))
	if r.Observe {
		a = append(a, attribute.Bool("hooks.observe", true))
		str("hooks.would", r.Would)
	}
	str("hooks.fail", r.Fail)
	if len(r.Warnings) > 0 {
		a = append(a, attribute.StringSlice("hooks.warnings", r.Warnings))
	}
	str("hooks.command", r.Command)
	if len(r.Paths) > 0 {
		a = append(a, attribute.StringSlice("hooks.paths", r.Paths))
	}
	str("hooks.cwd", r.Cwd)
	str("hooks.reason", r.Reason)
	if n := len(r.Checks); n > 0 {
		names, decisions, durations := make([]string, n), make([]string, n), make([]float64, n)
		for i, c := range r.Checks {
			names[i], decisions[i], durations[i] = c.Name, decision(c.Decision), ms(c.Duration)
		}
		a = append(a, attribute.StringSlice("hooks.checks.name", names),
			attribute.StringSlice("hooks.checks.decision", decisions),
			attribute.Float64Slice("hooks.checks.duration_ms", durations))
	}
	a = append(a, attribute.Float64("hooks.duration_ms", ms(r.Duration)))
	str("hooks.wire", r.Wire)
	str("enduser.id", r.User)
	if r.Status != 0 {
		a = append(a, attribute.Int("http.response.status_code", r.Status))
	}
	return a
}

// ForceFlush sends the records queued so far, waiting until they are
// sent or ctx ends.
func (e *Exporter) ForceFlush(ctx context.Context) error { return e.tp.ForceFlush(ctx) }

// Shutdown sends the records queued and stops the exporter, waiting until
// they are sent or ctx ends; records given after it are dropped. Call it
// once the gateway has stopped serving.
func (e *Exporter) Shutdown(ctx context.Context) error {
	err := e.tp.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("otlp exporter: records still queued when the time to send them ran out: %w", err)
	}
	return err
}

// decision names d as the log does, "none" for no decision.
func decision(d hooks.Decision) string {
	if d == hooks.NoDecision {
		return "none"
	}
	return d.String()
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
