package otelexport

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// jsonExporter is an sdktrace.SpanExporter that posts spans to an OTLP/HTTP
// endpoint in OTLP's JSON encoding (ExportTraceServiceRequest, as the
// OTLP specification maps it to JSON: ids in hex, 64-bit integers as
// strings, enums as numbers). The SDK's own OTLP/HTTP exporter links
// gRPC, whose golang.org/x/net/trace links html/template: the linker
// then keeps every exported method of every type, and the gateway
// binary doubled in size and held the installer's code (see
// hookhttp's TestGatewayLinksNoInstaller). Every collector's OTLP/HTTP
// receiver takes JSON.
type jsonExporter struct {
	url     string
	headers http.Header
	client  *http.Client
}

// maxErrorBody is how much of a refusal's body an error quotes.
const maxErrorBody = 256

// ExportSpans posts spans in one request.
func (e *jsonExporter) ExportSpans(ctx context.Context, spans []sdktrace.ReadOnlySpan) error {
	if len(spans) == 0 {
		return nil
	}
	body, err := json.Marshal(request(spans))
	if err != nil {
		return fmt.Errorf("otlp: encode spans: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("otlp: %w", err)
	}
	for k, vs := range e.headers {
		req.Header[k] = vs
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.client.Do(req)
	if err != nil {
		return fmt.Errorf("otlp: send %d spans: %w", len(spans), err)
	}
	defer resp.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("otlp: %d spans refused: %s %s", len(spans), resp.Status, strings.TrimSpace(string(msg)))
	}
	return nil
}

// Shutdown has nothing to release.
func (e *jsonExporter) Shutdown(context.Context) error { return nil }

// The OTLP messages, as OTLP's JSON encoding names their fields.
type (
	exportRequest struct {
		ResourceSpans []resourceSpans `json:"resourceSpans"`
	}
	resourceSpans struct {
		Resource   resourceJSON `json:"resource"`
		ScopeSpans []scopeSpans `json:"scopeSpans"`
		SchemaURL  string       `json:"schemaUrl,omitempty"`
	}
	resourceJSON struct {
		Attributes []keyValue `json:"attributes,omitempty"`
	}
	scopeSpans struct {
		Scope     scopeJSON  `json:"scope"`
		Spans     []spanJSON `json:"spans"`
		SchemaURL string     `json:"schemaUrl,omitempty"`
	}
	scopeJSON struct {
		Name    string `json:"name"`
		Version string `json:"version,omitempty"`
	}
	spanJSON struct {
		TraceID           string      `json:"traceId"`
		SpanID            string      `json:"spanId"`
		ParentSpanID      string      `json:"parentSpanId,omitempty"`
		Name              string      `json:"name"`
		Kind              int         `json:"kind"`
		StartTimeUnixNano string      `json:"startTimeUnixNano"`
		EndTimeUnixNano   string      `json:"endTimeUnixNano"`
		Attributes        []keyValue  `json:"attributes,omitempty"`
		Events            []eventJSON `json:"events,omitempty"`
		Status            *statusJSON `json:"status,omitempty"`
	}
	eventJSON struct {
		TimeUnixNano string     `json:"timeUnixNano"`
		Name         string     `json:"name"`
		Attributes   []keyValue `json:"attributes,omitempty"`
	}
	statusJSON struct {
		Message string `json:"message,omitempty"`
		Code    int    `json:"code"`
	}
	keyValue struct {
		Key   string   `json:"key"`
		Value anyValue `json:"value"`
	}
	anyValue struct {
		StringValue *string     `json:"stringValue,omitempty"`
		BoolValue   *bool       `json:"boolValue,omitempty"`
		IntValue    string      `json:"intValue,omitempty"`
		DoubleValue *float64    `json:"doubleValue,omitempty"`
		ArrayValue  *arrayValue `json:"arrayValue,omitempty"`
	}
	arrayValue struct {
		Values []anyValue `json:"values"`
	}
)

// request groups spans by resource and instrumentation scope.
func request(spans []sdktrace.ReadOnlySpan) exportRequest {
	var req exportRequest
	type scopeKey struct{ res, name, version string }
	resIndex := map[string]int{}
	scopeIndex := map[scopeKey]int{}
	for _, s := range spans {
		res := s.Resource()
		rk := res.Encoded(attribute.DefaultEncoder())
		ri, ok := resIndex[rk]
		if !ok {
			ri = len(req.ResourceSpans)
			resIndex[rk] = ri
			req.ResourceSpans = append(req.ResourceSpans, resourceSpans{Resource: resourceJSON{Attributes: keyValues(res.Attributes())}, SchemaURL: res.SchemaURL()})
		}
		rs := &req.ResourceSpans[ri]
		sc := s.InstrumentationScope()
		sk := scopeKey{rk, sc.Name, sc.Version}
		si, ok := scopeIndex[sk]
		if !ok {
			si = len(rs.ScopeSpans)
			scopeIndex[sk] = si
			rs.ScopeSpans = append(rs.ScopeSpans, scopeSpans{Scope: scopeJSON{Name: sc.Name, Version: sc.Version}, SchemaURL: sc.SchemaURL})
		}
		rs.ScopeSpans[si].Spans = append(rs.ScopeSpans[si].Spans, spanOf(s))
	}
	return req
}

func spanOf(s sdktrace.ReadOnlySpan) spanJSON {
	sc := s.SpanContext()
	tid, sid := sc.TraceID(), sc.SpanID()
	out := spanJSON{
		TraceID: hex.EncodeToString(tid[:]), SpanID: hex.EncodeToString(sid[:]),
		Name: s.Name(), Kind: int(s.SpanKind()), // trace.SpanKind numbers its kinds as OTLP does
		StartTimeUnixNano: nanos(s.StartTime()), EndTimeUnixNano: nanos(s.EndTime()),
		Attributes: keyValues(s.Attributes()),
	}
	if p := s.Parent(); p.IsValid() {
		psid := p.SpanID()
		out.ParentSpanID = hex.EncodeToString(psid[:])
	}
	for _, ev := range s.Events() {
		out.Events = append(out.Events, eventJSON{TimeUnixNano: nanos(ev.Time), Name: ev.Name, Attributes: keyValues(ev.Attributes)})
	}
	switch st := s.Status(); st.Code {
	case codes.Error:
		out.Status = &statusJSON{Code: 2, Message: st.Description} // STATUS_CODE_ERROR
	case codes.Ok:
		out.Status = &statusJSON{Code: 1} // STATUS_CODE_OK
	}
	return out
}

func nanos(t time.Time) string { return strconv.FormatInt(t.UnixNano(), 10) }

func keyValues(kvs []attribute.KeyValue) []keyValue {
	out := make([]keyValue, 0, len(kvs))
	for _, kv := range kvs {
		out = append(out, keyValue{Key: string(kv.Key), Value: valueOf(kv.Value)})
	}
	return out
}

func valueOf(v attribute.Value) anyValue {
	str := func(s string) anyValue { return anyValue{StringValue: &s} }
	dbl := func(f float64) anyValue {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return str(strconv.FormatFloat(f, 'g', -1, 64)) // JSON has no such number
		}
		return anyValue{DoubleValue: &f}
	}
	array := func(vs []anyValue) anyValue { return anyValue{ArrayValue: &arrayValue{Values: vs}} }
	switch v.Type() {
	case attribute.BOOL:
		b := v.AsBool()
		return anyValue{BoolValue: &b}
	case attribute.INT64:
		return anyValue{IntValue: strconv.FormatInt(v.AsInt64(), 10)}
	case attribute.FLOAT64:
		return dbl(v.AsFloat64())
	case attribute.BOOLSLICE:
		var vs []anyValue
		for _, b := range v.AsBoolSlice() {
			vs = append(vs, anyValue{BoolValue: &b})
		}
		return array(vs)
	case attribute.INT64SLICE:
		var vs []anyValue
		for _, n := range v.AsInt64Slice() {
			vs = append(vs, anyValue{IntValue: strconv.FormatInt(n, 10)})
		}
		return array(vs)
	case attribute.FLOAT64SLICE:
		var vs []anyValue
		for _, f := range v.AsFloat64Slice() {
			vs = append(vs, dbl(f))
		}
		return array(vs)
	case attribute.STRINGSLICE:
		var vs []anyValue
		for _, s := range v.AsStringSlice() {
			vs = append(vs, str(s))
		}
		return array(vs)
	}
	return str(v.String())
}

// endpoint is where spans go: o.Endpoint joined with /v1/traces, else
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else
// OTEL_EXPORTER_OTLP_ENDPOINT joined with /v1/traces, else
// http://localhost:4318/v1/traces.
func endpoint(o Options, getenv func(string) string) (string, error) {
	if o.Endpoint != "" {
		return tracesURL(o.Endpoint)
	}
	if v := getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"); v != "" {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", fmt.Errorf("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT %q: want an http or https URL", v)
		}
		return v, nil
	}
	if v := getenv("OTEL_EXPORTER_OTLP_ENDPOINT"); v != "" {
		return tracesURL(v)
	}
	return "http://localhost:4318/v1/traces", nil
}

// headers reads OTEL_EXPORTER_OTLP_TRACES_HEADERS, else
// OTEL_EXPORTER_OTLP_HEADERS: key=value pairs separated by commas, values
// URL-encoded.
func headers(getenv func(string) string) (http.Header, error) {
	name := "OTEL_EXPORTER_OTLP_TRACES_HEADERS"
	v := getenv(name)
	if v == "" {
		name = "OTEL_EXPORTER_OTLP_HEADERS"
		v = getenv(name)
	}
	h := http.Header{}
	for _, kv := range strings.Split(v, ",") {
		if strings.TrimSpace(kv) == "" {
			continue
		}
		k, val, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		dec, err := url.PathUnescape(strings.TrimSpace(val))
		if !ok || k == "" || err != nil {
			// The value may be a secret: the error does not quote it.
			return nil, fmt.Errorf("%s: a pair is not key=value (URL-encoded)", name)
		}
		h.Add(k, dec)
	}
	return h, nil
}

// protocol checks OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL: the exporter
// speaks OTLP over HTTP only.
func protocol(getenv func(string) string) error {
	for _, name := range []string{"OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"} {
		switch v := getenv(name); v {
		case "", "http/json", "http/protobuf":
		default:
			return fmt.Errorf("%s=%s: the gateway sends OTLP over HTTP (JSON) only; point it at the collector's OTLP/HTTP port (4318)", name, v)
		}
	}
	return nil
}
