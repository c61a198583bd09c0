package hookstest

import (
	"strings"

	"github.com/agenthooks/hooks"
)

// renderCopilot renders s as GitHub Copilot CLI 1.0.102 sends it, once per
// registration form: the camelCase form (preToolUse, … with camelCase
// payloads that name no event, runtime tools bash, create, edit, view) and
// the PascalCase form (PreToolUse, … with snake_case payloads, Claude's
// tool names Bash, Write, Edit, Read, and Copilot's argument names path and
// file_text). A permission request is permissionRequest in both forms
// (create and edit show up as tool edit with a diff). File paths are
// absolute. The PascalCase templates are named "pascal-<event>…" in the
// corpus (file names may not differ by case alone).
func renderCopilot(s Scenario) ([]rendered, string, error) {
	const h hooks.Host = "copilot"
	const camel, pascal = "camelCase", "PascalCase"
	both := func(camelName, camelNative, camelTool, pascalName, pascalNative, pascalTool string, kv ...any) ([]rendered, string, error) {
		return collect(
			func() (rendered, error) {
				return fill(h, camelName, camelNative, camelTool, camel, renameArgs(kv, true)...)
			},
			func() (rendered, error) {
				return fill(h, pascalName, pascalNative, pascalTool, pascal, renameArgs(kv, false)...)
			},
		)
	}
	shell := object("command", s.command, "description", "Run the command")
	switch s.act {
	case actShell:
		if s.permission {
			return one(h, "permissionRequest-bash", "permissionRequest", "bash", "toolInput", object("command", s.command))
		}
		return both("preToolUse-bash", "preToolUse", "bash", "pascal-PreToolUse-Bash", "PreToolUse", "Bash", "args", shell)
	case actRead:
		return both("preToolUse-view", "preToolUse", "view", "pascal-PreToolUse-Read", "PreToolUse", "Read", "args", object("path", absolute(s.path)))
	case actWrite:
		p := absolute(s.path)
		if s.permission {
			return one(h, "permissionRequest-edit", "permissionRequest", "edit", "toolInput", object("file_path", p, "diff", createDiff(p, s.content)))
		}
		return both("preToolUse-create", "preToolUse", "create", "pascal-PreToolUse-Write", "PreToolUse", "Write",
			"args", object("path", p, "file_text", s.content))
	case actEdit:
		p := absolute(s.path)
		if s.permission {
			return one(h, "permissionRequest-edit", "permissionRequest", "edit", "toolInput", object("file_path", p, "diff", editDiff(p, s.old, s.new)))
		}
		return both("preToolUse-edit", "preToolUse", "edit", "pascal-PreToolUse-Edit", "PreToolUse", "Edit",
			"args", object("path", p, "old_str", s.old, "new_str", s.new))
	case actMove:
		return nil, "Copilot CLI has no patch tool (a move is a shell `mv`: use Shell)", nil
	case actPrompt:
		return both("userPromptSubmitted", "userPromptSubmitted", "", "pascal-UserPromptSubmit", "UserPromptSubmit", "", "prompt", s.prompt)
	case actStop:
		return both("agentStop", "agentStop", "", "pascal-Stop", "Stop", "", "stop_hook_active", s.active)
	case actSessionStart:
		return both("sessionStart", "sessionStart", "", "pascal-SessionStart", "SessionStart", "")
	case actPostShell:
		text := strings.TrimSuffix(s.output, "\n") + "\n<shellId: 0 completed with exit code 0>"
		return collect(
			func() (rendered, error) {
				return fill(h, "postToolUse-bash", "postToolUse", "bash", camel, "toolArgs", shell,
					"toolResult", object("resultType", "success", "textResultForLlm", text))
			},
			func() (rendered, error) {
				return fill(h, "pascal-PostToolUse-Bash", "PostToolUse", "Bash", pascal, "tool_input", shell,
					"tool_result", object("result_type", "success", "text_result_for_llm", text))
			})
	case actPostWrite:
		p := absolute(s.path)
		args := object("path", p, "file_text", postContent)
		text := "Created file " + p + " with " + itoa(len(postContent)) + " characters"
		return collect(
			func() (rendered, error) {
				return fill(h, "postToolUse-create", "postToolUse", "create", camel, "toolArgs", args,
					"toolResult", object("resultType", "success", "textResultForLlm", text))
			},
			func() (rendered, error) {
				return fill(h, "pascal-PostToolUse-Write", "PostToolUse", "Write", pascal, "tool_input", args,
					"tool_result", object("result_type", "success", "text_result_for_llm", text))
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
	body := lines("+", content)
	return "\ndiff --git a" + path + " b" + path + "\ncreate file mode 100644\nindex 0000000..0000000\n--- a/dev/null\n+++ b" +
		path + "\n@@ -1,0 +1," + itoa(strings.Count(body, "\n")) + " @@\n" + body
}

// editDiff is the unified diff of replacing old with new in a file.
func editDiff(path, old, new string) string {
	return "\ndiff --git a" + path + " b" + path + "\nindex 0000000..0000000\n--- a" + path + "\n+++ b" + path +
		"\n@@ -1," + itoa(strings.Count(lines("-", old), "\n")) + " +1," + itoa(strings.Count(lines("+", new), "\n")) + " @@\n" +
		lines("-", old) + lines("+", new)
}

func itoa(n int) string {
	b, _ := marshal(n)
	return string(b)
}
