package claude

import (
	"encoding/json"
	"strings"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect scores how sure it is that a payload with these top-level fields
// comes from Claude Code. Signals, from the real payloads of all four
// hosts:
//
//   - hook_event_name must be a PascalCase string (Cursor's are camelCase):
//     0.3, plus 0.1 when it is one of Claude's 34 event names;
//   - prompt_id (every event but SessionStart and InstructionsLoaded): +0.3;
//   - effort (tool and stop events; no other host sends it): +0.2;
//   - a transcript under ".../projects/<slug>/<session>.jsonl": +0.2;
//   - a UUIDv4 session_id: +0.05; a UUIDv7 one (Codex): -0.3;
//   - model and permission_mode without prompt_id (Codex SessionStart;
//     Claude's SessionStart carries neither): -0.4.
//
// Fields only another host sends rule Claude out: cursor_version
// (Cursor), timestamp (Gemini, Qwen Code, Copilot), turn_id without
// prompt_id (Codex; Claude's MessageDisplay has both), and transcripts
// under ".gemini/", ".qwen/", ".factory/" (Droid), ".copilot/" or named
// "rollout-*" (Codex). A SessionStart from startup, the sparsest Claude
// payload, scores 0.65; a known PascalCase name with nothing else
// Claude-like stays below 0.5.
func (*Adapter) Detect(fields map[string]json.RawMessage) float64 {
	name, ok := jsonString(fields["hook_event_name"])
	if !ok || name == "" || name[0] < 'A' || name[0] > 'Z' {
		return 0
	}
	_, hasPrompt := fields["prompt_id"]
	_, hasTurn := fields["turn_id"]
	if hasTurn && !hasPrompt {
		return 0 // Codex; Claude sends turn_id only with prompt_id (MessageDisplay)
	}
	for _, k := range [...]string{"cursor_version", "timestamp"} {
		if _, ok := fields[k]; ok {
			return 0
		}
	}
	transcript, _ := jsonString(fields["transcript_path"])
	if isOtherHostTranscript(transcript) || isRollout(transcript) {
		return 0
	}
	score := 0.3
	if knownEvent(name) {
		score += 0.1
	}
	if hasPrompt {
		score += 0.3
	}
	if _, ok := fields["effort"]; ok {
		score += 0.2
	}
	if strings.Contains(transcript, "/projects/") || strings.Contains(transcript, `\projects\`) {
		score += 0.2
	}
	if sid, ok := jsonString(fields["session_id"]); ok {
		switch uuidVersion(sid) {
		case '4':
			score += 0.05
		case '7':
			score -= 0.3
		}
	}
	_, hasModel := fields["model"]
	_, hasMode := fields["permission_mode"]
	if hasModel && hasMode && !hasPrompt {
		score -= 0.4
	}
	return min(max(score, 0), 1)
}

// jsonString decodes raw as a JSON string.
func jsonString(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	if s, ok := fastjson.StringValue(raw); ok {
		return s, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// isOtherHostTranscript reports a transcript in another host's folder:
// Gemini CLI's ~/.gemini, Qwen Code's ~/.qwen (whose ".../projects/<slug>/"
// layout is Claude's own), Factory Droid's ~/.factory (Droid sends
// Claude's fields and names, but no prompt_id and no timestamp) and GitHub
// Copilot CLI's ~/.copilot.
func isOtherHostTranscript(path string) bool {
	path = strings.ReplaceAll(path, `\`, "/")
	for _, dir := range [...]string{"/.gemini/", "/.qwen/", "/.factory/", "/.copilot/"} {
		if strings.Contains(path, dir) {
			return true
		}
	}
	return false
}

// isRollout reports a Codex transcript: ".../sessions/YYYY/MM/DD/rollout-….jsonl".
func isRollout(path string) bool {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	return strings.HasPrefix(base, "rollout-")
}

// uuidVersion returns the version digit of a canonical UUID, or 0.
func uuidVersion(s string) byte {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return 0
	}
	return s[14]
}

// knownEvent reports whether name is one of the events Claude Code fires:
// the 30 of 2.1.197, plus DirectoryAdded (2.1.219), PreModelSwitch and
// PostModelSwitch (2.1.251) and PreSkillShellCommand (2.1.332).
func knownEvent(name string) bool {
	switch name {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification",
		"UserPromptSubmit", "UserPromptExpansion", "SessionStart", "SessionEnd", "Stop", "StopFailure",
		"SubagentStart", "SubagentStop", "PreCompact", "PostCompact", "PermissionRequest", "PermissionDenied",
		"Setup", "TeammateIdle", "TaskCreated", "TaskCompleted", "Elicitation", "ElicitationResult",
		"ConfigChange", "WorktreeCreate", "WorktreeRemove", "InstructionsLoaded", "CwdChanged", "FileChanged",
		"MessageDisplay", "DirectoryAdded", "PreModelSwitch", "PostModelSwitch", SkillShell:
		return true
	}
	return false
}
