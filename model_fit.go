package hooks

// fitModel is [Fit] for the model-level fields: those the host does not
// honour on the event are dropped (drop warns), and a request override
// that cannot take effect, because a deny or an answer of the handler's
// own means the model is not called, is dropped by rule.
func fitModel(r Response, drop func(Field, bool, func()), ruled func(Field, string)) Response {
	drop(FieldModelRequest, r.ModelRequest != nil, func() { r.ModelRequest = nil })
	drop(FieldModelResponse, r.ModelResponse != nil, func() { r.ModelResponse = nil })
	drop(FieldToolChoice, r.ToolChoice != nil, func() { r.ToolChoice = nil })
	if r.ModelRequest != nil && (r.Decision == DecisionDeny || r.ModelResponse != nil || r.Halt) {
		ruled(FieldModelRequest, "dropped: the model is not called (a deny, a halt or an answer in its place)")
		r.ModelRequest = nil
	}
	return r
}
