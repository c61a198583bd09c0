package fakemodel

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestAugment: the tenant answers /get-models with enable_hooks, and
// /chat-stream with the script's step for the number of tool results the
// request carries (in chat_history and in nodes), as JSON lines Auggie
// reads; ToolResults finds those results.
func TestAugment(t *testing.T) {
	s, err := Start(Augment, Script{Call("launch-process", map[string]any{"command": "ls"}), Say("bye")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	post := func(path, body string) *http.Response {
		resp, err := http.Post(s.URL()+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	var models struct {
		Flags map[string]bool `json:"feature_flags"`
	}
	resp := post("/get-models", "{}")
	json.NewDecoder(resp.Body).Decode(&models)
	resp.Body.Close()
	if !models.Flags["enable_hooks"] {
		t.Errorf("get-models flags %v", models.Flags)
	}
	lines := func(body string) []map[string]any {
		resp := post("/chat-stream", body)
		defer resp.Body.Close()
		var out []map[string]any
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatalf("line %q: %v", sc.Text(), err)
			}
			out = append(out, m)
		}
		return out
	}
	first := lines(`{"tool_definitions":[{"name":"launch-process"}],"nodes":[{"id":1,"type":0,"text_node":{"content":"go"}}],"chat_history":[]}`)
	if len(first) != 2 || first[1]["stop_reason"] != 3.0 || !strings.Contains(mustJSON(first[0]), `"tool_name":"launch-process"`) ||
		!strings.Contains(mustJSON(first[0]), `"input_json":"{\"command\":\"ls\"}"`) {
		t.Errorf("first turn %v", first)
	}
	after := `{"tool_definitions":[{"name":"launch-process"}],"chat_history":[{"request_nodes":[{"type":0}]}],` +
		`"nodes":[{"id":1,"type":1,"tool_result_node":{"tool_use_id":"toolu_e2e_0","content":"denied: NO","is_error":true}}]}`
	second := lines(after)
	if len(second) != 2 || second[0]["text"] != "bye" || second[1]["stop_reason"] != 1.0 {
		t.Errorf("second turn %v", second)
	}
	reqs := s.MainRequests()
	if len(reqs) != 2 || reqs[1].Step != 1 {
		t.Fatalf("main requests %+v", reqs)
	}
	if r := ToolResults(Augment, reqs[1]); len(r) != 1 || r[0].Text != "denied: NO" || !r[0].IsError || r[0].ID != "toolu_e2e_0" {
		t.Errorf("tool results %+v", r)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
