package hooks

// Decision is a hook's verdict on an event.
type Decision uint8

// The decisions. The zero value, NoDecision, leaves the host to its own
// rules, exactly as if no hook had run.
const (
	NoDecision Decision = iota
	DecisionAllow
	DecisionDeny
	DecisionAsk
)

// String returns "", "allow", "deny" or "ask".
func (d Decision) String() string {
	switch d {
	case DecisionAllow:
		return "allow"
	case DecisionDeny:
		return "deny"
	case DecisionAsk:
		return "ask"
	}
	return ""
}

// Response is what a handler answers. The zero Response is "no opinion".
//
// What each field means depends on the event:
//
//   - PreToolUse, PermissionRequest: deny blocks the tool, allow approves
//     it, ask asks the user (hosts that cannot ask get Handlers.AskFallback).
//   - UserPromptSubmit: deny blocks the prompt before the model sees it.
//   - PostToolUse: deny replaces or flags the tool's result with Reason;
//     UpdatedOutput replaces the result the model reads.
//   - Stop, SubagentStop: deny keeps the agent going; Reason is its next
//     instruction.
//
// Fields a host cannot honour on an event are dropped with a one-line
// warning on stderr naming the field, the host and the event.
type Response struct {
	// Decision is the verdict.
	Decision Decision
	// Reason is what the model is told (why a tool was denied, what to do
	// after a blocked stop).
	Reason string
	// UserMessage is what the user is shown.
	UserMessage string
	// UpdatedInput replaces the tool's input on PreToolUse. Hosts that take
	// a whole input (Gemini) get the original input with these fields
	// changed, never a partial one.
	UpdatedInput ToolInput
	// UpdatedOutput replaces, on PostToolUse, the tool output the model
	// reads ([ReplaceOutput]); Text is what it reads, and Raw, when set,
	// is the whole output in the host's native shape for the tool (sent
	// as is, where the host takes one).
	UpdatedOutput *ToolOutput
	// Context is additional context for the model.
	Context string
	// SystemMessage is shown to the user by the host, never to the model.
	SystemMessage string
	// Halt stops the agent altogether (Claude continue:false); Reason or
	// UserMessage says why.
	Halt bool
	// ModelRequest, ModelResponse and ToolChoice answer the model-level
	// events (see model.go): [OverrideRequest], [ReplaceResponse],
	// [RestrictTools].
	ModelRequest  *ModelRequest
	ModelResponse *ModelResponse
	ToolChoice    *ToolChoice
	// Native holds host-only answers ([Native]): each is applied by its
	// host's adapter alone, and refused (the fail policy answers) when
	// that adapter does not take it on the event; on a response that
	// blocks (a deny or a halt) a refused native answer is dropped with
	// a [Warning] instead, and the block is sent ([Serialize]).
	Native []Native
}

// IsZero reports whether r is "no opinion".
func (r Response) IsZero() bool {
	return r.Decision == NoDecision && r.Reason == "" && r.UserMessage == "" &&
		r.UpdatedInput == nil && r.UpdatedOutput == nil && r.Context == "" && r.SystemMessage == "" && !r.Halt &&
		r.ModelRequest == nil && r.ModelResponse == nil && r.ToolChoice == nil && len(r.Native) == 0
}

// Allow returns a response that approves the call.
func Allow() Response { return Response{Decision: DecisionAllow} }

// Deny returns a response that blocks the call, with a reason the model
// sees. On Stop and SubagentStop it keeps the agent going, with reason as
// its next instruction.
func Deny(reason string) Response { return Response{Decision: DecisionDeny, Reason: reason} }

// Ask returns a response that has the host ask the user, with reason.
func Ask(reason string) Response { return Response{Decision: DecisionAsk, Reason: reason} }

// AddContext returns a response that adds context for the model.
func AddContext(text string) Response { return Response{Context: text} }

// Rewrite returns an Allow response that replaces the tool's input.
func Rewrite(in ToolInput) Response { return Response{Decision: DecisionAllow, UpdatedInput: in} }

// Halt returns a response that stops the agent, with reason for the user.
func Halt(reason string) Response { return Response{Halt: true, Reason: reason} }

// WithUserMessage returns a copy of r with UserMessage set.
func (r Response) WithUserMessage(msg string) Response { r.UserMessage = msg; return r }

// WithContext returns a copy of r with Context set.
func (r Response) WithContext(text string) Response { r.Context = text; return r }

// WithSystemMessage returns a copy of r with SystemMessage set.
func (r Response) WithSystemMessage(msg string) Response { r.SystemMessage = msg; return r }
