package hookhttp

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/agenthooks/hooks"
)

// The answer's header values, shared by every response: net/http only
// reads them, and a slice of one element cannot be appended to in place.
//
// Each header of an answer costs about 4,000 instructions a request in
// net/http, written by the server and read by the client, so an answer
// carries only those a client reads. No Cache-Control (a refusal still
// has one): the answer to a POST without explicit freshness and a
// Content-Location is not cacheable (RFC 9110, section 9.3.3). An
// envelope answer has X-Hooks-Wire and no Content-Type (see answer); a
// plain one, Claude's, has its Content-Type.
var (
	wireValue = []string{WireEnvelope}
	jsonValue = []string{"application/json"}
)

// replyBufs hold the bodies of envelope answers; one that grew past 16
// KiB is not kept.
var replyBufs = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// answer writes the decision and returns its status. A late answer (the
// handler is still running past its deadline) is flushed with its length
// at once.
func (g *Handler) answer(w http.ResponseWriter, res *hooks.Result, envelope, late bool) int {
	status := http.StatusOK
	var body []byte
	hd := w.Header()
	if envelope {
		// A pooled buffer: the ResponseWriter does not keep what it is
		// given to write (io.Writer's contract), so it is free again once
		// written.
		bp := replyBufs.Get().(*[]byte)
		body = appendResult((*bp)[:0], res)
		defer func() {
			if cap(body) <= 16<<10 {
				*bp = body[:0]
				replyBufs.Put(bp)
			}
		}()
		// X-Hooks-Wire names the body's form, which is all a bridge
		// reads (no bridge ever read Content-Type); nil, not absent, so
		// that net/http neither sniffs nor sends one.
		hd[HeaderWire] = wireValue
		hd["Content-Type"] = nil
	} else {
		status, body = plainAnswer(res.Output)
		if len(body) > 0 {
			hd["Content-Type"] = jsonValue
		}
	}
	if late {
		hd.Set("Content-Length", strconv.Itoa(len(body)))
	}
	w.WriteHeader(status)
	w.Write(body)
	if late {
		http.NewResponseController(w).Flush()
	}
	return status
}

// httpBlock is the top-level block of Claude Code's hook output, which it
// honours on every event: the HTTP form of exit code 2.
type httpBlock struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
}

// plainAnswer is the status and body for a plain HTTP caller (Claude Code):
// exit code 0 is 200 with stdout, exit code 2 is 200 with a JSON block, and
// any other exit code (a non-blocking error for a command hook) is 500.
func plainAnswer(out hooks.Output) (int, []byte) {
	switch out.ExitCode {
	case 0:
		return http.StatusOK, out.Stdout
	case 2:
		reason := oneLine(out.Stderr)
		if reason == "" {
			reason = "Blocked by hook"
		}
		b, _ := json.Marshal(httpBlock{Decision: "block", Reason: reason})
		return http.StatusOK, append(b, '\n')
	}
	return http.StatusInternalServerError, nil
}

// refuse answers a request that carries no decision, with a short text,
// and logs it with who sent it: user when known, else "unknown" and
// [TokenTag] of the bearer token it carried.
func (g *Handler) refuse(w http.ResponseWriter, r *http.Request, start time.Time, status int, msg, user string) {
	hd := w.Header()
	hd.Set("Content-Type", "text/plain; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	io.WriteString(w, msg+"\n")
	lg := g.logger()
	if !lg.Enabled(r.Context(), slog.LevelWarn) {
		return
	}
	who := slog.String("user", user)
	tag := slog.Attr{}
	if user == "" {
		who.Value = slog.StringValue("unknown")
		tag = slog.String("token", TokenTag(r.Header.Get("Authorization")))
	}
	lg.LogAttrs(r.Context(), slog.LevelWarn, "hook refused",
		slog.Int("status", status), slog.String("reason", msg), who, tag,
		slog.String("remote", r.RemoteAddr), slog.Duration("latency", time.Since(start)))
}
