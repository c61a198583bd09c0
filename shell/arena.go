package shell

// arena hands out the small slices and commands of one walk from shared
// blocks, so that a script of many commands takes a few allocations
// instead of several per command. Every slice it returns has its
// capacity capped (s[i:i:j]), so an append past it moves to a new array
// and never writes into another command's part of a block.
type arena struct {
	cmds  []Command
	words []Word
	opts  []Option
	fx    []Effect
	scs   []scope
	runs  []codeRun
	flags []Flags
	files []fileRedir
	// kept reports that a command's options were kept (keepFlags): the
	// room they take in opts is not used again.
	kept bool
	// scratch is simpleIn's room, used again for each line.
	scratch simpleScratch
	// fxOwner is the command whose effects end the current block, at
	// fxStart.
	fxOwner *Command
	fxStart int
	// first is the size of a first block, at least arenaFirst: larger
	// for a longer script (see sizeFor), so that one of a few dozen
	// commands does not take its blocks in many doublings; firstCmds,
	// firstMany and firstFew are the first blocks' sizes of commands, of
	// effects and words, and of options and scopes.
	first, firstCmds, firstMany, firstFew int
}

// sizeFor sets the first blocks' sizes for a script of n bytes, within
// arenaFirst and arenaMax: about a command each 20 bytes, an effect or a
// word each 16 (an everyday script has about a command each 22, an
// effect each 17 and a word each 10), an option or a scope each 256
// (few commands are given options the walk keeps, few lines copy a
// scope), a code run each 64.
func (a *arena) sizeFor(n int) {
	a.first = min(max(n/64, arenaFirst), arenaMax)
	a.firstFew = min(max(n/256, arenaFirst), arenaMax)
	a.firstCmds = min(max(n/20, arenaFirst), arenaMax)
	a.firstMany = min(max(n/16, arenaFirst), arenaMax)
}

// arenaFirst and arenaMax bound how many commands, words or effects one
// block holds: the first block is small, so that a one-line command pays
// little, and each next one twice the last, up to arenaMax.
const (
	arenaFirst = 4
	arenaMax   = 64
)

// grow returns the size of the block after one of capacity c, first
// the size of a first block.
func grow(c, first int) int {
	return min(max(2*c, arenaFirst, first), arenaMax)
}

// command returns a new zero Command.
func (a *arena) command() *Command {
	if len(a.cmds) == cap(a.cmds) {
		a.cmds = make([]Command, 0, grow(cap(a.cmds), a.firstCmds))
	}
	a.cmds = a.cmds[:len(a.cmds)+1]
	return &a.cmds[len(a.cmds)-1]
}

// wordSlice returns an empty slice of Words with room for n; a nil
// arena takes it from the heap.
func (a *arena) wordSlice(n int) []Word {
	if a == nil || n > arenaMax/4 {
		return make([]Word, 0, n)
	}
	return carve(&a.words, n, a.firstMany)
}

// word returns a pointer to a copy of v, kept in the arena (a nil arena:
// on the heap).
func (a *arena) word(v Word) *Word {
	ws := a.wordSlice(1)
	ws = append(ws, v)
	return &ws[0]
}

// fileRedir adds f to files, the redirections of one command: the first
// in room for one from the arena (a nil arena: the heap).
func (a *arena) fileRedir(files []fileRedir, f fileRedir) []fileRedir {
	if files == nil && a != nil {
		files = carve(&a.files, 1, a.firstFew)
	}
	return append(files, f)
}

// options returns an empty slice of Options with room for n; a nil
// arena takes it from the heap.
func (a *arena) options(n int) []Option {
	if a == nil || n > arenaMax/4 {
		return make([]Option, 0, n)
	}
	return carve(&a.opts, n, a.firstFew)
}

// codeRun returns a new codeRun of lang and code.
func (a *arena) codeRun(lang string, code Word) *codeRun {
	if len(a.runs) == cap(a.runs) {
		a.runs = make([]codeRun, 0, grow(cap(a.runs), a.first))
	}
	a.runs = append(a.runs, codeRun{lang: lang, code: code})
	return &a.runs[len(a.runs)-1]
}

// optsBlock returns the block options are carved from (nil for none).
func (a *arena) optsBlock() *Option {
	if cap(a.opts) == 0 {
		return nil
	}
	return &a.opts[:1][0]
}

// scopeBlock returns the block scopes are copied into (nil for none).
func (a *arena) scopeBlock() *scope {
	if cap(a.scs) == 0 {
		return nil
	}
	return &a.scs[:1][0]
}

// scope returns a new copy of s.
func (a *arena) scope(s *scope) *scope {
	if len(a.scs) == cap(a.scs) {
		a.scs = make([]scope, 0, grow(cap(a.scs), a.firstFew))
	}
	a.scs = append(a.scs, *s)
	return &a.scs[len(a.scs)-1]
}

// addEffect appends e to c.Effects. The effects of the command that
// took the last slots of the current block grow in place; any other
// command's are moved to the block's end first, so a command's effects
// stay one contiguous slice and no slot is wasted.
func (a *arena) addEffect(c *Command, e Effect) {
	n := len(c.Effects)
	owned := a.fxOwner == c && n == len(a.fx)-a.fxStart && (n == 0 || &c.Effects[0] == &a.fx[a.fxStart])
	if !owned || len(a.fx) == cap(a.fx) {
		if cap(a.fx)-len(a.fx) < n+1 {
			if n+1 > arenaMax/4 {
				c.Effects = append(c.Effects, e)
				a.fxOwner = nil
				return
			}
			a.fx = make([]Effect, 0, max(grow(cap(a.fx), a.firstMany), n+1))
		}
		a.fxStart = len(a.fx)
		if n > 0 { // a command's first effect: no copy to call
			a.fx = append(a.fx, c.Effects...)
		}
		a.fxOwner = c
	}
	a.fx = append(a.fx, e)
	c.Effects = a.fx[a.fxStart:len(a.fx):len(a.fx)]
}

// flags is w.flags(c, s) with its slices from the walk's arena.
func (w *walker) flags(c *Command, s Spec) Flags {
	if len(c.Args) == 0 {
		return Flags{}
	}
	return s.parse(c.Args[1:], &w.mem)
}

// keepFlags keeps f, c's options parsed by spec, with c (see
// [Command.Flags]).
func (w *walker) keepFlags(c *Command, spec *Spec, f Flags) {
	k := carve(&w.mem.flags, 1, w.mem.firstFew)
	k = append(k, f)
	c.parsed, c.parsedBy = &k[0], spec
	w.mem.kept = true
}

// carve returns an empty slice with room for n from the end of block,
// capacity-capped so that an append never reaches the next one's part; a
// block without room is replaced by a larger one (first: the size of a
// first block).
func carve[T any](block *[]T, n, first int) []T {
	if cap(*block)-len(*block) < n {
		*block = make([]T, 0, max(grow(cap(*block), first), n))
	}
	i := len(*block)
	*block = (*block)[:i+n]
	return (*block)[i : i : i+n]
}
