package install

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// childEnv makes the test binary run Main (see TestMain) as the hook
// binary named by its value, with the process's arguments: one
// installer process of the parallel tests.
const childEnv = "HOOKS_INSTALL_TEST_CHILD"

func childMain() int {
	return Main(os.Args[1:], os.Stdout, os.Stderr, os.Getenv(childEnv))
}

// runParallel runs args in n processes at once, the i-th as the binary
// /home/dev/bin/guard<i>, and fails on any exit code but 0.
func runParallel(t *testing.T, n int, args ...string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make([]error, n)
	outs := make([][]byte, n)
	for i := range n {
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=/home/dev/bin/guard%d", childEnv, i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			outs[i], errs[i] = cmd.CombinedOutput()
		}()
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("process %d: %v\n%s", i, err, outs[i])
		}
	}
}

// countOurs counts, per host file under dir, the entries whose command
// runs one of the guard<i> binaries, by binary.
func countEntries(t *testing.T, p string) map[string]int {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Hooks map[string][]struct {
			Command string
			Hooks   []struct{ Command string }
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	n := map[string]int{}
	for _, groups := range doc.Hooks {
		for _, g := range groups {
			if g.Command != "" {
				n[strings.Fields(g.Command)[0]]++
			}
			for _, h := range g.Hooks {
				n[strings.Fields(h.Command)[0]]++
			}
		}
	}
	return n
}

// Installs and uninstalls of differently named binaries into one
// project, run in parallel processes, all land: the lock is held across
// each file's read-modify-write (the issue saw 54 of 96 registrations
// lost without it).
func TestParallelInstallUninstall(t *testing.T) {
	const n = 6
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	os.MkdirAll(filepath.Join(project, ".claude"), 0o755)
	user := []byte("{\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]}\n}\n")
	os.WriteFile(filepath.Join(project, ".claude", "settings.json"), user, 0o644)
	// Cline CLI runs one hook file per event name, which one binary
	// owns: install refuses a second binary's (TestScriptsOneBinary).
	// Kimi Code has no project scope.
	var hosts []string
	for _, h := range Hosts() {
		if h != "cline" && h != "kimi" {
			hosts = append(hosts, string(h))
		}
	}
	runParallel(t, n, "install", "--dir", project, "--events", "PreToolUse,Stop", "--hosts", strings.Join(hosts, ","))

	// One entry per native event per binary: claude 3 (PreToolUse brings
	// PreSkillShellCommand, the skill shell gate); codex 2; gemini 2;
	// cursor: 4 tool-gate events + stop.
	want := map[string]int{".claude/settings.json": 3, ".codex/hooks.json": 2, ".gemini/settings.json": 2, ".cursor/hooks.json": 5}
	for rel, per := range want {
		got := countEntries(t, filepath.Join(project, rel))
		for i := range n {
			if b := fmt.Sprintf("/home/dev/bin/guard%d", i); got[b] != per {
				t.Errorf("%s: %d entries of %s, want %d", rel, got[b], b, per)
			}
		}
	}
	runParallel(t, n, "uninstall", "--dir", project)
	if b, _ := os.ReadFile(filepath.Join(project, ".claude", "settings.json")); !bytes.Equal(b, user) {
		t.Errorf("after the uninstalls the user's file is\n%s", b)
	}
	var left []string
	filepath.WalkDir(project, func(p string, d os.DirEntry, err error) error {
		if p != project && p != filepath.Join(project, ".claude", "settings.json") && p != filepath.Join(project, ".claude") {
			left = append(left, p)
		}
		return nil
	})
	if len(left) > 0 {
		t.Errorf("the uninstalls left %q", left)
	}
}
