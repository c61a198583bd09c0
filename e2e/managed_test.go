//go:build linux

package e2e

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install"
)

// managedLock is the lock every test that writes a managed settings file
// of this machine holds, so that two test processes never write one at
// the same time.
const managedLock = "agenthooks-e2e-managed.lock"

// projectAllow is a project hook that would let every call go: it leaves
// a trace in the project and answers nothing (no opinion, which each of
// these hosts takes as allow).
const projectAllow = "#!/bin/sh\necho ran >> \"$0.ran\"\ncat > /dev/null\nexit 0\n"

// TestManagedScope (issue 36): install --scope managed writes the host's
// managed settings file of this machine (/etc/...), and the real client
// runs the hook from there: the shell command the hook denies does not
// run, and the model is told our reason, with no hook of the project's
// or the user's (Codex: without --dangerously-bypass-hook-trust, so the
// managed hooks run untrusted). On Claude Code a project hook that would
// allow runs beside it (the deny still holds); with
// install.Options.ManagedOnly (allowManagedHooksOnly) that project hook
// never runs. Uninstall then gives back the file that was there, byte for
// byte, or none; whatever happens, the file and the folders made for it
// are put back as they were, under a lock.
func TestManagedScope(t *testing.T) {
	setup(t)
	if os.Geteuid() != 0 {
		t.Skip("TestManagedScope writes the managed settings files under /etc: it needs root (the CI and this sandbox run as root)")
	}
	for _, h := range []*harness.Host{harness.Claude(), harness.ClaudeNext(), harness.Gemini(), harness.Codex()} {
		t.Run(h.ID, func(t *testing.T) {
			f := adapterFor(t, h.Name).(hostfacts.HookFiler).HookFile().Managed
			p := f.Path(runtime.GOOS, nil)
			if p == "" {
				t.Fatalf("%s states no managed file on %s", h.Name, runtime.GOOS)
			}
			holdManaged(t, p)
			o := managedRun(t, h, false, nil)
			if _, ok := o.file("deny_target.txt"); ok {
				t.Errorf("DENIED COMMAND RAN: the managed hook's deny did not hold")
			}
			if tr := o.toolResult(t, 0); !strings.Contains(tr.Text, denyReason) {
				t.Errorf("the model was not told our reason; it saw %q", tr.Text)
			}
			if h.Name != "claude" {
				return
			}
			if _, ok := o.file(".claude/allow.sh.ran"); !ok {
				t.Fatalf("control: the project's allowing hook did not run beside the managed one")
			}
			t.Logf("measured: %s ran the managed hook (deny held) and the project's allowing hook beside it", h.ID)
			o = managedRun(t, h, true, nil)
			if _, ok := o.file("deny_target.txt"); ok {
				t.Errorf("DENIED COMMAND RAN with allowManagedHooksOnly")
			}
			if got, ok := o.file(".claude/allow.sh.ran"); ok {
				t.Errorf("with allowManagedHooksOnly the project's hook still ran: %q", got)
			}
			t.Logf("measured: with allowManagedHooksOnly %s never ran the project's hook; the managed deny held", h.ID)
		})
	}
}

// managedRun installs the test hook into h's managed file (with the
// managed-only switch when only is set), runs the guard scenario's first
// call, and uninstalls: the file must be what it was before install. env
// is added to the client's environment; with env nil the hook must run.
func managedRun(t *testing.T, h *harness.Host, only bool, env []string) *outcome {
	t.Helper()
	var o install.Options
	spec := harness.Spec{Host: h, Prompt: "run the e2e guard scenario", Quiet: true, Untrusted: true, Env: env,
		Script: guardScript(h.Name),
		Register: func(r *harness.Run, hook []string) error {
			state := filepath.Join(r.Root, "state")
			o = install.Options{Binary: hook[0], Hosts: []hooks.Host{hooks.Host(h.Name)}, Scope: install.Managed,
				ManagedOnly: only, Home: r.Home, Dir: r.Project,
				Getenv: func(k string) string {
					if k == "XDG_STATE_HOME" {
						return state
					}
					return ""
				}}
			if _, err := install.Install(o); err != nil {
				return err
			}
			if h.Name != "claude" {
				return nil
			}
			// A project hook that would allow, on the same event.
			hookSh := filepath.Join(r.Project, ".claude", "allow.sh")
			if err := os.MkdirAll(filepath.Dir(hookSh), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(hookSh, []byte(projectAllow), 0o755); err != nil {
				return err
			}
			settings := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":` +
				`"` + hookSh + `"}]}]}}`
			return os.WriteFile(filepath.Join(r.Project, ".claude", "settings.json"), []byte(settings), 0o644)
		}}
	sc := guardScenario(h.Name)
	sc.Rules = sc.Rules[:1] // the shell deny
	before := readManaged(t, h)
	out := runRaw(t, spec, sc)
	if len(out.res.Main()) == 0 {
		t.Fatalf("%s never reached the fake model server:\n%s", h.Name, out.res.Summary())
	}
	if len(out.log) == 0 && env == nil {
		t.Errorf("%s never ran the managed hook:\n%s", h.Name, out.res.Summary())
	}
	if _, err := install.Uninstall(o); err != nil {
		t.Fatalf("uninstall: %v", err)
	}
	if after := readManaged(t, h); !bytes.Equal(after, before) {
		t.Errorf("after uninstall the managed file is %q, want what was there: %q", after, before)
	}
	return out
}

// readManaged returns h's managed file, nil when there is none.
func readManaged(t *testing.T, h *harness.Host) []byte {
	t.Helper()
	p := adapterFor(t, h.Name).(hostfacts.HookFiler).HookFile().Managed.Path(runtime.GOOS, nil)
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// holdManaged takes the managed lock for the test, and puts p back as it
// was when the test ends, however it ends: its content and mode, or no
// file, and none of the folders made for it.
func holdManaged(t *testing.T, p string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	unlock, err := flock(ctx, filepath.Join(os.TempDir(), managedLock))
	if err != nil {
		t.Fatalf("managed lock: %v", err)
	}
	var missing []string // the folders above p that do not exist, deepest first
	for d := filepath.Dir(p); d != "/"; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		}
		missing = append(missing, d)
	}
	orig, err := os.ReadFile(p)
	had := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		unlock()
		t.Fatal(err)
	}
	var mode fs.FileMode = 0o644
	if fi, err := os.Stat(p); err == nil {
		mode = fi.Mode().Perm()
	}
	t.Cleanup(func() {
		defer unlock()
		if had {
			if err := os.WriteFile(p, orig, mode); err != nil {
				t.Errorf("cannot put %s back: %v", p, err)
			}
			os.Chmod(p, mode)
		} else if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("cannot remove %s: %v", p, err)
		}
		for _, d := range missing {
			if err := os.Remove(d); err != nil && !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("cannot remove the folder %s made for the test: %v", d, err)
			}
		}
	})
}

// flock takes an exclusive lock on path, waiting until ctx is done.
func flock(ctx context.Context, path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	for {
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err == nil {
			return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}
