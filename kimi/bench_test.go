package kimi_test

import (
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
	"github.com/agenthooks/hooks/kimi"
)

var benchCases = []benchtest.Case{
	{Event: "PreToolUse", Fixture: "pre_tool_use_bash"},
	{Event: "UserPromptSubmit", Fixture: "user_prompt_submit"},
	{Event: "Stop", Fixture: "stop"},
}

func BenchmarkProcess(b *testing.B) { benchtest.Process(b, kimi.New(), benchCases) }

func BenchmarkServe(b *testing.B) {
	benchtest.Serve(b, kimi.New(), builtin.Adapters(), benchCases)
}

// BenchmarkServeMain is BenchmarkServe in the process mode of hookmain.Run.
func BenchmarkServeMain(b *testing.B) {
	benchtest.ServeMain(b, kimi.New(), builtin.Adapters(), benchCases)
}
