package hookhttp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hookhttp"
)

// brokenBody fails every read: a client gone mid-body.
type brokenBody struct{}

func (brokenBody) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// Every refused request's log line names who sent it: the user when the
// token named one, else "unknown" and the first 4 hex digits of the
// token's SHA-256 (what the tokens file's line starts with), never the
// token.
func TestRefusedLinesNameTheUser(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens")
	writeTokens(t, path, "alice "+sum("alice-secret-token")+"\n")
	tk, err := hookhttp.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	g := &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Identify: tk.Identify, Logger: hookhttp.JSONLogger(&logs)}
	const stranger = "stranger-secret-token"
	last := func() map[string]any {
		t.Helper()
		lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
		var m map[string]any
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &m); err != nil {
			t.Fatalf("%v: %s", err, logs.String())
		}
		if m["msg"] != "hook refused" {
			t.Fatalf("last line is not a refusal: %v", m)
		}
		return m
	}
	ok := `{"hook_event_name":"Pre","tool":"ls"}`

	// 401: a token not in the file.
	if rec := post(g, "/?host=one", ok, "Authorization", "Bearer "+stranger); rec.Code != http.StatusUnauthorized {
		t.Fatalf("unknown token: %d", rec.Code)
	}
	if m := last(); m["status"] != 401.0 || m["user"] != "unknown" || m["token"] != sum(stranger)[:4] {
		t.Errorf("401 line: %v, want user unknown, token %s", m, sum(stranger)[:4])
	}
	// 401 without a token at all.
	post(g, "/?host=one", ok)
	if m := last(); m["user"] != "unknown" || m["token"] != "none" {
		t.Errorf("401 without a token: %v", m)
	}
	// 405 is refused before the token is looked at: unknown, with its tag.
	req := httptest.NewRequest(http.MethodGet, "/?host=one", nil)
	req.Header.Set("Authorization", "Bearer alice-secret-token")
	g.ServeHTTP(httptest.NewRecorder(), req)
	if m := last(); m["status"] != 405.0 || m["user"] != "unknown" || m["token"] != sum("alice-secret-token")[:4] {
		t.Errorf("405 line: %v", m)
	}
	// 400 once alice is known: a body that cannot be read.
	req = httptest.NewRequest(http.MethodPost, "/?host=one", brokenBody{})
	req.Header.Set("Authorization", "Bearer alice-secret-token")
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, req)
	if m := last(); rec.Code != http.StatusBadRequest || m["user"] != "alice" || m["token"] != nil {
		t.Errorf("400 line: %d %v, want user alice and no token tag", rec.Code, m)
	}
	if s := logs.String(); strings.Contains(s, "secret-token") {
		t.Errorf("a token in the log:\n%s", s)
	}
}

func TestTokenTag(t *testing.T) {
	for _, tt := range []struct{ header, want string }{
		{"Bearer abc", sum("abc")[:4]},
		{"bearer  abc ", sum("abc")[:4]},
		{"Basic abc", "none"},
		{"Bearer ", "none"},
		{"", "none"},
	} {
		if got := hookhttp.TokenTag(tt.header); got != tt.want {
			t.Errorf("TokenTag(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}
