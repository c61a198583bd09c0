// Package pi adapts Pi (the coding agent of npm package
// @mariozechner/pi-coding-agent, 0.73.1) to the unified hook model.
//
// Pi runs no hook commands: it loads extensions, ES or TypeScript modules
// whose default export receives Pi's extension API and subscribes to its
// events. This package ships such an extension ([Extension]), which the
// installer renders with the hook command baked in ([Adapter.RenderPlugin])
// and writes into .pi/extensions/ (or ~/.pi/agent/extensions/). For each
// event it handles, the extension spawns the hook with no shell, writes
// one JSON object on its stdin and reads one from its stdout:
//
//	{"pi_hook":"tool_call","wire":1,"cwd":"/home/dev/project","session_id":"…",
//	 "tool":"bash","call_id":"call_0","input":{"command":"ls"}}
//
// tool_result adds "result" ({content, details, isError}); session_start
// adds "reason" ("startup", "new", "resume", "fork"); agent_end carries
// the envelope alone. The hook answers with an [Answer]: "decision":
// "block" and a reason (tool_call: the tool does not run and the model
// reads the reason as its error), "input" (tool_call: the complete input
// the tool runs with, replaced in place) or "context" (tool_result:
// appended to the result). Exit code 2 blocks with stderr as the reason.
// Anything else on tool_call blocks: a hook that cannot start, exits with
// another code, answers no JSON object or does not answer in time never
// lets a call run (Pi itself blocks a call whose handler throws).
//
// Measured with Pi 0.73.1 (pi -p against a fake OpenAI-compatible model
// on 127.0.0.1, the extension in the project's .pi/extensions/; by hand,
// then by the e2e suite's pi column, see CONFORMANCE.md): a block kept a bash call from running and
// the model read the reason; an input rewrite made a write go to the
// rewritten path with the rewritten content; context on a read's result
// reached the model; an answer that was not JSON blocked the call with
// the extension's text. The payloads of that run are in the module's
// testdata/captures/pi.
package pi
