package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hookhttp"
)

// TestCompare runs a short, count-bounded comparison: both servers answer
// every request without error, and the gateway logs a decision for each,
// denying the dangerous payloads.
func TestCompare(t *testing.T) {
	var logs bytes.Buffer
	res, err := Compare(4, 0, 180, 1, &logs)
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(res)
	if s.GatewayErrors != 0 || s.BareErrors != 0 {
		t.Errorf("errors: gateway %d, bare %d", s.GatewayErrors, s.BareErrors)
	}
	if s.GatewayRequests != 180 || s.BareRequests != 180 {
		t.Errorf("requests: gateway %d, bare %d, want 180 each", s.GatewayRequests, s.BareRequests)
	}
	deny := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec["decision"] == "deny" {
			deny[rec["host"].(string)]++
		}
	}
	for _, h := range []string{"claude", "cursor", "gemini", "codex"} {
		if deny[h] == 0 {
			t.Errorf("no deny logged for %s: %v", h, deny)
		}
	}
}

// BenchmarkGateway is the gateway's own work for the load test's
// requests, without the network: the -identity handler stack (tokens
// file, rate, MaxHeap, the decision log through a LogWriter), every
// payload in turn, per request.
func BenchmarkGateway(b *testing.B) {
	identity = true
	defer func() { identity = false }()
	gw, flush, err := gateway(io.Discard)
	if err != nil {
		b.Fatal(err)
	}
	defer flush()
	reqs := make([]*http.Request, len(requests))
	bodies := make([]*strings.Reader, len(requests))
	for i, rq := range requests {
		bodies[i] = strings.NewReader(rq.payload)
		r := httptest.NewRequest(http.MethodPost, "/hook"+rq.query, nil)
		r.Body, r.ContentLength = io.NopCloser(bodies[i]), int64(len(rq.payload))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Authorization", "Bearer "+devToken(i))
		if rq.wire != "" {
			r.Header.Set(hookhttp.HeaderWire, rq.wire)
			r.Header.Set(hookhttp.HeaderHost, rq.host)
			r.Header.Set(hookhttp.HeaderTimeout, "10s")
		}
		reqs[i] = r
	}
	w := &discardWriter{header: http.Header{}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(reqs)
		i++
		bodies[k].Reset(requests[k].payload)
		clear(w.header)
		gw.ServeHTTP(w, reqs[k])
		if w.status != http.StatusOK {
			b.Fatal(w.status)
		}
	}
}

// discardWriter is an http.ResponseWriter that keeps only the status. It
// can flush, as net/http's writers can.
type discardWriter struct {
	header http.Header
	status int
}

func (d *discardWriter) Header() http.Header { return d.header }

func (d *discardWriter) WriteHeader(status int) { d.status = status }

func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }

func (d *discardWriter) Flush() {}
