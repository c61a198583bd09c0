package codex

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Codex validates a hook's JSON answer against a schema per event with
// additionalProperties false everywhere, and discards the whole answer,
// a deny included, on any unknown key. answerField lists what each schema
// allows (Codex 0.171.0's embedded schemas, checked against the copies
// in testdata/schemas/codex by a test).

// answerField is one allowed key.
type answerField struct {
	name string
	// kind: 's' string, 'b' boolean, 'o' object (sub), 'a' anything.
	kind byte
	// enum, when set, lists the allowed strings (one for a const).
	enum []string
	sub  []answerField
	req  bool
}

func universalFields() []answerField {
	return []answerField{{name: "continue", kind: 'b'}, {name: "stopReason", kind: 's'},
		{name: "suppressOutput", kind: 'b'}, {name: "systemMessage", kind: 's'}}
}

// codexOutput returns the fields the answer to event may have; ok is
// false for an event without an output schema (SessionEnd).
func outputFields(event string) (fs []answerField, ok bool) {
	hso := func(sub ...answerField) answerField {
		return answerField{name: "hookSpecificOutput", kind: 'o',
			sub: append([]answerField{{name: "hookEventName", kind: 's', enum: []string{event}, req: true}}, sub...)}
	}
	ctx := answerField{name: "additionalContext", kind: 's'}
	block := []answerField{{name: "decision", kind: 's', enum: []string{"block"}}, {name: "reason", kind: 's'}}
	switch event {
	case "PreToolUse":
		return append(universalFields(),
			answerField{name: "decision", kind: 's', enum: []string{"approve", "block"}}, answerField{name: "reason", kind: 's'},
			hso(answerField{name: "permissionDecision", kind: 's', enum: []string{"allow", "deny", "ask"}},
				answerField{name: "permissionDecisionReason", kind: 's'}, answerField{name: "updatedInput", kind: 'a'}, ctx)), true
	case "PermissionRequest":
		return append(universalFields(), hso(answerField{name: "decision", kind: 'o', sub: []answerField{
			{name: "behavior", kind: 's', enum: []string{"allow", "deny"}, req: true}, {name: "message", kind: 's'},
			{name: "updatedInput", kind: 'a'}, {name: "updatedPermissions", kind: 'a'}, {name: "interrupt", kind: 'b'}}})), true
	case "PostToolUse":
		return append(append(universalFields(), block...), hso(ctx, answerField{name: "updatedMCPToolOutput", kind: 'a'})), true
	case "UserPromptSubmit":
		return append(append(universalFields(), block...), hso(ctx)), true
	case "SessionStart", "SubagentStart":
		return append(universalFields(), hso(ctx)), true
	case "Stop", "SubagentStop":
		return append(universalFields(), block...), true
	case "PreCompact", "PostCompact":
		return universalFields(), true
	case "Interrupt":
		return []answerField{{name: "systemMessage", kind: 's'}}, true
	}
	return nil, false
}

// validateAnswer checks v (decoded JSON) against fields.
func validateAnswer(v any, fields []answerField, at string) error {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("%s is not an object", at)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := answerFieldNamed(fields, k)
		if f == nil {
			return fmt.Errorf("%s has key %q, which Codex does not allow", at, k)
		}
		if err := f.check(m[k], at+"."+k); err != nil {
			return err
		}
	}
	for _, f := range fields {
		if _, ok := m[f.name]; f.req && !ok {
			return fmt.Errorf("%s lacks %q", at, f.name)
		}
	}
	return nil
}

func answerFieldNamed(fs []answerField, name string) *answerField {
	for i := range fs {
		if fs[i].name == name {
			return &fs[i]
		}
	}
	return nil
}

func (f *answerField) check(v any, at string) error {
	switch f.kind {
	case 'b':
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("%s is not a boolean", at)
		}
	case 's':
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("%s is not a string", at)
		}
		if f.enum != nil && !slices.Contains(f.enum, s) {
			return fmt.Errorf("%s is %q, not one of %s", at, s, strings.Join(f.enum, ", "))
		}
	case 'o':
		return validateAnswer(v, f.sub, at)
	}
	return nil
}
