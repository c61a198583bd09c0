package codex

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as Codex CLI 0.171 sends it: shell commands as
// tool "Bash", file changes as apply_patch text (paths as the model wrote
// them). Codex also applies a patch the model feeds to `apply_patch` in a
// shell heredoc, which the hook sees as a Bash command: every file change
// is rendered both ways.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission && s.Kind != hostfacts.ActShell {
		return nil, "Codex asks permission for shell commands only", nil
	}
	switch s.Kind {
	case hostfacts.ActShell:
		if s.Permission {
			return payload.One(templates(), "PermissionRequest-Bash", "PermissionRequest", "Bash",
				"tool_input", payload.Object("command", s.Command, "description", "needs approval to run"))
		}
		return payload.One(templates(), "PreToolUse-Bash", "PreToolUse", "Bash", "tool_input", payload.Object("command", s.Command))
	case hostfacts.ActRead:
		return nil, "Codex has no read tool (its model reads files through the shell: use Shell)", nil
	case hostfacts.ActWrite:
		return patchBoth("*** Add File: " + s.Path + "\n" + payload.Lines("+", s.Content))
	case hostfacts.ActEdit:
		return patchBoth("*** Update File: " + s.Path + "\n@@\n" + payload.Lines("-", s.Old) + payload.Lines("+", s.New))
	case hostfacts.ActDelete:
		return nil, "Codex has no delete tool (it deletes through the shell: use Shell)", nil
	case hostfacts.ActMove:
		return patchBoth("*** Update File: " + s.Path + "\n*** Move to: " + s.To + "\n@@\n-# old name\n+# new name\n")
	case hostfacts.ActPrompt:
		return payload.One(templates(), "UserPromptSubmit", "UserPromptSubmit", "", "prompt", s.Prompt)
	case hostfacts.ActStop:
		return payload.One(templates(), "Stop", "Stop", "", "stop_hook_active", s.Active)
	case hostfacts.ActSessionStart:
		return payload.One(templates(), "SessionStart", "SessionStart", "")
	case hostfacts.ActPostShell:
		return payload.One(templates(), "PostToolUse-Bash", "PostToolUse", "Bash",
			"tool_input", payload.Object("command", s.Command), "tool_response", s.Output)
	case hostfacts.ActPostWrite:
		return payload.One(templates(), "PostToolUse-apply_patch", "PostToolUse", "apply_patch",
			"tool_input", payload.Object("command", patchText("*** Add File: "+s.Path+"\n"+payload.Lines("+", payload.PostContent))),
			"tool_response", "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA "+s.Path+"\n")
	}
	return nil, "", nil
}

// patchText wraps file sections in Codex's patch envelope.
func patchText(files string) string {
	return "*** Begin Patch\n" + files + "*** End Patch\n"
}

// patchBoth renders a patch as the apply_patch tool and as the heredoc a
// model runs through the shell.
func patchBoth(files string) ([]hostfacts.Payload, string, error) {
	patch := patchText(files)
	return payload.Collect(
		func() (hostfacts.Payload, error) {
			return payload.Fill(templates(), "PreToolUse-apply_patch", "PreToolUse", "apply_patch", "",
				"tool_input", payload.Object("command", patch))
		},
		func() (hostfacts.Payload, error) {
			return payload.Fill(templates(), "PreToolUse-Bash", "PreToolUse", "Bash", "apply_patch heredoc",
				"tool_input", payload.Object("command", "apply_patch <<'EOF'\n"+patch+"EOF\n"))
		})
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
