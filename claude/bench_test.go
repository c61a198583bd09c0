package claude_test

import (
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
)

var benchCases = []benchtest.Case{
	{Event: "PreToolUse", Fixture: "PreToolUse-Bash"},
	{Event: "PostToolUse", Fixture: "PostToolUse-Bash"},
	{Event: "UserPromptSubmit", Fixture: "UserPromptSubmit"},
	{Event: "Stop", Fixture: "Stop"},
}

func BenchmarkProcess(b *testing.B) { benchtest.Process(b, claude.New(), benchCases) }

func BenchmarkServe(b *testing.B) {
	benchtest.Serve(b, claude.New(), builtin.Adapters(), benchCases)
}

// BenchmarkServeMain is BenchmarkServe in the process mode of hookmain.Run.
func BenchmarkServeMain(b *testing.B) {
	benchtest.ServeMain(b, claude.New(), builtin.Adapters(), benchCases)
}
