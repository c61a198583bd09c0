package hooks

// FitOptions are the choices [Fit] leaves to the policy; a [Server] takes
// them from its [Handlers].
type FitOptions struct {
	// AskFallback is what an ask becomes where the host cannot ask
	// (DecisionDeny when NoDecision), as [Handlers.AskFallback].
	AskFallback Decision
	// RepeatStop keeps a stop block when the agent already continued
	// once because of a stop hook, as [Handlers.RepeatStopBlocks].
	RepeatStop bool
	// AskFallbackAlways applies AskFallback even on a host build known to
	// honour an ask ([AskTaker]), as [Handlers.AskFallbackAlways].
	AskFallbackAlways bool
}

// Serialize fits r to what a's host honours on ev ([Fit]) and renders it
// in the host's dialect ([Adapter.Serialize]): the one call an embedder
// that answers without a [Server] needs, so that no answer reaches a host
// unfitted (an ask the host cannot take would otherwise be rendered as no
// opinion). It returns the output, the fitted response and one Warning
// for every field dropped or changed.
//
// A native answer the adapter refuses is an error (the caller's fail
// policy answers), except when the response blocks (a deny or a halt):
// then the refused native answers are dropped with a Warning and the
// block is sent without them, so that a mistake in a host-only extra
// never costs a deny under a fail-open policy.
func Serialize(a Adapter, ev Event, r Response, o FitOptions) (Output, Response, []Warning, error) {
	fitted, ws := Fit(a, ev, r, o)
	err := checkNative(a, ev, fitted)
	var out Output
	if err == nil {
		out, err = a.Serialize(ev, fitted)
	}
	if err != nil && len(fitted.Native) > 0 && (fitted.Decision == DecisionDeny || fitted.Halt) {
		for _, n := range fitted.Native {
			ws = append(ws, Warning{Host: a.Host(), Event: ev.Common().NativeEvent, Native: n.String(),
				Note: "dropped: the response blocks, and " + err.Error()})
		}
		fitted.Native = nil
		out, err = a.Serialize(ev, fitted)
	}
	return out, fitted, ws, err
}

// Fit adapts r to what a's host honours on ev, as [Serialize] and a
// [Server] do before Adapter.Serialize: fields the capability matrix does
// not claim are dropped, an ask the host cannot honour becomes
// o.AskFallback, a repeated stop block is dropped unless o.RepeatStop,
// an UpdatedOutput the host cannot apply to the tool becomes a halt or is
// dropped ([ReplaceOutput]), and native answers for another host are dropped ([Native]; those for
// a's host are checked by Serialize). It returns one Warning for every
// field or native answer dropped or changed.
func Fit(a Adapter, ev Event, r Response, o FitOptions) (Response, []Warning) {
	caps, host, askFallback, repeatStop := a.Capabilities(), a.Host(), o.AskFallback, o.RepeatStop
	native := ev.Common().NativeEvent
	honours := Supports(caps, native)
	var ws []Warning
	warn := func(f Field, note string) {
		ws = append(ws, Warning{Host: host, Event: native, Field: f, Note: note})
	}
	ruled := func(f Field, note string) {
		ws = append(ws, Warning{Host: host, Event: native, Field: f, Note: note, Rule: true})
	}
	if o, ok := ev.(*OtherEvent); ok && o.Unknown && honours == 0 && r.Decision != NoDecision {
		// An event nobody knows: a deny (or ask) is passed on as the
		// host's generic block (exit code 2) rather than dropped, since
		// it may well gate something.
		if r.Decision == DecisionDeny || r.Decision == DecisionAsk {
			f := FieldDeny
			if r.Decision == DecisionAsk {
				f = FieldAsk
			}
			warn(f, "unknown event: sent as the host's generic block (exit code 2)")
			honours |= FieldDeny | FieldReason
			r.Decision = DecisionDeny
		}
	}

	if r.UpdatedOutput != nil {
		var w Warning
		if r, w = fitOutput(a, ev, r, honours); w.Note != "" {
			ws = append(ws, w)
			if r.Halt {
				honours |= FieldHalt
			}
		}
	}

	if r.Reason != "" && r.Decision == NoDecision && !r.Halt && r.UpdatedInput == nil && r.UpdatedOutput == nil && r.ModelResponse == nil {
		ruled(FieldReason, "dropped: a reason without a decision (deny, ask, allow) or a halt has no effect")
		r.Reason = ""
	}

	if (r.Decision == DecisionDeny || r.Decision == DecisionAsk) && !repeatStop && stopActive(ev) {
		f := FieldDeny
		if r.Decision == DecisionAsk {
			f = FieldAsk
		}
		ruled(f, "dropped by the loop guard: the agent already continued once because of a stop hook (see Handlers.RepeatStopBlocks)")
		r.Decision, r.Reason = NoDecision, ""
	}

	if r.Decision == DecisionAsk && !honours.Has(FieldAsk) && takesAsk(a, ev, o) {
		honours |= FieldAsk
	}
	if r.Decision == DecisionAsk && !honours.Has(FieldAsk) {
		fb := askFallback
		if fb == NoDecision || fb == DecisionAsk {
			fb = DecisionDeny
		}
		if fb == DecisionDeny && honours.Has(FieldDeny) {
			warn(FieldAsk, "sent as deny")
			r.Decision = DecisionDeny
		} else if fb == DecisionAllow && honours.Has(FieldAllow) {
			warn(FieldAsk, "sent as allow")
			r.Decision = DecisionAllow
		} else {
			warn(FieldAsk, "dropped")
			r.Decision = NoDecision
		}
	}

	// A rewrite or a halt exists because the call is not acceptable as it
	// is: where the host can do neither but can deny, deny.
	if r.UpdatedInput != nil && !honours.Has(FieldUpdatedInput) && honours.Has(FieldDeny) && r.Decision != DecisionDeny && beforeTool(ev) {
		warn(FieldUpdatedInput, "sent as deny: the host cannot rewrite the input here")
		r.Decision, r.UpdatedInput = DecisionDeny, nil
		if r.Reason == "" {
			r.Reason = "blocked: the hook needed to rewrite this call, which " + string(host) + " cannot do on " + native
		}
	}
	if r.Halt && !honours.Has(FieldHalt) && honours.Has(FieldDeny) && gating(ev) {
		warn(FieldHalt, "sent as deny of this call; the agent is not stopped")
		r.Decision, r.Halt = DecisionDeny, false
		if r.Reason == "" {
			r.Reason = r.UserMessage
		}
		if r.Reason == "" {
			r.Reason = "halted by hook"
		}
	}

	switch r.Decision {
	case DecisionAllow:
		if !honours.Has(FieldAllow) {
			// A rewrite the host honours already means "allow" there.
			if r.UpdatedInput == nil || !honours.Has(FieldUpdatedInput) {
				warn(FieldAllow, "dropped; the host applies its own rules")
			}
			r.Decision = NoDecision
		}
	case DecisionDeny:
		if !honours.Has(FieldDeny) {
			warn(FieldDeny, "dropped")
			r.Decision = NoDecision
		}
	}

	drop := func(f Field, set bool, clear func()) {
		if set && !honours.Has(f) {
			warn(f, "dropped")
			clear()
		}
	}
	drop(FieldReason, r.Reason != "", func() { r.Reason = "" })
	drop(FieldUserMessage, r.UserMessage != "", func() { r.UserMessage = "" })
	drop(FieldUpdatedInput, r.UpdatedInput != nil, func() { r.UpdatedInput = nil })
	drop(FieldContext, r.Context != "", func() { r.Context = "" })
	drop(FieldSystemMessage, r.SystemMessage != "", func() { r.SystemMessage = "" })
	drop(FieldHalt, r.Halt, func() { r.Halt = false })
	// The model-level answers (PreModel, PostModel, PreToolSelection),
	// written here rather than in a function of their own: passing drop
	// on would move r to the heap on every event (four allocations).
	drop(FieldModelRequest, r.ModelRequest != nil, func() { r.ModelRequest = nil })
	drop(FieldModelResponse, r.ModelResponse != nil, func() { r.ModelResponse = nil })
	drop(FieldToolChoice, r.ToolChoice != nil, func() { r.ToolChoice = nil })
	if r.ModelRequest != nil && (r.Decision == DecisionDeny || r.ModelResponse != nil || r.Halt) {
		ruled(FieldModelRequest, "dropped: the model is not called (a deny, a halt or an answer in its place)")
		r.ModelRequest = nil
	}
	r, nws := fitNative(a, native, r)
	return r, append(ws, nws...)
}

// beforeTool reports whether ev comes before a tool runs.
func beforeTool(ev Event) bool {
	switch ev.(type) {
	case *PreToolUseEvent, *PermissionRequestEvent:
		return true
	}
	return false
}

func stopActive(ev Event) bool {
	switch e := ev.(type) {
	case *StopEvent:
		return e.Active
	case *SubagentStopEvent:
		return e.Active
	}
	return false
}
