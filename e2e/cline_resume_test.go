//go:build linux

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
)

// resumeHooks are the Cline hook files of TestClineResume: each logs its
// event and payload as one line.
var resumeHooks = []string{"TaskStart", "TaskResume", "UserPromptSubmit", "TaskComplete"}

// TestClineResume measures Cline CLI's TaskResume and UserPromptSubmit
// hooks, which a cline --json run never fires. A first run (cline --json)
// makes a session; then `cline --id <session>` resumes it twice, in its
// terminal interface (the only way --id runs: --json refuses it), driven
// through a pseudo-terminal by script(1): a prompt is typed once the
// interface shows "Ask anything". The hook files are plain scripts that
// log what they get and print a fixed answer, so that what is measured is
// the client, not this module.
//
// What it proves (3.0.65): TaskResume fires with hookName agent_resume
// and the session's rootSessionId (its taskId is a new one), and parses
// as a SessionStart of source "resume" whose SessionID is that of the
// first run's TaskStart, the session; its
// answer has no effect: contextModification reaches no model request (the
// first resume), cancel:true does not stop the resumed run (the second,
// whose prompt still reaches the model). UserPromptSubmit fires for no
// prompt: neither the command line's nor one typed in the interface.
// With -update, the TaskResume payload becomes
// testdata/captures/cline/TaskResume.json.
func TestClineResume(t *testing.T) {
	setup(t)
	script, err := exec.LookPath("script")
	if err != nil {
		t.Fatal("TestClineResume drives Cline's terminal interface with script(1) (util-linux), which is not on PATH")
	}
	srv, err := fakemodel.Start(fakemodel.Chat, fakemodel.Script{fakemodel.Say(firstAnswer)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	root := t.TempDir()
	home, project, tmp := filepath.Join(root, "home"), filepath.Join(root, "project"), filepath.Join(root, "tmp")
	logf := filepath.Join(root, "hooks.log")
	for _, d := range []string{filepath.Join(home, ".cline", "data", "settings"), filepath.Join(project, ".clinerules", "hooks"), tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// What cline auth writes (as harness.Cline does).
	providers := map[string]any{"version": 1, "lastUsedProvider": "openai-compatible", "modes": map[string]any{},
		"providers": map[string]any{"openai-compatible": map[string]any{
			"settings": map[string]any{"provider": "openai-compatible", "apiKey": "dummy-key",
				"model": "fake-model", "baseUrl": srv.URL() + "/v1"},
			"updatedAt": "2026-12-01T00:00:00.000Z", "tokenSource": "manual"}}}
	data, _ := json.Marshal(providers)
	if err := os.WriteFile(filepath.Join(home, ".cline", "data", "settings", "providers.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	writeHooks := func(answer string) {
		for _, ev := range resumeHooks {
			a := "{}"
			if ev == "TaskResume" || ev == "UserPromptSubmit" {
				a = answer
			}
			s := fmt.Sprintf("#!/bin/sh\n{ printf '%%s ' %s; tr -d '\\n'; echo; } >> %s\nprintf '%%s' %s\n", ev, harness.ShellJoin([]string{logf}), harness.ShellJoin([]string{a}))
			if err := os.WriteFile(filepath.Join(project, ".clinerules", "hooks", ev), []byte(s), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	bin := clients.Bin("cline")
	env := func() []string {
		port, err := freeTCPPort()
		if err != nil {
			t.Fatal(err)
		}
		return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "TMPDIR=" + tmp, "LANG=C.UTF-8", "NO_PROXY=127.0.0.1,localhost",
			"CLINE_HUB_PORT=" + strconv.Itoa(port), "CLINE_NO_AUTO_UPDATE=1", "TERM=dumb", "NO_COLOR=1"}
	}
	// Every cline process leaves a hub daemon: kill what runs with this
	// HOME after each step, and at the end.
	defer killByHome(home)

	writeHooks("{}")
	first := exec.Command(bin, "--json", "first prompt")
	first.Dir, first.Env = project, env()
	if out, err := runBounded(first, 4*time.Minute); err != nil {
		t.Fatalf("cline --json: %v\n%s", err, clip(string(out), 3000))
	}
	killByHome(home)
	session := rootSession(t, logf)

	resumes := []struct{ prompt, answer string }{
		{"second prompt", `{"contextModification":"E2E_RESUME_CTX"}`},
		{"third prompt", `{"cancel":true,"errorMessage":"E2E_RESUME_CANCEL"}`},
	}
	for _, rs := range resumes {
		writeHooks(rs.answer)
		before := len(readHookLog(t, logf))
		cmd := exec.Command(script, "-qfec", harness.ShellJoin([]string{bin, "--id", session}), "/dev/null")
		cmd.Dir, cmd.Env = project, env()
		if err := typeInto(cmd, "Ask anything", rs.prompt, func() bool {
			for _, l := range readHookLog(t, logf)[before:] {
				if strings.HasPrefix(l, "TaskComplete ") {
					return true
				}
			}
			return false
		}); err != nil {
			t.Errorf("cline --id %s, typing %q: %v", session, rs.prompt, err)
		}
		killByHome(home)
		var resumed []string
		for _, l := range readHookLog(t, logf)[before:] {
			if p, ok := strings.CutPrefix(l, "TaskResume "); ok {
				resumed = append(resumed, p)
			}
		}
		if len(resumed) != 1 {
			t.Fatalf("resume with %q: %d TaskResume hooks fired, want 1; log:\n%s", rs.prompt, len(resumed), strings.Join(readHookLog(t, logf), "\n"))
		}
		checkResumePayload(t, resumed[0], session, home, project, tmp, root)
		if !modelSaw(srv, rs.prompt) {
			t.Errorf("TaskResume answered %s: the prompt %q never reached the model", rs.answer, rs.prompt)
		}
	}
	if modelSaw(srv, "E2E_RESUME_CTX") {
		t.Errorf("TaskResume's contextModification reached the model: claim it in the capability matrix")
	}
	for _, l := range readHookLog(t, logf) {
		if strings.HasPrefix(l, "UserPromptSubmit ") {
			t.Errorf("UserPromptSubmit fired (the capability matrix says it does not): %s", clip(l, 500))
		}
	}
}

// rootSession returns the session of the first TaskStart logged, its
// rootSessionId, and checks that the adapter reads it as SessionID.
func rootSession(t *testing.T, logf string) string {
	t.Helper()
	for _, l := range readHookLog(t, logf) {
		if p, ok := strings.CutPrefix(l, "TaskStart "); ok {
			var v struct {
				SessionContext struct {
					RootSessionID string `json:"rootSessionId"`
				} `json:"sessionContext"`
			}
			if json.Unmarshal([]byte(p), &v) == nil && v.SessionContext.RootSessionID != "" {
				if ev, err := adapterFor(t, "cline").Parse([]byte(p)); err != nil || ev.Common().SessionID != v.SessionContext.RootSessionID {
					t.Errorf("TaskStart: the adapter's SessionID is not the session %s (%v)", v.SessionContext.RootSessionID, err)
				}
				return v.SessionContext.RootSessionID
			}
		}
	}
	t.Fatalf("no TaskStart with a rootSessionId in the hook log:\n%s", strings.Join(readHookLog(t, logf), "\n"))
	return ""
}

// checkResumePayload parses a TaskResume payload with the adapter and,
// with -update, writes it as the capture.
func checkResumePayload(t *testing.T, payload, session, home, project, tmp, root string) {
	t.Helper()
	ev, err := adapterFor(t, "cline").Parse([]byte(payload))
	if err != nil {
		t.Fatalf("TaskResume payload does not parse: %v\n%s", err, payload)
	}
	start, ok := ev.(*hooks.SessionStartEvent)
	if !ok || start.NativeEvent != "TaskResume" || start.Source != "resume" || start.SessionID != session || start.Cwd != project {
		t.Errorf("TaskResume parses as %T %+v, want a resume of session %s", ev, ev.Common(), session)
	}
	if !strings.Contains(payload, `"hookName":"agent_resume"`) || !strings.Contains(payload, `"rootSessionId":"`+session+`"`) {
		t.Errorf("TaskResume payload: %s", payload)
	}
	if !updating() {
		return
	}
	s := strings.NewReplacer(project, "/home/dev/project", home, "/home/dev", tmp, "/home/dev/tmp", root, "/home/dev/run").Replace(payload)
	if strings.Contains(s, root) || strings.Contains(s, modRoot) {
		t.Fatalf("the capture holds a path of this machine: %s", s)
	}
	if err := os.WriteFile(filepath.Join(modRoot, "testdata", "captures", "cline", "TaskResume.json"), []byte(s+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// typeInto starts cmd (a terminal interface under script(1)), waits until
// its output shows ready, types text and Enter, waits until done reports
// true, then ends it with two Ctrl-C (killing it if it does not end).
func typeInto(cmd *exec.Cmd, ready, text string, done func() bool) error {
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		in.Write([]byte("\x03"))
		time.Sleep(time.Second)
		in.Write([]byte("\x03"))
		select {
		case <-exited:
		case <-time.After(20 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	}()
	wait := func(what string, d time.Duration, ok func() bool) error {
		for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(500 * time.Millisecond) {
			if ok() {
				return nil
			}
		}
		return fmt.Errorf("%s did not happen within %s; the interface showed:\n%s", what, d, clip(plainTerminal(out.String()), 3000))
	}
	if err := wait("the interface showing "+strconv.Quote(ready), 3*time.Minute, func() bool { return strings.Contains(plainTerminal(out.String()), ready) }); err != nil {
		return err
	}
	time.Sleep(2 * time.Second) // the input box takes keys a moment after it is drawn
	in.Write([]byte(text))
	time.Sleep(time.Second)
	in.Write([]byte("\r"))
	return wait("the run's end (TaskComplete)", 3*time.Minute, done)
}

// plainTerminal strips the escape sequences of a terminal's output.
func plainTerminal(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		if i+1 < len(s) && (s[i+1] == ']' || s[i+1] == 'P' || s[i+1] == '_') {
			j := i + 2
			for j < len(s) && s[j] != 0x07 && !(s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\') {
				j++
			}
			i = j
			if i < len(s) && s[i] == 0x1b {
				i++
			}
			continue
		}
		i++
	}
	return b.String()
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// runBounded runs cmd in a process group of its own, killed after d.
func runBounded(cmd *exec.Cmd, d time.Duration) ([]byte, error) {
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	timer := time.AfterFunc(d, func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	defer timer.Stop()
	err := cmd.Wait()
	return []byte(out.String()), err
}

// readHookLog returns the lines of the hook log ("<Event> <payload>").
func readHookLog(t *testing.T, logf string) []string {
	t.Helper()
	data, err := os.ReadFile(logf)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return strings.FieldsFunc(string(data), func(r rune) bool { return r == '\n' })
}

// modelSaw reports whether a model request holds s.
func modelSaw(srv *fakemodel.Server, s string) bool {
	for _, r := range srv.Requests() {
		if bytes.Contains(r.Body, []byte(s)) {
			return true
		}
	}
	return false
}

// freeTCPPort returns a port of 127.0.0.1 nothing listens on now.
func freeTCPPort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// killByHome kills, by PID, the processes whose environment holds
// HOME=home: the cline processes of the test and the hub daemons they
// left (which run detached, in sessions of their own).
func killByHome(home string) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	needle := "\x00HOME=" + home + "\x00"
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err == nil && strings.Contains("\x00"+string(env), needle) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}
