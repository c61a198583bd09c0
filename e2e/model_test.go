package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/e2e/scenario"
)

// Markers of the model-level runs.
const (
	promptToken   = "E2E_PROMPT_TOKEN_7f3a9c"
	modelSecret   = "E2E_SECRET_sk-live-4242"
	modelAnswer   = "E2E_SYNTHETIC answer from the hook"
	answerReason  = "E2E_ANSWER_REASON served by the hook"
	toolsTarget   = "tools_target.txt"
	modelRowsNote = "the adapter claims no %s on %s: the host has no model-level hook (its adapter's events)"
)

// modelRows are the rows of the model run, with the event and the field
// each needs the adapter to claim.
var modelRows = []struct {
	key   string
	event hooks.EventName
	field hooks.Field
}{
	{"model-request", hooks.PreModel, hooks.FieldModelRequest},
	{"model-redact", hooks.PostModel, hooks.FieldModelResponse},
	{"model-tools", hooks.PreToolSelection, hooks.FieldToolChoice},
	{"model-answer", hooks.PreModel, hooks.FieldModelResponse},
}

// claims reports whether the host's adapter claims field on a native
// event it maps to ev.
func claims(t *testing.T, h *harness.Host, ev hooks.EventName, field hooks.Field) bool {
	for _, c := range adapterFor(t, h.Name).Capabilities() {
		if c.Event == ev && c.Honours.Has(field) {
			return true
		}
	}
	return false
}

// testModel runs the model-level answers (Gemini CLI's BeforeModel,
// AfterModel, BeforeToolSelection) where the adapter claims them: a
// request override that redacts a token of the prompt before the model
// sees it, a replacement chunk that redacts a secret of the model's
// answer before the user sees it, a tool restriction (mode NONE) that
// keeps the model from calling a tool, and an answer in the model's place.
func testModel(t *testing.T, h *harness.Host) {
	var keys []string
	for _, r := range modelRows {
		keys = append(keys, r.key)
	}
	table.expectRows(t, h.ID, keys...)
	var run []string
	for _, r := range modelRows {
		if claims(t, h, r.event, r.field) {
			run = append(run, r.key)
			continue
		}
		table.set(h.ID, r.key, cell{"n/a", fmt.Sprintf(modelRowsNote, r.field, r.event)})
	}
	if len(run) == 0 {
		t.Skip("no model-level answer claimed")
	}
	t.Run("text", func(t *testing.T) {
		t.Parallel()
		testModelText(t, h)
	})
	t.Run("tools", func(t *testing.T) {
		t.Parallel()
		testModelTools(t, h)
	})
	t.Run("answer", func(t *testing.T) {
		t.Parallel()
		testModelAnswer(t, h)
	})
}

// finalResponse returns the "response" of Gemini CLI's --output-format
// json, and its warnings.
func finalResponse(t *testing.T, o *outcome) (string, []string) {
	t.Helper()
	var out struct {
		Response string   `json:"response"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal(o.res.Stdout, &out); err != nil {
		t.Fatalf("the client's output is not its JSON: %v\n%s", err, clip(string(o.res.Stdout), 2000))
	}
	return out.Response, out.Warnings
}

// testModelText: the prompt's token is redacted from every request the
// model receives (model-request); the model's secret is redacted from
// what the user sees (model-redact).
func testModelText(t *testing.T, h *harness.Host) {
	sc := &scenario.Scenario{Rules: []scenario.Rule{
		{Event: hooks.PreModel, Response: scenario.Response{Redact: promptToken}},
		{Event: hooks.PostModel, Response: scenario.Response{Redact: modelSecret}},
	}}
	o := runAllEvents(t, h, sc, "run the e2e model scenario with "+promptToken, func(*harness.Run) fakemodel.Script {
		return fakemodel.Script{fakemodel.Say("the key is " + modelSecret)}
	})
	checkEvents(t, o)
	t.Run("request", func(t *testing.T) {
		table.check(t, h.ID, "model-request")
		if es := o.entries("BeforeModel"); len(es) == 0 || es[0].Rule != 0 {
			t.Fatal("the redaction rule did not answer BeforeModel")
		}
		for i, r := range o.res.Main() {
			conv := fakemodel.Conversation(h.Protocol, r)
			if strings.Contains(conv, promptToken) || !strings.Contains(conv, scenario.Redacted) {
				t.Errorf("TOKEN REACHED THE MODEL: request %d: %q", i, clip(conv, 600))
			}
		}
	})
	t.Run("redact", func(t *testing.T) {
		table.check(t, h.ID, "model-redact")
		if es := o.entries("AfterModel"); len(es) == 0 || es[0].Rule != 1 {
			t.Fatal("the redaction rule did not answer AfterModel")
		}
		resp, _ := finalResponse(t, o)
		if want := "the key is " + scenario.Redacted; resp != want {
			t.Errorf("the user was shown %q, want %q", resp, want)
		}
		if strings.Contains(string(o.res.Stdout), modelSecret) || strings.Contains(string(o.res.Stderr), modelSecret) {
			t.Errorf("SECRET SHOWN TO THE USER: stdout %q stderr %q", clip(string(o.res.Stdout), 600), clip(string(o.res.Stderr), 600))
		}
		// Where the original chunk is kept all the same: the CLI's own
		// session files (the redaction is of what the user is shown).
		t.Logf("files under the run's HOME holding the secret: %v", filesHolding(t, o.res.Run.Home, modelSecret))
	})
}

// filesHolding lists the files under dir whose content holds s.
func filesHolding(t *testing.T, dir, s string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > 8<<20 {
			return nil
		}
		if data, err := os.ReadFile(p); err == nil && strings.Contains(string(data), s) {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}

// testModelTools: a tool restriction (mode NONE) on BeforeToolSelection
// reaches the model's API as functionCallingConfig; the fake model honours
// it as the API does, so the scripted shell call is not made, and the
// tool never runs.
func testModelTools(t *testing.T, h *harness.Host) {
	table.check(t, h.ID, "model-tools")
	sc := &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PreToolSelection, Response: scenario.Response{ToolMode: hooks.ToolsNone}}}}
	o := runAllEvents(t, h, sc, "run the e2e model tools scenario", func(*harness.Run) fakemodel.Script {
		return fakemodel.Script{shell(h.Name, "echo ran > "+toolsTarget), fakemodel.Say(firstAnswer)}
	})
	checkEvents(t, o)
	if es := o.entries("BeforeToolSelection"); len(es) == 0 || es[0].Rule != 0 {
		t.Fatal("the restriction rule did not answer BeforeToolSelection")
	}
	main := o.res.Main()
	for i, r := range main {
		if fc := fakemodel.GeminiFunctionCalling(r); fc.Mode != "NONE" {
			t.Errorf("RESTRICTION NOT SENT: request %d carries functionCallingConfig %+v", i, fc)
		}
		if !r.Contains("run_shell_command") {
			t.Errorf("request %d does not declare run_shell_command (the restriction is a mode, not a shorter list)", i)
		}
	}
	if got, ok := o.file(toolsTarget); ok {
		t.Errorf("THE TOOL RAN under mode NONE: %s = %q", toolsTarget, got)
	}
	if es := o.entries(expectOf(h).pre); len(es) != 0 {
		t.Errorf("%d tool calls reached %s", len(es), expectOf(h).pre)
	}
	if resp, _ := finalResponse(t, o); !strings.Contains(resp, fakemodel.Refused) {
		t.Errorf("final answer %q, want the fake model's refusal", resp)
	}
}

// testModelAnswer: an answer in the model's place on BeforeModel: the
// model is never called, the user gets the hook's answer, and Gemini
// shows the reason as a warning.
func testModelAnswer(t *testing.T, h *harness.Host) {
	table.check(t, h.ID, "model-answer")
	sc := &scenario.Scenario{Rules: []scenario.Rule{{Event: hooks.PreModel, Response: scenario.Response{Answer: modelAnswer, Reason: answerReason}}}}
	o := runRaw(t, harness.Spec{Host: h, Prompt: "run the e2e model answer scenario", Script: func(*harness.Run) fakemodel.Script {
		return fakemodel.Script{shell(h.Name, "echo ran > "+toolsTarget), fakemodel.Say(firstAnswer)}
	}}, sc)
	checkEvents(t, o)
	if es := o.entries("BeforeModel"); len(es) == 0 || es[0].Rule != 0 {
		t.Fatal("the answer rule did not answer BeforeModel")
	}
	if n := len(o.res.Main()); n != 0 {
		t.Errorf("THE MODEL WAS CALLED %d times", n)
	}
	resp, warnings := finalResponse(t, o)
	if resp != modelAnswer {
		t.Errorf("the user was shown %q, want %q", resp, modelAnswer)
	}
	if !strings.Contains(strings.Join(warnings, "\n"), answerReason) {
		t.Errorf("warnings %q lack the reason", warnings)
	}
	if _, ok := o.file(toolsTarget); ok {
		t.Error("a tool ran")
	}
}
