package hookhttp_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hookhttp"
)

// An answer carries the headers its client reads, and no others: a plain
// answer (Claude's) its Content-Type, an envelope answer X-Hooks-Wire and
// no Content-Type (net/http neither sniffs one nor sends it), neither a
// Cache-Control. Over a real connection, so that what net/http adds is
// seen.
func TestAnswerHeaders(t *testing.T) {
	srv := httptest.NewServer(&hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: quiet()})
	defer srv.Close()
	for _, envelope := range []bool{false, true} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/?host=one", strings.NewReader(`{"hook_event_name":"Pre","tool":"rm -rf /"}`))
		if envelope {
			req.Header.Set(hookhttp.HeaderWire, hookhttp.WireEnvelope)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		ct, wire := h.Get("Content-Type"), h.Get(hookhttp.HeaderWire)
		switch {
		case resp.StatusCode != http.StatusOK:
			t.Errorf("envelope %v: status %d", envelope, resp.StatusCode)
		case envelope && (wire != hookhttp.WireEnvelope || ct != ""):
			t.Errorf("envelope answer: %s %q, Content-Type %q", hookhttp.HeaderWire, wire, ct)
		case !envelope && (wire != "" || ct != "application/json"):
			t.Errorf("plain answer: %s %q, Content-Type %q", hookhttp.HeaderWire, wire, ct)
		case h.Get("Cache-Control") != "":
			t.Errorf("envelope %v: Cache-Control %q", envelope, h.Get("Cache-Control"))
		}
	}
}
