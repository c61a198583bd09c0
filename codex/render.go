package hookstest

import "github.com/agenthooks/hooks"

// renderCodex renders s as Codex CLI 0.171 sends it: shell commands as
// tool "Bash", file changes as apply_patch text (paths as the model wrote
// them). Codex also applies a patch the model feeds to `apply_patch` in a
// shell heredoc, which the hook sees as a Bash command: every file change
// is rendered both ways.
func renderCodex(s Scenario) ([]rendered, string, error) {
	const h hooks.Host = "codex"
	if s.permission && s.act != actShell {
		return nil, "Codex asks permission for shell commands only", nil
	}
	switch s.act {
	case actShell:
		if s.permission {
			return one(h, "PermissionRequest-Bash", "PermissionRequest", "Bash",
				"tool_input", object("command", s.command, "description", "needs approval to run"))
		}
		return one(h, "PreToolUse-Bash", "PreToolUse", "Bash", "tool_input", object("command", s.command))
	case actRead:
		return nil, "Codex has no read tool (its model reads files through the shell: use Shell)", nil
	case actWrite:
		return patchBoth(h, "*** Add File: "+s.path+"\n"+lines("+", s.content))
	case actEdit:
		return patchBoth(h, "*** Update File: "+s.path+"\n@@\n"+lines("-", s.old)+lines("+", s.new))
	case actDelete:
		return nil, "Codex has no delete tool (it deletes through the shell: use Shell)", nil
	case actMove:
		return patchBoth(h, "*** Update File: "+s.path+"\n*** Move to: "+s.to+"\n@@\n-# old name\n+# new name\n")
	case actPrompt:
		return one(h, "UserPromptSubmit", "UserPromptSubmit", "", "prompt", s.prompt)
	case actStop:
		return one(h, "Stop", "Stop", "", "stop_hook_active", s.active)
	case actSessionStart:
		return one(h, "SessionStart", "SessionStart", "")
	case actPostShell:
		return one(h, "PostToolUse-Bash", "PostToolUse", "Bash",
			"tool_input", object("command", s.command), "tool_response", s.output)
	case actPostWrite:
		return one(h, "PostToolUse-apply_patch", "PostToolUse", "apply_patch",
			"tool_input", object("command", patchText("*** Add File: "+s.path+"\n"+lines("+", postContent))),
			"tool_response", "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA "+s.path+"\n")
	}
	return nil, "", nil
}

// patchText wraps file sections in Codex's patch envelope.
func patchText(files string) string {
	return "*** Begin Patch\n" + files + "*** End Patch\n"
}

// patchBoth renders a patch as the apply_patch tool and as the heredoc a
// model runs through the shell.
func patchBoth(h hooks.Host, files string) ([]rendered, string, error) {
	patch := patchText(files)
	return collect(
		func() (rendered, error) {
			return fill(h, "PreToolUse-apply_patch", "PreToolUse", "apply_patch", "",
				"tool_input", object("command", patch))
		},
		func() (rendered, error) {
			return fill(h, "PreToolUse-Bash", "PreToolUse", "Bash", "apply_patch heredoc",
				"tool_input", object("command", "apply_patch <<'EOF'\n"+patch+"EOF\n"))
		})
}
