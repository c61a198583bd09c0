package fakemodel

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

type anthropicRequest struct {
	Model    string            `json:"model"`
	Stream   bool              `json:"stream"`
	Tools    []json.RawMessage `json:"tools"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

// anthropicBlock is a content block of a message.
type anthropicBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   json.RawMessage `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
}

func anthropicBlocks(content json.RawMessage) []anthropicBlock {
	var blocks []anthropicBlock
	if json.Unmarshal(content, &blocks) == nil {
		return blocks
	}
	var s string
	if json.Unmarshal(content, &s) == nil {
		return []anthropicBlock{{Type: "text", Text: s}}
	}
	return nil
}

func (s *Server) anthropic(r *http.Request, rec *Request) func(http.ResponseWriter) {
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/v1/messages") {
		return func(w http.ResponseWriter) {
			if r.Method == http.MethodHead {
				w.WriteHeader(http.StatusOK)
				return
			}
			writeJSON(w, http.StatusOK, map[string]any{})
		}
	}
	if strings.HasSuffix(r.URL.Path, "/count_tokens") {
		return func(w http.ResponseWriter) { writeJSON(w, http.StatusOK, map[string]any{"input_tokens": 123}) }
	}
	var req anthropicRequest
	decodeBody(rec, &req)
	rec.Main = len(req.Tools) > 0
	st := Say(Done)
	if rec.Main {
		var first string
		assistants := 0
		for i, m := range req.Messages {
			if m.Role == "assistant" {
				assistants++
			}
			for _, b := range anthropicBlocks(m.Content) {
				if b.Type == "tool_result" {
					rec.Step++
				}
				if i == 0 && b.Type == "text" {
					first += b.Text
				}
			}
		}
		st = s.script.at(rec.Step)
		if sub, ok := s.script.sub(first); ok {
			rec.Step, rec.Sub = assistants, true
			st = sub.at(assistants)
		}
	}
	model := req.Model
	if model == "" {
		model = "claude-fake"
	}
	id := fmt.Sprintf("msg_e2e_%d", len(s.Requests()))
	return func(w http.ResponseWriter) {
		var block map[string]any
		var deltaEvent map[string]any
		stop := "end_turn"
		if st.Tool != "" {
			args, err := argsJSON(st)
			if err != nil {
				writeJSON(w, http.StatusInternalServerError, map[string]any{"error": err.Error()})
				return
			}
			stop = "tool_use"
			block = map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_e2e_%d", rec.Step), "name": st.Tool, "input": map[string]any{}}
			deltaEvent = map[string]any{"type": "input_json_delta", "partial_json": args}
		} else {
			block = map[string]any{"type": "text", "text": ""}
			deltaEvent = map[string]any{"type": "text_delta", "text": st.Text}
		}
		usage := map[string]any{"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
		if !req.Stream {
			final := map[string]any{}
			for k, v := range block {
				final[k] = v
			}
			if st.Tool != "" {
				in, _ := argsObject(st)
				final["input"] = in
			} else {
				final["text"] = st.Text
			}
			writeJSON(w, http.StatusOK, map[string]any{
				"id": id, "type": "message", "role": "assistant", "model": model,
				"content": []any{final}, "stop_reason": stop, "stop_sequence": nil, "usage": usage,
			})
			return
		}
		e := newSSE(w)
		e.send("message_start", map[string]any{"type": "message_start", "message": map[string]any{
			"id": id, "type": "message", "role": "assistant", "model": model, "content": []any{},
			"stop_reason": nil, "stop_sequence": nil, "usage": usage,
		}})
		e.send("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": block})
		e.send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": deltaEvent})
		e.send("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
		e.send("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 5}})
		e.send("message_stop", map[string]any{"type": "message_stop"})
	}
}
