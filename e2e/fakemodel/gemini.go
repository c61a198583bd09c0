package fakemodel

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
)

type geminiRequest struct {
	Contents []geminiContent `json:"contents"`
	Tools    []struct {
		FunctionDeclarations []json.RawMessage `json:"functionDeclarations"`
	} `json:"tools"`
	ToolConfig struct {
		FunctionCallingConfig FunctionCalling `json:"functionCallingConfig"`
	} `json:"toolConfig"`
}

// FunctionCalling is a Gemini request's toolConfig.functionCallingConfig.
// The fake honours it as Gemini's API does: under mode NONE, or under ANY
// with AllowedFunctionNames not naming the scripted tool, a scripted tool
// call is not made and the turn is Refused instead.
type FunctionCalling struct {
	Mode                 string   `json:"mode,omitempty"`
	AllowedFunctionNames []string `json:"allowedFunctionNames,omitempty"`
}

// Refused is the text a Gemini turn answers when the request's
// functionCallingConfig forbids its scripted tool call.
const Refused = "E2E_TOOL_CALL_REFUSED by functionCallingConfig"

// allows reports whether c lets the model call tool.
func (c FunctionCalling) allows(tool string) bool {
	switch c.Mode {
	case "NONE":
		return false
	case "ANY":
		return len(c.AllowedFunctionNames) == 0 || slices.Contains(c.AllowedFunctionNames, tool)
	}
	return true
}

// GeminiFunctionCalling returns the functionCallingConfig of a Gemini
// request (zero when it has none).
func GeminiFunctionCalling(r Request) FunctionCalling {
	var req geminiRequest
	json.Unmarshal(r.Body, &req)
	return req.ToolConfig.FunctionCallingConfig
}

type geminiContent struct {
	Role  string       `json:"role"`
	Parts []geminiPart `json:"parts"`
}

type geminiPart struct {
	Text         string `json:"text,omitempty"`
	FunctionCall *struct {
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"functionCall,omitempty"`
	FunctionResponse *struct {
		ID       string          `json:"id"`
		Name     string          `json:"name"`
		Response json.RawMessage `json:"response"`
	} `json:"functionResponse,omitempty"`
}

func (s *Server) gemini(r *http.Request, rec *Request) func(http.ResponseWriter) {
	path := r.URL.Path
	if r.Method != http.MethodPost || !strings.Contains(path, "/models/") {
		return func(w http.ResponseWriter) { writeJSON(w, http.StatusOK, map[string]any{}) }
	}
	if strings.HasSuffix(path, ":countTokens") {
		return func(w http.ResponseWriter) { writeJSON(w, http.StatusOK, map[string]any{"totalTokens": 10}) }
	}
	model := path[strings.Index(path, "/models/")+len("/models/"):]
	model, method, _ := strings.Cut(model, ":")
	var req geminiRequest
	decodeBody(rec, &req)
	for _, t := range req.Tools {
		if len(t.FunctionDeclarations) > 0 {
			rec.Main = true
		}
	}
	st := Say(Done)
	if rec.Main {
		for _, c := range req.Contents {
			for _, p := range c.Parts {
				if p.FunctionResponse != nil {
					rec.Step++
				}
			}
		}
		st = s.script.at(rec.Step)
		if st.Tool != "" && !req.ToolConfig.FunctionCallingConfig.allows(st.Tool) {
			st = Say(Refused)
		}
	}
	return func(w http.ResponseWriter) {
		var part map[string]any
		if st.Tool != "" {
			args, err := argsObject(st)
			if err != nil {
				writeJSON(w, http.StatusInternalServerError, map[string]any{"error": err.Error()})
				return
			}
			part = map[string]any{"functionCall": map[string]any{"name": st.Tool, "args": args}}
		} else {
			part = map[string]any{"text": st.Text}
		}
		resp := map[string]any{
			"candidates": []any{map[string]any{
				"content":      map[string]any{"role": "model", "parts": []any{part}},
				"finishReason": "STOP",
				"index":        0,
			}},
			"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
			"modelVersion":  model,
		}
		if method == "streamGenerateContent" {
			e := newSSE(w)
			e.send("", resp)
			return
		}
		writeJSON(w, http.StatusOK, resp)
	}
}
