package install

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Every event install can register has a synthetic payload that the
// host's adapter parses into the unified event it is registered for.
func TestPayloadsParse(t *testing.T) {
	const dir = "/home/dev/project"
	for _, name := range Hosts() {
		h, _ := lookupHost(builtin.Adapters(), name)
		layouts := []string{""}
		if lt, ok := h.adapter.(hostfacts.Layouter); ok {
			layouts = nil
			for _, l := range lt.Layouts() {
				layouts = append(layouts, l.Name)
			}
		}
		for _, layout := range layouts {
			regs, _, err := h.registrations(hooks.Events(), &Options{Layout: layout})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range regs {
				p := payload(h, r.native, dir)
				if p == nil {
					t.Errorf("%s %s: no payload", name, r.native)
					continue
				}
				if !json.Valid(p) {
					t.Fatalf("%s %s: invalid JSON %s", name, r.native, p)
				}
				ev, err := h.adapter.Parse(p)
				if ep, ok := h.adapter.(hooks.EventParser); ok && h.EventFlag {
					ev, err = ep.ParseEvent(r.native, p)
				}
				if err != nil {
					t.Errorf("%s %s: %v\n%s", name, r.native, err, p)
					continue
				}
				if ev.Name() != r.unified || ev.Common().NativeEvent != r.native {
					t.Errorf("%s %s: parsed as %s (%s), want %s", name, r.native, ev.Name(), ev.Common().NativeEvent, r.unified)
				}
				if tool := hooks.ToolOf(ev); tool != nil && tool.Name == "" {
					t.Errorf("%s %s: no tool name", name, r.native)
				}
				if got := ev.Common().Cwd; got != dir && name != cursor.Host {
					t.Errorf("%s %s: cwd %q", name, r.native, got)
				}
			}
		}
	}
	if h, _ := lookupHost(builtin.Adapters(), "claude"); payload(h, "WorktreeCreate", dir) != nil {
		t.Error("payload for an unknown event")
	}
}

// The Codex payloads are valid against the input schemas Codex embeds.
func TestCodexPayloadsMatchSchemas(t *testing.T) {
	dir := hosttest.SharedDir(t, "schemas", "codex")
	h, _ := lookupHost(builtin.Adapters(), codex.Host)
	regs, _, _ := h.registrations(hooks.Events(), &Options{})
	c := jsonschema.NewCompiler()
	for _, r := range regs {
		file := filepath.Join(dir, kebab(r.native)+".command.input.schema.json")
		sch, err := c.Compile(file)
		if err != nil {
			t.Fatalf("%s: %v", r.native, err)
		}
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(string(payload(h, r.native, "/home/dev/project"))))
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(inst); err != nil {
			t.Errorf("%s payload does not match its schema: %v", r.native, err)
		}
	}
}

// kebab turns PreToolUse into pre-tool-use.
func kebab(s string) string {
	var b strings.Builder
	for i, r := range s {
		if 'A' <= r && r <= 'Z' {
			if i > 0 {
				b.WriteByte('-')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

var _ = fmt.Sprint
var _ = reflect.TypeOf
