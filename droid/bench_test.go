package droid_test

import (
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/droid"
	"github.com/agenthooks/hooks/internal/testonly/benchtest"
)

var benchCases = []benchtest.Case{
	{Event: "PreToolUse", Fixture: "pre_tool_use_execute"},
	{Event: "PostToolUse", Fixture: "post_tool_use_execute"},
	{Event: "Stop", Fixture: "stop"},
}

func BenchmarkProcess(b *testing.B) { benchtest.Process(b, droid.New(), benchCases) }

func BenchmarkServe(b *testing.B) {
	benchtest.Serve(b, droid.New(), builtin.Adapters(), benchCases)
}

// BenchmarkServeMain is BenchmarkServe in the process mode of hookmain.Run.
func BenchmarkServeMain(b *testing.B) {
	benchtest.ServeMain(b, droid.New(), builtin.Adapters(), benchCases)
}
