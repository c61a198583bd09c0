package hookhttp_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

// Made-up credentials, valid in form.
const (
	ghToken   = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
	awsSecret = "Xq3L9vB2mN7pR4tY8wK1zD6fH0jS5aC2eG9iU3oM"
)

// secretCurl is a Codex PreToolUse whose command and working
// directory hold a GitHub token.
var secretCurl = `{"session_id":"s-1","cwd":"/home/dev/` + ghToken + `","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"curl -H 'Authorization: token ` + ghToken + `' https://api.github.com/user"},"tool_use_id":"call_1"}`

// With LogCommands, a token in the command, the cwd, the
// reason and a check's note reaches neither log form (slog's JSON handler
// and JSONLogger's own writer) nor OnRecord; the text around it does.
func TestGatewayRecordRedactsSecrets(t *testing.T) {
	policy := hooks.Handlers{PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		hooks.ReportCheck(ctx, hooks.Check{Name: "secrets", Decision: hooks.DecisionDeny, Note: "found aws_secret_access_key=" + awsSecret})
		return hooks.Deny("no `" + ev.Tool.Input.(*hooks.ShellInput).Command + "`"), nil
	}}
	for _, form := range []string{"slog", "JSONLogger"} {
		var logs bytes.Buffer
		lg := slog.New(slog.NewJSONHandler(&logs, nil))
		if form == "JSONLogger" {
			lg = hookhttp.JSONLogger(&logs)
		}
		var recs []hookhttp.RequestRecord
		g := &hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: policy, Logger: lg, LogCommands: true,
			OnRecord: func(_ context.Context, r hookhttp.RequestRecord) { recs = append(recs, r) }}
		post(g, "/hook?host=codex", secretCurl)
		if len(recs) != 1 {
			t.Fatalf("%s: %d records", form, len(recs))
		}
		for what, text := range map[string]string{"log": logs.String(), "OnRecord": fmt.Sprintf("%+v", recs[0])} {
			for _, s := range []string{ghToken, ghToken[4:20], awsSecret} {
				if strings.Contains(text, s) {
					t.Errorf("%s: the %s holds %q: %s", form, what, s, text)
				}
			}
			for _, want := range []string{"https://api.github.com/user", "REDACTED github-token", "found aws_secret_access_key"} {
				if !strings.Contains(text, want) {
					t.Errorf("%s: the %s lost %q: %s", form, what, want, text)
				}
			}
		}
	}
}

// Redacted leaves a record without a secret as it is, and never writes
// through the slices of the record it was given.
func TestRecordRedacted(t *testing.T) {
	plain := hookhttp.RequestRecord{Record: hooks.Record{Command: "go test ./...", Paths: []string{"/home/dev/project/main.go"},
		Reason: "fine", Warnings: []string{"dropped ask"}, Checks: []hooks.Check{{Name: "c", Note: "ok"}}}}
	if got := plain.Redacted(); fmt.Sprint(got) != fmt.Sprint(plain) {
		t.Errorf("a record without a secret changed:\n%+v\n%+v", got, plain)
	}
	r := hookhttp.RequestRecord{Record: hooks.Record{Paths: []string{"/tmp/" + ghToken}, Warnings: []string{ghToken},
		Checks: []hooks.Check{{Name: "c", Note: ghToken}}}}
	red := r.Redacted()
	if r.Paths[0] != "/tmp/"+ghToken || r.Warnings[0] != ghToken || r.Checks[0].Note != ghToken {
		t.Errorf("Redacted wrote through the record's slices: %+v", r)
	}
	if s := fmt.Sprint(red); strings.Contains(s, ghToken) {
		t.Errorf("not redacted: %s", s)
	}
}

// A session or user without a secret is remembered as clean and given
// again as it is; one with a secret is redacted every time, also after a
// clean text in the same slot.
func TestRecordRedactedAgain(t *testing.T) {
	for range 3 {
		for _, tt := range []struct{ session, user string }{
			{"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d", "dev001"},
			{ghToken, ghToken},
			{"5b1d2c3e-0a4f-4b6e-9c7d-1e2f3a4b5c6d", "dev001"},
			{strings.Repeat("s ", 100) + ghToken, "x"},
		} {
			red := hookhttp.RequestRecord{Record: hooks.Record{SessionID: tt.session}, User: tt.user}.Redacted()
			if strings.Contains(red.SessionID+red.User, ghToken) {
				t.Errorf("not redacted: %q, %q", red.SessionID, red.User)
			}
			if !strings.Contains(tt.session+tt.user, ghToken) && (red.SessionID != tt.session || red.User != tt.user) {
				t.Errorf("changed: %q, %q", red.SessionID, red.User)
			}
		}
	}
}
