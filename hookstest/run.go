package hookstest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/internal/failline"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// An Option changes how Run and RunBinary run a scenario.
type Option func(*config)

type config struct {
	hosts []hooks.Host
	args  []string
}

// Hosts restricts a run to the named hosts (the names of package
// builtin's adapters: "claude", "cursor", "gemini", …); by default every
// host runs the scenario.
func Hosts(hosts ...hooks.Host) Option {
	return func(c *config) { c.hosts = append(c.hosts, hosts...) }
}

// Args passes command-line arguments to the hook, after the --host the kit
// passes itself, as an installer writes them: "--fail-closed",
// "--timeout", "3". In process they are read as a hook binary reads them.
func Args(args ...string) Option {
	return func(c *config) { c.args = append(c.args, args...) }
}

// Run renders s into the native payloads of every host and answers each
// with h exactly as a hook program built with hookmain does: hooks.Server.Answer
// with the host's real adapter (the handler under its deadline, Fit and
// its warnings, the fail policy, Serialize). Each native answer is then
// read back into a Verdict, the way the host reads it. Run fails t at once
// only when the kit cannot render or run the scenario; use the assertions
// of Results to judge the answers.
func Run(t testing.TB, h hooks.Handlers, s Scenario, opts ...Option) *Results {
	t.Helper()
	return must(t)(run(s, opts, inProcess(h)))
}

// Answers is Run without a test: it returns the results, or an error when
// the kit cannot render or run the scenario.
func Answers(h hooks.Handlers, s Scenario, opts ...Option) (*Results, error) {
	return run(s, opts, inProcess(h))
}

// RunBinary is Run for a built hook program (see Build): it runs binary
// once per payload with the payload on stdin and "--host <host>" (plus
// Args) as arguments, and reads its stdout, stderr and exit code back into
// the same verdicts. Warnings are the lines hooks.ParseWarning reads
// of its stderr.
func RunBinary(t testing.TB, binary string, s Scenario, opts ...Option) *Results {
	t.Helper()
	return must(t)(run(s, opts, execBinary(binary)))
}

// must returns a function that fails t on an error.
func must(t testing.TB) func(*Results, error) *Results {
	return func(r *Results, err error) *Results {
		t.Helper()
		if err != nil {
			t.Fatalf("%v", err)
		}
		return r
	}
}

// Build compiles the main package pkg (as `go build` takes it: "." for the
// package under test, or an import path) into a temporary directory and
// returns the path of the program, for RunBinary. It fails t when the
// build fails.
func Build(t testing.TB, pkg string) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("hookstest: Build needs the go command: %v", err)
	}
	out := filepath.Join(t.TempDir(), "hook")
	if runtime.GOOS == "windows" {
		out += ".exe"
	}
	if b, err := exec.Command(gobin, "build", "-o", out, pkg).CombinedOutput(); err != nil {
		t.Fatalf("hookstest: go build %s: %v\n%s", pkg, err, b)
	}
	return out
}

// answer is a hook's answer to one payload.
type answer struct {
	out      hooks.Output
	warnings []hooks.Warning
	err      error
	log      string
}

// answerer answers one payload for adapter a.
type answerer func(a hooks.Adapter, payload []byte, args []string) (answer, error)

func run(s Scenario, opts []Option, answer answerer) (*Results, error) {
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	if o, _ := hookcli.Parse(cfg.args); o.Host != "" {
		return nil, errors.New("hookstest: Args must not set --host: the kit passes it for each host")
	}
	all := adapters()
	for _, h := range cfg.hosts {
		if !slices.ContainsFunc(all, func(a hooks.Adapter) bool { return a.Host() == h }) {
			var known []string
			for _, a := range all {
				known = append(known, string(a.Host()))
			}
			return nil, fmt.Errorf("hookstest: unknown host %q in Hosts (known: %s)", h, strings.Join(known, ", "))
		}
	}
	res := &Results{Scenario: s}
	for _, a := range all {
		if len(cfg.hosts) > 0 && !slices.Contains(cfg.hosts, a.Host()) {
			continue
		}
		rs, skip, err := render(a, s)
		if err != nil {
			return nil, err
		}
		if skip == "" && len(rs) == 0 {
			skip = string(a.Host()) + " sends no " + string(s.Event())
		}
		if skip != "" {
			res.Skipped = append(res.Skipped, Skip{Host: a.Host(), Why: skip})
			continue
		}
		for _, r := range rs {
			ev, err := a.Parse(r.JSON)
			if err == nil {
				err = s.check(ev)
			}
			if err != nil {
				return nil, fmt.Errorf("hookstest: %s: %s %s: the rendered payload is not the scenario (%v); this is a bug in hookstest\n%s",
					s, a.Host(), r.Native, err, r.JSON)
			}
			an, err := answer(a, r.JSON, cfg.args)
			if err != nil {
				return nil, fmt.Errorf("hookstest: %s: %s %s: %w", s, a.Host(), r.Native, err)
			}
			res.Cases = append(res.Cases, Case{
				Host: a.Host(), Native: r.Native, Tool: r.Tool, Variant: r.Variant,
				Payload: r.JSON, Event: ev,
				Output: an.out, Warnings: an.warnings, Err: an.err, Log: an.log,
				Verdict: read(a, r.Native, an.out),
			})
		}
	}
	return res, nil
}

// inProcess answers with hooks.Server.Answer, as hookmain.Main does
// after picking the adapter.
func inProcess(h hooks.Handlers) answerer {
	return func(a hooks.Adapter, payload []byte, args []string) (answer, error) {
		o, err := hookcli.Parse(args)
		if err != nil {
			return answer{}, fmt.Errorf("bad Args: %v", err)
		}
		srv := &hooks.Server{Handlers: h}
		req := hookcli.Request(o, nil, &srv.Handlers)
		req.Adapter, req.Payload = a, payload
		res := srv.Answer(context.Background(), req)
		return answer{out: res.Output, warnings: res.Warnings, err: res.Err}, nil
	}
}

// binaryTimeout bounds one run of a hook program.
const binaryTimeout = 2 * time.Minute

// execBinary answers by running the program at path.
func execBinary(path string) answerer {
	return func(a hooks.Adapter, payload []byte, args []string) (answer, error) {
		ctx, cancel := context.WithTimeout(context.Background(), binaryTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, path, append([]string{"--host", string(a.Host())}, args...)...)
		cmd.Stdin = bytes.NewReader(payload)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		switch {
		case err == nil:
		case errors.As(err, &exit) && exit.Exited():
			code = exit.ExitCode()
		default:
			return answer{}, fmt.Errorf("run %s: %v\n%s", path, err, stderr.Bytes())
		}
		an := parseStderr(a.Host(), stderr.String())
		an.out.Stdout, an.out.ExitCode = stdout.Bytes(), code
		return an, nil
	}
}

// parseStderr splits a hook program's stderr into the warnings and the
// fail-policy line hooks.Result.Write writes, and the rest, which is what the
// host reads as a reason at exit code 2.
func parseStderr(host hooks.Host, stderr string) answer {
	an := answer{log: stderr}
	var rest []string
	for _, line := range strings.Split(stderr, "\n") {
		if w, ok := parseWarning(host, line); ok {
			an.warnings = append(an.warnings, w)
			continue
		}
		if _, why, ok := failline.Parse(line); ok {
			an.err = errors.New(why)
			continue
		}
		if strings.TrimSpace(line) != "" {
			rest = append(rest, line)
		}
	}
	an.out.Stderr = strings.Join(rest, "\n")
	return an
}

// parseWarning parses a line written by hooks.Warning.String for host.
func parseWarning(host hooks.Host, line string) (hooks.Warning, bool) {
	w, ok := hooks.ParseWarning(line)
	if !ok || w.Host != host {
		return hooks.Warning{}, false
	}
	return w, true
}

// adapters returns the hosts the kit runs: the built-in adapters.
// Tests of the kit replace it to inject a faulty adapter.
var adapters = builtin.Adapters
