package install

import (
	"os"

	"github.com/agenthooks/hooks"
	"path/filepath"
	"testing"
)

func TestCheckAnswers(t *testing.T) {
	for _, tc := range []struct {
		host, event, stdout, stderr string
		exit                        int
		failClosed                  bool
		want                        Level
	}{
		{"claude", "PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`, "", 0, false, OK},
		{"claude", "PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PostToolUse"}}`, "", 0, false, Fail},
		{"claude", "PreToolUse", `{"hookSpecificOutput":{"permissionDecision":"deny"}}`, "", 0, false, Fail},
		{"claude", "Stop", "", "reason", 2, false, OK},
		{"claude", "Stop", "", "", 2, false, Warn},
		{"claude", "Stop", "", "oops", 1, false, Fail},
		{"claude", "PreToolUse", "debug", "", 0, false, Warn},
		{"claude", "UserPromptSubmit", "some context", "", 0, false, OK},
		{"gemini", "BeforeTool", `{"decision":"deny","reason":"no"}`, "", 0, false, OK},
		{"gemini", "BeforeTool", "{\"decision\":\"deny\"}\nlog line", "", 0, false, Fail},
		{"gemini", "BeforeTool", "", "boom", 1, false, Fail},
		{"gemini", "BeforeTool", "", "no", 2, false, OK},
		{"gemini", "BeforeTool", "text", "", 0, false, Warn},
		{"cursor", "preToolUse", "", "", 0, true, Fail},
		{"cursor", "preToolUse", "", "", 0, false, OK},
		{"cursor", "postToolUse", "", "", 0, true, OK},
		{"cursor", "preToolUse", `{"permission":"deny"}`, "", 2, false, Warn},
		{"cursor", "preToolUse", `not json`, "", 0, false, Fail},
		{"cursor", "stop", "", "", 3, true, Fail},
	} {
		h, _ := lookupHost(hooksHost(tc.host))
		l, msg := checkAnswer(h, tc.event, runResult{exit: tc.exit, stdout: []byte(tc.stdout), stderr: []byte(tc.stderr)}, tc.failClosed)
		if l != tc.want {
			t.Errorf("%s %s %q exit %d: %s (%s), want %s", tc.host, tc.event, tc.stdout, tc.exit, l, msg, tc.want)
		}
	}
	h, _ := lookupHost("claude")
	if l, _ := checkAnswer(h, "Stop", runResult{timedOut: true}, false); l != Fail {
		t.Error("a timeout is not a failure")
	}
	if l, _ := checkAnswer(h, "Stop", runResult{exit: 127, stderr: []byte("sh: 1: /x: not found")}, false); l != Fail {
		t.Error("exit 127 is not a failure")
	}
}

func TestGeminiTrust(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "work", "project")
	os.MkdirAll(proj, 0o755)
	file := filepath.Join(home, ".gemini", "trustedFolders.json")
	os.MkdirAll(filepath.Dir(file), 0o755)
	vars := map[string]string{"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(home, "none.json")}
	e := env{dir: proj, home: home, getenv: func(k string) string { return vars[k] }}
	if got, _ := geminiTrust(e); got != "undecided" {
		t.Errorf("no file: %s", got)
	}
	for _, tc := range []struct{ rules, want string }{
		{`{"` + proj + `": "TRUST_FOLDER"}`, "trusted"},
		{`{"` + filepath.Join(home, "work", "x") + `": "TRUST_PARENT"} // comment` + "\n", "trusted"},
		{`{"` + filepath.Join(home, "work") + `": "TRUST_FOLDER", "` + proj + `": "DO_NOT_TRUST"}`, "untrusted"},
		{`{"` + filepath.Join(home, "work") + `": "DO_NOT_TRUST", "` + proj + `": "TRUST_FOLDER"}`, "trusted"},
		{`{"` + filepath.Join(home, "other") + `": "TRUST_FOLDER"}`, "undecided"},
	} {
		os.WriteFile(file, []byte(tc.rules), 0o644)
		if got, _ := geminiTrust(e); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.rules, got, tc.want)
		}
	}
	vars["GEMINI_CLI_TRUST_WORKSPACE"] = "true"
	if got, _ := geminiTrust(e); got != "trusted" {
		t.Errorf("with GEMINI_CLI_TRUST_WORKSPACE: %s", got)
	}
	delete(vars, "GEMINI_CLI_TRUST_WORKSPACE")
	os.WriteFile(filepath.Join(home, ".gemini", "settings.json"), []byte(`{"security": {"folderTrust": {"enabled": false}}}`), 0o644)
	if got, _ := geminiTrust(e); got != "trusted" {
		t.Errorf("folder trust off: %s", got)
	}
}

func hooksHost(s string) hooks.Host { return hooks.Host(s) }
