package install

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// issue 28, the newcomer's walk-through: a developer with two agents
// (~/.claude and ~/.gemini, no agent program on PATH) runs install from a
// subdirectory of the repository without a flag. The hooks land in the
// repository's root, for those two hosts only; doctor, from the same
// subdirectory, finds them and is healthy; uninstall gives back every byte
// of the project and of the home directory.
func TestNewcomerWalkThrough(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the hook binary is a copy of the test binary run through sh")
	}
	s := newSandbox(t, "allow")
	bin := filepath.Join(filepath.Dir(s.home), "bin", "guard")
	copyFile(t, s.bin, bin)
	src := filepath.Join(s.project, "cmd", "tool")
	for _, d := range []string{filepath.Join(s.project, ".git"), src, filepath.Join(s.home, ".claude")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The developer trusts the repository in Gemini CLI, as its first
	// start asks.
	write(t, "/", map[string][]byte{
		strings.TrimPrefix(filepath.Join(s.home, ".gemini", "trustedFolders.json"), "/"): []byte(fmt.Sprintf("{\n  %q: \"TRUST_FOLDER\"\n}\n", s.project)),
		strings.TrimPrefix(filepath.Join(s.project, "main.go"), "/"):                     []byte("package main\n"),
	})
	t.Setenv("PATH", t.TempDir())
	for _, k := range []string{"COPILOT_HOME", "QWEN_HOME"} {
		t.Setenv(k, "")
	}
	t.Chdir(src)
	project, home := tree(t, s.project), tree(t, s.home)

	code, stdout, stderr := runMain(t, bin, "install")
	if code != 0 {
		t.Fatalf("install: exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"note: project directory " + s.project + ", the repository's root",
		"note: hosts on this machine: claude (" + filepath.Join(s.home, ".claude") + "), gemini (" + filepath.Join(s.home, ".gemini") + ")",
		"codex (no " + filepath.Join(s.home, ".codex") + ", no codex on PATH)",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("install does not say %q:\n%s", want, stderr)
		}
	}
	ents, _ := os.ReadDir(s.project)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != ".claude .gemini .git cmd main.go" {
		t.Errorf("the project holds %s, want .claude and .gemini added", got)
	}

	code, stdout, stderr = runMain(t, bin, "doctor")
	if code != 0 {
		t.Errorf("doctor: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, filepath.Join(s.project, ".claude", "settings.json")) || !strings.Contains(stdout, filepath.Join(s.project, ".gemini", "settings.json")) {
		t.Errorf("doctor does not name the two files:\n%s", stdout)
	}

	code, stdout, stderr = runMain(t, bin, "uninstall")
	if code != 0 {
		t.Fatalf("uninstall: exit %d\n%s%s", code, stdout, stderr)
	}
	if got := tree(t, s.project); got != project {
		t.Errorf("uninstall left the project changed:\n%s\nwant\n%s", got, project)
	}
	if got := tree(t, s.home); got != home {
		t.Errorf("uninstall left the home directory changed:\n%s\nwant\n%s", got, home)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
