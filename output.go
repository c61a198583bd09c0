package hooks

// ReplaceOutput returns a response that replaces, on PostToolUse, the
// output the model reads of the tool that just ran with text: the answer
// a policy gives to keep a secret or personal data it found in the output
// from the model (the tool already ran; its effects stay). Each host's
// adapter renders it in the tool's own shape where the host takes one
// (Claude Code updatedToolOutput, updatedMCPToolOutput for MCP tools), or
// as the answer that makes the host show the model text in place of the
// result (Gemini CLI's AfterTool deny, Codex's PostToolUse block). Where
// the host can do neither for the tool, [Fit] sends a halt where the host
// stops the agent before its next model call, and otherwise drops it with
// a [Warning]: the capability matrix says which ([FieldUpdatedOutput]).
func ReplaceOutput(text string) Response { return Response{UpdatedOutput: &ToolOutput{Text: text}} }

// An OutputTaker is an [Adapter] whose host replaces the output of some
// tools only, on events whose capability row does not claim
// [FieldUpdatedOutput] (Cursor: MCP tools), or whose row claims it for the
// tools whose output shape the adapter knows (Claude Code): it tells from
// the event whether the output of its tool can be replaced.
type OutputTaker interface {
	// TakesOutput reports whether the host replaces the output of ev's
	// tool with an answer's UpdatedOutput.
	TakesOutput(ev Event) bool
}

// fitOutput fits r.UpdatedOutput to what a's host does on ev, with
// honours the fields its row claims; it returns the fitted response and
// the warning to give, if any (Note "" for none).
func fitOutput(a Adapter, ev Event, r Response, honours Field) (Response, Warning) {
	native := ev.Common().NativeEvent
	w := Warning{Host: a.Host(), Event: native, Field: FieldUpdatedOutput}
	if r.UpdatedOutput == nil {
		return r, w
	}
	if _, post := ev.(*PostToolUseEvent); !post {
		w.Note, w.Rule = "dropped: only a PostToolUse output can be replaced", true
		r.UpdatedOutput = nil
		return r, w
	}
	ot, isTaker := a.(OutputTaker)
	if isTaker {
		honours &^= FieldUpdatedOutput
		if ot.TakesOutput(ev) {
			honours |= FieldUpdatedOutput
		}
	}
	if honours.Has(FieldUpdatedOutput) {
		return r, w
	}
	tool := ""
	if t := ToolOf(ev); t != nil {
		tool = t.Name
	}
	r.UpdatedOutput = nil
	if honours.Has(FieldHalt) && !r.Halt {
		w.Note = "sent as halt: the host cannot replace the output of " + tool + " here; the agent stops before its next model call"
		r.Halt = true
		if r.Reason == "" && honours.Has(FieldReason) {
			r.Reason = "stopped by hook: the output of " + tool + " had to be withheld from the model"
		}
		return r, w
	}
	w.Note = "dropped: the model reads the output of " + tool + " unchanged"
	return r, w
}

// OutputAsBlock returns r with its UpdatedOutput sent as a deny whose
// reason is the replacement text, for an adapter whose host shows the
// model a PostToolUse block's reason in place of the tool's result
// (Gemini CLI, Codex, Copilot CLI). r is returned as is when it has no
// UpdatedOutput.
func OutputAsBlock(r Response) Response {
	if r.UpdatedOutput == nil {
		return r
	}
	r.Decision, r.Reason, r.UpdatedOutput = DecisionDeny, r.UpdatedOutput.Text, nil
	return r
}
