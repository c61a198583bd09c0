package gemini_test

import (
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/gemini"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
)

var benchCases = []benchtest.Case{
	{Event: "PreToolUse", Fixture: "before_tool_shell"},
	{Event: "PostToolUse", Fixture: "after_tool_shell"},
	{Event: "UserPromptSubmit", Fixture: "before_agent"},
	{Event: "Stop", Fixture: "after_agent"},
}

func BenchmarkProcess(b *testing.B) { benchtest.Process(b, gemini.New(), benchCases) }

func BenchmarkServe(b *testing.B) {
	benchtest.Serve(b, gemini.New(), builtin.Adapters(), benchCases)
}

// BenchmarkServeMain is BenchmarkServe in the process mode of hookmain.Run.
func BenchmarkServeMain(b *testing.B) {
	benchtest.ServeMain(b, gemini.New(), builtin.Adapters(), benchCases)
}
