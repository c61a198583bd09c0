package qwen_test

import (
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
	"github.com/agenthooks/hooks/qwen"
)

var benchCases = []benchtest.Case{
	{Event: "PreToolUse", Fixture: "pre_tool_use_shell"},
	{Event: "PostToolUse", Fixture: "post_tool_use_shell"},
	{Event: "UserPromptSubmit", Fixture: "user_prompt_submit"},
	{Event: "Stop", Fixture: "stop"},
}

func BenchmarkProcess(b *testing.B) { benchtest.Process(b, qwen.New(), benchCases) }

func BenchmarkServe(b *testing.B) {
	benchtest.Serve(b, qwen.New(), builtin.Adapters(), benchCases)
}

// BenchmarkServeMain is BenchmarkServe in the process mode of hookmain.Run.
func BenchmarkServeMain(b *testing.B) {
	benchtest.ServeMain(b, qwen.New(), builtin.Adapters(), benchCases)
}
