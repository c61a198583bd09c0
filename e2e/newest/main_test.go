package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestNewest moves every client to the registry's newest version, except
// the oldest-supported pin of a client that is also pinned by an alias.
func TestNewest(t *testing.T) {
	in := []byte(`{"name":"x","dependencies":{"@anthropic-ai/claude-code":"2.1.197","@google/gemini-cli":"0.61.0","claude-code-next":"npm:@anthropic-ai/claude-code@2.1.332"}}`)
	asked := map[string]int{}
	out, changes, err := newest(in, nil, func(name string) (string, error) {
		asked[name]++
		return map[string]string{"@anthropic-ai/claude-code": "2.1.400", "@google/gemini-cli": "0.61.0"}[name], nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Name string
		Deps map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"@anthropic-ai/claude-code": "2.1.197", "@google/gemini-cli": "0.61.0",
		"claude-code-next": "npm:@anthropic-ai/claude-code@2.1.400"}
	for k, v := range want {
		if doc.Deps[k] != v {
			t.Errorf("%s = %q, want %q", k, doc.Deps[k], v)
		}
	}
	if doc.Name != "x" || asked["@anthropic-ai/claude-code"] != 1 {
		t.Errorf("name %q, asked %v", doc.Name, asked)
	}
	if got := strings.Join(changes, "\n"); !strings.Contains(got, "claude-code-next: npm:@anthropic-ai/claude-code@2.1.332 -> npm:@anthropic-ai/claude-code@2.1.400") {
		t.Errorf("changes:\n%s", got)
	}
	if _, _, err := newest(in, nil, func(string) (string, error) { return "", errors.New("offline") }); err == nil {
		t.Error("a registry failure was not reported")
	}
	if _, _, err := newest(in, nil, func(string) (string, error) { return "", nil }); err == nil {
		t.Error("an empty version was accepted")
	}
}

// TestDiffTables reports a new version in a column title and a cell that
// changed, with its new note; notes renumbered alone are no change.
func TestDiffTables(t *testing.T) {
	a := parseTable([]byte("| behaviour | Claude Code 2.1.197 | Claude Code 2.1.332 | Cursor |\n|---|---|---|---|\n" +
		"| deny works | pass | pass | covered |\n| subagent | n/a [1] | pass | covered |\n\nNotes:\n\n1. why\n"))
	b := parseTable([]byte("| behaviour | Claude Code 2.1.197 | Claude Code 2.1.400 | Cursor |\n|---|---|---|---|\n" +
		"| deny works | pass | FAIL [2] | covered |\n| subagent | n/a [1] | pass | covered |\n\nNotes:\n\n1. why\n2. TestClients/claude-next/guard/deny\n"))
	got := diffTables(a, b)
	want := []string{
		"column 2: Claude Code 2.1.332 -> Claude Code 2.1.400",
		"Claude Code 2.1.400 | deny works: pass -> FAIL (TestClients/claude-next/guard/deny)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	c := parseTable([]byte("| behaviour | Claude Code 2.1.197 | Claude Code 2.1.332 | Cursor |\n|---|---|---|---|\n" +
		"| deny works | not run | pass | covered |\n| subagent | n/a [1] | not run [2] | covered |\n\nNotes:\n\n1. why\n2. skipped: no subagent\n"))
	got = diffTables(a, c)
	want = []string{
		"Claude Code 2.1.332 | subagent: pass -> not run (skipped: no subagent)",
		"(1 cells not run: left out by -run)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d := diffTables(a, a); len(d) != 0 {
		t.Errorf("a table differs from itself: %v", d)
	}
}

// TestTestArgsTimeout: the suite is run with a -timeout of its own, not go
// test's 10-minute default, which the full suite outlives.
func TestTestArgsTimeout(t *testing.T) {
	got := strings.Join(testArgs("TestClients", suiteTimeout), " ")
	if !strings.Contains(got, "-timeout 1h30m0s") || !strings.Contains(got, "-run TestClients") {
		t.Errorf("go %s", got)
	}
}
