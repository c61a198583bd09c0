package shell

import (
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
)

var sedSpec = Spec{Short: "nrsuzEe:f:i::I::l:", Permute: true, Long: []string{"quiet", "silent", "debug", "expression=",
	"file=", "follow-symlinks", "in-place=?", "line-length=", "null-data", "zero-terminated", "posix", "regexp-extended",
	"separate", "sandbox", "unbuffered", "binary", "help", "version"}}

// sedEffects: sed's script (the first operand, or every -e and -f) is
// [RunsCode] of language "sed", kept for policies; its files are read,
// or rewritten with -i, -I or --in-place (BSD sed takes the backup
// suffix of -i as the next word: an empty next word is read as that).
// The script is read as GNU sed does: its w and W commands and the w
// flag of s write a file, r and R read one, e runs a shell command (the
// script run by sh -c, walked as a nested script; e alone, or the e
// flag of s, runs text known only at run time). A script this package
// cannot read is a dynamic command (it may do anything).
func sedEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	for i, a := range args {
		if !a.Dynamic && (a.Value == "-i" || a.Value == "-I") && i+1 < len(args) && !args[i+1].Dynamic && args[i+1].Value == "" {
			args = append(append([]Word(nil), args[:i+1]...), args[i+2:]...)
			break
		}
	}
	f := sedSpec.parse(args, &w.mem)
	var scripts []Word
	for _, o := range f.Options {
		switch o.Name {
		case "e", "expression":
			scripts = append(scripts, o.Value)
		case "f", "file":
			w.runsCode(c, sc, "sed", Word{}, o.Value)
		}
	}
	ops := f.Operands
	if !f.Has("e", "expression", "f", "file") && len(ops) > 0 {
		scripts = append(scripts, ops[0])
		ops = ops[1:]
	}
	sandbox := f.Has("sandbox")
	for _, s := range scripts {
		w.runsCode(c, sc, "sed", s, Word{})
		if s.Dynamic {
			continue
		}
		if !sandbox {
			w.sedScript(c, sc, s.Value)
		}
	}
	inPlace := f.Has("i", "I", "in-place")
	for _, o := range ops {
		if inPlace {
			w.writes(c, sc, o)
		} else {
			w.reads(c, sc, o)
		}
	}
}

// sedScript walks the commands of a sed script for the files they read
// and write and the shell commands they run.
func (w *walker) sedScript(c *Command, sc *scope, s string) {
	via := plus(c.Via, c.Name)
	file := func(name string, kind EffectKind) {
		name = codetext.TrimBlank(name)
		switch name {
		case "/dev/stdout", "/dev/stderr", "/dev/stdin", "":
			return
		}
		w.effect(c, sc, Effect{Kind: kind, Path: Static(name)})
	}
	run := func(cmd string) {
		cmd = codetext.TrimBlank(cmd)
		if cmd == "" {
			w.unknown("(sed e: the pattern space)", via)
			return
		}
		w.nested(cmd, false, &scope{dir: sc.dir}, via)
	}
	p := sedParser{s: s}
	for w.err == nil {
		p.skip(" \t\n;")
		if p.done() {
			return
		}
		if !p.address() {
			w.unknown("(sed script: "+s+")", via)
			return
		}
		p.skip(" \t")
		for p.peek() == '!' {
			p.i++
			p.skip(" \t")
		}
		if p.done() {
			w.unknown("(sed script: "+s+")", via)
			return
		}
		cmd := p.s[p.i]
		p.i++
		switch cmd {
		case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		case '#', ':', 'a', 'i', 'c', 'b', 't', 'T', 'v':
			if cmd == '#' || cmd == 'a' || cmd == 'i' || cmd == 'c' {
				p.line()
			} else {
				p.label()
			}
		case 'l', 'q', 'Q', 'L':
			p.skip(" \t0123456789")
		case 'r', 'R':
			file(p.line(), Reads)
		case 'w', 'W':
			file(p.line(), Writes)
		case 'e':
			run(p.line())
		case 'y':
			if !p.delimited(2) {
				w.unknown("(sed script: "+s+")", via)
				return
			}
		case 's':
			if !p.delimited(2) {
				w.unknown("(sed script: "+s+")", via)
				return
			}
			for !p.done() {
				fl := p.s[p.i]
				if fl == 'w' {
					p.i++
					file(p.line(), Writes)
					break
				}
				if fl == 'e' {
					w.unknown("(sed s///e: the pattern space)", via)
				}
				if !strings.ContainsRune("gpiImMe0123456789", rune(fl)) {
					break
				}
				p.i++
			}
		default:
			w.unknown("(sed script: "+s+")", via)
			return
		}
	}
}

// sedParser reads a sed script.
type sedParser struct {
	s string
	i int
}

func (p *sedParser) done() bool { return p.i >= len(p.s) }

func (p *sedParser) peek() byte {
	if p.done() {
		return 0
	}
	return p.s[p.i]
}

func (p *sedParser) skip(set string) {
	for !p.done() && strings.IndexByte(set, p.s[p.i]) >= 0 {
		p.i++
	}
}

// line returns the rest of the line (a file name, text, a command) and
// moves past it; a backslash before a newline continues it (a, i, c).
func (p *sedParser) line() string {
	start := p.i
	for !p.done() && p.s[p.i] != '\n' {
		if p.s[p.i] == '\\' && p.i+1 < len(p.s) {
			p.i++
		}
		p.i++
	}
	return p.s[start:p.i]
}

// label skips a label, which ends at a newline or a semicolon.
func (p *sedParser) label() {
	for !p.done() && p.s[p.i] != '\n' && p.s[p.i] != ';' && p.s[p.i] != '}' {
		p.i++
	}
}

// address skips an address or a range: a number, $, /re/, \cREc, with
// first~step, addr,+N, addr,~N; it reports false when the script is not
// one sed accepts here.
func (p *sedParser) address() bool {
	for k := 0; k < 2; k++ {
		switch ch := p.peek(); {
		case ch >= '0' && ch <= '9':
			p.skip("0123456789")
			if p.peek() == '~' {
				p.i++
				p.skip("0123456789")
			}
		case ch == '$':
			p.i++
		case ch == '/':
			p.i++
			if !p.until('/') {
				return false
			}
			p.skip("IM")
		case ch == '\\':
			if p.i+1 >= len(p.s) {
				return false
			}
			d := p.s[p.i+1]
			p.i += 2
			if !p.until(d) {
				return false
			}
			p.skip("IM")
		case k == 1 && (ch == '+' || ch == '~'):
			p.i++
			p.skip("0123456789")
		default:
			return k == 0 || false
		}
		if k == 0 {
			p.skip(" \t")
			if p.peek() != ',' {
				return true
			}
			p.i++
			p.skip(" \t")
		}
	}
	return true
}

// until moves past the next unescaped d (a newline in between is an
// error) and reports whether it found one.
func (p *sedParser) until(d byte) bool {
	for !p.done() {
		ch := p.s[p.i]
		p.i++
		switch {
		case ch == '\\':
			p.i++
		case ch == d:
			return true
		case ch == '\n' && d != '\n':
			return false
		}
	}
	return false
}

// delimited reads the delimiter after s or y and n parts ended by it.
func (p *sedParser) delimited(n int) bool {
	if p.done() || p.s[p.i] == '\n' || p.s[p.i] == '\\' {
		return false
	}
	d := p.s[p.i]
	p.i++
	for k := 0; k < n; k++ {
		if !p.until(d) {
			return false
		}
	}
	return true
}
