package fakemodel

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

type chatRequest struct {
	Model    string            `json:"model"`
	Messages []json.RawMessage `json:"messages"`
	Tools    []json.RawMessage `json:"tools"`
	Stream   bool              `json:"stream"`
}

type chatMessage struct {
	Role       string          `json:"role"`
	ToolCallID string          `json:"tool_call_id"`
	Content    json.RawMessage `json:"content"`
}

// chat answers the OpenAI Chat Completions API (POST
// .../chat/completions, streamed as SSE when asked, as Copilot CLI and
// Qwen Code always ask). The step is the number of tool messages the
// request carries.
func (s *Server) chat(r *http.Request, rec *Request) func(http.ResponseWriter) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		return func(w http.ResponseWriter) {
			if strings.HasSuffix(r.URL.Path, "/models") {
				writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": []any{
					map[string]any{"id": "fake-model", "object": "model", "created": 0, "owned_by": "e2e"}}})
				return
			}
			writeJSON(w, http.StatusNotFound, map[string]any{"error": map[string]any{"message": "not found"}})
		}
	}
	var req chatRequest
	decodeBody(rec, &req)
	rec.Main = len(req.Tools) > 0
	st := Say(Done)
	if rec.Main {
		var first string
		seen, assistants := false, 0
		for _, raw := range req.Messages {
			var m chatMessage
			if json.Unmarshal(raw, &m) != nil {
				continue
			}
			switch m.Role {
			case "tool":
				rec.Step++
			case "assistant":
				assistants++
			case "user":
				if !seen {
					first, seen = chatText(m.Content), true
				}
			}
		}
		st = s.script.at(rec.Step)
		// A subagent: its first user message holds its task.
		if sub, ok := s.script.sub(first); ok {
			rec.Step, rec.Sub = assistants, true
			st = sub.at(assistants)
		}
	}
	n := len(s.Requests())
	id := fmt.Sprintf("chatcmpl-e2e-%d", n)
	return func(w http.ResponseWriter) {
		msg := map[string]any{"role": "assistant"}
		finish := "stop"
		if st.Tool != "" {
			args, err := argsJSON(st)
			if err != nil {
				writeJSON(w, http.StatusInternalServerError, map[string]any{"error": map[string]any{"message": err.Error()}})
				return
			}
			msg["content"] = nil
			msg["tool_calls"] = []any{map[string]any{"index": 0, "id": fmt.Sprintf("call_e2e_%d", rec.Step), "type": "function",
				"function": map[string]any{"name": st.Tool, "arguments": args}}}
			finish = "tool_calls"
		} else {
			msg["content"] = st.Text
		}
		now := time.Now().Unix()
		usage := map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
		if !req.Stream {
			writeJSON(w, http.StatusOK, map[string]any{"id": id, "object": "chat.completion", "created": now, "model": req.Model,
				"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}}, "usage": usage})
			return
		}
		e := newSSE(w)
		chunk := func(delta map[string]any, finish any) map[string]any {
			return map[string]any{"id": id, "object": "chat.completion.chunk", "created": now, "model": req.Model,
				"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
		}
		e.send("", chunk(msg, nil))
		e.send("", chunk(map[string]any{}, finish))
		e.send("", map[string]any{"id": id, "object": "chat.completion.chunk", "created": now, "model": req.Model,
			"choices": []any{}, "usage": usage})
		if e.err == nil {
			w.Write([]byte("data: [DONE]\n\n"))
		}
	}
}

// chatText returns the text of a Chat Completions message content: a
// string, or the text parts of an array.
func chatText(content json.RawMessage) string {
	var str string
	if json.Unmarshal(content, &str) == nil {
		return str
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	json.Unmarshal(content, &parts)
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}
