package hookstest

import (
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
)

// scenarios is every kind of scenario, with values that exercise quoting
// (quotes, newlines, angle brackets) and both relative and absolute paths.
func scenarios() []Scenario {
	return []Scenario{
		Shell("rm -rf /"),
		Shell(`echo "a <b> & c" | tee out.txt`),
		Shell("git push --force").AsPermissionRequest(),
		Read("config/.env"),
		Read("/etc/passwd"),
		Write("config/.env", "API_KEY=x\n"),
		Write("/home/dev/project/notes.txt", "line one\nline two"),
		Write("empty.txt", ""),
		Write("config/.env", "x").AsPermissionRequest(),
		Edit("main.go", "foo()", "bar()"),
		Edit("main.go", "a\nb\n", "c\n").AsPermissionRequest(),
		PatchMove("config/example.env", "config/.env"),
		Prompt("deploy with key sk-abc123 \"now\""),
		Stop(),
		StopAgain(),
		SessionStart(),
		PostShell("cat notes.txt", "api_key=XXXX\n"),
		PostWrite("docs/readme.md"),
	}
}

// TestRenderParsesBack renders every scenario for every host and parses
// each payload with the real adapter: it must be the scenario's unified
// event, tool and values, come from the host by detection too, and be one
// compact JSON object.
func TestRenderParsesBack(t *testing.T) {
	for _, a := range builtin.Adapters() {
		for _, s := range scenarios() {
			cases, skip, err := render(a, s)
			if err != nil {
				t.Errorf("%s: %s: %v", a.Host(), s, err)
				continue
			}
			if len(cases) == 0 && skip == "" {
				t.Errorf("%s: %s: no payload and no reason to skip", a.Host(), s)
			}
			for _, c := range cases {
				ev, err := a.Parse(c.JSON)
				if err != nil {
					t.Errorf("%s: %s: %s: parse: %v\n%s", a.Host(), s, c.Native, err, c.JSON)
					continue
				}
				if ev.Common().NativeEvent != c.Native {
					t.Errorf("%s: %s: native event %q, rendered as %q", a.Host(), s, ev.Common().NativeEvent, c.Native)
				}
				if err := s.check(ev); err != nil {
					t.Errorf("%s: %s: %s: %v\n%s", a.Host(), s, c.Native, err, c.JSON)
				}
				if tool := hooks.ToolOf(ev); tool != nil && tool.Name != c.Tool && c.Tool != "" {
					t.Errorf("%s: %s: tool %q, rendered as %q", a.Host(), s, tool.Name, c.Tool)
				}
				if got, err := hooks.Detect(builtin.Adapters(), c.JSON); err != nil || got.Host() != a.Host() {
					t.Errorf("%s: %s: %s: detected as %v (%v)", a.Host(), s, c.Native, got, err)
				}
				if !json.Valid(c.JSON) {
					t.Errorf("%s: %s: invalid JSON %s", a.Host(), s, c.JSON)
				}
			}
		}
	}
}
