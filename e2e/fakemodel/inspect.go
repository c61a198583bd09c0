package fakemodel

import (
	"encoding/json"
	"sort"
	"strings"
)

// ToolResult is a tool result as the client sent it back to the model.
type ToolResult struct {
	// ID is the tool call id ("" where the dialect has none).
	ID string
	// Text is every string inside the result, joined by newlines.
	Text string
	// IsError is the Anthropic is_error flag, or a Gemini {"error":…}
	// response.
	IsError bool
}

// ToolResults returns the tool results a request carries, in order; the
// i-th answers the call of step i.
func ToolResults(p Protocol, r Request) []ToolResult {
	var out []ToolResult
	switch p {
	case Anthropic:
		var req anthropicRequest
		if json.Unmarshal(r.Body, &req) != nil {
			return nil
		}
		for _, m := range req.Messages {
			for _, b := range anthropicBlocks(m.Content) {
				if b.Type == "tool_result" {
					out = append(out, ToolResult{ID: b.ToolUseID, Text: flatten(b.Content), IsError: b.IsError})
				}
			}
		}
	case Gemini:
		var req geminiRequest
		if json.Unmarshal(r.Body, &req) != nil {
			return nil
		}
		for _, c := range req.Contents {
			for _, p := range c.Parts {
				if fr := p.FunctionResponse; fr != nil {
					var resp map[string]json.RawMessage
					json.Unmarshal(fr.Response, &resp)
					_, isErr := resp["error"]
					out = append(out, ToolResult{ID: fr.ID, Text: flatten(fr.Response), IsError: isErr})
				}
			}
		}
	case Chat:
		var req chatRequest
		if json.Unmarshal(r.Body, &req) != nil {
			return nil
		}
		for _, raw := range req.Messages {
			var m chatMessage
			if json.Unmarshal(raw, &m) == nil && m.Role == "tool" {
				out = append(out, ToolResult{ID: m.ToolCallID, Text: flatten(m.Content)})
			}
		}
	case OpenAI:
		var req openaiRequest
		if json.Unmarshal(r.Body, &req) != nil {
			return nil
		}
		for _, raw := range req.Input {
			var it openaiItem
			if json.Unmarshal(raw, &it) == nil && (it.Type == "function_call_output" || it.Type == "custom_tool_call_output") {
				out = append(out, ToolResult{ID: it.CallID, Text: flatten(it.Output)})
			}
		}
	case Augment:
		var req augmentRequest
		if json.Unmarshal(r.Body, &req) != nil {
			return nil
		}
		out = augmentResults(&req)
	}
	return out
}

// Text returns every string value of the request's JSON body, joined by
// newlines: the place to look for a marker the model was shown, however
// the client escaped or wrapped it.
func (r Request) Text() string { return flatten(r.Body) }

// Contains reports whether the request body holds s in any string value.
func (r Request) Contains(s string) bool { return strings.Contains(r.Text(), s) }

// Conversation returns the string values of the conversation part of the
// request only (Anthropic messages, Gemini contents, Responses input),
// leaving out system prompts and tool declarations.
func Conversation(p Protocol, r Request) string {
	var body map[string]json.RawMessage
	if json.Unmarshal(r.Body, &body) != nil {
		return ""
	}
	switch p {
	case Anthropic:
		return flatten(body["messages"])
	case Gemini:
		return flatten(body["contents"])
	case OpenAI:
		return flatten(body["input"])
	case Chat:
		return flatten(body["messages"])
	case Augment:
		return flatten(body["chat_history"]) + "\n" + flatten(body["message"]) + "\n" + flatten(body["nodes"])
	}
	return ""
}

func flatten(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	var b strings.Builder
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(x[k])
			}
		}
	}
	walk(v)
	return b.String()
}
