package cline

import "github.com/agenthooks/hooks"

// capabilities is the matrix of Cline CLI 3.0.65, measured with cline
// --json (an openai-compatible provider on a fake Chat Completions
// server) unless the Notes say "bundle" (read in the shipped code, not
// run). The PreCompact hook file is left out: Cline 3.0.65 maps it to no
// runtime event, so it never fires (bundle). Cline has no allow (its tools are approved by its own settings;
// cline --json approves every one), no ask and no message for the user
// alone: Allow, Ask, UserMessage and SystemMessage are claimed nowhere.
var capabilities = [...]hooks.Capability{
	{Native: EventPreToolUse, Event: hooks.PreToolUse,
		Honours: hooks.FieldDeny | hooks.FieldReason | hooks.FieldUpdatedInput | hooks.FieldContext | hooks.FieldHalt,
		Notes: "measured: Cline's only block is cancel:true, which ABORTS THE WHOLE RUN (the tool does not run, " +
			"the model is never called again nor told why; errorMessage goes to Cline's log; the process exits 0). So a deny of " +
			"run_commands is an overrideInput that replaces every command with one direct run of sh that " +
			"prints the reason on stderr and exits 1: the model reads the reason as the command's failure and " +
			"the run goes on. A deny of any other tool is cancel:true (the run ends). overrideInput replaces the " +
			"whole input (updated input); contextModification (or errorMessage without cancel) becomes a " +
			"<hook_context> user message after the tool's result; halt is cancel:true. Exit codes are ignored and " +
			"stdout that is not JSON lets the tool run."},
	{Native: EventPostToolUse, Event: hooks.PostToolUse,
		Honours: hooks.FieldContext,
		Notes:   "measured: contextModification becomes a <hook_context> user message after the tool's result."},
	{Native: EventTaskStart, Event: hooks.SessionStart,
		Notes: "measured: contextModification reaches no model request; Cline runs the TaskStart hook without " +
			"waiting for its answer (bundle: blockingRunStartHooks is off): nothing claimed. It fires for every " +
			"run, so for every prompt of an --acp session (measured)."},
	{Native: EventTaskResume, Event: hooks.SessionStart,
		Notes: "measured (cline --id <session>, which runs only in the terminal interface; e2e TestClineResume): fires " +
			"when the resumed session's first run starts, hookName agent_resume, taskResume {taskMetadata: {}, " +
			"previousState: {}} (both empty), sessionContext.rootSessionId the resumed session; Cline does not wait " +
			"for it: contextModification reached no model request and cancel:true did not stop the run. A resume " +
			"served by a hub daemon still running from an earlier cline process fired TaskStart instead. Nothing claimed."},
	{Native: EventUserPromptSubmit, Event: hooks.UserPromptSubmit,
		Notes: "measured: fires for no prompt, neither that of cline --json, nor the prompts of an --acp session " +
			"(two in one session), nor one typed in the terminal interface (e2e TestClineResume); bundle: Cline " +
			"would run it detached, its answer never read. Nothing claimed."},
	{Native: EventTaskComplete, Event: hooks.Stop,
		Notes: "measured: fires after the run completed; Cline ignores the answer (bundle), so a Stop deny " +
			"cannot continue the agent: nothing claimed."},
	{Native: EventSessionShutdown, Event: hooks.SessionEnd,
		Notes: "measured to fire after an aborted run; the answer is ignored (bundle)."},
	{Native: EventTaskCancel, Notes: "the run was cancelled (agent_abort); the answer is ignored (bundle)."},
	{Native: EventTaskError, Notes: "the run failed (agent_error); the answer is ignored (bundle)."},
}

// inMatrix reports whether native has a row in the capability matrix.
func inMatrix(native string) bool {
	for i := range capabilities {
		if capabilities[i].Native == native {
			return true
		}
	}
	return false
}
