// Package hookstest tests a hook policy against every host, in the spirit
// of testing/slogtest: a team's own `go test` runs its hooks.Handlers (or
// its built hook program) on what Claude Code, Cursor, Gemini CLI, Codex,
// GitHub Copilot CLI, Qwen Code, Factory Droid, Kimi Code, Cline CLI,
// OpenCode, Kilo Code CLI, Pi and Auggie really send, and checks what each of them
// would receive.
//
// A Scenario is written once, in unified terms, and rendered into each
// host's native payload by the host's own adapter
// (hostfacts.ScenarioRenderer), starting from its corpus of realistic
// payloads (Corpus) and keeping the hosts' quirks: Cursor fires preToolUse(Shell)
// and beforeShellExecution for one command, Codex writes files with
// apply_patch text (also run as a shell heredoc), Gemini names its tools
// run_shell_command and write_file and sends relative paths, Cursor's
// tool_output is a JSON-encoded string, Copilot CLI gets each scenario in
// both its registration forms (camelCase payloads that name no event, and
// PascalCase ones with Copilot's argument names), Droid's tools are
// Execute, Create and Edit. Every rendered payload is checked
// by parsing it back with the host's real adapter.
//
// Run answers each payload exactly as a binary built with hookmain does
// (hooks.Server.Answer: the handler, Fit and its warnings, the fail policy,
// Serialize), then reads each native answer back into a
// hostfacts.Reading with the host's answer reader (each adapter states
// one, hostfacts.AnswerReader, apart from its serializer and checked
// against the real clients by the e2e suite): the decision the host applies, the reason the model sees, the context it
// receives, whether the host would discard the answer altogether. The
// assertions read like policy and, when they fail, name the host, its
// native event and the fix:
//
//	func TestPolicy(t *testing.T) {
//		h := policy()
//		hookstest.Run(t, h, hookstest.Shell("rm -rf /")).DeniedWithReason(t, "rm -rf")
//		hookstest.Run(t, h, hookstest.Write("config/.env", "KEY=1")).Denied(t)
//		hookstest.Run(t, h, hookstest.PatchMove("a.txt", ".env")).Denied(t)
//		hookstest.Run(t, h, hookstest.Write("README.md", "hi")).Allowed(t)
//		res := hookstest.Run(t, h, hookstest.Prompt("my key is sk-123"))
//		res.ContextDelivered(t, "secret")
//	}
//
// A failing assertion reads, for example:
//
//	hookstest: shell command `git push --force`: cursor beforeShellExecution:
//	the user is never asked: Cursor does not honour ask on beforeShellExecution,
//	so Handlers.AskFallback turned it into a deny (…). Fix: return hooks.Deny
//	with a reason (or hooks.Allow) for cursor, or set Handlers.AskFallback
//	deliberately and assert Denied or Allowed there
//
// RunBinary does the same with a built program (see Build), run once per
// payload with --host, so that what ships is what is tested.
package hookstest
