package copilot

import (
	"embed"
	"io/fs"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// RenderAct implements hostfacts.ScenarioRenderer: it renders s as GitHub Copilot CLI 1.0.102 sends it, once per
// registration form: the camelCase form (preToolUse, … with camelCase
// payloads that name no event, runtime tools bash, create, edit, view) and
// the PascalCase form (PreToolUse, … with snake_case payloads, Claude's
// tool names Bash, Write, Edit, Read, and Copilot's argument names path and
// file_text). A permission request is permissionRequest in both forms
// (create and edit show up as tool edit with a diff). File paths are
// absolute. The PascalCase templates are named "pascal-<event>…" in the
// corpus (file names may not differ by case alone).
func (*Adapter) RenderAct(s hostfacts.Act) ([]hostfacts.Payload, string, error) {
	const camel, pascal = "camelCase", "PascalCase"
	both := func(camelName, camelNative, camelTool, pascalName, pascalNative, pascalTool string, kv ...any) ([]hostfacts.Payload, string, error) {
		return payload.Collect(
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), camelName, camelNative, camelTool, camel, renameArgs(kv, true)...)
			},
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), pascalName, pascalNative, pascalTool, pascal, renameArgs(kv, false)...)
			},
		)
	}
	shell := payload.Object("command", s.Command, "description", "Run the command")
	switch s.Kind {
	case hostfacts.ActShell:
		if s.Permission {
			return payload.One(templates(), "permissionRequest-bash", "permissionRequest", "bash", "toolInput", payload.Object("command", s.Command))
		}
		return both("preToolUse-bash", "preToolUse", "bash", "pascal-PreToolUse-Bash", "PreToolUse", "Bash", "args", shell)
	case hostfacts.ActRead:
		return both("preToolUse-view", "preToolUse", "view", "pascal-PreToolUse-Read", "PreToolUse", "Read", "args", payload.Object("path", payload.Absolute(s.Path)))
	case hostfacts.ActWrite:
		p := payload.Absolute(s.Path)
		if s.Permission {
			return payload.One(templates(), "permissionRequest-edit", "permissionRequest", "edit", "toolInput", payload.Object("file_path", p, "diff", createDiff(p, s.Content)))
		}
		return both("preToolUse-create", "preToolUse", "create", "pascal-PreToolUse-Write", "PreToolUse", "Write",
			"args", payload.Object("path", p, "file_text", s.Content))
	case hostfacts.ActEdit:
		p := payload.Absolute(s.Path)
		if s.Permission {
			return payload.One(templates(), "permissionRequest-edit", "permissionRequest", "edit", "toolInput", payload.Object("file_path", p, "diff", editDiff(p, s.Old, s.New)))
		}
		return both("preToolUse-edit", "preToolUse", "edit", "pascal-PreToolUse-Edit", "PreToolUse", "Edit",
			"args", payload.Object("path", p, "old_str", s.Old, "new_str", s.New))
	case hostfacts.ActMove:
		return nil, "Copilot CLI has no patch tool (a move is a shell `mv`: use Shell)", nil
	case hostfacts.ActPrompt:
		return both("userPromptSubmitted", "userPromptSubmitted", "", "pascal-UserPromptSubmit", "UserPromptSubmit", "", "prompt", s.Prompt)
	case hostfacts.ActStop:
		return both("agentStop", "agentStop", "", "pascal-Stop", "Stop", "", "stop_hook_active", s.Active)
	case hostfacts.ActSessionStart:
		return both("sessionStart", "sessionStart", "", "pascal-SessionStart", "SessionStart", "")
	case hostfacts.ActPostShell:
		text := strings.TrimSuffix(s.Output, "\n") + "\n<shellId: 0 completed with exit code 0>"
		return payload.Collect(
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "postToolUse-bash", "postToolUse", "bash", camel, "toolArgs", shell,
					"toolResult", payload.Object("resultType", "success", "textResultForLlm", text))
			},
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "pascal-PostToolUse-Bash", "PostToolUse", "Bash", pascal, "tool_input", shell,
					"tool_result", payload.Object("result_type", "success", "text_result_for_llm", text))
			})
	case hostfacts.ActPostWrite:
		p := payload.Absolute(s.Path)
		args := payload.Object("path", p, "file_text", payload.PostContent)
		text := "Created file " + p + " with " + itoa(len(payload.PostContent)) + " characters"
		return payload.Collect(
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "postToolUse-create", "postToolUse", "create", camel, "toolArgs", args,
					"toolResult", payload.Object("resultType", "success", "textResultForLlm", text))
			},
			func() (hostfacts.Payload, error) {
				return payload.Fill(templates(), "pascal-PostToolUse-Write", "PostToolUse", "Write", pascal, "tool_input", args,
					"tool_result", payload.Object("result_type", "success", "text_result_for_llm", text))
			})
	}
	return nil, "", nil
}

// renameArgs turns the generic key "args" into toolArgs (camelCase) or
// tool_input (PascalCase).
func renameArgs(kv []any, camel bool) []any {
	out := append([]any(nil), kv...)
	for i := 0; i+1 < len(out); i += 2 {
		if out[i] == "args" {
			out[i] = "tool_input"
			if camel {
				out[i] = "toolArgs"
			}
		}
	}
	return out
}

// createDiff is the unified diff Copilot shows a permissionRequest for a
// new file.
func createDiff(path, content string) string {
	body := payload.Lines("+", content)
	return "\ndiff --git a" + path + " b" + path + "\ncreate file mode 100644\nindex 0000000..0000000\n--- a/dev/null\n+++ b" +
		path + "\n@@ -1,0 +1," + itoa(strings.Count(body, "\n")) + " @@\n" + body
}

// editDiff is the unified diff of replacing old with new in a file.
func editDiff(path, old, new string) string {
	return "\ndiff --git a" + path + " b" + path + "\nindex 0000000..0000000\n--- a" + path + "\n+++ b" + path +
		"\n@@ -1," + itoa(strings.Count(payload.Lines("-", old), "\n")) + " +1," + itoa(strings.Count(payload.Lines("+", new), "\n")) + " @@\n" +
		payload.Lines("-", old) + payload.Lines("+", new)
}

func itoa(n int) string {
	b, _ := payload.Marshal(n)
	return string(b)
}

//go:embed corpus/*.json
var corpus embed.FS

// Corpus implements hostfacts.ScenarioRenderer.
func (*Adapter) Corpus() fs.FS { return templates() }

// templates is the corpus of payloads the scenarios start from.
func templates() fs.FS { return payload.Templates(corpus) }
