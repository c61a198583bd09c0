package harness

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks/e2e/fakemodel"
)

// Run is one client run: its directories and its fake model server.
type Run struct {
	Host    *Host
	Clients *Clients
	// Root holds everything of the run; Home is its HOME, Project the
	// project, Tmp its TMPDIR.
	Root, Home, Project, Tmp string
	// Workdir is the client's working directory: Project, or the
	// subdirectory Spec.Workdir names.
	Workdir string
	// Server is the fake model server the client talks to.
	Server *fakemodel.Server
	// Strict leaves the client's own permission rules in force, so that
	// tools it would ask about are refused (Claude Code: no
	// --allowedTools; Copilot CLI: no --allow-all-tools; Factory Droid: no
	// --skip-permissions-unsafe).
	Strict bool
	// Quiet leaves the host's Noisy events out of the registration.
	Quiet bool
	// Untrusted runs Codex without --dangerously-bypass-hook-trust, so
	// that only hooks trusted in its config.toml run.
	Untrusted bool
	// Permissions runs the client so that a tool it would ask about goes
	// through its permission-request path, where PermissionRequest hooks
	// decide: Claude Code in SDK mode (the prompt as stream-json on stdin,
	// --permission-prompt-tool stdio, no --allowedTools, and nobody
	// answering its control requests), Codex exec --approve-for-me in the
	// workspace-write sandbox (an escalated command asks the hooks, then
	// the reviewer).
	Permissions bool
	// stdin, when set by the host's command, is written to the client's
	// standard input (else /dev/null), which stays open until the client's
	// stdout holds stdinUntil (a client in a streaming input mode ends at
	// end of input, and fails what is pending then).
	stdin, stdinUntil string
	// clineHubPort is the hub port of a Cline run (CLINE_HUB_PORT).
	clineHubPort int
}

// Events returns the native events to register for the run: the host's
// Events, without its Noisy ones in a quiet run.
func (r *Run) Events() []string {
	if !r.Quiet {
		return r.Host.Events
	}
	var out []string
	for _, ev := range r.Host.Events {
		if !slices.Contains(r.Host.Noisy, ev) {
			out = append(out, ev)
		}
	}
	return out
}

// Spec describes a run.
type Spec struct {
	Host    *Host
	Clients *Clients
	// Dir is an empty directory for the run.
	Dir string
	// Prompt is the user prompt given on the command line.
	Prompt string
	// Script returns the model's turns; it may use the run's paths.
	Script func(r *Run) fakemodel.Script
	// Hook is the argv of the hook command, registered for every event
	// of the host; nil registers no hook (a control run).
	Hook []string
	// Register, when set, registers Hook instead of Host.Register (an
	// installer under test).
	Register func(r *Run, hook []string) error
	// Env is added to the client's environment (the hook inherits it).
	Env []string
	// Prepare, when set, runs after the directories and configuration
	// exist and before the client starts.
	Prepare func(r *Run) error
	// Timeout bounds the client process (default 3 minutes).
	Timeout time.Duration
	// Strict leaves the client's own permission rules in force; see
	// Run.Strict.
	Strict bool
	// Quiet registers the hook on the host's events except its Noisy ones
	// (see Run.Events).
	Quiet bool
	// Untrusted: see Run.Untrusted.
	Untrusted bool
	// Permissions: see Run.Permissions.
	Permissions bool
	// ProjectName is the name of the project's directory in Dir (default
	// "project"); it may hold spaces and quotes.
	ProjectName string
	// Workdir, when set, is the subdirectory of the project, made before
	// the client starts, in which the client starts.
	Workdir string
	// ClientArgs are appended to the client's command line
	// (--plugin-dir DIR).
	ClientArgs []string
}

// Result is what a run left behind.
type Result struct {
	Run  *Run
	Argv []string
	// Requests are all requests the fake model server received.
	Requests       []fakemodel.Request
	Stdout, Stderr []byte
	// ExitCode is the client's exit code (-1 when it did not exit).
	ExitCode int
	// Err is a failure to start or wait for the client, or the timeout.
	Err      error
	TimedOut bool
	Duration time.Duration
	// HookFailures are the lines of the client's own log that report a
	// hook as failed (Qwen Code's debug log: "Hook guard ended for event
	// MessageDisplay: failed"); nil for a client that logs none.
	HookFailures []string
	// Strays is how many processes were still running in the run's
	// directories after the client's process group was killed (they are
	// killed too).
	Strays int
}

// Main returns the agent-turn requests of the run.
func (res *Result) Main() []fakemodel.Request {
	var out []fakemodel.Request
	for _, r := range res.Requests {
		if r.Main {
			out = append(out, r)
		}
	}
	return out
}

// Summary describes the run in a few lines for a failure message.
func (res *Result) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s run: exit %d, %d requests (%d agent turns), %s", res.Run.Host.Name, res.ExitCode,
		len(res.Requests), len(res.Main()), res.Duration.Round(time.Millisecond))
	if res.Err != nil {
		fmt.Fprintf(&b, ", error: %v", res.Err)
	}
	if res.Strays > 0 {
		fmt.Fprintf(&b, ", %d stray processes killed", res.Strays)
	}
	fmt.Fprintf(&b, "\n--- stdout (tail)\n%s\n--- stderr (tail)\n%s", tail(res.Stdout, 3000), tail(res.Stderr, 3000))
	return b.String()
}

// Execute prepares the run's directories and configuration, starts the
// fake model server, runs the client to completion under the timeout
// (killing its whole process group when it expires or ctx ends), and stops
// the server. An error means the run could not be set up; what the client
// did, failure included, is in the Result.
func Execute(ctx context.Context, s Spec) (*Result, error) {
	if s.Host == nil || s.Clients == nil || s.Dir == "" {
		return nil, errors.New("harness: Spec needs Host, Clients and Dir")
	}
	r := &Run{Host: s.Host, Clients: s.Clients, Root: s.Dir,
		Home: filepath.Join(s.Dir, "home"), Project: filepath.Join(s.Dir, cmp.Or(s.ProjectName, "project")), Tmp: filepath.Join(s.Dir, "tmp"), Strict: s.Strict, Quiet: s.Quiet, Untrusted: s.Untrusted, Permissions: s.Permissions}
	r.Workdir = filepath.Join(r.Project, filepath.FromSlash(s.Workdir))
	for _, d := range []string{r.Home, r.Project, r.Tmp, r.Workdir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	var script fakemodel.Script
	if s.Script != nil {
		script = s.Script(r)
	}
	srv, err := fakemodel.Start(s.Host.Protocol, script)
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	r.Server = srv
	if err := s.Host.setup(r); err != nil {
		return nil, fmt.Errorf("configure %s: %w", s.Host.Name, err)
	}
	if s.Hook != nil {
		register := s.Host.Register
		if s.Register != nil {
			register = s.Register
		}
		if err := register(r, s.Hook); err != nil {
			return nil, fmt.Errorf("register hook for %s: %w", s.Host.Name, err)
		}
	}
	if s.Prepare != nil {
		if err := s.Prepare(r); err != nil {
			return nil, fmt.Errorf("prepare run: %w", err)
		}
	}

	argv, env := s.Host.command(r, s.Prompt)
	argv = append(argv, s.ClientArgs...)
	env = append(append(r.baseEnv(), env...), s.Env...)
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 3 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = r.Workdir
	cmd.Env = env
	cmd.Stdin = nil // /dev/null
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if r.stdin != "" {
		in, err := cmd.StdinPipe()
		if err != nil {
			return nil, err
		}
		if _, err := io.WriteString(in, r.stdin); err != nil { // fits the pipe's buffer
			in.Close()
			return nil, err
		}
		cmd.Stdout = &closeWhen{w: &stdout, marker: []byte(r.stdinUntil), close: func() { in.Close() }}
	}
	inGroup(cmd)
	cmd.WaitDelay = 5 * time.Second

	res := &Result{Run: r, Argv: argv, ExitCode: -1}
	start := time.Now()
	err = cmd.Run()
	res.Duration = time.Since(start)
	killGroup(cmd)
	if s.Host.after != nil {
		s.Host.after(r)
	}
	res.Strays = killStrays(r.Root)
	if s.Host.hookFailures != nil {
		res.HookFailures = s.Host.hookFailures(r)
	}
	if cmd.ProcessState != nil {
		res.ExitCode = cmd.ProcessState.ExitCode()
	}
	var exitErr *exec.ExitError
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		res.TimedOut = true
		res.Err = fmt.Errorf("%s did not finish within %s; killed its process group", s.Host.Name, timeout)
	case err != nil && !errors.As(err, &exitErr):
		res.Err = err
	}
	res.Stdout, res.Stderr = stdout.Bytes(), stderr.Bytes()
	srv.Close()
	res.Requests = srv.Requests()
	return res, nil
}

// baseEnv is the environment every client gets: nothing of the caller's
// but PATH, so no key, proxy or config of the machine leaks in.
func (r *Run) baseEnv() []string {
	return []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + r.Home,
		"TMPDIR=" + r.Tmp,
		"LANG=C.UTF-8",
		"NO_PROXY=127.0.0.1,localhost", "no_proxy=127.0.0.1,localhost",
	}
}

// closeWhen writes to w and calls close once what was written holds
// marker.
type closeWhen struct {
	w      *bytes.Buffer
	marker []byte
	close  func()
	done   bool
}

func (c *closeWhen) Write(p []byte) (int, error) {
	from := max(0, c.w.Len()-len(c.marker))
	n, err := c.w.Write(p)
	if !c.done && bytes.Contains(c.w.Bytes()[from:], c.marker) {
		c.done = true
		c.close()
	}
	return n, err
}
