package copilot

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/verdict"
)

// CheckAnswer implements hostfacts.AnswerChecker: Copilot CLI reads Claude Code's
// answers, one JSON object on exit 0, or exit 2 with the reason on stderr.
func (*Adapter) CheckAnswer(native string, out hooks.Output, failClosed bool) (hostfacts.Verdict, string) {
	return verdict.ClaudeLike(string(Host), out)
}
