package opencode

import (
	"embed"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as the
// plugin sends it from OpenCode 1.18.33: tool.execute.before and
// tool.execute.after with tools bash, read, write and edit (absolute
// paths, OpenCode's argument names), apply_patch for a move (the tool
// OpenCode offers GPT models instead of write and edit), and
// session.created. OpenCode has no permission-request callback headless
// and no prompt callback the plugin forwards; session.idle, its Stop,
// cannot continue the agent.
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	if s.Permission {
		return nil, "the OpenCode plugin forwards no permission request", nil
	}
	shell := payload.Object("command", s.Command, "description", "Run the command")
	switch s.Kind {
	case hostfacts.ActShell:
		return payload.One(templates(), "tool.execute.before-bash", EventToolBefore, ToolShell, "args", shell)
	case hostfacts.ActRead:
		return payload.One(templates(), "tool.execute.before-read", EventToolBefore, ToolRead, "args", payload.Object("filePath", payload.Absolute(s.Path)))
	case hostfacts.ActWrite:
		return payload.One(templates(), "tool.execute.before-write", EventToolBefore, ToolWrite,
			"args", payload.Object("filePath", payload.Absolute(s.Path), "content", s.Content))
	case hostfacts.ActEdit:
		return payload.One(templates(), "tool.execute.before-edit", EventToolBefore, ToolEdit,
			"args", payload.Object("filePath", payload.Absolute(s.Path), "oldString", s.Old, "newString", s.New))
	case hostfacts.ActMove:
		// apply_patch, which OpenCode offers GPT models instead of write
		// and edit.
		return payload.One(templates(), "tool.execute.before-apply_patch", EventToolBefore, ToolPatch, "args", payload.Object("patchText",
			"*** Begin Patch\n*** Update File: "+s.Path+"\n*** Move to: "+s.To+"\n@@\n-# old name\n+# new name\n*** End Patch"))
	case hostfacts.ActPrompt:
		return nil, "the OpenCode plugin forwards no prompt event", nil
	case hostfacts.ActStop:
		return nil, "OpenCode's session.idle (the plugin's Stop) cannot continue the agent", nil
	case hostfacts.ActSessionStart:
		return payload.One(templates(), "session.created", EventSessionCreated, "")
	case hostfacts.ActPostShell:
		return payload.One(templates(), "tool.execute.after-bash", EventToolAfter, ToolShell, "args", shell,
			"result", payload.Object("title", s.Command, "output", s.Output, "metadata", payload.Object("output", s.Output, "exit", 0, "truncated", false)))
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		return payload.One(templates(), "tool.execute.after-write", EventToolAfter, ToolWrite,
			"args", payload.Object("filePath", p, "content", payload.PostContent),
			"result", payload.Object("title", p, "output", "Wrote file successfully.", "metadata", payload.Object("filepath", p, "exists", false, "truncated", false)))
	}
	return nil, "", nil
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
