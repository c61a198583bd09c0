package hookmain_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFirstFifteenMinutes runs the README's "Your first 15 minutes" as
// written (issue 42: the newcomer's trial, kept true by a test): the
// shipped guard built, installed in observe mode in a repository, checked
// by doctor, a Claude Code event of a day's work answered with no opinion
// and logged, the report naming the would-be deny, the guard enforced in
// place, the same event denied, and uninstall giving the project back.
func TestFirstFifteenMinutes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds examples/guard and runs it as a newcomer would")
	}
	root, readme := rootReadme(t)
	block := codeBlock(t, readme, "## Your first 15 minutes", "```sh\n")

	home := t.TempDir()
	project := filepath.Join(home, "src", "myproject")
	for _, d := range []string{filepath.Join(project, ".git"), filepath.Join(project, "src"), filepath.Join(home, ".claude")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	goEnv := func(k string) string {
		out, err := exec.Command(goBin, "env", k).Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	// A newcomer's machine with Claude Code alone: the home directory is
	// the test's, the Go caches stay the developer's.
	env := []string{"HOME=" + home, "PATH=" + filepath.Dir(goBin) + ":/usr/bin:/bin", "GOCACHE=" + goEnv("GOCACHE"),
		"GOMODCACHE=" + goEnv("GOMODCACHE"), "GOFLAGS=", "GOTOOLCHAIN=local", "GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(home, "none.json")}
	before := projectTree(t, project)

	dir := root
	outputs := map[string]string{}
	for _, line := range strings.Split(block, "\n") {
		line, _, _ = strings.Cut(line, "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if d, ok := strings.CutPrefix(line, "cd "); ok {
			dir = strings.Replace(d, "~", home, 1)
			continue
		}
		cmd := exec.Command("/bin/sh", "-c", line)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
		outputs[line] = string(out)
		switch {
		case strings.HasSuffix(line, "doctor"):
			if !strings.Contains(string(out), "observing") {
				t.Errorf("doctor does not say the hook is observing:\n%s", out)
			}
			// The day's work: the agent asks to delete the project's src.
			if got := claudeEvent(t, project, "rm -rf src"); got != "" {
				t.Errorf("observing, the guard answered %q, want no opinion", got)
			}
		case strings.HasSuffix(line, "report"):
			if !strings.Contains(string(out), "guard: rule 1") {
				t.Errorf("report does not name the would-be deny:\n%s", out)
			}
		case strings.HasSuffix(line, "install --log"):
			if got := claudeEvent(t, project, "rm -rf src"); !strings.Contains(got, `"deny"`) {
				t.Errorf("enforcing, the guard answered %q, want a deny", got)
			}
		}
	}
	if len(outputs) != 6 {
		t.Errorf("ran %d commands of the README's block, want 6", len(outputs))
	}
	if got := projectTree(t, project); got != before {
		t.Errorf("after uninstall the project holds\n%s\nwant\n%s", got, before)
	}
}

// claudeEvent runs the command of the project's Claude Code PreToolUse
// entry, as Claude Code would, on a Bash call of command, and returns
// its answer.
func claudeEvent(t *testing.T, project, command string) string {
	t.Helper()
	var settings struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string }
		}
	}
	data, err := os.ReadFile(filepath.Join(project, ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &settings); err != nil || len(settings.Hooks["PreToolUse"]) == 0 {
		t.Fatalf("no PreToolUse entry (%v):\n%s", err, data)
	}
	payload, _ := json.Marshal(map[string]any{"session_id": "s1", "transcript_path": filepath.Join(project, "t.jsonl"), "cwd": project,
		"permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
		"tool_input": map[string]string{"command": command}, "tool_use_id": "toolu_01"})
	cmd := exec.Command("/bin/sh", "-c", settings.Hooks["PreToolUse"][0].Hooks[0].Command)
	cmd.Dir, cmd.Env = project, append(os.Environ(), "HOME="+filepath.Dir(filepath.Dir(project)), "CLAUDE_PROJECT_DIR="+project)
	cmd.Stdin = strings.NewReader(string(payload))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the hook: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// projectTree lists the files under dir with their modes and sizes.
func projectTree(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(&b, "%s %v %d\n", rel, info.Mode(), info.Size())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
