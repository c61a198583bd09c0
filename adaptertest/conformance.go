// Package adaptertest checks a hooks.Adapter against the contract the
// serving core relies on, as testing/slogtest does for a slog.Handler: an
// adapter written outside this module proves itself with the real
// payloads of its host.
//
//	func TestConformance(t *testing.T) {
//		adaptertest.Conformance(t, myhost.New(), payloads) // one per native event
//	}
package adaptertest

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// Conformance checks adapter a against the contract of hooks.Adapter with
// real payloads of its host (at least one per native event it claims):
//
//   - every payload parses to an event of the adapter's host;
//   - "no opinion" exits 0 with hygienic output;
//   - every field the capability matrix claims for the payload's event
//     changes the output (it is really written), and every field it does
//     not claim yields exactly one warning naming it;
//   - a deny on an event the adapter cannot parse is the universal block
//     (exit code 2 with the reason on stderr);
//   - Detect scores each payload at least hooks.DetectThreshold;
//   - an adapter that is a hostfacts.AnswerReader reads none of its own
//     answers (no opinion, and each claimed field) as one the host
//     discards, and hostfacts.CheckAnswer judges each hostfacts.VerdictOK;
//   - an adapter that is a hostfacts.Layouter lists at least one layout,
//     under distinct names, whose entries are events of its capability
//     matrix parsed into the unified event they claim;
//   - an adapter that is a hostfacts.SettingsChecker, on a machine with none
//     of its host's files (empty project and home directories, an empty
//     environment), neither panics nor places a diagnosis in a file it
//     was not given, and says something in each.
//
// Output is checked with [CheckOutput].
func Conformance(t testing.TB, a hooks.Adapter, payloads [][]byte) {
	t.Helper()
	if len(payloads) == 0 {
		t.Fatal("no payloads")
	}
	caps := a.Capabilities()
	seen := map[string]bool{}
	for _, p := range payloads {
		ev, err := a.Parse(p)
		if err != nil {
			t.Errorf("parse: %v\n%s", err, p)
			continue
		}
		b := ev.Common()
		native := b.NativeEvent
		seen[native] = true
		if b.Host != a.Host() || native == "" {
			t.Errorf("%s: event has host %q native %q", a.Host(), b.Host, native)
		}
		if s := detectScore(a, p); s < hooks.DetectThreshold {
			t.Errorf("%s %s: Detect score %.2f below threshold", a.Host(), native, s)
		}
		base := run(a, p, hooks.Response{})
		if base.Output.ExitCode != 0 || base.Err != nil || len(base.Warnings) > 0 {
			t.Errorf("%s %s: no opinion gave exit %d err %v warnings %v", a.Host(), native, base.Output.ExitCode, base.Err, base.Warnings)
		}
		CheckOutput(t, a.Host(), base.Output)
		checkAnswer(t, a, native, "no opinion", base.Output)
		honours := hooks.Supports(caps, native)
		for _, f := range hooks.AllFields() {
			r, ref, ok := sample(f, ev, honours)
			if !ok {
				continue
			}
			got := run(a, p, r)
			CheckOutput(t, a.Host(), got.Output)
			if honours.Has(f) {
				checkAnswer(t, a, native, f.String(), got.Output)
				want := run(a, p, ref)
				if got.Err != nil || len(got.Warnings) > 0 {
					t.Errorf("%s %s: claimed field %s gave err %v warnings %v", a.Host(), native, f, got.Err, got.Warnings)
				}
				if sameOutput(got.Output, want.Output) {
					t.Errorf("%s %s: claimed field %s does not change the output %q", a.Host(), native, f, got.Output.Stdout)
				}
				continue
			}
			n := 0
			for _, w := range got.Warnings {
				if w.Field == f && w.Host == a.Host() && w.Event == native {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%s %s: unclaimed field %s gave %d warnings naming it: %v", a.Host(), native, f, n, got.Warnings)
			}
		}
	}
	for _, c := range caps {
		if c.Honours != 0 && !seen[c.Native] {
			t.Logf("%s: no payload for claimed event %s", a.Host(), c.Native)
		}
	}
	checkLayouts(t, a)
	checkSettings(t, a)
	unknown := &hooks.OtherEvent{Base: hooks.Base{Host: a.Host()}}
	out, err := a.Serialize(unknown, hooks.Deny("blocked for test"))
	if err != nil || out.ExitCode != 2 || !strings.Contains(out.Stderr, "blocked for test") || !emptyOrReason(out.Stdout, "blocked for test") {
		t.Errorf("%s: deny on an unparsed event = %+v, %v; want exit 2, the reason on stderr, and stdout empty or one JSON object carrying the reason", a.Host(), out, err)
	}
	out, err = a.Serialize(unknown, hooks.Response{})
	if err != nil || out.ExitCode != 0 || len(out.Stdout) != 0 {
		t.Errorf("%s: no opinion on an unparsed event = %+v, %v; want exit 0, empty stdout", a.Host(), out, err)
	}
}

func detectScore(a hooks.Adapter, p []byte) float64 {
	got, err := hooks.Detect([]hooks.Adapter{a}, p)
	if err != nil || got == nil {
		return 0
	}
	return 1
}

func run(a hooks.Adapter, p []byte, r hooks.Response) hooks.Result {
	h := hooks.Handlers{Any: func(context.Context, hooks.Event) (hooks.Response, error) { return r, nil }, RepeatStopBlocks: true}
	return (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: p})
}

func sameOutput(x, y hooks.Output) bool {
	return x.ExitCode == y.ExitCode && x.Stderr == y.Stderr && bytes.Equal(x.Stdout, y.Stdout)
}

// sample returns a response using field f and a reference without it, so
// that the two outputs differ when f is written. ok is false when f
// cannot be exercised on ev (an input update on a non-tool event).
func sample(f hooks.Field, ev hooks.Event, honours hooks.Field) (r, ref hooks.Response, ok bool) {
	companion := hooks.Response{}
	if honours.Has(hooks.FieldDeny) {
		companion.Decision = hooks.DecisionDeny
	} else if honours.Has(hooks.FieldHalt) {
		companion.Halt = true
	}
	switch f {
	case hooks.FieldAllow:
		return hooks.Response{Decision: hooks.DecisionAllow}, hooks.Response{}, true
	case hooks.FieldDeny:
		return hooks.Response{Decision: hooks.DecisionDeny}, hooks.Response{}, true
	case hooks.FieldAsk:
		return hooks.Response{Decision: hooks.DecisionAsk}, hooks.Response{}, true
	case hooks.FieldReason:
		r = companion
		r.Reason = "REASON_X"
		return r, companion, true
	case hooks.FieldUserMessage:
		r = companion
		r.UserMessage = "USER_X"
		return r, companion, true
	case hooks.FieldUpdatedInput:
		t := hooks.ToolOf(ev)
		if t == nil || t.Input == nil {
			return r, ref, false
		}
		return hooks.Response{UpdatedInput: t.Input}, hooks.Response{}, true
	case hooks.FieldContext:
		return hooks.Response{Context: "CONTEXT_X"}, hooks.Response{}, true
	case hooks.FieldSystemMessage:
		return hooks.Response{SystemMessage: "SYSMSG_X"}, hooks.Response{}, true
	case hooks.FieldHalt:
		return hooks.Response{Halt: true}, hooks.Response{}, true
	}
	return r, ref, false
}

// CheckOutput asserts the output contract every host relies on: stdout is
// empty or exactly one JSON object followed by one newline, and stderr is
// one line.
func CheckOutput(t testing.TB, host hooks.Host, out hooks.Output) {
	t.Helper()
	if strings.ContainsAny(out.Stderr, "\r\n") {
		t.Errorf("%s: stderr is more than one line: %q", host, out.Stderr)
	}
	if len(out.Stdout) == 0 {
		return
	}
	body, ok := bytes.CutSuffix(out.Stdout, []byte("\n"))
	if !ok || bytes.ContainsAny(body, "\r\n") {
		t.Errorf("%s: stdout must be one line ending in a newline: %q", host, out.Stdout)
	}
	var obj map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&obj); err != nil || dec.More() {
		t.Errorf("%s: stdout is not exactly one JSON object: %q (%v)", host, out.Stdout, err)
	}
}

// emptyOrReason reports whether stdout is empty, or one JSON object (and a
// newline) whose text carries reason.
func emptyOrReason(stdout []byte, reason string) bool {
	if len(stdout) == 0 {
		return true
	}
	var obj map[string]any
	return json.Unmarshal(stdout, &obj) == nil && obj != nil && strings.Contains(string(stdout), reason)
}

// checkAnswer checks that an adapter that reads answers
// (hostfacts.AnswerReader) takes one of its own: not discarded, and
// without a remark from a doctor (hostfacts.CheckAnswer).
func checkAnswer(t testing.TB, a hooks.Adapter, native, what string, out hooks.Output) {
	t.Helper()
	ar, ok := a.(hostfacts.AnswerReader)
	if !ok {
		return
	}
	if r := ar.ReadAnswer(native, out); r.Ignored != "" {
		t.Errorf("%s %s: ReadAnswer says the host discards the adapter's own answer (%s): %s", a.Host(), native, what, r.Ignored)
	}
	if v, msg := hostfacts.CheckAnswer(ar, native, out, false); v != hostfacts.VerdictOK {
		t.Errorf("%s %s: CheckAnswer judges the adapter's own answer (%s) %s: %s", a.Host(), native, what, v, msg)
	}
}

// checkLayouts checks the layouts of a hostfacts.Layouter against the
// capability matrix.
func checkLayouts(t testing.TB, a hooks.Adapter) {
	t.Helper()
	lt, ok := a.(hostfacts.Layouter)
	if !ok {
		return
	}
	ls := lt.Layouts()
	if len(ls) == 0 {
		t.Errorf("%s: a Layouter with no layouts", a.Host())
	}
	names := map[string]bool{}
	for _, l := range ls {
		if l.Name == "" || names[l.Name] {
			t.Errorf("%s: layout name %q is empty or repeated", a.Host(), l.Name)
		}
		names[l.Name] = true
		if len(l.Entries) == 0 {
			t.Errorf("%s: layout %s has no entries", a.Host(), l.Name)
		}
		for _, r := range l.Entries {
			found := false
			for _, c := range a.Capabilities() {
				found = found || c.Native == r.Event && c.Event == r.Unified && r.Unified != ""
			}
			if !found {
				t.Errorf("%s: layout %s registers %s as %q, which the capability matrix does not map it to", a.Host(), l.Name, r.Event, r.Unified)
			}
		}
	}
}

// checkSettings calls a hostfacts.SettingsChecker where the host has no
// files at all.
func checkSettings(t testing.TB, a hooks.Adapter) {
	t.Helper()
	sc, ok := a.(hostfacts.SettingsChecker)
	if !ok {
		return
	}
	dir, home := t.TempDir(), t.TempDir()
	c := hostfacts.SettingsCheck{Dir: dir, Home: home, Getenv: func(string) string { return "" },
		Binary: filepath.Join(home, "bin", "hook"), UserFile: filepath.Join(home, "hooks.json")}
	for name, check := range map[string]func(hostfacts.SettingsCheck) []hostfacts.Diagnosis{
		"CheckEntries": sc.CheckEntries, "CheckSettings": sc.CheckSettings} {
		for _, d := range check(c) {
			if d.File != "" || d.Event != "" || d.Msg == "" || d.Verdict < hostfacts.VerdictInfo || d.Verdict > hostfacts.VerdictFail {
				t.Errorf("%s: %s with no entries gave %+v: a diagnosis names no file and event here, and says something", a.Host(), name, d)
			}
		}
	}
}
