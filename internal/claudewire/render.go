package claudewire

import (
	"encoding/json"
	"io/fs"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/payload"
)

// Render renders the acts a Claude-like host sends alike, from the
// payloads of corpus (templates named "PreToolUse-<tool>", "Stop" and
// "SessionStart"), for a host named title whose tools are t: PreToolUse
// for the shell tool (with the arguments shell), Read, Write and Edit
// (an absolute path under t.Path), Stop and SessionStart. These hosts
// have no patch tool, so a move is refused with a reason. Any other act
// is the host's own: Render returns nothing for it, no reason either.
func Render(t *Tools, corpus fs.FS, title string, s hostfacts.Act, shell json.RawMessage) ([]hostfacts.Payload, string, error) {
	switch s.Kind {
	case hostfacts.ActShell:
		return payload.One(corpus, "PreToolUse-"+t.Shell, "PreToolUse", t.Shell, "tool_input", shell)
	case hostfacts.ActRead:
		return payload.One(corpus, "PreToolUse-"+t.Read, "PreToolUse", t.Read, "tool_input", payload.Object(t.Path, payload.Absolute(s.Path)))
	case hostfacts.ActWrite:
		return payload.One(corpus, "PreToolUse-"+t.Write, "PreToolUse", t.Write,
			"tool_input", payload.Object(t.Path, payload.Absolute(s.Path), "content", s.Content))
	case hostfacts.ActEdit:
		return payload.One(corpus, "PreToolUse-"+t.Edit, "PreToolUse", t.Edit,
			"tool_input", payload.Object(t.Path, payload.Absolute(s.Path), t.Old, s.Old, t.New, s.New))
	case hostfacts.ActMove:
		return nil, title + " has no patch tool (a move is a shell `mv`: use Shell)", nil
	case hostfacts.ActStop:
		return payload.One(corpus, "Stop", "Stop", "", "stop_hook_active", s.Active)
	case hostfacts.ActSessionStart:
		return payload.One(corpus, "SessionStart", "SessionStart", "")
	}
	return nil, "", nil
}
