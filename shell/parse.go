package shell

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// A Script is what [Parse] finds in a shell script: every simple command
// it may run and every file it may write.
type Script struct {
	// Commands are the simple commands in source order, nested ones
	// included (see [Command.Via]).
	Commands []*Command
	// Writes are the files the script writes or deletes.
	Writes []Write
	// Texts are the texts of the Writes whose text is known (see
	// [WrittenText]).
	Texts []WrittenText
	// files are the parts of Commands and Writes that script files read
	// through [Parser.Files] hold (see [Script.FromFiles]).
	files []fileSpan
	// asks reports that the walk met a script file Parser.Files would be
	// asked for (see [Script.RunsFiles]).
	asks bool
}

// A Command is one simple command.
type Command struct {
	// Name is the base name of the command, lower-cased, without a
	// ".exe" suffix and without the "g" prefix that Homebrew gives GNU
	// tools on macOS ("/usr/bin/rm", `\rm`, "RM", "grm" and "rm.exe"
	// are all "rm"): macOS and Windows file systems ignore case. It is
	// "" when the name is [Command.Dynamic] (unless only its directory is,
	// see [Command.DynamicDir]) or the command has no words.
	Name string
	// Args are the command's words, Args[0] its name as written after
	// quote removal. Assignments before the name are not in Args.
	Args []Word
	// Dynamic reports that which command runs is known only at run time:
	// its name is a dynamic [Word] ($x, $(…), a glob such as /bin/r?), or
	// it is a script a runner reads from a pipe or a variable.
	Dynamic bool
	// DynamicDir reports that the command's name is a path whose
	// directory is known only at run time but whose base name is static
	// (~/go/bin/gopls, "$(go env GOPATH)"/bin/golangci-lint, "$HOME"/bin/rm):
	// Name is that base name and the command is not [Command.Dynamic].
	// An unquoted expansion in the name ($HOME/bin/rm) may split it into
	// several words, so such a command is Dynamic too, with its Name set.
	DynamicDir bool
	// Known reports that the program is in the tables, so that Effects
	// are all it does to files as far as its options and operands show.
	// A known program whose Effects are all [Reads] only reads.
	Known bool
	// quietOut reports that the command's standard output goes to a
	// file or into commands that show nothing of it (see quietout.go).
	quietOut bool
	// Via names the commands that run this one, outermost first: "bash"
	// for `bash -c '…'`, "sudo" for `sudo rm …`, "$(…)" for a command
	// substitution; nil for a command the script runs itself.
	Via []string
	// Effects are what the command does to files and which foreign code
	// it runs, by the tables of programs this package knows (see
	// [Effect]); for a program not in the tables, its operands that could
	// name a file are [Unknown] effects.
	Effects []Effect
	// parsed are the options as the walk parsed them by parsedBy (rm's,
	// a search program's), which [Command.Flags] and [SearchOf] give
	// again rather than parse them again.
	parsed   *Flags
	parsedBy *Spec
	// inFile is the file redirected into the command's standard input
	// (see [Command.InputFile]); nil when none.
	inFile *Word
	// kinds has a bit for each kind of its Effects (see HasEffect), set
	// when the walk ends.
	kinds uint8
}

// HasEffect reports whether one of c's [Command.Effects] is of kind k:
// one test where a loop over them would find none (a command of a
// script [Parser.Parse] returns).
func (c *Command) HasEffect(k EffectKind) bool {
	return c.kinds&(1<<k) != 0
}

// setKinds sets c.kinds from its effects.
func (c *Command) setKinds() {
	// Every EffectKind has a bit of kinds: a kind past them fails to
	// compile here (a constant overflow), not silently in HasEffect.
	c.kinds = uint8(1<<Unknown) &^ (1 << Unknown)
	for i := range c.Effects {
		c.kinds |= 1 << c.Effects[i].Kind
	}
}

// QuietOut reports that the command's standard output goes to a file or
// into commands that show nothing of it (`zcat x.tgz | tar t`, `cat f >
// out`): what it prints is not shown.
func (c *Command) QuietOut() bool { return c.quietOut }

// InputFile returns the file redirected into the command's standard
// input (`cat < x.tar`, `zcat 0< x.tgz`), relative to where the script
// starts as effects' paths are: a program reads it as it reads a file
// it is given, though package shell records no effect for it (the
// file's name says nothing of what the program does with it). ok is
// false when the input is no file (a pipe, a here-document).
func (c *Command) InputFile() (f Word, ok bool) {
	if c.inFile == nil {
		return Word{}, false
	}
	return *c.inFile, true
}

// Flags parses the command's arguments (Args[1:]) by spec.
func (c *Command) Flags(spec Spec) Flags {
	if len(c.Args) == 0 {
		return Flags{}
	}
	if c.parsedBy != nil && sameSpec(c.parsedBy, &spec) {
		return *c.parsed
	}
	return spec.Parse(c.Args[1:])
}

// sameSpec reports whether a and b are one spec: the same short letters
// and permutation, and the same array of long names (a spec of this
// package's, passed by value).
func sameSpec(a, b *Spec) bool {
	return a.Short == b.Short && a.Permute == b.Permute && len(a.Long) == len(b.Long) &&
		(len(a.Long) == 0 || &a.Long[0] == &b.Long[0])
}

// String returns the command's words joined by spaces.
func (c *Command) String() string {
	var b strings.Builder
	for i, a := range c.Args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Value)
	}
	return b.String()
}

// ErrTooDeep is what a [LimitError] for the limit "nested" also matches:
// scripts that run scripts more than MaxNested deep (16 by default).
var ErrTooDeep = errors.New("shell: scripts nested too deep")

// ErrHashDelim is the error of a script with a here-document whose
// delimiter has a # right after a quote (cat <<'E'#): bash reads the #
// as part of the delimiter, the syntax parser as the start of a comment,
// so the two end the here-document on different lines, and a command
// bash runs after it could be read as text.
var ErrHashDelim = errors.New("shell: a here-document delimiter with # after a quote, which bash and the parser read apart")

var parsers = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash))
}}

// defaultParser is the [Parser] of [Parse].
var defaultParser Parser

// Parse parses the bash script src and returns the commands it runs and
// the files it writes, nested scripts included. A script that does not
// parse, or that runs a nested script that does not parse, is an error:
// bash runs a script line by line, so the lines before a syntax error
// would still run. Parse is [Parser.Parse] with the default limits and
// no deadline.
func Parse(src string) (*Script, error) {
	return defaultParser.Parse(context.Background(), src)
}

// walker gathers the commands and writes of a script and the scripts it
// nests.
type walker struct {
	out      *Script
	src      string // source of the script being walked
	top      string // source of the script Parse was given
	depth    int    // how deep scripts nest (bash -c, eval, …)
	level    int    // how deep the walk is in the syntax of all scripts
	reparsed int    // bytes of nested scripts parsed
	expanded int    // words made by brace expansion
	err      error
	ctx      context.Context
	ticks    int     // calls of live (see ctxEvery)
	lim      *Parser // the limits, defaults filled in
	scriptIn stdin   // the standard input of the next nested script
	noFast   bool    // always use the syntax parser (for tests)
	// rd gives the parser the script being walked by walkMixed (nil
	// outside it): the offsets of its nodes are moved by the lines the
	// fast reader read (see lineReader.srcOffset).
	rd     *lineReader
	inFunc map[*syntax.Stmt]bool
	// scanning counts the commands being walked because an unknown
	// program's words named them (see unknownEffects).
	scanning int
	// runDepth counts the calls of run in progress: wrapper hops and
	// nested scripts, bounded by 2×MaxNested.
	runDepth int
	// sink reports that the standard output of the statement being
	// walked is quiet (see quietout.go), for the commands it runs itself,
	// whose via has sinkVia names (not those of a wrapper, eval or $(…)).
	sink    bool
	sinkVia int
	// nEffects counts the effects recorded, against maxEffects.
	nEffects int
	// copied counts the entries of scope maps copied, against maxCopied.
	copied int
	// mem holds the commands, words and effects of the walk.
	mem arena
	// cleanDirs remembers which directories effects are joined to are
	// clean (see joinDirIn).
	cleanDirs cleanDirs
	// topVia are the via slices of programs the script runs at its top
	// level (see viaOf).
	topVia [4][]string
	// viaRoom holds the names of the first topVia slices, so that a
	// script's first few do not allocate.
	viaRoom [4]string
	nVia    int
	// disabled reports that the script disables a builtin that changes
	// the directory (enable -n cd), or one whose name is known only at
	// run time: see shadowed.
	disabled bool
	// startup are the values the script gave BASH_ENV or ENV, other than
	// as a shell's prefix (see startupVar).
	startup []Word
	// prefixEnv are the static values given to BASH_ENV or ENV as the
	// prefix of the commands being walked (BASH_ENV=s.sh make): every
	// shell they run reads them.
	prefixEnv []Word
	// nodeOpts are the values the script gave NODE_OPTIONS (see
	// nodeOptions).
	nodeOpts []Word
	// goFlagVals are the values the script gave GOFLAGS (GOENV's as a
	// dynamic word): see goFlagsVar.
	goFlagVals []Word
	// moves holds the bodies of functions that change the directory:
	// each call walks the body again in the caller's shell (see
	// callArgs), and a call inside the body itself leaves the shell where
	// only run time knows.
	moves map[*syntax.Stmt]bool
	// parsed holds the project files read through Files, parsed, by
	// kind and path (a package.json's scripts, a justfile, …), and makes
	// the makefiles read, by path: a script that runs npm test a hundred
	// times parses a 1 MiB package.json once (see fileMemo).
	parsed map[string]any
	makes  map[string]*makeRead
	// funcAt holds, for each function body, the directories the shell
	// may have been in where it was defined (and walked): a call from
	// elsewhere walks it again there.
	funcAt map[*syntax.Stmt]dirAt
	// funcWalked holds the function bodies walked again for a call, and
	// from where, so that each is walked once from each place.
	funcWalked map[funcKey]bool
	// loopVals are the variables of the for loops being walked, each
	// bound to the item walked (see loopItems).
	loopVals map[string]Word
	// loopWalked counts the text of loop bodies walked again (see
	// loopItems), against maxLoopRewalk.
	loopWalked int
	// box is the container whose command is being walked, nil outside
	// one (see containerRun): the paths of its effects are mapped to
	// this machine's.
	box *box
	// shadowPrint is whether the script may run something other than
	// the builtins echo and printf by their names (see substOut): 0 not
	// yet read, 1 no, 2 yes.
	shadowPrint int8
	// procs are the process substitutions among the words of the
	// command being run (<(…) and --arg-file=<(…)): xargs -a reads the
	// names their statements print (see argFileNames).
	procs []*syntax.ProcSubst
	// shellAt is the scope of the shell whose simple command is being
	// walked (nil outside one): its directory is what $PWD expands to
	// in the command's words (see pwdPath); pwdSet is whether the
	// script may set PWD itself: 0 not yet read, 1 no, 2 yes.
	shellAt *scope
	pwdSet  int8
	// pytestEnv is whether the script names PYTEST_ADDOPTS other than
	// as pytestMentions follows (see pytestOptions): 0 not yet read, 1
	// no, 2 yes.
	pytestEnv int8
	// parArgs are the words of parallel's ::: groups that parallelInput
	// puts in its command, when one is known only at run time (see
	// parallelDynamic); nil for its input's names.
	parArgs []Word
	// pytestOpts are the values the script gave PYTEST_ADDOPTS (see
	// pytestOptsVar); pytestRead counts the bytes of them pytestOptions
	// has split, for all the pytest commands of the walk (see
	// maxPytestRead).
	pytestOpts []Word
	pytestRead int
	// textBytes counts the text of Script.Texts (see writtenText).
	textBytes int
}

// scope is the state of one shell that writes depend on: the directory
// a static cd moved to, relative to where the script started.
type scope struct {
	dir Word
	// alt is the other directory the shell may be in, when a cd that
	// may have failed came before (see cdAlt); nil when there is one.
	alt *Word
	// fds are the descriptors that exec redirected for the commands
	// after it ("0" is the standard input); funcs are the functions
	// defined so far. Both are copied before a change, since copies of a
	// scope share them.
	fds   map[string]stdin
	funcs map[string]*syntax.Stmt
	// aliases are the aliases defined so far (alias NAME=VALUE, and
	// hash -p PATH NAME as the value PATH); a dynamic value is "\x00".
	aliases map[string]string
	// vars are the variables the shell set to a value not known
	// statically (see arith.go).
	vars map[string]bool
	// ints are the variables declared with -i: what is assigned to them
	// is arithmetic.
	ints map[string]bool
}

// withAlias returns a copy of m with name set to value.
func (w *walker) withAlias(m map[string]string, name, value string) map[string]string {
	w.copying(len(m) + 1)
	c := make(map[string]string, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	c[name] = value
	return c
}

// script parses src and walks it in scope sc, with via naming the
// commands that run it.
func (w *walker) script(src string, sc *scope, via []string) error {
	if !w.live() {
		return w.err
	}
	if w.depth > 0 {
		if w.depth >= w.lim.MaxNested {
			return &LimitError{Limit: "nested", Max: w.lim.MaxNested}
		}
		w.reparsed += len(src)
		if w.reparsed > w.lim.MaxReparsed {
			return &LimitError{Limit: "reparsed", Max: w.lim.MaxReparsed}
		}
	}
	if !w.noFast {
		if cmds, ok := simpleIn(src, w.lim.MaxCommands, &w.mem, nil); ok {
			// Simple commands only: read as the parser would, without
			// paying for it (its first use in a process costs the most).
			saved, rd := w.src, w.rd
			w.src, w.rd = src, nil
			w.depth++
			in := w.scriptIn
			w.scriptIn = stdin{}
			w.walkSimpleIn(cmds, sc, via, in)
			w.depth--
			w.src, w.rd = saved, rd
			return w.err
		}
	}
	// The nesting is scanned as the parser reads (see walkMixed), and
	// to the end once it is done.
	nx := newNestScanner(src, w.lim.MaxDepth)
	subst := substitutions(src)
	if subst > maxSubst || strings.Count(src, ">")+strings.Count(src, "<") > maxEffects {
		// Past a bound, or maybe past that of redirections: the whole
		// script is scanned first, so that one past a bound of the
		// nesting is refused before the parser reads any of it (and
		// that bound reported first).
		if nx.scanTo(len(src)); !w.nestOK(nx) {
			return w.err
		}
	}
	if subst > maxSubst {
		return &LimitError{Limit: "substitutions", Max: maxSubst}
	}
	saved := w.src
	w.depth++
	in := w.scriptIn
	w.scriptIn = stdin{}
	err := w.walkMixed(src, sc, via, in, nx)
	w.depth--
	w.src = saved
	if w.err == nil {
		nx.scanTo(len(src))
		w.nestOK(nx)
	}
	if w.err != nil {
		return w.err
	}
	if err != nil {
		if len(via) > 0 {
			return fmt.Errorf("shell: script run by %s: %w", strings.Join(via, " "), err)
		}
		return fmt.Errorf("shell: %w", err)
	}
	return nil
}

// nestOK reports whether the nesting scanned so far is within the
// bounds: depth (the parser recurses once a level) and redirection
// operators (each a write: past the bound before the parser spends 350
// bytes on each). Past one, the walk fails with a LimitError.
func (w *walker) nestOK(nx *nestScanner) bool {
	switch {
	case nx.s.deepest > w.lim.MaxDepth:
		w.fail(&LimitError{Limit: "depth", Max: w.lim.MaxDepth})
	case nx.s.redirs > maxEffects:
		w.fail(&LimitError{Limit: "effects", Max: maxEffects})
	case nx.s.hashDelim:
		w.fail(ErrHashDelim)
	default:
		return true
	}
	return false
}
