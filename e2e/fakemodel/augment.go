package fakemodel

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// The Augment tenant API, as Auggie 0.36.0 calls it (read in its
// augment.mjs, then measured): every call is a POST of JSON to the
// tenant URL its session names. POST /get-models answers the models and
// the tenant's feature flags (enable_hooks is the one that makes Auggie
// run hooks at all), /agents/list-remote-tools the remote tools (none),
// /chat-stream the model's turn as JSON lines: {"text", "nodes"} chunks
// (a tool call is a node of type 5 with tool_use {tool_use_id,
// tool_name, input_json}), then one with stop_reason (1: end of turn, 3:
// tool use). A request's tool results are its nodes of type 1
// (tool_result_node), in nodes and in each chat_history exchange's
// request_nodes. Anything else gets {}.
type augmentRequest struct {
	Message     string            `json:"message"`
	Nodes       []augmentNode     `json:"nodes"`
	ChatHistory []augmentExchange `json:"chat_history"`
	Tools       []json.RawMessage `json:"tool_definitions"`
}

type augmentExchange struct {
	RequestMessage string        `json:"request_message"`
	RequestNodes   []augmentNode `json:"request_nodes"`
}

type augmentNode struct {
	Type       int `json:"type"`
	ToolResult *struct {
		ToolUseID string `json:"tool_use_id"`
		Content   string `json:"content"`
		IsError   bool   `json:"is_error"`
	} `json:"tool_result_node"`
}

// augmentResults returns the tool results of req, in order.
func augmentResults(req *augmentRequest) []ToolResult {
	var out []ToolResult
	add := func(nodes []augmentNode) {
		for _, n := range nodes {
			if n.Type == 1 && n.ToolResult != nil {
				out = append(out, ToolResult{ID: n.ToolResult.ToolUseID, Text: n.ToolResult.Content, IsError: n.ToolResult.IsError})
			}
		}
	}
	for _, ex := range req.ChatHistory {
		add(ex.RequestNodes)
	}
	add(req.Nodes)
	return out
}

// AugmentFlags are the tenant feature flags /get-models answers:
// enable_hooks on, so that Auggie runs hooks.
var AugmentFlags = map[string]any{"enable_hooks": true}

func (s *Server) augment(r *http.Request, rec *Request) func(http.ResponseWriter) {
	switch {
	case strings.HasSuffix(r.URL.Path, "/get-models"):
		return func(w http.ResponseWriter) {
			writeJSON(w, http.StatusOK, map[string]any{"default_model": "fake-model", "languages": []any{},
				"models":        []any{map[string]any{"name": "fake-model", "suggested_prefix_char_count": 0, "suggested_suffix_char_count": 0}},
				"feature_flags": AugmentFlags})
		}
	case strings.HasSuffix(r.URL.Path, "/agents/list-remote-tools"):
		return func(w http.ResponseWriter) { writeJSON(w, http.StatusOK, map[string]any{"tools": []any{}}) }
	case !strings.HasSuffix(r.URL.Path, "/chat-stream"):
		return func(w http.ResponseWriter) { writeJSON(w, http.StatusOK, map[string]any{}) }
	}
	var req augmentRequest
	decodeBody(rec, &req)
	rec.Main = len(req.Tools) > 0
	st := Say(Done)
	if rec.Main {
		rec.Step = len(augmentResults(&req))
		st = s.script.at(rec.Step)
	}
	return func(w http.ResponseWriter) {
		var lines []map[string]any
		if st.Tool != "" {
			args, err := argsJSON(st)
			if err != nil {
				writeJSON(w, http.StatusInternalServerError, map[string]any{"error": err.Error()})
				return
			}
			use := map[string]any{"tool_use_id": fmt.Sprintf("toolu_e2e_%d", rec.Step), "tool_name": st.Tool, "input_json": args}
			lines = append(lines, map[string]any{"text": "", "nodes": []any{map[string]any{"id": 1, "type": 5, "content": "", "tool_use": use}}},
				map[string]any{"text": "", "nodes": []any{}, "stop_reason": 3})
		} else {
			lines = append(lines, map[string]any{"text": st.Text, "nodes": []any{map[string]any{"id": 0, "type": 0, "content": st.Text}}},
				map[string]any{"text": "", "nodes": []any{}, "stop_reason": 1})
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		enc := json.NewEncoder(w)
		for _, l := range lines {
			if enc.Encode(l) != nil {
				return
			}
			if f, ok := w.(http.Flusher); ok {
				f.Flush()
			}
		}
	}
}
