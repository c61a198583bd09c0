package copilot_test

import (
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/copilot"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
)

var benchCases = []benchtest.Case{
	{Event: "PreToolUse", Fixture: "camel_preToolUse_bash"},
	{Event: "PostToolUse", Fixture: "camel_postToolUse_bash"},
	{Event: "UserPromptSubmit", Fixture: "camel_userPromptSubmitted"},
	{Event: "Stop", Fixture: "camel_agentStop"},
}

func BenchmarkProcess(b *testing.B) { benchtest.Process(b, copilot.New(), benchCases) }

func BenchmarkServe(b *testing.B) {
	benchtest.Serve(b, copilot.New(), builtin.Adapters(), benchCases)
}

// BenchmarkServeMain is BenchmarkServe in the process mode of hookmain.Run.
func BenchmarkServeMain(b *testing.B) {
	benchtest.ServeMain(b, copilot.New(), builtin.Adapters(), benchCases)
}
