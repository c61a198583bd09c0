package codex

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// schemaFiles returns the Codex output schemas by event name.
func schemaFiles(t *testing.T) map[string]string {
	dir := hosttest.SharedDir(t, "schemas", "codex")
	files, _ := filepath.Glob(filepath.Join(dir, "*.command.output.schema.json"))
	if len(files) == 0 {
		t.Skip("no output schemas")
	}
	m := map[string]string{}
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".command.output.schema.json")
		var ev strings.Builder
		for _, part := range strings.Split(base, "-") {
			ev.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
		m[ev.String()] = f
	}
	return m
}

// fieldsOfSchema turns a JSON Schema object into fields, resolving
// allOf and $ref to definitions.
func fieldsOfSchema(t *testing.T, s, defs map[string]any) []answerField {
	t.Helper()
	if ap, _ := s["additionalProperties"].(bool); ap || s["additionalProperties"] == nil {
		t.Errorf("schema allows additional properties: %v", s)
	}
	props, _ := s["properties"].(map[string]any)
	var req []string
	rs, _ := s["required"].([]any)
	for _, r := range rs {
		req = append(req, r.(string))
	}
	var fs []answerField
	for name, p := range props {
		p := resolve(p.(map[string]any), defs)
		f := answerField{name: name, req: slices.Contains(req, name)}
		switch {
		case p["properties"] != nil:
			f.kind = 'o'
			f.sub = fieldsOfSchema(t, p, defs)
		case p["type"] == "string" || p["enum"] != nil:
			f.kind = 's'
			if c, ok := p["const"].(string); ok {
				f.enum = []string{c}
			}
			es, _ := p["enum"].([]any)
			for _, e := range es {
				f.enum = append(f.enum, e.(string))
			}
		case p["type"] == "boolean":
			f.kind = 'b'
		default:
			f.kind = 'a'
		}
		fs = append(fs, f)
	}
	return fs
}

func resolve(p, defs map[string]any) map[string]any {
	if all, ok := p["allOf"].([]any); ok && len(all) == 1 {
		p = all[0].(map[string]any)
	}
	if ref, ok := p["$ref"].(string); ok {
		return defs[strings.TrimPrefix(ref, "#/definitions/")].(map[string]any)
	}
	return p
}

func normalize(fs []answerField) []answerField {
	out := slices.Clone(fs)
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	for i := range out {
		out[i].sub = normalize(out[i].sub)
		e := slices.Clone(out[i].enum)
		sort.Strings(e)
		out[i].enum = e
	}
	return out
}

// The hard-coded whitelist is the schemas' own.
func TestCodexWhitelistMatchesSchemas(t *testing.T) {
	for event, file := range schemaFiles(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var s map[string]any
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		defs, _ := s["definitions"].(map[string]any)
		want := normalize(fieldsOfSchema(t, s, defs))
		fs, ok := outputFields(event)
		if !ok {
			t.Errorf("%s: no whitelist", event)
			continue
		}
		got := normalize(fs)
		gj, _ := json.Marshal(dump(got))
		wj, _ := json.Marshal(dump(want))
		if string(gj) != string(wj) {
			t.Errorf("%s:\n got %s\nwant %s", event, gj, wj)
		}
	}
	if _, ok := outputFields("SessionEnd"); ok {
		t.Error("SessionEnd has no output schema")
	}
}

func dump(fs []answerField) []map[string]any {
	var out []map[string]any
	for _, f := range fs {
		out = append(out, map[string]any{"name": f.name, "kind": string(f.kind), "enum": f.enum, "req": f.req, "sub": dump(f.sub)})
	}
	return out
}

// validate agrees with a JSON Schema validator on many answers, valid and
// not.
func TestCodexValidateAgreesWithSchemas(t *testing.T) {
	c := jsonschema.NewCompiler()
	values := []string{`true`, `"x"`, `1`, `null`, `{}`, `"allow"`, `"deny"`, `"ask"`, `"block"`, `"approve"`, `[]`}
	for event, file := range schemaFiles(t) {
		sch, err := c.Compile(file)
		if err != nil {
			t.Fatal(err)
		}
		fs, _ := outputFields(event)
		var cands []string
		cands = append(cands, `{}`, `{"extra":1}`, `[]`, `"x"`)
		keys := []string{"continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason", "unknown"}
		for _, k := range keys {
			for _, v := range values {
				cands = append(cands, `{"`+k+`":`+v+`}`)
			}
		}
		hsoKeys := []string{"additionalContext", "permissionDecision", "permissionDecisionReason", "updatedInput", "updatedMCPToolOutput", "decision", "bogus"}
		for _, name := range []string{event, "Other"} {
			cands = append(cands, `{"hookSpecificOutput":{"hookEventName":"`+name+`"}}`, `{"hookSpecificOutput":{}}`)
			for _, k := range hsoKeys {
				for _, v := range values {
					cands = append(cands, `{"hookSpecificOutput":{"hookEventName":"`+name+`","`+k+`":`+v+`}}`)
				}
			}
		}
		for _, d := range []string{`{"behavior":"allow"}`, `{"behavior":"deny","message":"m","interrupt":true}`, `{"message":"m"}`,
			`{"behavior":"ask"}`, `{"behavior":"allow","updatedInput":{"command":"ls"},"updatedPermissions":[]}`, `{"behavior":"deny","x":1}`} {
			cands = append(cands, `{"hookSpecificOutput":{"hookEventName":"`+event+`","decision":`+d+`}}`)
		}
		cands = append(cands, `{"decision":"block","reason":"r","systemMessage":"s","continue":false,"stopReason":"x","suppressOutput":true}`)
		for _, cand := range cands {
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(cand))
			if err != nil {
				t.Fatal(err)
			}
			schemaOK := sch.Validate(inst) == nil
			var v any
			json.Unmarshal([]byte(cand), &v)
			oursOK := validateAnswer(v, fs, "answer") == nil
			if schemaOK != oursOK {
				t.Errorf("%s %s: schema says %v, validate says %v", event, cand, schemaOK, oursOK)
			}
		}
	}
}

func TestCheckCodexAnswers(t *testing.T) {
	for _, tc := range []struct {
		event, stdout, stderr string
		exit                  int
		want                  hostfacts.Verdict
	}{
		{"PreToolUse", "", "", 0, hostfacts.VerdictOK},
		{"PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}` + "\n", "", 0, hostfacts.VerdictOK},
		{"PreToolUse", `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"},"extra":1}`, "", 0, hostfacts.VerdictFail},
		{"Stop", `{"hookSpecificOutput":{"hookEventName":"Stop","additionalContext":"x"}}`, "", 0, hostfacts.VerdictFail},
		{"Stop", `{"decision":"block","reason":"go on"}`, "", 0, hostfacts.VerdictOK},
		{"PreToolUse", `{"decision":"block"} {"x":1}`, "", 0, hostfacts.VerdictFail},
		{"PreToolUse", "", "denied", 2, hostfacts.VerdictOK},
		{"PreToolUse", "", "", 2, hostfacts.VerdictFail},
		{"PreToolUse", "", "boom", 1, hostfacts.VerdictFail},
		{"SessionStart", "some context", "", 0, hostfacts.VerdictOK},
		{"PostToolUse", "some text", "", 0, hostfacts.VerdictWarn},
		{"SessionEnd", `{"systemMessage":"bye"}`, "", 0, hostfacts.VerdictFail},
		{"SessionEnd", "", "", 0, hostfacts.VerdictOK},
	} {
		l, msg := hostfacts.CheckAnswer(New(), tc.event, hooks.Output{ExitCode: tc.exit, Stdout: []byte(tc.stdout), Stderr: tc.stderr}, false)
		if l != tc.want {
			t.Errorf("%s %q exit %d: %s (%s), want %s", tc.event, tc.stdout, tc.exit, l, msg, tc.want)
		}
	}
}
