package cline

import (
	"context"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

const head = `"clineVersion":"","taskId":"conv_1","sessionContext":{"rootSessionId":"r1"},"workspaceRoots":["/home/dev/project"],` +
	`"workspaceInfo":{"rootPath":"/home/dev/project","hint":"project"},"agent_id":"a1","parent_agent_id":null,"hookName":"tool_call"`

func pre(t *testing.T, name, input string) *hooks.Tool {
	t.Helper()
	ev, err := New().Parse([]byte(`{` + head + `,"tool_call":{"id":"c1","name":"` + name + `","input":` + input + `}}`))
	if err != nil {
		t.Fatalf("parse failed (the event must reach the handler): %v", err)
	}
	return hooks.ToolOf(ev)
}

// TestRunCommandsShapes: the model writes every byte of the input. The
// shell text must hold every process Cline starts for it, each as it
// runs, whatever shape of the nine Cline accepts the model picks; an input
// Cline refuses is InputErr.
func TestRunCommandsShapes(t *testing.T) {
	cases := []struct {
		name, input, want string
		bad               bool
	}{
		{"one command", `{"commands":["rm -rf victim"]}`, "rm -rf victim", false},
		{"a harmless one and rm -rf", `{"commands":["echo hi","rm -rf victim"]}`, "bash -c 'echo hi'\nbash -c 'rm -rf victim'", false},
		{"a cd does not carry over", `{"commands":["cd /tmp","rm -rf x"]}`, "bash -c 'cd /tmp'\nbash -c 'rm -rf x'", false},
		{"commands a string", `{"commands":"rm -rf victim"}`, "rm -rf victim", false},
		{"commands a string beats command", `{"commands":"echo s","command":"rm -rf victim"}`, "echo s", false},
		{"commands invalid, command runs", `{"commands":5,"command":"rm -rf victim"}`, "rm -rf victim", false},
		{"direct run", `{"command":"rm","args":["-rf","victim dir"]}`, "rm -rf 'victim dir'", false},
		{"direct run without args is a script", `{"command":"rm -rf victim"}`, "rm -rf victim", false},
		{"args invalid: command is a script", `{"command":"rm -rf victim","args":5}`, "rm -rf victim", false},
		{"cmd", `{"cmd":"rm -rf victim"}`, "rm -rf victim", false},
		{"bare string", `"rm -rf victim"`, "rm -rf victim", false},
		{"array of strings", `["echo a","rm -rf victim"]`, "bash -c 'echo a'\nbash -c 'rm -rf victim'", false},
		{"array of direct runs", `[{"command":"rm","args":["-rf","v"]},{"command":"echo ok"}]`, "rm -rf v\nbash -c 'echo ok'", false},
		{"mixed items", `{"commands":["echo a",{"command":"rm","args":["-rf","v"]}]}`, "bash -c 'echo a'\nrm -rf v", false},
		{"heredoc joined by Cline", `{"commands":["cat <<EOF > f","rm -rf victim","EOF"]}`, "cat <<EOF > f\nrm -rf victim\nEOF", false},
		{"heredoc never closed: separate", `{"commands":["cat <<EOF > f","rm -rf victim"]}`, "bash -c 'cat <<EOF > f'\nbash -c 'rm -rf victim'", false},
		{"quoted delimiter", `{"commands":["cat <<'X' > f","a"," X ","rm -rf v"]}`, "bash -c 'cat <<'\\''X'\\'' > f\na\n X '\nbash -c 'rm -rf v'", false},
		{"here-string is no heredoc", `{"commands":["cat <<<EOF","rm -rf v","EOF"]}`, "bash -c 'cat <<<EOF'\nbash -c 'rm -rf v'\nbash -c EOF", false},
		{"empty list runs nothing", `{"commands":[]}`, "", false},
		{"wrong element", `{"commands":["echo a",5]}`, "", true},
		{"mixed top-level array", `["echo a",{"command":"rm","args":[]}]`, "", true},
		{"null", `null`, "", true},
		{"number", `5`, "", true},
		{"no known key", `{"Commands":["rm -rf v"]}`, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tool := pre(t, ToolRunCommands, c.input)
			sh, ok := tool.Input.(*hooks.ShellInput)
			if !ok {
				t.Fatalf("input %T", tool.Input)
			}
			if (tool.InputErr != nil) != c.bad {
				t.Errorf("InputErr = %v, want error %v", tool.InputErr, c.bad)
			}
			if !c.bad && sh.Command != c.want {
				t.Errorf("command %q, want %q", sh.Command, c.want)
			}
		})
	}
}

// TestHeredocDelimiter follows Cline's regular expression, backtracking
// included.
func TestHeredocDelimiter(t *testing.T) {
	for in, want := range map[string]string{
		"cat <<EOF": "EOF", "cat <<-EOF": "EOF", `cat << "E O"`: "E O", "cat <<'a'": "a", "cat <<-\"": "-",
		"cat <<<x": "", "cat <<": "", "a<<b<<c": "b", "cat <<\u00a0X": "X", `cat <<""`: "", "cat <<- 'q' x": "q",
	} {
		got, ok := heredocDelimiter(in)
		if got != want || ok != (want != "") {
			t.Errorf("%q: %q %v, want %q", in, got, ok, want)
		}
	}
}

// TestGuardSeesEveryCommand: a guard that denies rm -rf denies a call
// that hides it behind a harmless first command, and the deny replaces
// every command.
func TestGuardSeesEveryCommand(t *testing.T) {
	guard := hooks.Handlers{PreToolUse: func(_ context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
		if ev.Tool.InputErr != nil {
			return hooks.Deny("unreadable: " + ev.Tool.InputErr.Error()), nil
		}
		if sh, ok := ev.Tool.Input.(*hooks.ShellInput); ok && strings.Contains(sh.Command, "rm -rf") {
			return hooks.Deny("no rm -rf"), nil
		}
		return hooks.Response{}, nil
	}}
	for _, in := range []string{`{"commands":["echo hi","rm -rf victim"]}`, `{"commands":5,"command":"rm -rf victim"}`,
		`[{"command":"rm","args":["-rf","v"]}]`, `{"commands":["cat <<EOF","rm -rf v"]}`, `{"commands":["echo a",5]}`} {
		p := []byte(`{` + head + `,"tool_call":{"id":"c1","name":"run_commands","input":` + in + `}}`)
		res := (&hooks.Server{Handlers: guard}).Answer(context.Background(), hooks.Request{Adapter: New(), Payload: p})
		got := string(res.Output.Stdout)
		if res.Err != nil || !strings.Contains(got, `"overrideInput":{"commands":[{"args":["-c",`) || strings.Contains(got, "victim\"") && !strings.Contains(got, "no rm -rf") {
			t.Errorf("%s: %q, %v", in, got, res.Err)
		}
		if v := New().ReadAnswer(EventPreToolUse, res.Output); v.Decision != hooks.DecisionDeny || v.Halt {
			t.Errorf("%s: read as %s", in, v)
		}
	}
}
