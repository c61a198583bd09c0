package install

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Codex validates a hook's JSON answer against a schema per event with
// additionalProperties false everywhere, and discards the whole answer,
// a deny included, on any unknown key. field lists what each schema
// allows (Codex 0.171.0's embedded schemas, checked against the copies
// in testdata/schemas/codex by a test).

// field is one allowed key.
type field struct {
	name string
	// kind: 's' string, 'b' boolean, 'o' object (sub), 'a' anything.
	kind byte
	// enum, when set, lists the allowed strings (one for a const).
	enum []string
	sub  []field
	req  bool
}

func universal() []field {
	return []field{{name: "continue", kind: 'b'}, {name: "stopReason", kind: 's'},
		{name: "suppressOutput", kind: 'b'}, {name: "systemMessage", kind: 's'}}
}

// codexOutput returns the fields the answer to event may have; ok is
// false for an event without an output schema (SessionEnd).
func codexOutput(event string) (fs []field, ok bool) {
	hso := func(sub ...field) field {
		return field{name: "hookSpecificOutput", kind: 'o',
			sub: append([]field{{name: "hookEventName", kind: 's', enum: []string{event}, req: true}}, sub...)}
	}
	ctx := field{name: "additionalContext", kind: 's'}
	block := []field{{name: "decision", kind: 's', enum: []string{"block"}}, {name: "reason", kind: 's'}}
	switch event {
	case "PreToolUse":
		return append(universal(),
			field{name: "decision", kind: 's', enum: []string{"approve", "block"}}, field{name: "reason", kind: 's'},
			hso(field{name: "permissionDecision", kind: 's', enum: []string{"allow", "deny", "ask"}},
				field{name: "permissionDecisionReason", kind: 's'}, field{name: "updatedInput", kind: 'a'}, ctx)), true
	case "PermissionRequest":
		return append(universal(), hso(field{name: "decision", kind: 'o', sub: []field{
			{name: "behavior", kind: 's', enum: []string{"allow", "deny"}, req: true}, {name: "message", kind: 's'},
			{name: "updatedInput", kind: 'a'}, {name: "updatedPermissions", kind: 'a'}, {name: "interrupt", kind: 'b'}}})), true
	case "PostToolUse":
		return append(append(universal(), block...), hso(ctx, field{name: "updatedMCPToolOutput", kind: 'a'})), true
	case "UserPromptSubmit":
		return append(append(universal(), block...), hso(ctx)), true
	case "SessionStart", "SubagentStart":
		return append(universal(), hso(ctx)), true
	case "Stop", "SubagentStop":
		return append(universal(), block...), true
	case "PreCompact", "PostCompact":
		return universal(), true
	case "Interrupt":
		return []field{{name: "systemMessage", kind: 's'}}, true
	}
	return nil, false
}

// validate checks v (decoded JSON) against fields.
func validate(v any, fields []field, at string) error {
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
		f := fieldNamed(fields, k)
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

func fieldNamed(fs []field, name string) *field {
	for i := range fs {
		if fs[i].name == name {
			return &fs[i]
		}
	}
	return nil
}

func (f *field) check(v any, at string) error {
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
		if f.enum != nil && indexOf(f.enum, s) < 0 {
			return fmt.Errorf("%s is %q, not one of %s", at, s, strings.Join(f.enum, ", "))
		}
	case 'o':
		return validate(v, f.sub, at)
	}
	return nil
}

func checkCodex(native string, r runResult, out []byte) (Level, string) {
	switch r.exit {
	case 0:
	case 2:
		if len(strings.TrimSpace(string(r.stderr))) == 0 {
			return Fail, "exit 2 without a reason on stderr: Codex marks the hook failed and ignores it"
		}
		return OK, "blocks (exit 2): " + oneLine(r.stderr)
	default:
		return Fail, fmt.Sprintf("exit %d: Codex marks the hook failed and ignores it", r.exit)
	}
	if len(out) == 0 {
		return OK, "no opinion"
	}
	if out[0] != '{' && out[0] != '[' {
		if native == "SessionStart" || native == "UserPromptSubmit" {
			return OK, "plain text, added to the context"
		}
		return Warn, "plain text on stdout, which Codex ignores here"
	}
	fields, ok := codexOutput(native)
	if !ok {
		return Warn, "Codex reads no answer on " + native + "; this one is ignored: " + summary(out)
	}
	if _, err := object(out); err != nil {
		return Fail, "stdout is not one JSON object (" + err.Error() + "): Codex ignores it"
	}
	var v any
	json.Unmarshal(out, &v)
	if err := validate(v, fields, "answer"); err != nil {
		return Fail, "not valid for Codex's " + native + " schema (" + err.Error() + "): Codex discards the whole answer"
	}
	return OK, summary(out)
}
