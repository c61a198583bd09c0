package opencode

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/shim"
)

// ReadAnswer implements hostfacts.AnswerReader: what plugin.js does with
// a hook's answer (written from the plugin's code, not the serializer's).
// On the tool callbacks: exit 2 blocks with stderr (or "Blocked by hook");
// exit 0 with nothing is no opinion; exit 0 with one JSON object acts on
// decision "block" (a deny with its reason), args (the new arguments, on
// tool.execute.before) and context (appended to the output, on
// tool.execute.after); anything else blocks with the plugin's own text.
// On session events nothing the hook answers has an effect.
func (*Adapter) ReadAnswer(native string, out hooks.Output) hostfacts.Reading {
	return shim.Read(&shimHost, native, out)
}
