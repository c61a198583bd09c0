package install

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/argsecrets"
	"github.com/agenthooks/hooks/install/internal/hookrun"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/internal/hookcli"
	"github.com/agenthooks/hooks/internal/verdict"
)

// checkCommand checks an entry's command line, whose time limit in the
// file is limit, and queues its run.
func (d *doctor) checkCommand(h *host, s Scope, p, event, command string, limit time.Duration, failClosed bool) {
	words, _ := shellwords.Split(command)
	secrets := d.warnSecret(h, s, p, event, words[1:])
	bin, how := words[0], words[0]
	if hd, ok := h.headOf(command); ok {
		how = hd.describe()
		var err error
		if bin, err = hd.resolve(d.e); err != nil {
			d.add(h.name, s, p, event, Fail, "the command's binary %s is not found (%v)%s", how, err, missingEffect(h))
			return
		}
	}
	if fi, err := os.Stat(bin); err != nil {
		d.add(h.name, s, p, event, Fail, "the command's binary %s is missing (%v)%s", how, err, missingEffect(h))
		return
	} else if fi.IsDir() || runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0 {
		d.add(h.name, s, p, event, Fail, "the command's binary %s is not an executable file%s", how, missingEffect(h))
		return
	}
	args, argErr := hookcli.Parse(words[1:])
	viaGateway := args.GatewaySet
	switch {
	case argErr != nil:
		d.add(h.name, s, p, event, Fail, "the hook rejects its arguments, so it answers every call as fail-closed: %s", argsecrets.Redact(argErr.Error(), secrets))
	case viaGateway && args.Gateway == "":
		d.add(h.name, s, p, event, Fail, "--gateway has no URL: a bridge answers every call with its fail policy")
	case args.Timeout > limit:
		d.add(h.name, s, p, event, Warn, "--timeout %s is longer than the host's limit %s: the host may kill the hook before it answers", args.Timeout, limit)
	}
	if argErr == nil && viaGateway {
		d.checkBridgeFiles(h, s, p, event, args)
	}
	if argErr == nil && args.Observe {
		d.add(h.name, s, p, event, Warn, "the hook is observing (--observe): it runs its policy and logs it, but answers no opinion, so none of its denies takes effect")
	}
	if argErr == nil && args.LogSet {
		d.add(h.name, s, p, event, Info, "decisions are logged to %s", orDefaultLog(args.Log))
	}
	pl := payload(h, event, d.e.dir)
	if pl == nil {
		d.add(h.name, s, p, event, Info, "no sample payload for this event; not run")
		return
	}
	dir := d.e.dir
	if h.UserInDir && s == User {
		dir = filepath.Join(d.e.home, filepath.FromSlash(h.Dir))
	}
	d.add(h.name, s, p, event, Info, "not run")
	d.jobs = append(d.jobs, job{finding: len(d.r.Findings) - 1, h: h, event: event, command: h.forDoctor(command, d.e.dir),
		payload: pl, dir: dir, limit: min(limit, time.Minute), failClosed: failClosed, gateway: viaGateway})
}

// job is one run of the hook, whose verdict fills a finding.
type job struct {
	finding             int
	h                   *host
	event, command, dir string
	payload             []byte
	limit               time.Duration
	failClosed          bool
	// gateway: the command forwards to a gateway (--gateway); httpURL: the
	// job stands for a Claude Code HTTP hook to that URL, run through the
	// binary as a bridge.
	gateway bool
	httpURL string
}

// runJobs runs the hooks, a few at a time, once per command and event,
// and fills in their findings.
func (d *doctor) runJobs() {
	type key struct{ command, event, dir string }
	results := map[key]*hookrun.Result{}
	var order []key
	byKey := map[key]job{}
	for _, j := range d.jobs {
		k := key{j.command, j.event, j.dir}
		if _, ok := results[k]; !ok {
			results[k] = new(hookrun.Result)
			order = append(order, k)
			byKey[k] = j
		}
	}
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for _, k := range order {
		j := byKey[k]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			*results[k] = hookrun.Run(d.ctx, j.command, j.payload, j.dir, append(hostEnv(j.h, d.e), DoctorEnv+"=1"), j.limit)
			<-sem
		}()
	}
	wg.Wait()
	for _, j := range d.jobs {
		r := *results[key{j.command, j.event, j.dir}]
		l, msg := checkAnswer(j.h, j.event, r, j.failClosed)
		if j.gateway || j.httpURL != "" {
			l, msg = checkGatewayAnswer(j, r, l, msg)
		}
		d.r.Findings[j.finding].Level, d.r.Findings[j.finding].Msg = l, msg
	}
}

// missingEffect says what the host does when the hook cannot run.
func missingEffect(h *host) string {
	if h.ErrorBlocks && h.Format == hostfacts.FormatPlugins {
		return ": " + h.Title + "'s plugin cannot start it, and blocks every call"
	}
	if h.ErrorBlocks {
		return ": " + h.Title + " blocks every matching call (the shell exits 127)"
	}
	return ""
}

// hostEnv is the environment the host gives its hooks, in part: what its
// adapter states (hostfacts.HookEnver).
func hostEnv(h *host, e env) []string {
	if he, ok := h.adapter.(hostfacts.HookEnver); ok {
		return he.HookEnv(e.dir, filepath.Dir(h.path(User, e)), doctorSession)
	}
	return nil
}

// checkAnswer says whether the host would accept the answer r to its
// native event, and what it would make of it. failClosed is Cursor's
// entry setting.
func checkAnswer(h *host, native string, r hookrun.Result, failClosed bool) (Level, string) {
	switch {
	case r.Err != nil:
		return Fail, "could not run: " + r.Err.Error()
	case r.TimedOut:
		return Fail, "did not answer in time: the host would kill it and " + map[bool]string{true: "block the action", false: "ignore it"}[h.JSON.Flat && failClosed]
	case r.Exit == 126 || r.Exit == 127:
		return Fail, fmt.Sprintf("the shell could not run the command (exit %d): %s", r.Exit, oneLine(r.Stderr))
	}
	ar, ok := h.adapter.(hostfacts.AnswerReader)
	if !ok {
		return Info, "ran; " + h.Title + " states no answer reader (hostfacts.AnswerReader)"
	}
	out := hooks.Output{Stdout: r.Stdout, Stderr: string(r.Stderr), ExitCode: r.Exit}
	v, msg := hostfacts.CheckAnswer(ar, native, out, failClosed)
	return levelOf(v), msg
}

// levelOf is the doctor's level for an adapter's verdict.
func levelOf(v hostfacts.Verdict) Level {
	switch v {
	case hostfacts.VerdictOK:
		return OK
	case hostfacts.VerdictWarn:
		return Warn
	case hostfacts.VerdictFail:
		return Fail
	}
	return Info
}

func oneLine(b []byte) string { return verdict.OneLine(string(b)) }

// The identifiers doctor's synthetic payloads carry (see package
// internal/sample, whose constants they equal).
const doctorSession = "00000000-0000-4000-8000-00000000d0c7"

// payload returns the host's sample payload of its native event, about a
// harmless action in project directory dir, as its adapter states it
// (hostfacts.Sampler); nil for an event it has no sample of.
func payload(h *host, native, dir string) []byte {
	if s, ok := h.adapter.(hostfacts.Sampler); ok {
		return s.SamplePayload(native, dir)
	}
	return nil
}
