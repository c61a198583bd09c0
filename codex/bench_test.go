package codex_test

import (
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
)

var benchCases = []benchtest.Case{
	{Event: "PreToolUse", Fixture: "PreToolUse-Bash"},
	{Event: "PostToolUse", Fixture: "PostToolUse-Bash"},
	{Event: "UserPromptSubmit", Fixture: "UserPromptSubmit"},
	{Event: "Stop", Fixture: "Stop"},
}

func BenchmarkProcess(b *testing.B) { benchtest.Process(b, codex.New(), benchCases) }

func BenchmarkServe(b *testing.B) {
	benchtest.Serve(b, codex.New(), builtin.Adapters(), benchCases)
}

// BenchmarkServeMain is BenchmarkServe in the process mode of hookmain.Run.
func BenchmarkServeMain(b *testing.B) {
	benchtest.ServeMain(b, codex.New(), builtin.Adapters(), benchCases)
}
