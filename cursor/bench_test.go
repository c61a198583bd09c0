package cursor_test

import (
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
)

var benchCases = []benchtest.Case{
	{Event: "PreToolUse", Fixture: "preToolUse-shell"},
	{Event: "PostToolUse", Fixture: "postToolUse-shell"},
	{Event: "UserPromptSubmit", Fixture: "beforeSubmitPrompt"},
	{Event: "Stop", Fixture: "stop"},
}

func BenchmarkProcess(b *testing.B) { benchtest.Process(b, cursor.New(), benchCases) }

func BenchmarkServe(b *testing.B) {
	benchtest.Serve(b, cursor.New(), builtin.Adapters(), benchCases)
}

// BenchmarkServeMain is BenchmarkServe in the process mode of hookmain.Run.
func BenchmarkServeMain(b *testing.B) {
	benchtest.ServeMain(b, cursor.New(), builtin.Adapters(), benchCases)
}
