package fakemodel

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

type openaiRequest struct {
	Model string            `json:"model"`
	Input []json.RawMessage `json:"input"`
	Tools []json.RawMessage `json:"tools"`
}

type openaiItem struct {
	Type   string          `json:"type"`
	Role   string          `json:"role,omitempty"`
	CallID string          `json:"call_id,omitempty"`
	Output json.RawMessage `json:"output,omitempty"`
}

func (s *Server) openai(r *http.Request, rec *Request) func(http.ResponseWriter) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/responses") {
		return func(w http.ResponseWriter) {
			if strings.HasSuffix(r.URL.Path, "/models") {
				writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": []any{}, "models": []any{}})
				return
			}
			writeJSON(w, http.StatusNotFound, map[string]any{"error": map[string]any{"message": "not found"}})
		}
	}
	var req openaiRequest
	decodeBody(rec, &req)
	rec.Main = len(req.Tools) > 0
	st := Say(Done)
	if rec.Main {
		for _, raw := range req.Input {
			var it openaiItem
			if json.Unmarshal(raw, &it) == nil && (it.Type == "function_call_output" || it.Type == "custom_tool_call_output") {
				rec.Step++
			}
		}
		st = s.script.at(rec.Step)
	}
	n := len(s.Requests())
	respID := fmt.Sprintf("resp_e2e_%d", n)
	return func(w http.ResponseWriter) {
		var item map[string]any
		callID := fmt.Sprintf("call_e2e_%d", rec.Step)
		switch {
		case st.Tool != "" && st.Freeform != "":
			item = map[string]any{"type": "custom_tool_call", "id": fmt.Sprintf("ctc_e2e_%d", n), "call_id": callID, "name": st.Tool, "input": st.Freeform, "status": "completed"}
		case st.Tool != "":
			args, err := argsJSON(st)
			if err != nil {
				writeJSON(w, http.StatusInternalServerError, map[string]any{"error": map[string]any{"message": err.Error()}})
				return
			}
			item = map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_e2e_%d", n), "call_id": callID, "name": st.Tool, "arguments": args, "status": "completed"}
		default:
			item = map[string]any{"type": "message", "id": fmt.Sprintf("msg_e2e_%d", n), "role": "assistant", "status": "completed",
				"content": []any{map[string]any{"type": "output_text", "text": st.Text, "annotations": []any{}}}}
		}
		model := req.Model
		now := time.Now().Unix()
		e := newSSE(w)
		e.send("response.created", map[string]any{"type": "response.created", "response": map[string]any{
			"id": respID, "object": "response", "created_at": now, "status": "in_progress", "model": model, "output": []any{}}})
		e.send("response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": 0, "item": item})
		e.send("response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item})
		e.send("response.completed", map[string]any{"type": "response.completed", "response": map[string]any{
			"id": respID, "object": "response", "created_at": now, "status": "completed", "model": model, "output": []any{item},
			"usage": map[string]any{"input_tokens": 10, "input_tokens_details": map[string]any{"cached_tokens": 0},
				"output_tokens": 5, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 15},
		}})
	}
}
