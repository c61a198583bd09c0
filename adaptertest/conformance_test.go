package adaptertest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/adaptertest"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
)

// payloads are the inputs of the claude package's golden fixtures.
func payloads(t *testing.T) [][]byte {
	files, err := filepath.Glob(filepath.Join("..", "claude", "testdata", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range txtar.Parse(data).Files {
			if s.Name == "input.json" {
				if _, err := claude.New().Parse(s.Data); err == nil {
					out = append(out, s.Data)
				}
			}
		}
	}
	return out
}

func TestConformanceClaude(t *testing.T) {
	adaptertest.Conformance(t, claude.New(), payloads(t))
}

// recorder is a testing.TB that keeps the errors instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper()                      {}
func (r *recorder) Logf(string, ...any)          {}
func (r *recorder) Errorf(f string, args ...any) { r.errs = append(r.errs, fmt.Sprintf(f, args...)) }
func (r *recorder) Fatalf(f string, args ...any) { r.Errorf(f, args...) }
func (r *recorder) Fatal(args ...any)            { r.errs = append(r.errs, fmt.Sprint(args...)) }
func (r *recorder) Error(args ...any)            { r.errs = append(r.errs, fmt.Sprint(args...)) }

// twoLines writes a stray line after its answer, as a careless adapter
// would: the hosts then read no decision.
type twoLines struct{ hooks.Adapter }

func (a twoLines) Serialize(ev hooks.Event, r hooks.Response) (hooks.Output, error) {
	out, err := a.Adapter.Serialize(ev, r)
	if len(out.Stdout) > 0 {
		out.Stdout = append(out.Stdout, "debug\n"...)
	}
	return out, err
}

// overclaims says it honours every field on every event.
type overclaims struct{ hooks.Adapter }

func (a overclaims) Capabilities() []hooks.Capability {
	caps := append([]hooks.Capability(nil), a.Adapter.Capabilities()...)
	for i := range caps {
		caps[i].Honours = ^hooks.Field(0)
	}
	return caps
}

// strict finds a flaw in every answer, its host's own included.
type strict struct{ hooks.Adapter }

func (strict) ReadAnswer(string, hooks.Output) hostfacts.Reading {
	return hostfacts.Reading{Flaw: "never"}
}

// strayLayout registers an event its matrix does not have.
type strayLayout struct{ hooks.Adapter }

func (strayLayout) Layouts() []hostfacts.Layout {
	return []hostfacts.Layout{{Name: "all", Entries: []hostfacts.Registration{{Event: "BeforeEverything", Unified: hooks.PreToolUse}}}}
}

// misplaced files a host-wide diagnosis under a hook file it was not
// given.
type misplaced struct{ hooks.Adapter }

func (misplaced) CheckEntries(hostfacts.SettingsCheck) []hostfacts.Diagnosis { return nil }
func (misplaced) CheckSettings(c hostfacts.SettingsCheck) []hostfacts.Diagnosis {
	return []hostfacts.Diagnosis{{Verdict: hostfacts.VerdictFail, File: c.UserFile, Msg: "hooks are off"}}
}

// deaf reads every answer as one its host discards.
type deaf struct{ hooks.Adapter }

func (deaf) ReadAnswer(string, hooks.Output) hostfacts.Reading {
	return hostfacts.Reading{Ignored: "not read"}
}

// The kit fails an adapter that breaks the contract.
func TestConformanceCatches(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    hooks.Adapter
		want string
	}{
		{"stray stdout line", twoLines{claude.New()}, "stdout must be one line"},
		{"claims fields it does not write", overclaims{claude.New()}, "does not change the output"},
		{"rejects its own answers", strict{claude.New()}, "CheckAnswer judges the adapter's own answer"},
		{"registers an event it does not have", strayLayout{claude.New()}, "which the capability matrix does not map it to"},
		{"places a diagnosis in a file", misplaced{claude.New()}, "a diagnosis names no file"},
		{"reads its own answers as discarded", deaf{claude.New()}, "ReadAnswer says the host discards the adapter's own answer"},
	} {
		r := &recorder{TB: t}
		adaptertest.Conformance(r, tc.a, payloads(t))
		if !strings.Contains(strings.Join(r.errs, "\n"), tc.want) {
			t.Errorf("%s: errors %q, want one saying %q", tc.name, r.errs, tc.want)
		}
	}
}
