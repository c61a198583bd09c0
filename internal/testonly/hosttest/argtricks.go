package hosttest

import (
	"testing"

	"github.com/agenthooks/hooks"
)

// ArgTrick is one tool call whose arguments a model could write to get
// past a policy: a case variant or a duplicate of a key, a value of the
// wrong type, arguments that are not an object.
type ArgTrick struct {
	Name, Tool, Args string
	// Want is what the typed input must show: a shell command, or a
	// file's path.
	Want string
	// InputErr is whether Tool.InputErr must be set.
	InputErr bool
}

// ArgTricks checks that a parses each trick, sent as payload(tool, args)
// renders it, into a typed input that shows what the host's tool receives
// (Want), with Tool.InputErr exactly when InputErr: what cannot be read is
// an InputErr, never a failed parse.
func ArgTricks(t *testing.T, a hooks.Adapter, payload func(tool, args string) string, tricks []ArgTrick) {
	t.Helper()
	for _, c := range tricks {
		t.Run(c.Name, func(t *testing.T) {
			p := payload(c.Tool, c.Args)
			ev, err := a.Parse([]byte(p))
			if err != nil {
				t.Fatalf("%s: parse failed (the event must still reach the handler): %v", p, err)
			}
			tool := hooks.ToolOf(ev)
			if (tool.InputErr != nil) != c.InputErr {
				t.Errorf("%s: InputErr = %v, want error %v", p, tool.InputErr, c.InputErr)
			}
			var got string
			switch in := tool.Input.(type) {
			case *hooks.ShellInput:
				got = in.Command
			case *hooks.WriteInput:
				got = in.Path
			case *hooks.EditInput:
				got = in.Path
			case *hooks.ReadInput:
				got = in.Path
			}
			if got != c.Want {
				t.Errorf("%s: typed input shows %q, want %q", p, got, c.Want)
			}
		})
	}
}
