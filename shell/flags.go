package shell

import "strings"

// A Spec describes the options of a command, for [Spec.Parse].
//
// Short lists the short options in getopt style: a letter alone takes no
// value, a letter followed by ':' takes one (attached, -tDIR, or the next
// word, -t DIR), a letter followed by "::" takes an optional attached
// value only (sed's -i.bak). Long lists the long option names without
// dashes; a name ending in "=" takes a value (--target-directory=DIR or
// --target-directory DIR), one ending in "=?" an optional attached value.
// A long option may be abbreviated to any prefix that names one option
// only, as GNU getopt_long allows.
type Spec struct {
	Short string
	Long  []string
	// Permute lets options follow operands, as GNU tools do unless
	// POSIXLY_CORRECT is set; without it the first operand ends the
	// options, as BSD tools and command wrappers do. "--" always ends
	// them.
	Permute bool
}

// An Option is one option found by [Spec.Parse].
type Option struct {
	// Name is the letter of a short option or the full name of a long
	// one (an unambiguous prefix is expanded; an unknown or ambiguous
	// name is kept as written).
	Name string
	// Value is the option's value, when it has one.
	Value Word
	// HasValue reports whether the option was given a value.
	HasValue bool
}

// Flags is the result of [Spec.Parse].
type Flags struct {
	// Options are the options in the order given.
	Options []Option
	// Operands are the words that are not options or their values.
	Operands []Word
	// Unsure are the dynamic words in option position that may turn out
	// to be options when the command runs ([Word.MaybeOption]); they are
	// also counted as operands.
	Unsure []Word
	// End is the index in the parsed words just past the options when
	// permutation is off: the first operand, or len(args).
	End int
}

// Has reports whether any of the named options was given.
func (f *Flags) Has(names ...string) bool {
	for _, o := range f.Options {
		for _, n := range names {
			if sameName(o.Name, n) {
				return true
			}
		}
	}
	return false
}

// sameName is a == b, its first bytes compared before a call to compare
// the rest (most names differ in length or their first letter).
func sameName(a, b string) bool {
	return len(a) == len(b) && (a == "" || a[0] == b[0] && a == b)
}

// Value returns the value of the last of the named options that was
// given with one.
func (f *Flags) Value(names ...string) (Word, bool) {
	for i := len(f.Options) - 1; i >= 0; i-- {
		o := f.Options[i]
		for _, n := range names {
			if o.HasValue && sameName(o.Name, n) {
				return o.Value, true
			}
		}
	}
	return Word{}, false
}

// Parse splits args (a command's words after its name) into options and
// operands by s, as GNU getopt_long (or BSD getopt when s.Permute is
// false) would.
func (s Spec) Parse(args []Word) Flags {
	return s.parse(args, nil)
}

// flagParse is the state of one [Spec.Parse]: the flags so far, and the
// arena their slices come from (nil: the heap).
type flagParse struct {
	Flags
	mem *arena
	// from is where in the parsed words the operands so far start when
	// they are a run of them, shared and not copied; -1 when copied.
	from int
}

// parse is [Spec.Parse] with its slices taken from mem (nil: the heap).
// Operands that follow each other in args are shared with it, not
// copied: the slices returned have their capacity capped, so an append
// to them never writes into args.
func (s *Spec) parse(args []Word, mem *arena) Flags {
	p := flagParse{mem: mem, from: -1}
	p.End = len(args)
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.MaybeOption() {
			if !s.Permute {
				p.End = i
				return p.rest(args, i)
			}
			p.addOperand(args, i)
			continue
		}
		if a.Dynamic && !strings.HasPrefix(a.Prefix(), "-") {
			// Could be anything, options included. Without permutation it
			// is taken as the first operand.
			p.addUnsure(a)
			if !s.Permute {
				p.End = i
				return p.rest(args, i)
			}
			p.addOperand(args, i)
			continue
		}
		v := a.Value
		if a.Dynamic {
			v = a.Prefix()
			p.addUnsure(a)
		}
		if !a.Dynamic && v == "--" {
			p.End = i + 1
			return p.rest(args, i+1)
		}
		if strings.HasPrefix(v, "--") {
			i = s.long(&p, args, i, v[2:], a.Dynamic)
			continue
		}
		i = s.short(&p, args, i, v[1:], a.Dynamic)
	}
	return p.Flags
}

// addOperand adds args[i] to the operands: the run of operands shared
// with args grows when it ends just before i; otherwise they are copied,
// with room for every word left.
func (p *flagParse) addOperand(args []Word, i int) {
	n := len(p.Operands)
	switch {
	case n == 0:
		p.Operands, p.from = args[i:i+1:i+1], i
	case p.from >= 0 && p.from+n == i:
		p.Operands = args[p.from : i+1 : i+1]
	default:
		if p.from >= 0 {
			ops := p.mem.wordSlice(n + len(args) - i)
			p.Operands, p.from = append(ops, p.Operands...), -1
		}
		p.Operands = append(p.Operands, args[i])
	}
}

// addUnsure adds a to the unsure words.
func (p *flagParse) addUnsure(a Word) {
	if p.Unsure == nil {
		p.Unsure = p.mem.wordSlice(2)
	}
	p.Unsure = append(p.Unsure, a)
}

// rest returns the flags with args[i:] added to the operands: shared,
// not copied, when there are none before or those before are the run
// that ends at i (a wrapper's command line may be long, and wrappers
// nest).
func (p *flagParse) rest(args []Word, i int) Flags {
	f := p.Flags
	n := len(f.Operands)
	switch {
	case n == 0:
		f.Operands = args[i:len(args):len(args)]
		if len(f.Operands) == 0 {
			f.Operands = nil
		}
	case p.from >= 0 && p.from+n == i:
		f.Operands = args[p.from:len(args):len(args)]
	default:
		f.Operands = append(f.Operands, args[i:]...)
	}
	return f
}

// long records the long option body (name or name=value) of args[i] and
// returns the index of the last word it used.
func (s *Spec) long(f *flagParse, args []Word, i int, body string, dyn bool) int {
	name, val, hasVal := strings.Cut(body, "=")
	full, kind := s.lookupLong(name)
	o := Option{Name: full}
	if hasVal {
		o.Value, o.HasValue = Static(val), true
		if dyn {
			o.Value = args[i]
		}
	} else if kind == '=' && !dyn && i+1 < len(args) {
		i++
		o.Value, o.HasValue = args[i], true
	}
	f.addOption(o, args[i:])
	return i
}

// lookupLong returns the full name of the long option name (exact, or
// the one option it is a prefix of) and its kind: '=' for a required
// value, '?' for an optional one, 0 for none.
func (s *Spec) lookupLong(name string) (string, byte) {
	match, kind, n := name, byte(0), 0
	for _, l := range s.Long {
		k := byte(0)
		switch {
		case strings.HasSuffix(l, "=?"):
			l, k = l[:len(l)-2], '?'
		case strings.HasSuffix(l, "="):
			l, k = l[:len(l)-1], '='
		}
		if l == name {
			return l, k
		}
		if name != "" && strings.HasPrefix(l, name) {
			match, kind = l, k
			n++
		}
	}
	if n == 1 {
		return match, kind
	}
	return name, 0
}

// short records the short option cluster of args[i] and returns the index
// of the last word it used.
func (s *Spec) short(f *flagParse, args []Word, i int, cluster string, dyn bool) int {
	rest := args[i:]
	for j := 0; j < len(cluster); j++ {
		c := cluster[j]
		o := Option{Name: cluster[j : j+1]}
		switch s.arity(c) {
		case 2: // optional attached value
			if j+1 < len(cluster) {
				o.Value, o.HasValue = Static(cluster[j+1:]), true
			}
			f.addOption(o, rest)
			return i
		case 1:
			switch {
			case j+1 < len(cluster):
				o.Value, o.HasValue = Static(cluster[j+1:]), true
				if dyn {
					o.Value = args[i]
				}
			case dyn:
				// The value is in the unknown part of this word.
				o.Value, o.HasValue = args[i], true
			case i+1 < len(args):
				i++
				o.Value, o.HasValue = args[i], true
			}
			f.addOption(o, rest)
			return i
		}
		f.addOption(o, rest)
	}
	return i
}

// arity is 0 for a short option with no value, 1 for a required value,
// 2 for an optional one.
func (s *Spec) arity(c byte) int {
	i := strings.IndexByte(s.Short, c)
	if i < 0 || c == ':' {
		return 0
	}
	if strings.HasPrefix(s.Short[i+1:], "::") {
		return 2
	}
	if strings.HasPrefix(s.Short[i+1:], ":") {
		return 1
	}
	return 0
}

// Subcommand returns the subcommand of a command such as git, npm or
// docker and its arguments, the subcommand's name first: the first
// operand after the global options that spec describes (git -C dir -c
// k=v reset --hard gives reset --hard). It returns false when there is
// none, or when a dynamic word hides where it starts.
func (c *Command) Subcommand(spec Spec) ([]Word, bool) {
	if len(c.Args) < 2 {
		return nil, false
	}
	if a := c.Args[1]; !a.Dynamic && !a.MaybeOption() {
		return c.Args[1:], true // what the parse below finds at once (git status)
	}
	spec.Permute = false
	args := c.Args[1:]
	f := spec.Parse(args)
	if len(f.Unsure) > 0 || f.End >= len(args) || args[f.End].Dynamic {
		return nil, false
	}
	return args[f.End:], true
}

// Git is the spec of git's global options, the ones before its
// subcommand, for [Command.Subcommand]: -C DIR, -c KEY=VALUE,
// --config-env KEY=VAR (one word or two), --git-dir, --work-tree,
// --namespace and the flags.
var Git = Spec{Short: "C:c:hpPv", Long: []string{"version", "help", "exec-path=?", "html-path", "man-path",
	"info-path", "paginate", "no-pager", "no-replace-objects", "no-lazy-fetch", "no-optional-locks", "no-advice",
	"bare", "git-dir=", "work-tree=", "namespace=", "super-prefix=", "config-env=", "literal-pathspecs",
	"glob-pathspecs", "noglob-pathspecs", "icase-pathspecs", "list-cmds=?", "attr-source="}}

// Npm is the spec of the options npm, pnpm and yarn take before their
// subcommand that take a value (npm --registry URL publish), for
// [Command.Subcommand].
var Npm = Spec{Short: "C:w:", Long: []string{"registry=", "userconfig=", "globalconfig=", "prefix=", "workspace=",
	"loglevel=", "cache=", "otp=", "tag=", "access=", "scope=", "auth-type=", "include=", "omit=", "location=",
	"filter=", "dir=", "cwd=", "workspaces", "global", "json", "dry-run", "force", "yes", "silent", "quiet",
	"verbose", "recursive"}}

// addOption appends o, found in the first of args, to the options. The
// first takes room for a few (most commands are given a few options);
// when they are full, the room grows to as many as the words left may
// hold (each letter of a cluster one; args holds every option still to
// come, o's included), at least twice what it was.
func (p *flagParse) addOption(o Option, args []Word) {
	switch {
	case p.Options == nil:
		p.Options = p.mem.options(firstOptions)
	case len(p.Options) == cap(p.Options):
		n := len(p.Options)
		p.Options = append(p.mem.options(max(2*n, n+optionRoom(args))), p.Options...)
	}
	p.Options = append(p.Options, o)
}

// firstOptions is the room addOption takes for a command's first option.
const firstOptions = 4

// optionRoom returns how many options args may hold, at most arenaMax/4.
func optionRoom(args []Word) int {
	n := 0
	for _, a := range args {
		v := a.Value
		if a.Dynamic {
			v = a.Prefix()
		}
		switch {
		case n >= arenaMax/4:
			return n
		case !a.Dynamic && v == "--":
			return max(n, 1)
		case !a.MaybeOption():
		case strings.HasPrefix(v, "--"):
			n++
		default:
			n += max(len(v)-1, 1)
		}
	}
	return max(n, 1)
}
