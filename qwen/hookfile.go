package qwen

import (
	"path/filepath"
	"time"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/sample"
)

// HookFile implements hostfacts.HookFiler: .qwen/settings.json (the user's in
// $QWEN_HOME, else ~/.qwen), read with comments, matcher groups, timeouts
// in seconds. Qwen Code reads a timeout of 1000 or more as milliseconds,
// so no entry states more than 999 s.
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"qwen"}, Title: "Qwen Code", Dir: ".qwen",
		Name: "settings.json", TimeoutUnit: time.Second, HomeEnv: "QWEN_HOME",
		MaxTimeout: 999 * time.Second,
		Trust: "Qwen Code drops a project's hooks silently in a folder it does not trust (with folder trust on): " +
			"trust the folder, or install with --scope user",
		ProjectDir: `"$QWEN_PROJECT_DIR"`, TrustFiles: []string{"trustedFolders.json"},
		JSON: hostfacts.JSONSettings{JSONC: true, MatchAll: "*"}}
}

// HookEnv implements hostfacts.HookEnver: Qwen Code 0.24 gives its hooks
// the project's directory under its own name, Claude Code's and Gemini
// CLI's. Unlike Gemini CLI it replaces nothing in a command bash runs
// (its expandCommand passes a bash command through: bash expands the
// variables), so "$QWEN_PROJECT_DIR" is quoted as for any shell
// (measured: e2e row portable-command). Its QWEN_CODE_PROJECT_DIR is not
// the project but its state folder under ~/.qwen/projects.
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"GEMINI_PROJECT_DIR=" + project, "CLAUDE_PROJECT_DIR=" + project, "QWEN_PROJECT_DIR=" + project}
}

// SamplePayload implements hostfacts.Sampler: Qwen Code sends Claude Code's
// payloads, with its own shell tool and transcript.
func (*Adapter) SamplePayload(native, dir string) []byte {
	return sample.Render(sample.ClaudeLike(sample.Claude(native, dir, ""), "run_shell_command",
		filepath.Join(dir, ".qwen", "doctor-chat.jsonl")))
}
