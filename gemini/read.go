package gemini

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// Gemini CLI's reading of a hook's answer (0.61, protocols/gemini.md): when
// the whole of stdout is one JSON document it wins over any exit code;
// otherwise exit codes 0 and 1 let the action go on (plain text is an
// allow) and every other code blocks with stderr (or stdout) as the
// reason. decision deny|block blocks; allow never bypasses Gemini's own
// policy.

// geminiPlaceholders are the adapter's and Gemini's texts for a block
// without a reason.
var geminiPlaceholders = []string{"Blocked by a hook.", "A stop hook asks you to continue: do not stop yet.", "Stopped by a hook.", "No reason provided"}

// geminiBlocks lists the events where a deny has an effect.
var geminiBlocks = []string{"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel"}

// geminiContext lists the events whose additionalContext reaches the model.
var geminiContext = []string{"AfterTool", "BeforeAgent", "SessionStart"}

type geminiOutput struct {
	Decision      string `json:"decision"`
	Reason        string `json:"reason"`
	Continue      *bool  `json:"continue"`
	StopReason    string `json:"stopReason"`
	SystemMessage string `json:"systemMessage"`
	Specific      *struct {
		AdditionalContext string          `json:"additionalContext"`
		ToolInput         json.RawMessage `json:"tool_input"`
		LLMRequest        json.RawMessage `json:"llm_request"`
		LLMResponse       json.RawMessage `json:"llm_response"`
		ToolConfig        json.RawMessage `json:"toolConfig"`
	} `json:"hookSpecificOutput"`
}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	blocks := slices.Contains(geminiBlocks, native)
	s := bytes.TrimSpace(out.Stdout)
	var o geminiOutput
	if len(s) == 0 || s[0] != '{' || verdict.OneJSON(s, &o) != nil {
		switch out.ExitCode {
		case 0, 1:
			switch {
			case len(s) > 0 && s[0] == '{':
				v.Ignored = "stdout is not exactly one JSON object: Gemini CLI takes it as plain text and ignores the decision"
			case out.ExitCode == 1:
				v.Ignored = "exit code 1: Gemini CLI takes it as a warning and lets the action go on"
			case len(s) > 0:
				v.Flaw = "plain text on stdout: Gemini CLI shows it as a system message and lets the action go on"
			}
		default:
			if !blocks {
				v.Ignored = "a failing exit code blocks nothing on " + native
				return v
			}
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(strings.TrimSpace(out.Stderr), string(s)), geminiPlaceholders...)
			if len(s) > 0 && s[0] == '{' {
				v.Flaw = fmt.Sprintf("exit %d with output that is not one JSON object: Gemini CLI blocks with it as the reason", out.ExitCode)
			}
		}
		return v
	}
	v.User = o.SystemMessage
	switch o.Decision {
	case "deny", "block":
		if !blocks {
			v.Notes = append(v.Notes, "Gemini CLI ignores a decision on "+native)
			break
		}
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(verdict.FirstOf(o.Reason, "No reason provided"), geminiPlaceholders...)
	case "ask":
		v.Decision = hooks.DecisionAsk
		v.Reason, v.Placeholder = verdict.Reason(o.Reason)
		v.Notes = append(v.Notes, "a hook-forced confirmation never completes in headless Gemini CLI")
	}
	if o.Continue != nil && !*o.Continue {
		v.Halt = true
		v.User = strings.TrimSpace(o.StopReason + "\n" + v.User)
	}
	if o.Specific == nil {
		return v
	}
	if native == "BeforeTool" && o.Specific.ToolInput != nil && v.Decision != hooks.DecisionDeny {
		v.UpdatedInput = o.Specific.ToolInput
	}
	readModel(native, &v, o.Specific.LLMRequest, o.Specific.LLMResponse, o.Specific.ToolConfig)
	if c := o.Specific.AdditionalContext; c != "" {
		if slices.Contains(geminiContext, native) {
			v.Context = c
		} else {
			v.Notes = append(v.Notes, "Gemini CLI does not read additionalContext on "+native)
		}
	}
	return v
}

// readModel reads the model-level answers as Gemini CLI 0.61 takes them
// (hookSystem and hookTranslator): llm_request on BeforeModel unless it
// blocks; llm_response on BeforeModel only with a block, on AfterModel
// only when its first candidate has a part (JSON null is absent to
// JavaScript); toolConfig on BeforeToolSelection.
func readModel(native string, v *hostfacts.Reading, req, resp, tools json.RawMessage) {
	present := func(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }
	switch native {
	case "BeforeModel":
		if present(req) && v.Decision != hooks.DecisionDeny && !v.Halt {
			v.ModelRequest = req
		}
		if present(resp) && v.Decision == hooks.DecisionDeny && !v.Halt {
			v.ModelResponse, v.ModelText = resp, firstText(resp)
		} else if present(resp) {
			v.Notes = append(v.Notes, "Gemini CLI reads llm_response on BeforeModel only with a deny")
		}
	case "AfterModel":
		if present(resp) && hasPart(resp) {
			v.ModelResponse, v.ModelText = resp, firstText(resp)
		} else if present(resp) {
			v.Notes = append(v.Notes, "Gemini CLI ignores a replacement whose first candidate has no part")
		}
	case "BeforeToolSelection":
		if present(tools) {
			v.ToolChoice = tools
		}
	}
	for _, f := range []struct {
		raw  json.RawMessage
		name string
		on   string
	}{{req, "llm_request", "BeforeModel"}, {tools, "toolConfig", "BeforeToolSelection"}} {
		if present(f.raw) && native != f.on {
			v.Notes = append(v.Notes, "Gemini CLI does not read "+f.name+" on "+native)
		}
	}
}

// modelChunk is the part of an llm_response Gemini goes on with.
type modelChunk struct {
	Candidates []struct {
		Content struct {
			Parts []string `json:"parts"`
		} `json:"content"`
	} `json:"candidates"`
}

// hasPart reports whether resp's first candidate has a part.
func hasPart(resp json.RawMessage) bool {
	var c modelChunk
	return json.Unmarshal(resp, &c) == nil && len(c.Candidates) > 0 && len(c.Candidates[0].Content.Parts) > 0
}

// firstText is the text of resp's first candidate, its parts joined.
func firstText(resp json.RawMessage) string {
	var c modelChunk
	if json.Unmarshal(resp, &c) != nil || len(c.Candidates) == 0 {
		return ""
	}
	return strings.Join(c.Candidates[0].Content.Parts, "")
}
