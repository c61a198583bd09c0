package gemini

import (
	"errors"
	"strconv"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// The model-level events, as Gemini CLI 0.61 sends them: llm_request is
// its "hook view" of the request, {model, messages:[{role, content}],
// config:{temperature, maxOutputTokens, topP, topK}}, text only (the
// turns without text, tool calls and results, are left out); llm_response
// is one streamed chunk, {text, candidates:[{content:{role:"model",
// parts:[<strings>]}, finishReason, index, safetyRatings}],
// usageMetadata}, text only too (function calls are left out).

// parseModel returns the typed event of a model-level event.
func parseModel(in *Input, b hooks.Base) hooks.Event {
	budget := hooks.MaxModelItems
	req, reqErr := readModelRequest(in.LLMRequest, &budget)
	b.Model = req.Model
	switch in.HookEventName {
	case EventBeforeModel:
		return &hooks.ModelRequestEvent{Base: b, Request: req, ReadErr: reqErr}
	case EventBeforeToolSelection:
		return &hooks.ToolSelectionEvent{Base: b, Request: req, ReadErr: reqErr}
	}
	resp, respErr := readModelResponse(in.LLMResponse, &budget)
	return &hooks.ModelResponseEvent{Base: b, Request: req, Response: resp, ReadErr: errors.Join(reqErr, respErr)}
}

// errItems is the ReadErr of a request or response with more than
// hooks.MaxModelItems items.
var errItems error = itemsError{}

// itemsError is errItems's type: a constant message, so that no
// start-up work builds it.
type itemsError struct{}

func (itemsError) Error() string {
	return "more than " + strconv.Itoa(hooks.MaxModelItems) + " messages, candidates and parts: read that far"
}

// readModelRequest reads an llm_request, at most *budget items of it
// (messages), exactly as JSON.parse reads it (the last of duplicate keys
// wins). A member of an unexpected type is left out and reported.
func readModelRequest(raw []byte, budget *int) (hooks.ModelRequest, error) {
	req := hooks.ModelRequest{Raw: raw}
	if len(raw) == 0 {
		return req, errors.New("no llm_request")
	}
	v, ok := fastjson.Parse(raw)
	if !ok || !v.IsObject() {
		return req, errors.New("llm_request is not an object")
	}
	var errs []error
	bad := func(what string) { errs = append(errs, errors.New("llm_request: "+what)) }
	v.Members(func(k string, m fastjson.Value) bool {
		switch k {
		case "model":
			if !m.SetString(&req.Model) {
				bad("model is not a string")
			}
		case "messages":
			req.Messages = nil
			if !m.Elements(func(e fastjson.Value) bool {
				if *budget <= 0 {
					errs = append(errs, errItems)
					return false
				}
				*budget--
				var msg hooks.ModelMessage
				if !e.Members(func(k string, f fastjson.Value) bool {
					switch k {
					case "role":
						return f.SetString(&msg.Role)
					case "content":
						return f.SetString(&msg.Content)
					}
					return true
				}) {
					bad("a message is not {role, content} strings")
				}
				req.Messages = append(req.Messages, msg)
				return true
			}) && m.Kind() != "array" {
				bad("messages is not an array")
			}
		case "config":
			req.Config = hooks.ModelConfig{}
			good := m.Members(func(k string, f fastjson.Value) bool {
				ok := true
				switch k {
				case "temperature":
					ok = setFloat(f, &req.Config.Temperature)
				case "maxOutputTokens":
					ok = setInt(f, &req.Config.MaxOutputTokens)
				case "topP":
					ok = setFloat(f, &req.Config.TopP)
				case "topK":
					ok = setFloat(f, &req.Config.TopK)
				}
				if !ok {
					bad("config " + k + " is not a number")
				}
				return true
			})
			if !good {
				bad("config is not an object")
			}
		}
		return true
	})
	return req, errors.Join(errs...)
}

// readModelResponse reads an llm_response (AfterModel), at most *budget
// items of it (candidates and parts), as readModelRequest does.
func readModelResponse(raw []byte, budget *int) (hooks.ModelResponse, error) {
	resp := hooks.ModelResponse{Raw: raw}
	if len(raw) == 0 {
		return resp, errors.New("no llm_response")
	}
	v, ok := fastjson.Parse(raw)
	if !ok || !v.IsObject() {
		return resp, errors.New("llm_response is not an object")
	}
	var errs []error
	bad := func(what string) { errs = append(errs, errors.New("llm_response: "+what)) }
	full := true
	take := func() bool {
		if *budget <= 0 {
			if full {
				errs, full = append(errs, errItems), false
			}
			return false
		}
		*budget--
		return true
	}
	v.Members(func(k string, m fastjson.Value) bool {
		switch k {
		case "text":
			if !m.IsNull() && !m.SetString(&resp.Text) {
				bad("text is not a string")
			}
		case "candidates":
			resp.Candidates = nil
			if !m.Elements(func(e fastjson.Value) bool {
				if !take() {
					return false
				}
				c, ok := readCandidate(e, take)
				if !ok {
					bad("a candidate is not {content: {parts: [strings]}, finishReason, index}")
				}
				resp.Candidates = append(resp.Candidates, c)
				return full
			}) && m.Kind() != "array" {
				bad("candidates is not an array")
			}
		}
		return true
	})
	return resp, errors.Join(errs...)
}

// readCandidate reads one candidate of an llm_response.
func readCandidate(e fastjson.Value, take func() bool) (hooks.ModelCandidate, bool) {
	var c hooks.ModelCandidate
	ok := e.Members(func(k string, f fastjson.Value) bool {
		switch k {
		case "content":
			if f.IsNull() {
				c.Parts = nil
				return true
			}
			return f.Members(func(k string, p fastjson.Value) bool {
				if k != "parts" {
					return true
				}
				c.Parts = nil
				good := true
				elems := p.Elements(func(s fastjson.Value) bool {
					if !take() {
						return false
					}
					var part string
					good = good && s.SetString(&part)
					c.Parts = append(c.Parts, part)
					return true
				})
				return good && (elems || p.Kind() == "array")
			})
		case "finishReason":
			return f.IsNull() || f.SetString(&c.FinishReason)
		case "index":
			return f.IsNull() || f.SetInt(&c.Index)
		}
		return true
	})
	return c, ok
}

// setFloat reads a number (or null: nil) into *p.
func setFloat(v fastjson.Value, p **float64) bool {
	if v.IsNull() {
		*p = nil
		return true
	}
	f, ok := v.Float()
	if ok {
		*p = &f
	}
	return ok
}

// setInt reads a whole number (or null: nil) into *p.
func setInt(v fastjson.Value, p **int) bool {
	if v.IsNull() {
		*p = nil
		return true
	}
	n, ok := v.Int()
	if ok {
		*p = &n
	}
	return ok
}
