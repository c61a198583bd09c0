package codex

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// schemas holds the JSON Schemas Codex 0.171 validates hook input and
// output against, from testdata/schemas/codex.
type schemas struct {
	dir string
	c   *jsonschema.Compiler
	m   map[string]*jsonschema.Schema
}

func loadSchemas(t testing.TB) *schemas {
	t.Helper()
	dir := hosttest.SharedDir(t, "schemas", "codex")
	return &schemas{dir: dir, c: jsonschema.NewCompiler(), m: map[string]*jsonschema.Schema{}}
}

// get returns the schema for a native event and kind ("input" or
// "output"), or nil when Codex has none (SessionEnd output, unknown
// events).
func (s *schemas) get(t testing.TB, native, kind string) *jsonschema.Schema {
	t.Helper()
	file := filepath.Join(s.dir, kebab(native)+".command."+kind+".schema.json")
	if sch, ok := s.m[file]; ok {
		return sch
	}
	var sch *jsonschema.Schema
	if _, err := os.Stat(file); err == nil {
		if sch, err = s.c.Compile(file); err != nil {
			t.Fatalf("compile %s: %v", file, err)
		}
	}
	s.m[file] = sch
	return sch
}

// kebab turns "PreToolUse" into "pre-tool-use".
func kebab(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('-')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

func validate(sch *jsonschema.Schema, doc []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

// checkOutput asserts that what Codex would read back is valid for the
// event: empty, or one object its output schema accepts.
func (s *schemas) checkOutput(t testing.TB, what, native string, out hooks.Output) {
	t.Helper()
	if len(out.Stdout) == 0 {
		return
	}
	sch := s.get(t, native, "output")
	if sch == nil {
		t.Errorf("%s: %s has no output schema but got stdout %s", what, native, out.Stdout)
		return
	}
	if err := validate(sch, out.Stdout); err != nil {
		t.Errorf("%s: stdout %s is invalid for %s: %v", what, out.Stdout, native, err)
	}
}

func run(a hooks.Adapter, payload []byte, r hooks.Response, fail hooks.FailPolicy, handlerErr error) hooks.Result {
	h := hooks.Handlers{
		Any:  func(context.Context, hooks.Event) (hooks.Response, error) { return r, handlerErr },
		Fail: fail, RepeatStopBlocks: true,
	}
	return (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: payload})
}

// TestSchemaGolden validates every output of the golden fixtures, and the
// fail-closed answer to each fixture, against Codex's output schemas.
func TestSchemaGolden(t *testing.T) {
	s := loadSchemas(t)
	a := New()
	n := 0
	for _, fx := range fixtures(t) {
		native := nativeName(fx.input)
		for _, f := range fx.ar.Files {
			name, ok := strings.CutPrefix(f.Name, "response/")
			if !ok {
				continue
			}
			var fr hosttest.Response
			if err := json.Unmarshal(f.Data, &fr); err != nil {
				t.Fatalf("%s %s: %v", fx.name, name, err)
			}
			r, err := fr.ToHooks()
			if err != nil {
				t.Fatalf("%s %s: %v", fx.name, name, err)
			}
			for _, p := range []hooks.FailPolicy{hooks.FailOpen, hooks.FailClosed} {
				s.checkOutput(t, fx.name+" "+name, native, run(a, fx.input, r, p, nil).Output)
				n++
			}
		}
		res := run(a, fx.input, hooks.Response{}, hooks.FailClosed, errors.New("handler broke\nbadly"))
		s.checkOutput(t, fx.name+" fail-closed", native, res.Output)
		hosttest.CheckHygiene(t, Host, res.Output)
	}
	if n == 0 {
		t.Fatal("no responses validated")
	}
}

// TestSchemaMatrix renders every combination of response fields on every
// fixture event and validates what Codex would read. Claimed fields must
// come through without a warning.
func TestSchemaMatrix(t *testing.T) {
	s := loadSchemas(t)
	a := New()
	seen := map[string]bool{}
	for _, fx := range fixtures(t) {
		ev, err := a.Parse(fx.input)
		if err != nil || hooks.ToolOf(ev) != nil && hooks.ToolOf(ev).InputErr != nil {
			continue // no input a rewrite could start from
		}
		native := ev.Common().NativeEvent
		seen[native] = true
		honours := hooks.Supports(a.Capabilities(), native)
		tool := hooks.ToolOf(ev)
		for _, d := range []hooks.Decision{hooks.NoDecision, hooks.DecisionAllow, hooks.DecisionDeny, hooks.DecisionAsk} {
			for bits := 0; bits < 1<<6; bits++ {
				r := hooks.Response{Decision: d}
				if bits&1 != 0 {
					r.Reason = "reason with \"quotes\", <html> & a\nnewline"
				}
				if bits&2 != 0 {
					r.UserMessage = "for the user"
				}
				if bits&4 != 0 {
					if tool == nil {
						r.UpdatedInput = &hooks.ShellInput{Command: "true"}
					} else {
						r.UpdatedInput = tool.Input
					}
				}
				if bits&8 != 0 {
					r.Context = "context ✓"
				}
				if bits&16 != 0 {
					r.SystemMessage = "system"
				}
				r.Halt = bits&32 != 0
				res := run(a, fx.input, r, hooks.FailClosed, nil)
				what := fx.name + " " + r.Fields().String()
				s.checkOutput(t, what, native, res.Output)
				hosttest.CheckHygiene(t, Host, res.Output)
				if res.Err != nil {
					t.Errorf("%s: %v", what, res.Err)
				}
				used := r.Fields()
				if native == EventPreToolUse && r.UpdatedInput != nil {
					used &^= hooks.FieldAllow
				}
				if used&^honours == 0 {
					for _, w := range res.Warnings {
						if !w.Rule { // rules (a reason with no decision) are not the host's
							t.Errorf("%s: claimed fields only, yet warning %v", what, w)
						}
					}
				}
			}
		}
	}
	for _, c := range a.Capabilities() {
		if !seen[c.Native] {
			t.Errorf("no fixture for %s", c.Native)
		}
	}
}

// TestSchemaInputs checks our reading of Codex's input: every real capture
// and every fixture of a known event is valid for its input schema.
func TestSchemaInputs(t *testing.T) {
	s := loadSchemas(t)
	check := func(what string, payload []byte) {
		native := nativeName(payload)
		sch := s.get(t, native, "input")
		if sch == nil {
			t.Errorf("%s: no input schema for %q", what, native)
			return
		}
		if err := validate(sch, payload); err != nil {
			t.Errorf("%s: invalid %s input: %v", what, native, err)
		}
	}
	for _, p := range hosttest.Captures(t, "codex") {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		check(filepath.Base(p), data)
	}
	for _, fx := range fixtures(t) {
		if isEvent(nativeName(fx.input)) && !strings.Contains(fx.name, "bad-input") {
			check(fx.name, fx.input)
		}
	}
}

func nativeName(payload []byte) string {
	var v struct {
		Name string `json:"hook_event_name"`
	}
	json.Unmarshal(payload, &v)
	return v.Name
}
