package e2e

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/internal/adaptertest"
)

func TestPlumbing(t *testing.T) {
	if testing.Short() {
		t.Skip("real clients: skipped with -short")
	}
	root, err := adaptertest.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	clients, err := harness.Install(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range harness.Hosts() {
		t.Run(h.Name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			log := filepath.Join(dir, "hooks.log")
			res, err := harness.Execute(context.Background(), harness.Spec{
				Host: h, Clients: clients, Dir: dir, Prompt: "run the e2e baseline",
				Script: func(r *harness.Run) fakemodel.Script { return baseline(h.Name, r.Project) },
				Hook:   []string{"/bin/sh", "-c", `{ cat; echo; } >> "$HOOKS_E2E_LOG"`},
				Env:    []string{"HOOKS_E2E_LOG=" + log},
			})
			if err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(log)
			if testing.Verbose() && h.Name != "gemini" {
				t.Log(res.Summary())
			}
			for _, line := range bytes.Split(data, []byte("\n")) {
				if len(line) > 300 {
					line = line[:300]
				}
				t.Logf("hook: %s", line)
			}
			for i, r := range res.Requests {
				t.Logf("req %d %s %s main=%v step=%d len=%d err=%s", i, r.Method, r.Path, r.Main, r.Step, len(r.Body), r.Err)
			}
			out, _ := os.ReadFile(filepath.Join(res.Run.Project, "hello.txt"))
			t.Logf("hello.txt=%q", out)
			if !bytes.Contains(data, []byte("PreToolUse")) && !bytes.Contains(data, []byte("BeforeTool")) {
				t.Errorf("no tool hook fired")
			}
		})
	}
}

func baseline(host, project string) fakemodel.Script {
	switch host {
	case "claude":
		p := filepath.Join(project, "hello.txt")
		return fakemodel.Script{
			fakemodel.Call("Bash", map[string]any{"command": "echo hi > shell.txt", "description": "write marker"}),
			fakemodel.Call("Write", map[string]any{"file_path": p, "content": "hello world\n"}),
			fakemodel.Call("Edit", map[string]any{"file_path": p, "old_string": "hello world", "new_string": "goodbye world"}),
			fakemodel.Call("Read", map[string]any{"file_path": p}),
			fakemodel.Say("all done"),
		}
	case "gemini":
		return fakemodel.Script{
			fakemodel.Call("run_shell_command", map[string]any{"command": "echo hi > shell.txt", "description": "write marker"}),
			fakemodel.Call("write_file", map[string]any{"file_path": "hello.txt", "content": "hello world\n"}),
			fakemodel.Call("replace", map[string]any{"file_path": "hello.txt", "instruction": "change greeting", "old_string": "hello world", "new_string": "goodbye world"}),
			fakemodel.Call("read_file", map[string]any{"file_path": "hello.txt"}),
			fakemodel.Say("all done"),
		}
	case "codex":
		return fakemodel.Script{
			fakemodel.Call("exec_command", map[string]any{"cmd": "echo hi > shell.txt"}),
			fakemodel.Custom("apply_patch", "*** Begin Patch\n*** Add File: hello.txt\n+hello world\n*** End Patch\n"),
			fakemodel.Custom("apply_patch", "*** Begin Patch\n*** Update File: hello.txt\n@@\n-hello world\n+goodbye world\n*** End Patch\n"),
			fakemodel.Call("exec_command", map[string]any{"cmd": "cat hello.txt"}),
			fakemodel.Say("all done"),
		}
	}
	return nil
}
