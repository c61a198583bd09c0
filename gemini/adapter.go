package gemini

import (
	"time"

	"github.com/agenthooks/hooks"
)

// Host is the name of Gemini CLI, as given to --host.
const Host hooks.Host = "gemini"

// Adapter translates Gemini CLI's hook dialect. It has no options and no
// state; the zero value is ready to use.
type Adapter struct{}

// New returns a Gemini CLI adapter.
func New() *Adapter { return &Adapter{} }

// Host returns "gemini".
func (*Adapter) Host() hooks.Host { return Host }

// Timeout is Gemini CLI's default hook timeout (60000 ms; the hook's
// "timeout" setting is in milliseconds).
func (*Adapter) Timeout() time.Duration { return 60 * time.Second }

// Capabilities returns the capability matrix of Gemini CLI 0.61. Every
// claimed field was seen acting in live runs of the real client (headless,
// fake model server); the Notes say where a non-claim rests on its source.
//
// Allow is claimed nowhere: Gemini's allow never bypasses its policy or
// confirmation, so it is the same as no opinion (a rewrite still writes
// decision "allow"). Ask is claimed nowhere: a hook-forced ask opens a
// confirmation that never completes headless (the CLI hangs or exits
// silently), so hooks.Fit turns it into a deny. UserMessage is written as
// systemMessage, which the CLI prints to the user, never to the model.
func (*Adapter) Capabilities() []hooks.Capability { return capabilities[:] }

const (
	shown  = hooks.FieldSystemMessage | hooks.FieldUserMessage
	denies = hooks.FieldDeny | hooks.FieldReason
)

var capabilities = [...]hooks.Capability{
	{Native: EventBeforeTool, Event: hooks.PreToolUse,
		Honours: denies | hooks.FieldUpdatedInput | hooks.FieldHalt | shown,
		Notes: "deny: the model gets {error: \"Tool execution blocked: <reason>\"}; updated input REPLACES the arguments " +
			"(written as the complete native input); halt stops the whole run; additionalContext is not read here"},
	{Native: EventAfterTool, Event: hooks.PostToolUse,
		Honours: denies | hooks.FieldContext | hooks.FieldHalt | hooks.FieldUpdatedOutput | shown,
		Notes: "deny: the tool already ran, the model gets {error: <reason>} instead of its result; context is appended " +
			"to the result in <hook_context>; halt stops the run after the tool ran; UpdatedOutput is sent as that " +
			"deny, its text the reason (measured: at_deny, the model reads only {error: <reason>})"},
	{Native: EventBeforeAgent, Event: hooks.UserPromptSubmit,
		Honours: denies | hooks.FieldContext | hooks.FieldHalt | shown,
		Notes:   "deny: the prompt never reaches the model; context is a <hook_context> part after the prompt"},
	{Native: EventAfterAgent, Event: hooks.Stop,
		Honours: denies | hooks.FieldHalt | shown,
		Notes: "deny: the reason is sent as a new prompt and the agent runs again, with no retry cap in Gemini " +
			"(the root's loop guard drops a second deny); additionalContext is not read here"},
	{Native: EventSessionStart, Event: hooks.SessionStart,
		Honours: hooks.FieldContext | shown,
		Notes:   "context prefixes the first prompt in <hook_context>; decisions are ignored"},
	{Native: EventSessionEnd, Event: hooks.SessionEnd, Honours: shown,
		Notes: "only systemMessage acts (printed to the user, as on every event); decisions are ignored"},
	{Native: EventPreCompress, Event: hooks.PreCompact, Honours: shown,
		Notes: "fires before EVERY model call, compression or not; only systemMessage is printed"},
	{Native: EventNotification, Event: hooks.Notification, Honours: shown,
		Notes: "fires only for a tool confirmation; only systemMessage is printed"},
	{Native: EventBeforeModel, Event: hooks.PreModel,
		Honours: denies | hooks.FieldHalt | shown | hooks.FieldModelRequest | hooks.FieldModelResponse,
		Notes: "deny: no model call, the turn ends with \"Agent execution blocked: <reason>\"; halt: \"Agent execution stopped\"; " +
			"a request override is merged by Gemini into the real request (message texts in order, model, sampling settings); " +
			"an answer in the model's place is written with a deny (Gemini ignores it otherwise): the user gets it as the " +
			"agent's answer and the reason as a warning"},
	{Native: EventAfterModel, Event: hooks.PostModel,
		Honours: hooks.FieldReason | hooks.FieldHalt | shown | hooks.FieldModelResponse,
		Notes: "fires per streamed chunk; a replacement chunk is what the user sees (the model's own history keeps the " +
			"original, source); halt stops the run; a deny is not claimed: Gemini still delivers the chunk (source)"},
	{Native: EventBeforeToolSelection, Event: hooks.PreToolSelection, Honours: shown | hooks.FieldToolChoice,
		Notes: "decisions are ignored; a tool choice is sent to the model's API as toolConfig.functionCallingConfig " +
			"(the tools stay declared; the API enforces it)"},
}

// known reports whether native is a Gemini CLI event.
func known(native string) bool {
	for i := range capabilities {
		if capabilities[i].Native == native {
			return true
		}
	}
	return false
}
