package hookhttp_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
)

// tokenLine is a tokens file's line for name and token.
func tokenLine(name, token string) string { return name + " " + sum(token) + "\n" }

func sum(token string) string {
	s := sha256.Sum256([]byte(token))
	return hex.EncodeToString(s[:])
}

// writeTokens writes a tokens file by rename, as the documentation says
// to, with a modification time apart from the last one.
func writeTokens(t *testing.T, path, content string) {
	t.Helper()
	tmp := path + ".new"
	if err := os.WriteFile(tmp, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

func TestTokensIdentify(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens")
	writeTokens(t, path, "# developers\n\nalice "+sum("alice-token")+"\n  bob\t"+strings.ToUpper(sum("bob-token"))+"  \nalice "+sum("alice-new")+"\n")
	tk, err := hookhttp.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	// Twice: the second time, the tokens already named are found among
	// those seen, and the others still are not.
	for pass := range 2 {
		identifyAll(t, tk, pass)
	}
}

func identifyAll(t *testing.T, tk *hookhttp.Tokens, pass int) {
	for _, tt := range []struct{ header, user string }{
		{"Bearer alice-token", "alice"},
		{"Bearer alice-new", "alice"},
		{"bearer  bob-token ", "bob"},
		{"Bearer " + sum("alice-token"), ""}, // the hash is not the token
		{"Bearer alice", ""},
		{"Bearer ", ""},
		{"Basic alice-token", ""},
		{"", ""},
	} {
		r, _ := http.NewRequest("POST", "/", nil)
		if tt.header != "" {
			r.Header.Set("Authorization", tt.header)
		}
		user, err := tk.Identify(r)
		if user != tt.user || (err == nil) != (tt.user != "") {
			t.Errorf("pass %d, %q: %q, %v; want %q", pass, tt.header, user, err, tt.user)
		}
		if err != nil && !errors.Is(err, hookhttp.ErrUnauthorized) {
			t.Errorf("%q: %v, want ErrUnauthorized", tt.header, err)
		}
	}
}

func TestTokensFileRefused(t *testing.T) {
	good := sum("t")
	for name, content := range map[string]string{
		"token, not hash": "alice s3cret-token-value-pasted-by-mistake\n",
		"short hex":       "alice " + good[:63] + "\n",
		"not hex":         "alice " + strings.Repeat("z", 64) + "\n",
		"three fields":    "alice smith " + good + "\n",
		"one field":       good + "\n",
		"same hash twice": "alice " + good + "\nbob " + good + "\n",
		"name with quote": "al\"ice " + good + "\n",
		"name with ESC":   "al\x1bice " + good + "\n",
		"name too long":   strings.Repeat("a", hookhttp.MaxUserName+1) + " " + good + "\n",
	} {
		path := filepath.Join(t.TempDir(), "tokens")
		writeTokens(t, path, content)
		_, err := hookhttp.LoadTokens(path)
		if !errors.Is(err, hookhttp.ErrTokensFile) {
			t.Errorf("%s: err = %v, want ErrTokensFile", name, err)
			continue
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%s: the error quotes the line: %v", name, err)
		}
	}
	if _, err := hookhttp.LoadTokens(filepath.Join(t.TempDir(), "none")); !errors.Is(err, hookhttp.ErrTokensFile) {
		t.Errorf("missing file: %v", err)
	}
	if runtime.GOOS != "windows" {
		path := filepath.Join(t.TempDir(), "tokens")
		writeTokens(t, path, "alice "+good+"\n")
		os.Chmod(path, 0o666)
		if _, err := hookhttp.LoadTokens(path); !errors.Is(err, hookhttp.ErrTokensFile) || !strings.Contains(err.Error(), "every user") {
			t.Errorf("world-writable file: %v", err)
		}
	}
}

// A changed file is read again; a broken one keeps the last good set and
// says so; a fixed one is taken again.
func TestTokensReload(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens")
	writeTokens(t, path, "alice "+sum("a")+"\n")
	tk, err := hookhttp.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	var errs []error
	tk.OnError = func(err error) { errs = append(errs, err) }
	who := func(tok string) string {
		r, _ := http.NewRequest("POST", "/", nil)
		r.Header.Set("Authorization", "Bearer "+tok)
		u, _ := tk.Identify(r)
		return u
	}
	for range 2 { // the second time, among the tokens seen
		if who("a") != "alice" {
			t.Fatal("alice not named")
		}
	}
	writeTokens(t, path, "bob "+sum("b")+"\n")
	if err := tk.Reload(); err != nil {
		t.Fatal(err)
	}
	if who("a") != "" || who("b") != "bob" {
		t.Errorf("after the change: a=%q b=%q, want alice revoked and bob in", who("a"), who("b"))
	}
	writeTokens(t, path, "carol not-a-hash\n")
	if err := tk.Reload(); !errors.Is(err, hookhttp.ErrTokensFile) || len(errs) != 1 {
		t.Errorf("broken file: %v, OnError got %v", err, errs)
	}
	if who("b") != "bob" {
		t.Error("a broken file dropped the last good set")
	}
	os.Remove(path)
	if err := tk.Reload(); err == nil || who("b") != "bob" {
		t.Errorf("file gone: %v, bob %q", err, who("b"))
	}
	writeTokens(t, path, "carol "+sum("c")+"\n")
	if err := tk.Reload(); err != nil || who("c") != "carol" || who("b") != "" {
		t.Errorf("fixed file: %v, carol %q, bob %q", err, who("c"), who("b"))
	}
	// Requests notice a change within TokensRecheck, with no Reload call.
	writeTokens(t, path, "dave "+sum("d")+"\n")
	deadline := time.Now().Add(hookhttp.TokensRecheck + 2*time.Second)
	for who("d") != "dave" {
		if time.Now().After(deadline) {
			t.Fatal("requests did not pick up the changed file")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Through the handler: 401 for a token not in the file, the name in the
// record of every answer, the rate per developer answered with the fail
// policy (a 200 in the host's dialect, never a 429 or 503).
func TestHandlerTokensAndRate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens")
	writeTokens(t, path, "alice "+sum("a")+"\nbob "+sum("b")+"\n")
	tk, err := hookhttp.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	var recs []hookhttp.RequestRecord
	h := guard()
	h.Fail = hooks.FailClosed
	g := &hookhttp.Handler{Adapters: fakes, Handlers: h, Identify: tk.Identify, Rate: &hookhttp.RateLimit{PerMinute: 3},
		Logger: hookhttp.JSONLogger(&logs), OnRecord: func(_ context.Context, r hookhttp.RequestRecord) { recs = append(recs, r) }}
	ok := `{"hook_event_name":"Pre","tool":"ls"}`
	rm := `{"hook_event_name":"Pre","tool":"rm -rf /"}`
	if rec := post(g, "/?host=one", ok, "Authorization", "Bearer c"); rec.Code != http.StatusUnauthorized {
		t.Errorf("unknown token: %d, want 401", rec.Code)
	}
	for i := range 3 {
		if rec := post(g, "/?host=one", ok, "Authorization", "Bearer a"); rec.Code != 200 || rec.Body.String() != "" {
			t.Errorf("alice's request %d: %d %q", i, rec.Code, rec.Body.String())
		}
	}
	// Alice is past her rate: fail-closed denies, even what the policy allows.
	rec := post(g, "/?host=one", ok, "Authorization", "Bearer a")
	if want := `{"decision":"deny","event":"Pre","reason":"hook failed, blocked by its fail-closed policy: ` + hookhttp.ErrRate.Error() + `"}` + "\n"; rec.Code != 200 || rec.Body.String() != want {
		t.Errorf("past the rate: %d %q, want 200 %q", rec.Code, rec.Body.String(), want)
	}
	// Bob has a bucket of his own.
	if rec := post(g, "/?host=one", rm, "Authorization", "Bearer b"); rec.Code != 200 || !strings.Contains(rec.Body.String(), "no rm -rf") {
		t.Errorf("bob: %d %q", rec.Code, rec.Body.String())
	}
	users := []string{}
	for _, r := range recs {
		users = append(users, r.User)
	}
	if want := "alice alice alice alice bob"; strings.Join(users, " ") != want {
		t.Errorf("records' users: %q, want %q", users, want)
	}
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	var hooksLogged int
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		if m["msg"] != "hook" {
			continue
		}
		hooksLogged++
		if u, _ := m["user"].(string); u != "alice" && u != "bob" {
			t.Errorf("log line without its user: %s", l)
		}
	}
	if hooksLogged != 5 {
		t.Errorf("%d hook lines, want 5:\n%s", hooksLogged, logs.String())
	}
	// ErrRate is an overload: a policy's Unchecked answers a tool call
	// past the rate (the model controls how many it makes), else the
	// fail policy.
	if !errors.Is(hookhttp.ErrRate, hooks.ErrOverload) {
		t.Error("ErrRate does not wrap hooks.ErrOverload")
	}
	// Fail-open, without Unchecked, lets the limited request go on: the
	// user's policy, as for every other limit.
	g.Handlers.Fail = hooks.FailOpen
	if rec := post(g, "/?host=one", rm, "Authorization", "Bearer a"); rec.Code != 200 || rec.Body.String() != "" {
		t.Errorf("past the rate, fail-open: %d %q", rec.Code, rec.Body.String())
	}
}

func TestRateLimit(t *testing.T) {
	l := &hookhttp.RateLimit{PerMinute: 60}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	n := 0
	for l.Allow("alice", t0) {
		n++
		if n > 1000 {
			t.Fatal("no limit")
		}
	}
	if n != 60 {
		t.Errorf("burst of %d, want 60 (a minute's worth)", n)
	}
	if l.Allow("alice", t0.Add(500*time.Millisecond)) {
		t.Error("allowed before a request's worth refilled")
	}
	if !l.Allow("alice", t0.Add(1001*time.Millisecond)) || l.Allow("alice", t0.Add(1002*time.Millisecond)) {
		t.Error("one request a second at 60 a minute")
	}
	if !l.Allow("bob", t0) {
		t.Error("bob limited by alice's requests")
	}
	// Many names cannot grow the map without end: full buckets go.
	for i := range 10000 {
		l.Allow(fmt.Sprint("u", i), t0.Add(time.Duration(i)*time.Minute))
	}
	var none *hookhttp.RateLimit
	if !none.Allow("x", t0) || !(&hookhttp.RateLimit{}).Allow("x", t0) {
		t.Error("a nil or zero RateLimit limits")
	}
}
