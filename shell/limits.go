package shell

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// A Parser parses scripts within limits, so that no input costs more
// than a bounded amount of time and memory. The zero Parser uses the
// default limits; a zero field takes its default.
type Parser struct {
	// MaxBytes bounds the length of the script (default 256 KiB).
	MaxBytes int
	// MaxDepth bounds how deep the syntax nests: substitutions, groups,
	// subshells, compound commands (default 200).
	MaxDepth int
	// MaxNested bounds how deep scripts run scripts: bash -c, eval,
	// here-documents fed to a shell, … (default 16). A command reached
	// through more than 2×MaxNested hops of wrappers and nested scripts
	// (sudo sudo … rm) is also past it.
	MaxNested int
	// MaxReparsed bounds the total bytes of nested scripts parsed
	// (default 256 KiB).
	MaxReparsed int
	// MaxCommands bounds the number of simple commands reported
	// (default 10,000).
	MaxCommands int
	// Files, when set, reads a script file the command runs from disk,
	// so that its commands are walked too, as a nested script with
	// [Command.ScriptFile] naming the file: a shell's script operand
	// (bash x.sh), source and ., BASH_ENV, at -f, and a program run by
	// its path (./x.sh) whose file is a shell script (one of another
	// language is then a [RunsCode] effect of it), and the package.json
	// scripts npm, pnpm, yarn and bun run (npm test: pretest, test and
	// posttest, each a script file "package.json"), and the recipes make
	// runs from a makefile (GNUmakefile, makefile, Makefile or -f FILE:
	// the goals' and their prerequisites', each line a nested script),
	// and the commands of the other task runners: just's recipes
	// (justfile), deno task's (deno.json, deno.jsonc), composer's scripts
	// (composer.json) and go-task's (Taskfile.yml). It is called with the
	// path as [Effect.Path] gives it (relative to where the script
	// starts, or absolute) and returns the file's text, or false when
	// there is none to read (missing, not a regular file, too large): the
	// file is then not read, as without Files. Its text counts against
	// MaxReparsed and MaxNested as any nested script's.
	Files func(path string) (text string, ok bool)
	// Resolve, when set, gives the path that a script file's path known
	// only at run time names, when the caller knows it as well as the
	// shell would (. "$HOME/.cargo/env": the caller's home folder, for a
	// script that does not set HOME), or false: the file is then read
	// (through Files) as a static path's, rather than a command known
	// only at run time.
	Resolve func(p Word) (path string, ok bool)
}

// ErrLimit is what a [LimitError] matches with errors.Is: the script is
// past one of the [Parser]'s limits, so it cannot be checked.
var ErrLimit = errors.New("shell: script cannot be checked: past a limit")

// A LimitError reports the limit of a [Parser] that a script is past.
type LimitError struct {
	// Limit names the limit: "bytes", "depth", "nested", "reparsed",
	// "commands", "git options" (more than 1,024 words of git's own
	// options before its subcommand), "effects" (more than 10,000 effects: files named by
	// the commands' words, see [Command.Effects]; redirections count
	// too), "state" (the shell's aliases, functions and variables copied
	// more than 262,144 times: hundreds of definitions in one shell) or
	// "path" (a chain of cd commands leading to a directory longer than
	// 1,024 bytes). A syntax tree more than 2,000 levels deep (a chain of
	// 2,000 operators in one arithmetic expression) is past "depth".
	Limit string
	// Max is the limit's value.
	Max int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("shell: script cannot be checked: more than %d %s", e.Max, e.Limit)
}

// Is reports whether target is [ErrLimit], or [ErrTooDeep] for the
// limit "nested".
func (e *LimitError) Is(target error) bool {
	return target == ErrLimit || target == ErrTooDeep && e.Limit == "nested"
}

// The default limits of a [Parser].
//
// DefaultMaxBytes is 256 KiB, not more, because the syntax parser's own
// cost on dense input is about 100 bytes of allocation per input byte
// before this package sees a node (an array of words, a list of
// substitutions, brace lists): at 1 MiB such a script took 35 to 105 MB
// and up to a second; at 256 KiB every shape in BenchmarkWorst stays
// under 30 MB. A longer command is answered at once with a
// [*LimitError]: no command a person or a model means to run is that
// long, so refusing it costs nothing but an attack.
const (
	DefaultMaxBytes    = 256 << 10
	DefaultMaxDepth    = 200
	DefaultMaxNested   = 16
	DefaultMaxReparsed = 256 << 10
	DefaultMaxCommands = 10000
)

// limits returns p's limits with the defaults filled in.
func (p *Parser) limits() Parser {
	l := *p
	set := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	set(&l.MaxBytes, DefaultMaxBytes)
	set(&l.MaxDepth, DefaultMaxDepth)
	set(&l.MaxNested, DefaultMaxNested)
	set(&l.MaxReparsed, DefaultMaxReparsed)
	set(&l.MaxCommands, DefaultMaxCommands)
	return l
}

// Parse is [Parse] within p's limits. A script past one of them is a
// [*LimitError] (errors.Is(err, ErrLimit)); when ctx is done first, Parse
// stops and returns an error that wraps ctx.Err(). It checks ctx as it
// walks, once every few dozen statements and nested scripts.
//
// The cost is linear in the input: nesting is bounded before the syntax
// parser runs (by a linear scan that over-counts it), nested scripts are
// parsed at most MaxNested deep and MaxReparsed bytes in all, and the
// walk stops at MaxCommands commands.
func (p *Parser) Parse(ctx context.Context, src string) (*Script, error) {
	l := p.limits()
	if len(src) > l.MaxBytes {
		return nil, &LimitError{Limit: "bytes", Max: l.MaxBytes}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("shell: %w", err)
	}
	// One allocation for what every parse needs, with room for the
	// commands and writes of an everyday script of a few lines.
	st := &struct {
		w      walker
		out    Script
		sc     scope
		lim    Parser
		cmds   [16]*Command
		writes [8]Write
	}{lim: l}
	w := &st.w
	st.out.Commands, st.out.Writes = st.cmds[:0], st.writes[:0]
	w.out, w.ctx, w.lim, w.top = &st.out, ctx, &st.lim, src
	w.mem.sizeFor(len(src))
	room := scratchRooms.Get().(*simpleScratch)
	w.mem.scratch = *room
	w.fail(w.script(src, &st.sc, nil))
	room.keep(w.mem.scratch)
	w.mem.scratch = simpleScratch{}
	scratchRooms.Put(room)
	if w.err != nil {
		return nil, w.err
	}
	for _, c := range w.out.Commands {
		c.setKinds() // their effects are whole
	}
	if len(w.out.Writes) == 0 {
		w.out.Writes = nil // none, as before the room above
	}
	return w.out, nil
}

// fail records the first error of the walk.
func (w *walker) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// live reports whether the walk goes on: no error yet, and ctx not done.
// ctx is asked once every ctxEvery calls (a call through an interface,
// which may take a lock, for each command cost more than the command's
// walk of some); between two, the walk does a bounded amount of work.
func (w *walker) live() bool {
	if w.err != nil {
		return false
	}
	w.ticks++
	return w.ticks%ctxEvery != 0 || w.ctxLive()
}

// ctxEvery is how many calls of live ask ctx once.
const ctxEvery = 32

// ctxLive is live's test of ctx.
func (w *walker) ctxLive() bool {
	if w.ctx != nil {
		if err := w.ctx.Err(); err != nil {
			w.err = fmt.Errorf("shell: %w", err)
			return false
		}
	}
	return true
}

// add appends c to the commands found, within MaxCommands.
func (w *walker) add(c *Command) bool {
	if len(w.out.Commands) >= w.lim.MaxCommands {
		w.fail(&LimitError{Limit: "commands", Max: w.lim.MaxCommands})
		return false
	}
	w.out.Commands = append(roomFor(w.out.Commands, len(w.top)/20), c)
	return true
}

// roomFor returns s with room for one more: when it is full, room for
// about est in all (a script's length tells how many commands and writes
// it has: about one each 20 and 40 bytes of an everyday one), so that a
// long script's are not moved at each doubling.
func roomFor[T any](s []T, est int) []T {
	if len(s) == cap(s) && est > 2*cap(s) {
		return slices.Grow(s, est-len(s))
	}
	return s
}
