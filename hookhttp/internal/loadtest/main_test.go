package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
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
