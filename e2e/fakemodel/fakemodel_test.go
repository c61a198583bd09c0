package fakemodel_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/e2e/fakemodel"
)

func post(t testing.TB, url, body string) string {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// events returns the data lines of an SSE stream, decoded.
func events(t testing.TB, stream string) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(stream))
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(data), &v); err != nil {
			t.Fatalf("bad SSE data %q: %v", data, err)
		}
		out = append(out, v)
	}
	return out
}

func start(t *testing.T, p fakemodel.Protocol, s fakemodel.Script) *fakemodel.Server {
	t.Helper()
	srv, err := fakemodel.Start(p, s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

func TestAnthropicStepsByToolResults(t *testing.T) {
	srv := start(t, fakemodel.Anthropic, fakemodel.Script{
		fakemodel.Call("Bash", map[string]any{"command": "echo hi"}),
		fakemodel.Say("finished"),
	})
	first := events(t, post(t, srv.URL()+"/v1/messages?beta=true",
		`{"model":"m","stream":true,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"go"}]}`))
	if len(first) != 6 || first[1]["content_block"].(map[string]any)["name"] != "Bash" {
		t.Fatalf("first answer = %v", first)
	}
	if d := first[2]["delta"].(map[string]any); d["partial_json"] != `{"command":"echo hi"}` {
		t.Errorf("tool input delta = %v", d)
	}
	second := events(t, post(t, srv.URL()+"/v1/messages",
		`{"model":"m","stream":true,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"go"},
		 {"role":"assistant","content":[{"type":"tool_use","id":"toolu_e2e_0","name":"Bash","input":{}}]},
		 {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_e2e_0","content":"DENIED_X","is_error":true}]}]}`))
	if d := second[2]["delta"].(map[string]any); d["text"] != "finished" {
		t.Errorf("second answer delta = %v", d)
	}
	// An auxiliary request (no tools) gets Done and does not count.
	aux := events(t, post(t, srv.URL()+"/v1/messages", `{"model":"m","stream":true,"messages":[{"role":"user","content":"title?"}]}`))
	if d := aux[2]["delta"].(map[string]any); d["text"] != fakemodel.Done {
		t.Errorf("aux answer = %v", d)
	}
	main := srv.MainRequests()
	if len(main) != 2 || main[1].Step != 1 {
		t.Fatalf("main requests = %+v", main)
	}
	trs := fakemodel.ToolResults(fakemodel.Anthropic, main[1])
	if len(trs) != 1 || trs[0].ID != "toolu_e2e_0" || trs[0].Text != "DENIED_X" || !trs[0].IsError {
		t.Errorf("tool results = %+v", trs)
	}
	if !main[1].Contains("DENIED_X") || main[0].Contains("DENIED_X") {
		t.Error("Contains does not find the marker where it is")
	}
}

// A subagent (first user message holding its marker) is answered from its
// own script, by assistant messages so far; the main script skips it.
func TestAnthropicSubagent(t *testing.T) {
	srv := start(t, fakemodel.Anthropic, fakemodel.Script{
		fakemodel.Call("Agent", map[string]any{"prompt": "SUB_X task"}),
		fakemodel.Subagent("SUB_X", fakemodel.Say("sub one"), fakemodel.Say("sub two")),
		fakemodel.Say("parent done"),
	})
	text := func(body string) any {
		return events(t, post(t, srv.URL()+"/v1/messages", body))[2]["delta"].(map[string]any)["text"]
	}
	if got := text(`{"model":"m","stream":true,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"SUB_X task"}]}`); got != "sub one" {
		t.Errorf("subagent's first answer = %v", got)
	}
	if got := text(`{"model":"m","stream":true,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":[{"type":"text","text":"SUB_X task"}]},
		{"role":"assistant","content":[{"type":"text","text":"sub one"}]},{"role":"user","content":"Stop hook feedback: again"}]}`); got != "sub two" {
		t.Errorf("subagent's continued answer = %v", got)
	}
	if got := text(`{"model":"m","stream":true,"tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"go"},
		{"role":"assistant","content":[{"type":"tool_use","id":"toolu_e2e_0","name":"Agent","input":{}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_e2e_0","content":"sub two"}]}]}`); got != "parent done" {
		t.Errorf("parent's answer after the subagent = %v (the subagent's script must not count as a step)", got)
	}
	var subs []bool
	for _, r := range srv.MainRequests() {
		subs = append(subs, r.Sub)
	}
	if want := []bool{true, true, false}; !slices.Equal(subs, want) {
		t.Errorf("requests recorded as a subagent's: %v, want %v", subs, want)
	}
}

func TestGeminiFunctionCall(t *testing.T) {
	srv := start(t, fakemodel.Gemini, fakemodel.Script{fakemodel.Call("run_shell_command", map[string]any{"command": "echo hi"})})
	url := srv.URL() + "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
	evs := events(t, post(t, url, `{"contents":[{"role":"user","parts":[{"text":"go"}]}],"tools":[{"functionDeclarations":[{"name":"run_shell_command"}]}]}`))
	if len(evs) != 1 {
		t.Fatalf("events = %v", evs)
	}
	b, _ := json.Marshal(evs[0]["candidates"])
	if !strings.Contains(string(b), `"functionCall":{"args":{"command":"echo hi"},"name":"run_shell_command"}`) {
		t.Errorf("candidates = %s", b)
	}
	evs = events(t, post(t, url, `{"contents":[{"role":"user","parts":[{"text":"go"}]},{"role":"model","parts":[{"functionCall":{"name":"run_shell_command","args":{}}}]},
		{"role":"user","parts":[{"functionResponse":{"name":"run_shell_command","response":{"error":"Tool execution blocked: NO_X"}}}]}]}`))
	// No tools: auxiliary, answered with Done.
	b, _ = json.Marshal(evs[0])
	if !strings.Contains(string(b), fakemodel.Done) {
		t.Errorf("aux answer = %s", b)
	}
	reqs := srv.Requests()
	trs := fakemodel.ToolResults(fakemodel.Gemini, reqs[1])
	if len(trs) != 1 || !trs[0].IsError || trs[0].Text != "Tool execution blocked: NO_X" {
		t.Errorf("tool results = %+v", trs)
	}
	if got := post(t, srv.URL()+"/v1beta/models/gemini-2.5-flash:countTokens", `{}`); !strings.Contains(got, "totalTokens") {
		t.Errorf("countTokens = %s", got)
	}
}

// The fake honours a Gemini request's functionCallingConfig as the API
// does: a scripted call it forbids is not made.
func TestGeminiFunctionCallingConfig(t *testing.T) {
	srv := start(t, fakemodel.Gemini, fakemodel.Script{fakemodel.Call("run_shell_command", map[string]any{"command": "echo hi"})})
	url := srv.URL() + "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
	for _, c := range []struct {
		config string
		call   bool
	}{
		{``, true},
		{`,"toolConfig":{"functionCallingConfig":{"mode":"AUTO"}}`, true},
		{`,"toolConfig":{"functionCallingConfig":{"mode":"NONE"}}`, false},
		{`,"toolConfig":{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["read_file"]}}`, false},
		{`,"toolConfig":{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["read_file","run_shell_command"]}}`, true},
	} {
		body := `{"contents":[{"role":"user","parts":[{"text":"go"}]}],"tools":[{"functionDeclarations":[{"name":"run_shell_command"}]}]` + c.config + `}`
		b, _ := json.Marshal(events(t, post(t, url, body))[0]["candidates"])
		if got := strings.Contains(string(b), `"functionCall"`); got != c.call || !got && !strings.Contains(string(b), fakemodel.Refused) {
			t.Errorf("%s: candidates %s, want a call: %v", c.config, b, c.call)
		}
		reqs := srv.Requests()
		if fc := fakemodel.GeminiFunctionCalling(reqs[len(reqs)-1]); fc.Mode == "" != (c.config == "") || !strings.Contains(c.config, `"`+fc.Mode+`"`) && fc.Mode != "" {
			t.Errorf("%s: recorded %+v", c.config, fc)
		}
	}
}

func TestOpenAICustomToolAndOutputs(t *testing.T) {
	srv := start(t, fakemodel.OpenAI, fakemodel.Script{
		fakemodel.Call("exec_command", map[string]any{"cmd": "echo hi"}),
		fakemodel.Custom("apply_patch", "*** Begin Patch\n*** End Patch\n"),
	})
	url := srv.URL() + "/v1/responses"
	evs := events(t, post(t, url, `{"model":"gpt-5.5","tools":[{"type":"function","name":"exec_command"}],"input":[]}`))
	if len(evs) != 4 || evs[3]["type"] != "response.completed" {
		t.Fatalf("events = %v", evs)
	}
	item := evs[2]["item"].(map[string]any)
	if item["type"] != "function_call" || item["arguments"] != `{"cmd":"echo hi"}` || item["call_id"] != "call_e2e_0" {
		t.Errorf("item = %v", item)
	}
	evs = events(t, post(t, url, `{"model":"gpt-5.5","tools":[{}],"input":[{"type":"function_call","call_id":"call_e2e_0"},
		{"type":"function_call_output","call_id":"call_e2e_0","output":"Command blocked by PreToolUse hook: R_X"}]}`))
	item = evs[2]["item"].(map[string]any)
	if item["type"] != "custom_tool_call" || item["input"] != "*** Begin Patch\n*** End Patch\n" {
		t.Errorf("item = %v", item)
	}
	trs := fakemodel.ToolResults(fakemodel.OpenAI, srv.Requests()[1])
	if len(trs) != 1 || trs[0].ID != "call_e2e_0" || !strings.Contains(trs[0].Text, "R_X") {
		t.Errorf("tool results = %+v", trs)
	}
	if c := fakemodel.Conversation(fakemodel.OpenAI, srv.Requests()[1]); !strings.Contains(c, "R_X") {
		t.Errorf("conversation = %q", c)
	}
}

func TestUnknownProtocol(t *testing.T) {
	if _, err := fakemodel.Start("smoke-signals", nil); err == nil {
		t.Fatal("want an error for an unknown protocol")
	}
}

func Example() {
	srv, err := fakemodel.Start(fakemodel.OpenAI, fakemodel.Script{fakemodel.Say("hello from the fake model")})
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	resp, err := http.Post(srv.URL()+"/v1/responses", "application/json",
		strings.NewReader(`{"model":"gpt-5.5","tools":[{"type":"function","name":"exec_command"}],"input":[]}`))
	if err != nil {
		panic(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, line := range strings.Split(string(body), "\n") {
		if strings.HasPrefix(line, "event: ") {
			fmt.Println(line)
		}
	}
	fmt.Println(len(srv.MainRequests()), "agent turn recorded")
	// Output:
	// event: response.created
	// event: response.output_item.added
	// event: response.output_item.done
	// event: response.completed
	// 1 agent turn recorded
}

// TestRawArgsKeptAsGiven: raw arguments reach the client byte for byte in
// every dialect (key order, duplicate keys, \u escapes in keys), as a
// model could send them; a decode into a map would lose all three.
func TestRawArgsKeptAsGiven(t *testing.T) {
	const args = `{"command":"rm -rf keepdir","comm\u0061nd":"x","Command":"echo safe","command":"again"}`
	script := fakemodel.Script{fakemodel.Call("t", json.RawMessage(args))}
	for _, c := range []struct {
		p          fakemodel.Protocol
		path, body string
	}{
		{fakemodel.Gemini, "/v1beta/models/m:streamGenerateContent?alt=sse", `{"contents":[],"tools":[{"functionDeclarations":[{"name":"t"}]}]}`},
		{fakemodel.Gemini, "/v1beta/models/m:generateContent", `{"contents":[],"tools":[{"functionDeclarations":[{"name":"t"}]}]}`},
		{fakemodel.Anthropic, "/v1/messages", `{"model":"m","stream":false,"tools":[{"name":"t"}],"messages":[{"role":"user","content":"go"}]}`},
		{fakemodel.Anthropic, "/v1/messages", `{"model":"m","stream":true,"tools":[{"name":"t"}],"messages":[{"role":"user","content":"go"}]}`},
		{fakemodel.OpenAI, "/v1/responses", `{"model":"m","tools":[{"type":"function","name":"t"}],"input":[]}`},
	} {
		srv := start(t, c.p, script)
		got := post(t, srv.URL()+c.path, c.body)
		// The arguments appear verbatim, or (Anthropic's streamed
		// partial_json, OpenAI's arguments string) as one JSON string.
		quoted, _ := json.Marshal(args)
		if !strings.Contains(got, args) && !strings.Contains(got, string(quoted[1:len(quoted)-1])) {
			t.Errorf("%s %s: arguments not sent as given:\n%s", c.p, c.path, got)
		}
	}
}

// Chat Completions: a request whose first user message (a string or text
// parts) holds a subagent's marker is answered from that subagent's
// script, by the number of assistant messages; the others from the main
// script.
func TestChatSubagent(t *testing.T) {
	srv := start(t, fakemodel.Chat, fakemodel.Script{
		fakemodel.Say("parent answer"),
		fakemodel.Subagent("SUB_TASK", fakemodel.Say("sub first"), fakemodel.Say("sub second")),
	})
	tools := `"tools":[{"type":"function","function":{"name":"bash"}}]`
	text := func(body string) string {
		var resp struct {
			Choices []struct {
				Message struct{ Content string } `json:"message"`
			} `json:"choices"`
		}
		if err := json.Unmarshal([]byte(post(t, srv.URL()+"/v1/chat/completions", body)), &resp); err != nil || len(resp.Choices) != 1 {
			t.Fatalf("answer to %s: %v", body, err)
		}
		return resp.Choices[0].Message.Content
	}
	if got := text(`{"model":"m","messages":[{"role":"system","content":"sys"},{"role":"user","content":[{"type":"text","text":"do SUB_TASK"}]}],` + tools + `}`); got != "sub first" {
		t.Errorf("subagent's first request answered %q", got)
	}
	if got := text(`{"model":"m","messages":[{"role":"user","content":"do SUB_TASK"},{"role":"assistant","content":"sub first"},{"role":"user","content":"again"}],` + tools + `}`); got != "sub second" {
		t.Errorf("subagent's second request answered %q", got)
	}
	if got := text(`{"model":"m","messages":[{"role":"user","content":"go"},{"role":"user","content":"SUB_TASK later"}],` + tools + `}`); got != "parent answer" {
		t.Errorf("the parent's request answered %q", got)
	}
	var subs []bool
	for _, r := range srv.MainRequests() {
		subs = append(subs, r.Sub)
	}
	if want := []bool{true, true, false}; !slices.Equal(subs, want) {
		t.Errorf("requests recorded as a subagent's: %v, want %v", subs, want)
	}
}

// Chat Completions: the step is the number of tool messages; a streamed
// answer carries the tool call in one delta and ends with [DONE]; the
// tool results are read back from the messages.
func TestChatToolCallsAndResults(t *testing.T) {
	srv := start(t, fakemodel.Chat, fakemodel.Script{
		fakemodel.Call("bash", map[string]any{"command": "echo hi"}),
		fakemodel.Say("all done"),
	})
	tools := `"tools":[{"type":"function","function":{"name":"bash"}}]`
	first := post(t, srv.URL()+"/v1/chat/completions", `{"model":"m","stream":true,"messages":[{"role":"user","content":"go"}],`+tools+`}`)
	if !strings.HasSuffix(first, "data: [DONE]\n\n") {
		t.Errorf("stream does not end with [DONE]: %q", first)
	}
	if !strings.Contains(first, `"tool_calls":[{"function":{"arguments":"{\"command\":\"echo hi\"}","name":"bash"}`) ||
		!strings.Contains(first, `"finish_reason":"tool_calls"`) {
		t.Errorf("no bash tool call in %s", first)
	}
	second := post(t, srv.URL()+"/v1/chat/completions", `{"model":"m","messages":[{"role":"user","content":"go"},`+
		`{"role":"assistant","tool_calls":[{"id":"call_e2e_0","type":"function","function":{"name":"bash","arguments":"{}"}}]},`+
		`{"role":"tool","tool_call_id":"call_e2e_0","content":"denied: policy"}],`+tools+`}`)
	var resp struct {
		Choices []struct {
			Message struct{ Content string } `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal([]byte(second), &resp); err != nil || len(resp.Choices) != 1 || resp.Choices[0].Message.Content != "all done" {
		t.Errorf("second turn: %s (%v)", second, err)
	}
	main := srv.MainRequests()
	if len(main) != 2 || main[1].Step != 1 {
		t.Fatalf("main requests %d, step %d", len(main), main[len(main)-1].Step)
	}
	if trs := fakemodel.ToolResults(fakemodel.Chat, main[1]); len(trs) != 1 || trs[0].Text != "denied: policy" || trs[0].ID != "call_e2e_0" {
		t.Errorf("tool results %+v", trs)
	}
}
