// Package fakemodel serves scripted model turns to real agent clients over
// loopback HTTP: just enough of the Anthropic Messages API (streaming SSE),
// the Gemini API (streamGenerateContent?alt=sse) and the OpenAI Responses
// API (SSE) for Claude Code, Gemini CLI and Codex to run an agent loop, and
// the OpenAI Chat Completions API for Copilot CLI and Qwen Code, and the
// Augment tenant API for Auggie.
//
// A Script is a list of Steps. Each request is answered statelessly: the
// step is the number of tool results the request already carries, so a
// client retrying a request, or continuing after a blocked stop, gets a
// consistent answer. Every request is recorded, so a test can read exactly
// what the model was shown (a tool result after a deny, injected context, a
// stop-hook follow-up).
package fakemodel

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Protocol names a model API dialect.
type Protocol string

// The dialects served.
const (
	Anthropic Protocol = "anthropic" // Messages API, POST /v1/messages, SSE
	Gemini    Protocol = "gemini"    // POST /v1beta/models/M:streamGenerateContent?alt=sse
	OpenAI    Protocol = "openai"    // Responses API, POST /v1/responses, SSE
	Chat      Protocol = "chat"      // Chat Completions API, POST /v1/chat/completions, SSE
	Augment   Protocol = "augment"   // Augment tenant API (Auggie), POST /chat-stream, JSON lines
)

// Step is one scripted model turn: a tool call, or (Tool empty) a final
// text answer.
type Step struct {
	// Tool is the tool name as the client declares it ("Bash",
	// "run_shell_command", "exec_command", "apply_patch").
	Tool string
	// Args is the tool call's JSON arguments object: a json.RawMessage is
	// sent byte for byte (key order, duplicate keys and escapes kept, as a
	// model could send them), anything else as json.Marshal writes it.
	Args any
	// Freeform, for a Responses API custom tool (Codex apply_patch), is
	// the raw input text; Args is then ignored.
	Freeform string
	// Text is the final answer when Tool is empty.
	Text string
	// Marker and Sub, when set, make the step no turn of the script but
	// the script of a subagent: requests whose first user message holds
	// Marker are answered from Sub, by the number of assistant messages
	// so far (a stop hook continues a subagent without a tool result).
	// The Anthropic and Chat Completions dialects honour them (Claude
	// Code's Agent tool, Qwen Code's agent tool).
	Marker string
	Sub    Script
}

// Call returns a tool-call step.
func Call(tool string, args any) Step { return Step{Tool: tool, Args: args} }

// Custom returns a Responses API custom tool call step with freeform input.
func Custom(tool, input string) Step { return Step{Tool: tool, Freeform: input} }

// Say returns a final-text step.
func Say(text string) Step { return Step{Text: text} }

// Subagent returns the script of the subagents whose task holds marker.
func Subagent(marker string, steps ...Step) Step { return Step{Marker: marker, Sub: steps} }

// Script is the sequence of turns. Requests past the end get Done.
type Script []Step

// Done is the text answered past the end of a script and to auxiliary
// requests (those that offer the model no tools).
const Done = "done"

func (s Script) at(i int) Step {
	for _, st := range s {
		if st.Marker != "" {
			continue // a subagent's script, not a turn
		}
		if i == 0 {
			return st
		}
		i--
	}
	return Say(Done)
}

// sub returns the script of the subagent whose first user message is
// first, if any.
func (s Script) sub(first string) (Script, bool) {
	for _, st := range s {
		if st.Marker != "" && strings.Contains(first, st.Marker) {
			return st.Sub, true
		}
	}
	return nil, false
}

// Request is one recorded HTTP request.
type Request struct {
	Method string
	// Path is the URL path and query.
	Path   string
	Header http.Header
	Body   []byte
	// Main reports that the request offered the model tools (an agent
	// turn), as opposed to an auxiliary request (HEAD probes, token
	// counts, titles, checks).
	Main bool
	// Step is the script step answered (only for Main requests).
	Step int
	// Sub reports that the request was answered from a subagent's script
	// (see Subagent): Step then counts the subagent's answers so far.
	Sub bool
	// Err is set when the body could not be understood.
	Err string
	// Time is when the request arrived.
	Time time.Time
}

// Server is a fake model API on 127.0.0.1 with a random port.
type Server struct {
	proto  Protocol
	script Script
	ln     net.Listener
	srv    *http.Server

	mu   sync.Mutex
	reqs []Request
}

// Start serves script in dialect p on 127.0.0.1 with a random port.
func Start(p Protocol, script Script) (*Server, error) {
	switch p {
	case Anthropic, Gemini, OpenAI, Chat, Augment:
	default:
		return nil, fmt.Errorf("fakemodel: unknown protocol %q", p)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fakemodel: listen: %w", err)
	}
	s := &Server{proto: p, script: script, ln: ln}
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln)
	return s, nil
}

// URL is the server's base URL, http://127.0.0.1:PORT (no trailing slash).
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() }

// Close stops the server and closes its connections.
func (s *Server) Close() error { return s.srv.Close() }

// Requests returns every request received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// MainRequests returns the agent-turn requests received so far, in order.
func (s *Server) MainRequests() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Main {
			out = append(out, r)
		}
	}
	return out
}

// maxBody caps a request body.
const maxBody = 64 << 20

// ServeHTTP records the request and answers it in the server's dialect.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	rec := Request{Method: r.Method, Path: r.URL.RequestURI(), Header: r.Header.Clone(), Body: body, Time: time.Now()}
	if err != nil {
		rec.Err = "read body: " + err.Error()
	}
	rec.Header.Del("Authorization")
	rec.Header.Del("X-Api-Key")
	rec.Header.Del("X-Goog-Api-Key")

	var answer func(w http.ResponseWriter)
	switch s.proto {
	case Anthropic:
		answer = s.anthropic(r, &rec)
	case Gemini:
		answer = s.gemini(r, &rec)
	case OpenAI:
		answer = s.openai(r, &rec)
	case Chat:
		answer = s.chat(r, &rec)
	case Augment:
		answer = s.augment(r, &rec)
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, rec)
	s.mu.Unlock()
	answer(w)
}

// decodeBody decodes a JSON request body into v, recording a failure.
func decodeBody(rec *Request, v any) bool {
	if len(bytes.TrimSpace(rec.Body)) == 0 {
		return false
	}
	if err := json.Unmarshal(rec.Body, v); err != nil {
		rec.Err = "decode body: " + err.Error()
		return false
	}
	return true
}

// sse writes a text/event-stream response from (event, data) pairs; an
// empty event name writes a data-only event.
type sseWriter struct {
	w   http.ResponseWriter
	err error
}

func newSSE(w http.ResponseWriter) *sseWriter {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	return &sseWriter{w: w}
}

func (s *sseWriter) send(event string, data any) {
	if s.err != nil {
		return
	}
	b, err := json.Marshal(data)
	if err != nil {
		s.err = err
		return
	}
	var buf bytes.Buffer
	if event != "" {
		buf.WriteString("event: " + event + "\n")
	}
	buf.WriteString("data: ")
	buf.Write(b)
	buf.WriteString("\n\n")
	_, s.err = s.w.Write(buf.Bytes())
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// argsJSON renders a step's arguments as a JSON object text.
func argsJSON(st Step) (string, error) {
	if st.Args == nil {
		return "{}", nil
	}
	if raw, ok := st.Args.(json.RawMessage); ok {
		if !json.Valid(raw) {
			return "", errors.New("fakemodel: invalid JSON arguments")
		}
		return string(raw), nil
	}
	b, err := json.Marshal(st.Args)
	return string(b), err
}

// argsObject renders a step's arguments as the raw JSON object to embed in
// a response: exactly as given (json.RawMessage Args keep their key order,
// duplicate keys and escapes, which a decode into a map would lose).
func argsObject(st Step) (json.RawMessage, error) {
	s, err := argsJSON(st)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(s), nil
}
