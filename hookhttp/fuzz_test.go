package hookhttp_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
)

// FuzzHandler sends any body, host and timeout: the handler never panics,
// a plain answer is 200 with JSON or nothing, an envelope answer is a valid
// Reply.
func FuzzHandler(f *testing.F) {
	for _, s := range []string{`{"hook_event_name":"Pre","tool":"rm -rf /"}`, `{"host":"two","hook_event_name":"Start"}`, `{"hook_event_name":"Pre","boom":true}`, `[`, ``, `null`, `{"hook_event_name":"Pre","tool":"panic"}`} {
		f.Add(s, "one", "1s", false)
		f.Add(s, "", "", true)
	}
	closed := guard()
	closed.Fail = hooks.FailClosed
	closed.MaxInput = 4 << 10
	g := &hookhttp.Handler{Adapters: fakes, Handlers: closed, Logger: quiet()}
	f.Fuzz(func(t *testing.T, body, host, timeout string, envelope bool) {
		if strings.Contains(body, `"sleep"`) {
			return
		}
		hdr := []string{hookhttp.HeaderHost, host, hookhttp.HeaderTimeout, timeout}
		if envelope {
			hdr = append(hdr, hookhttp.HeaderWire, hookhttp.WireEnvelope)
		}
		req, _ := http.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		for i := 0; i < len(hdr); i += 2 {
			if !validHeader(hdr[i+1]) {
				return
			}
			req.Header.Set(hdr[i], hdr[i+1])
		}
		rec := recorder(g, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("status %d", rec.Code)
		}
		if envelope {
			var rep hookhttp.Reply
			if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
				t.Fatalf("not an envelope: %q", rec.Body.String())
			}
			return
		}
		if rec.Body.Len() > 0 && !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("not JSON: %q", rec.Body.String())
		}
	})
}

func validHeader(v string) bool {
	for _, c := range []byte(v) {
		if c < ' ' || c == 0x7f {
			return false
		}
	}
	return true
}
