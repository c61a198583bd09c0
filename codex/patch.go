package codex

import (
	"errors"
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/applypatch"
)

// PatchError is a patch that Codex's parser would refuse.
type PatchError struct {
	// Line is the 1-based line of the (trimmed) patch text, 0 for the
	// patch as a whole.
	Line int
	Msg  string
}

func (e *PatchError) Error() string {
	if e.Line == 0 {
		return "codex: invalid patch: " + e.Msg
	}
	return fmt.Sprintf("codex: invalid patch: line %d: %s", e.Line, e.Msg)
}

// ParsePatch parses the text of an apply_patch call, as Codex's own parser
// does (lenient mode):
//
//	*** Begin Patch
//	*** Add File: path        then lines "+text" (the new file)
//	*** Delete File: path
//	*** Update File: path     then optionally "*** Move to: new/path",
//	                          then hunks: "@@" or "@@ context" headers
//	                          (optional before the first), lines " text",
//	                          "-old", "+new", "" and "*** End of File"
//	*** End Patch
//
// Like Codex it trims the text, accepts CRLF line ends, whitespace around
// the markers and header lines, and a patch wrapped in a <<EOF … EOF
// heredoc. Paths are returned exactly as written (relative to the session
// cwd unless absolute). For an add, FileChange.Body is the new content
// (without the "+"); for an update, the hunk lines as written.
//
// When the text is not a valid patch, ParsePatch returns a *PatchError and,
// still, one FileChange (Op and Path only) for every header line it finds
// anywhere in the text, so that a path policy sees every file the text
// names even if Codex's grammar and this one drift apart. Codex refuses to
// apply a patch its parser rejects.
func ParsePatch(text string) ([]hooks.FileChange, error) {
	files, err := applypatch.Parse(text)
	var pe *applypatch.Error
	if errors.As(err, &pe) {
		return files, &PatchError{Line: pe.Line, Msg: pe.Msg}
	}
	return files, err
}
