package shell

import (
	"context"
	"errors"
	"fmt"
)

// A Parser parses scripts within limits, so that no input costs more
// than a bounded amount of time and memory. The zero Parser uses the
// default limits; a zero field takes its default.
type Parser struct {
	// MaxBytes bounds the length of the script (default 1 MiB).
	MaxBytes int
	// MaxDepth bounds how deep the syntax nests: substitutions, groups,
	// subshells, compound commands (default 200).
	MaxDepth int
	// MaxNested bounds how deep scripts run scripts: bash -c, eval,
	// here-documents fed to a shell, … (default 16).
	MaxNested int
	// MaxReparsed bounds the total bytes of nested scripts parsed
	// (default 4 MiB).
	MaxReparsed int
	// MaxCommands bounds the number of simple commands reported
	// (default 10,000).
	MaxCommands int
}

// ErrLimit is what a [LimitError] matches with errors.Is: the script is
// past one of the [Parser]'s limits, so it cannot be checked.
var ErrLimit = errors.New("shell: script cannot be checked: past a limit")

// A LimitError reports the limit of a [Parser] that a script is past.
type LimitError struct {
	// Limit names the limit: "bytes", "depth", "nested", "reparsed",
	// "commands" or "effects" (more than 10,000 effects: files named by
	// the commands' words, see [Command.Effects]).
	Limit string
	// Max is the limit's value.
	Max int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("shell: script cannot be checked: more than %d %s", e.Max, e.Limit)
}

// Is reports whether target is [ErrLimit].
func (e *LimitError) Is(target error) bool { return target == ErrLimit }

// Parse is [Parse] within p's limits; it stops with ctx's error when ctx
// is done first.
func (p *Parser) Parse(ctx context.Context, src string) (*Script, error) {
	_ = ctx // TODO(limits): enforce
	return Parse(src)
}
