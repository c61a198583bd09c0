package auggie

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// Auggie 0.36.0's reading of a hook's answer (augment.mjs, its hook
// executor and output router; the deny, the rewrite and the context
// measured by the e2e suite):
//
//   - A hook that cannot start, times out (the entry's timeout, in
//     milliseconds, 60000 by default) or exits with any code but 0 and 2
//     is a "non-blocking error": the call runs.
//   - Exit code 2 blocks on PreToolUse only; the model reads
//     "[hook:PreToolUse]: <stderr>" (or Auggie's stand-in when stderr is
//     empty). On PostToolUse that text is appended to the tool's result;
//     elsewhere it is only shown.
//   - Exit code 0: stdout, trimmed, must be one JSON object that passes
//     Auggie's schema, or the whole answer is ignored (see [HookOutput]).
//     continue:false or hookSpecificOutput.permissionDecision "deny"
//     blocks a PreToolUse call, the model reading the reasons and
//     contexts the answer gives; updatedInput replaces the input of a
//     call not blocked; allow and ask are read by nothing.
//   - PostToolUse: additionalContext (top-level, or hookSpecificOutput's,
//     which wins), and the reason of decision:block, are appended to the
//     tool's result after "[Hook Context]".
//   - Auggie does not wait for PromptSubmit's answer and discards those
//     of SessionStart, Stop, SessionEnd and Notification.

// auggiePlaceholders are the adapter's and Auggie's texts for a block
// without a reason.
var auggiePlaceholders = []string{"Blocked by hook", "[hook:PreToolUse]: Hook blocked execution (no error message provided)"}

// ReadAnswer implements hostfacts.AnswerReader.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	var v hostfacts.Reading
	s := bytes.TrimSpace(out.Stdout)
	// Something Auggie would act on were it waiting: stdout other than
	// {}, or exit 2 (stderr alone is a log line, shown at most).
	answered := len(s) > 0 && string(s) != "{}" || out.ExitCode == 2
	switch native {
	case EventPreToolUse, EventPostToolUse:
	case EventPromptSubmit:
		if answered {
			v.Ignored = "Auggie does not wait for the answer to PromptSubmit"
		}
		return v
	default:
		switch {
		case answered:
			v.Ignored = "Auggie discards the answer to " + native
		case out.ExitCode != 0:
			v.Ignored = fmt.Sprintf("exit code %d is a non-blocking error", out.ExitCode)
		}
		return v
	}
	ans, why := readOutput(s)
	switch out.ExitCode {
	case 0:
	case 2:
		stderr := strings.TrimSpace(out.Stderr)
		if stderr == "" {
			stderr = "Hook blocked execution (no error message provided)"
		}
		msg := "[hook:" + native + "]: " + stderr
		if strings.HasPrefix(stderr, "[hook:"+native+"]:") {
			msg = stderr
		}
		if native == EventPostToolUse {
			v.Context = msg
			return v
		}
		if ans != nil && ans.Continue != nil && *ans.Continue {
			v.Notes = append(v.Notes, "continue:true overrides exit code 2: the call runs")
			return v
		}
		v.Decision = hooks.DecisionDeny
		v.Reason, v.Placeholder = verdict.Reason(msg, auggiePlaceholders...)
		return v
	default:
		v.Ignored = fmt.Sprintf("exit code %d is a non-blocking error: the call runs", out.ExitCode)
		return v
	}
	if ans == nil {
		if why != "" {
			v.Ignored = why
		}
		return v
	}
	var agent []string
	spec := ans.HookSpecificOutput
	ctx := ans.AdditionalContext
	if spec != nil && spec.HookEventName == EventPostToolUse && spec.Decision == "block" && spec.Reason != "" {
		agent = append(agent, spec.Reason)
	}
	if spec != nil && spec.HookEventName == EventPostToolUse && spec.AdditionalContext != "" {
		ctx = spec.AdditionalContext
	}
	if ctx != "" {
		agent = append(agent, ctx)
	}
	deny := spec != nil && spec.HookEventName == EventPreToolUse && spec.PermissionDecision == "deny"
	if deny && spec.PermissionDecisionReason != "" {
		agent = append(agent, spec.PermissionDecisionReason)
	}
	if ans.SystemMessage != "" {
		v.User = ans.SystemMessage
	}
	if native == EventPostToolUse {
		v.Context = strings.Join(agent, "\n")
		return v
	}
	blocked := deny || (ans.Continue != nil && !*ans.Continue)
	if blocked {
		v.Decision = hooks.DecisionDeny
		reason := strings.Join(agent, "\n")
		if reason == "" {
			reason = strings.TrimSpace(ans.SystemMessage)
		}
		if reason == "" {
			reason = "Blocked by hook"
		}
		v.Reason, v.Placeholder = verdict.Reason(reason, auggiePlaceholders...)
		return v
	}
	if ctx != "" {
		v.Notes = append(v.Notes, "additionalContext reaches the model on PreToolUse only with a deny")
	}
	if spec != nil && spec.HookEventName == EventPreToolUse {
		switch spec.PermissionDecision {
		case "allow":
			v.Notes = append(v.Notes, "Auggie reads no allow: the call goes on as with no answer")
		case "ask":
			v.Notes = append(v.Notes, "Auggie reads no ask: the tool runs")
		}
		if spec.UpdatedInput != nil {
			v.UpdatedInput = spec.UpdatedInput
		}
	}
	return v
}

// readOutput checks s, a hook's trimmed stdout, against the schema Auggie
// 0.36.0 validates it with (zod: every member optional, but when present
// of its type, null included; unknown members dropped). It returns the
// answer, or nil and why Auggie ignores it ("" when s is empty). Auggie
// reads hookSpecificOutput by the event it names, whatever the event
// that ran.
func readOutput(s []byte) (*HookOutput, string) {
	if len(s) == 0 {
		return nil, ""
	}
	var top map[string]json.RawMessage
	if err := verdict.OneJSON(s, &top); err != nil || top == nil {
		return nil, "stdout is not one JSON object: Auggie shows it to the user and reads nothing"
	}
	bad := func(k, want string) (*HookOutput, string) {
		return nil, fmt.Sprintf("%s is not %s: Auggie's schema rejects the whole answer", k, want)
	}
	var o HookOutput
	for k, want := range map[string]string{"continue": "boolean", "suppressOutput": "boolean", "stopReason": "string",
		"systemMessage": "string", "additionalContext": "string"} {
		if raw, ok := top[k]; ok && !isType(raw, want) {
			return bad(k, "a "+want)
		}
	}
	if raw, ok := top["continue"]; ok {
		b := string(raw) == "true"
		o.Continue = &b
	}
	json.Unmarshal(top["systemMessage"], &o.SystemMessage)
	json.Unmarshal(top["additionalContext"], &o.AdditionalContext)
	raw, ok := top["hookSpecificOutput"]
	if !ok {
		return &o, ""
	}
	var spec map[string]json.RawMessage
	if !isType(raw, "object") || json.Unmarshal(raw, &spec) != nil {
		return bad("hookSpecificOutput", "an object")
	}
	var name string
	if !isType(spec["hookEventName"], "string") {
		return bad("hookSpecificOutput.hookEventName", "a string")
	}
	json.Unmarshal(spec["hookEventName"], &name)
	fields := map[string]string{}
	switch name {
	case EventPreToolUse:
		fields = map[string]string{"permissionDecision": "decision", "permissionDecisionReason": "string", "updatedInput": "object"}
	case EventPostToolUse:
		fields = map[string]string{"decision": "block", "reason": "string", "additionalContext": "string"}
	case EventStop:
		fields = map[string]string{"decision": "block", "reason": "string"}
	case EventSessionStart:
		fields = map[string]string{"additionalContext": "string"}
	case EventSessionEnd, EventNotification:
	default:
		return bad("hookSpecificOutput.hookEventName "+string(spec["hookEventName"]), "one of PreToolUse, PostToolUse, Stop, SessionStart, SessionEnd, Notification")
	}
	for k, want := range fields {
		if raw, ok := spec[k]; ok && !isType(raw, want) {
			return bad("hookSpecificOutput."+k, want)
		}
	}
	o.HookSpecificOutput = &HookSpecificOutput{HookEventName: name}
	h := o.HookSpecificOutput
	json.Unmarshal(spec["permissionDecision"], &h.PermissionDecision)
	json.Unmarshal(spec["permissionDecisionReason"], &h.PermissionDecisionReason)
	json.Unmarshal(spec["decision"], &h.Decision)
	json.Unmarshal(spec["reason"], &h.Reason)
	json.Unmarshal(spec["additionalContext"], &h.AdditionalContext)
	if raw, ok := spec["updatedInput"]; ok {
		h.UpdatedInput = raw
	}
	return &o, ""
}

// isType reports whether raw is a JSON value of the kind want: "string",
// "boolean", "object" (not an array, not null), "decision" (allow, deny or
// ask) or "block" (the string "block").
func isType(raw json.RawMessage, want string) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return false
	}
	switch want {
	case "string":
		return raw[0] == '"'
	case "boolean":
		return string(raw) == "true" || string(raw) == "false"
	case "object":
		return raw[0] == '{'
	case "decision":
		var s string
		return json.Unmarshal(raw, &s) == nil && (s == "allow" || s == "deny" || s == "ask")
	case "block":
		var s string
		return json.Unmarshal(raw, &s) == nil && s == "block"
	}
	return false
}
