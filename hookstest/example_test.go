package hookstest_test

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/hookstest"
	"github.com/agenthooks/hooks/writes"
)

// policy denies `rm -rf` and any write to a .env file.
func policy() hooks.Handlers {
	return hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
			return hooks.Deny("rm -rf is not allowed; delete specific files"), nil
		}
		for _, p := range writes.Paths(&ev.Tool) {
			if path.Base(p) == ".env" {
				return hooks.Deny(p + " holds secrets; the agent must not write it"), nil
			}
		}
		return hooks.Response{}, nil
	}}
}

// What each host receives when the agent runs `rm -rf /`: Cursor asks the
// hook twice (preToolUse and beforeShellExecution), Copilot CLI once per
// registration form, and every host is told the reason.
func Example() {
	res, err := hookstest.Answers(policy(), hookstest.Shell("rm -rf /"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(res)
	// Output:
	// shell command `rm -rf /`:
	//   claude PreToolUse(Bash): deny "rm -rf is not allowed; delete specific files"
	//   cursor preToolUse(Shell): deny "rm -rf is not allowed; delete specific files"
	//   cursor beforeShellExecution: deny "rm -rf is not allowed; delete specific files"
	//   gemini BeforeTool(run_shell_command): deny "rm -rf is not allowed; delete specific files"
	//   codex PreToolUse(Bash): deny "rm -rf is not allowed; delete specific files"
	//   copilot preToolUse(bash: camelCase): deny "rm -rf is not allowed; delete specific files"
	//   copilot PreToolUse(Bash: PascalCase): deny "rm -rf is not allowed; delete specific files"
	//   qwen PreToolUse(run_shell_command): deny "rm -rf is not allowed; delete specific files"
	//   droid PreToolUse(Execute): deny "rm -rf is not allowed; delete specific files"
	//   kimi PreToolUse(Bash): deny "rm -rf is not allowed; delete specific files"
	//   cline PreToolUse(run_commands): deny "rm -rf is not allowed; delete specific files"
	//   opencode tool.execute.before(bash): deny "rm -rf is not allowed; delete specific files"
	//   pi tool_call(bash): deny "rm -rf is not allowed; delete specific files"
	//   auggie PreToolUse(launch-process): deny "rm -rf is not allowed; delete specific files"
}

// A write is rendered as each host writes files: Codex applies a patch,
// through its apply_patch tool or a heredoc run in the shell, with the
// path as the model wrote it; Claude Code and Cursor send it absolute.
func Example_write() {
	res, _ := hookstest.Answers(policy(), hookstest.Write("config/.env", "API_KEY=x\n"))
	fmt.Print(res)
	// Output:
	// write to config/.env:
	//   claude PreToolUse(Write): deny "/home/dev/project/config/.env holds secrets; the agent must not write it"
	//   cursor preToolUse(Write): deny "/home/dev/project/config/.env holds secrets; the agent must not write it"
	//   gemini BeforeTool(write_file): deny "config/.env holds secrets; the agent must not write it"
	//   codex PreToolUse(apply_patch): deny "config/.env holds secrets; the agent must not write it"
	//   codex PreToolUse(Bash: apply_patch heredoc): deny "config/.env holds secrets; the agent must not write it"
	//   copilot preToolUse(create: camelCase): deny "/home/dev/project/config/.env holds secrets; the agent must not write it"
	//   copilot PreToolUse(Write: PascalCase): deny "/home/dev/project/config/.env holds secrets; the agent must not write it"
	//   qwen PreToolUse(write_file): deny "/home/dev/project/config/.env holds secrets; the agent must not write it"
	//   droid PreToolUse(Create): deny "/home/dev/project/config/.env holds secrets; the agent must not write it"
	//   kimi PreToolUse(Write): deny "/home/dev/project/config/.env holds secrets; the agent must not write it"
	//   cline PreToolUse(editor): deny "/home/dev/project/config/.env holds secrets; the agent must not write it", halt
	//   opencode tool.execute.before(write): deny "/home/dev/project/config/.env holds secrets; the agent must not write it"
	//   pi tool_call(write): deny "/home/dev/project/config/.env holds secrets; the agent must not write it"
	//   auggie PreToolUse(save-file): deny "config/.env holds secrets; the agent must not write it"
}

// A handler that asks: Claude Code, Copilot CLI and Qwen Code take an ask
// (headless, they deny the call with its reason); elsewhere
// Handlers.AskFallback turns the ask into a deny, with a warning.
func Example_ask() {
	h := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Ask("force-push needs a human"), nil
	}}
	res, _ := hookstest.Answers(h, hookstest.Shell("git push --force"), hookstest.Hosts("claude", "cursor"))
	fmt.Print(res)
	// Output:
	// shell command `git push --force`:
	//   claude PreToolUse(Bash): ask "force-push needs a human"
	//   cursor preToolUse(Shell): deny "force-push needs a human"
	//     warning: hooks: cursor does not honour ask on preToolUse: sent as deny
	//   cursor beforeShellExecution: deny "force-push needs a human"
	//     warning: hooks: cursor does not honour ask on beforeShellExecution: sent as deny
}

// The corpus holds one realistic payload per host, event and tool, for
// tests that need a native payload as is.
func ExampleCorpus() {
	b, _ := fs.ReadFile(hookstest.Corpus(), "cursor/beforeShellExecution.json")
	ev, err := cursor.New().Parse(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ev.Name(), ev.Common().NativeEvent, hooks.ToolOf(ev).Input.(*hooks.ShellInput).Command)
	// Output:
	// PreToolUse beforeShellExecution git push --force
}

// A policy test: one scenario per rule, asserted on every host.
func Example_policyTest() {
	var t *testing.T // the test's *testing.T
	h := policy()
	hookstest.Run(t, h, hookstest.Shell("rm -rf /")).DeniedWithReason(t, "rm -rf")
	hookstest.Run(t, h, hookstest.Write("config/.env", "x")).Denied(t)
	hookstest.Run(t, h, hookstest.PatchMove("config/example.env", "config/.env")).Denied(t)
	hookstest.Run(t, h, hookstest.Write("README.md", "hello")).NoOpinion(t)
}
