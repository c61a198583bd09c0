package cursor

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

// Cursor's reading of a hook's answer (3.9.16, protocols/cursor.md): at
// exit 0 one flat JSON object; exit 2 blocks without reading stdout as
// JSON (its raw text becomes the reason, and a stop's followup_message is
// lost); any other code is a hook failure, which lets the action go on
// unless the hook is configured failClosed. On a denied tool the model
// receives user_message; agent_message was never seen reaching it.

// cursorPlaceholders are the adapter's texts for a block without a reason.
var cursorPlaceholders = []string{"Blocked by a hook policy.", "Halted by a hook policy.", "A stop hook asked you to continue."}

// cursorGates are the events that take permission allow|deny.
var cursorGates = []string{"preToolUse", "beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "subagentStart", "beforeTabFileRead"}

type cursorOutput struct {
	Permission        string          `json:"permission"`
	Continue          *bool           `json:"continue"`
	UserMessage       string          `json:"user_message"`
	AgentMessage      string          `json:"agent_message"`
	UpdatedInput      json.RawMessage `json:"updated_input"`
	AdditionalContext string          `json:"additional_context"`
	FollowupMessage   string          `json:"followup_message"`
}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	gate := slices.Contains(cursorGates, native)
	stop := native == "stop" || native == "subagentStop"
	switch out.ExitCode {
	case 0:
	case 2:
		if stop {
			v.Ignored = "Cursor does not read followup_message when a hook exits 2"
			return v
		}
		if !gate && native != "beforeSubmitPrompt" {
			v.Ignored = "exit code 2 blocks nothing on " + native
			return v
		}
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(strings.TrimSpace(string(out.Stdout)))
		if strings.HasPrefix(v.Reason, "{") {
			v.Flaw = "blocks (exit 2), but Cursor does not parse stdout on exit 2: it shows it raw as the reason"
		}
		if v.Reason == "" {
			v.Notes = append(v.Notes, "Cursor tells the model the hook blocked the action but \"provided no reason\": at exit 2 it reads the reason from stdout, not stderr")
		}
		return v
	default:
		v.Failed = fmt.Sprintf("exit code %d is a hook failure", out.ExitCode)
		v.Ignored = v.Failed + ": Cursor lets the action go on unless the hook is failClosed"
		return v
	}
	s := bytes.TrimSpace(out.Stdout)
	if len(s) == 0 {
		if gate || native == "beforeSubmitPrompt" {
			// Nothing is a failure too, which matters only failClosed.
			v.Failed = "no output on " + native + ": a hook failure for Cursor"
		}
		return v
	}
	var o cursorOutput
	if err := verdict.OneJSON(s, &o); err != nil {
		v.Failed = "stdout is not one JSON object (" + err.Error() + "): a hook failure for Cursor"
		v.Ignored = v.Failed
		return v
	}
	switch {
	case gate:
		switch o.Permission {
		case "deny":
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(o.UserMessage, cursorPlaceholders...)
			if o.UserMessage == "" && o.AgentMessage != "" {
				v.Notes = append(v.Notes, "the reason is only in agent_message, which the model was never seen to receive")
			}
		case "ask":
			v.Notes = append(v.Notes, "Cursor treats permission ask as deny on some builds and as allow on others")
		}
		if native == "preToolUse" && o.UpdatedInput != nil && v.Decision != hooks.DecisionDeny {
			v.UpdatedInput = o.UpdatedInput
		}
		v.User = o.UserMessage
	case native == "beforeSubmitPrompt":
		if o.Continue != nil && !*o.Continue {
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(o.UserMessage, cursorPlaceholders...)
		}
		v.User = o.UserMessage
	case stop:
		if o.FollowupMessage != "" {
			v.Decision = hooks.DecisionDeny
			v.Reason, v.Placeholder = verdict.Reason(o.FollowupMessage, cursorPlaceholders...)
		}
	case native == "preCompact":
		v.User = o.UserMessage
	}
	if o.AdditionalContext != "" {
		if native == "sessionStart" || native == "postToolUse" {
			v.Context = o.AdditionalContext
		} else {
			v.Notes = append(v.Notes, "Cursor does not read additional_context on "+native)
		}
	}
	return v
}
