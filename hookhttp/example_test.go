package hookhttp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/gemini"
	"github.com/agenthooks/hooks/hookhttp"
)

func denyRmRf(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
	if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
		return hooks.Deny("rm -rf is not allowed"), nil
	}
	return hooks.Response{}, nil
}

// A gateway answering Claude Code's HTTP hook: the body is Claude's own
// decision JSON.
func ExampleHandler() {
	gw, err := hookhttp.StartLocal(&hookhttp.Handler{
		Adapters: builtin.Adapters(),
		Handlers: hooks.Handlers{PreToolUse: denyRmRf},
		Auth:     hookhttp.Bearer("example-token"),
		Logger:   slog.New(slog.DiscardHandler),
	})
	if err != nil {
		panic(err)
	}
	defer gw.Close()

	payload := `{"session_id":"s1","cwd":"/home/dev/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build"},"tool_use_id":"toolu_1"}`
	req, _ := http.NewRequest("POST", gw.URL+"/hook?host=claude&timeout=30", strings.NewReader(payload))
	req.Header.Set("Authorization", "Bearer example-token")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode)
	fmt.Print(string(body))
	// Output:
	// 200
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed"}}
}

// A command-only host's hook forwarding to the gateway: the bridge prints
// the host's native answer (here Gemini CLI's).
func ExampleBridge_Forward() {
	gw, err := hookhttp.StartLocal(&hookhttp.Handler{
		Adapters: builtin.Adapters(),
		Handlers: hooks.Handlers{PreToolUse: denyRmRf},
		Logger:   slog.New(slog.DiscardHandler),
	})
	if err != nil {
		panic(err)
	}
	defer gw.Close()

	payload := []byte(`{"session_id":"s1","cwd":"/home/dev/project","hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"rm -rf build"}}`)
	br := hookhttp.Bridge{URL: gw.URL + "/hook", Fail: hooks.FailClosed, Timeout: 5 * time.Second}
	code := br.Forward(context.Background(), gemini.New(), payload, 0).Write(os.Stdout, os.Stderr)
	fmt.Println("exit", code)
	// Output:
	// {"decision":"deny","reason":"rm -rf is not allowed"}
	// exit 0
}

// The settings entry that makes Claude Code call a gateway.
func ExampleClaudeHook() {
	h, err := hookhttp.ClaudeHook("https://hooks.example.com/hook", "HOOKS_GATEWAY_TOKEN", 30*time.Second)
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(h)
	fmt.Print(buf.String())
	// Output:
	// {
	//   "type": "http",
	//   "url": "https://hooks.example.com/hook?host=claude&timeout=30",
	//   "timeout": 30,
	//   "headers": {
	//     "Authorization": "Bearer ${HOOKS_GATEWAY_TOKEN}"
	//   },
	//   "allowedEnvVars": [
	//     "HOOKS_GATEWAY_TOKEN"
	//   ]
	// }
}
