package guard

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/internal/codetext"
)

// TestCodeCallsAsBefore: codeCommands and writeSites give what they gave
// before identSet let them skip the names code cannot hold, in every
// language, over calls of every name they look for (alone, inside longer
// names, after $, with and without arguments) and random mixes.
func TestCodeCallsAsBefore(t *testing.T) {
	syns := codeSyntaxes.get()
	langs := slices.Sorted(func(yield func(string) bool) {
		for l := range syns {
			if !yield(l) {
				return
			}
		}
	})
	var names []string
	for _, l := range langs {
		for _, c := range syns[l].calls {
			names = append(names, c.name)
		}
		names = append(names, writeCalls(l)...)
		names = append(names, modeCalls(l)...)
	}
	corpus := callCorpus(names)
	if testing.Short() {
		corpus = corpus[:len(corpus)/8]
	}
	bad := 0
	var memo codeIdents
	for _, l := range langs {
		syn := syns[l]
		for _, code := range corpus {
			c1, o1 := codeCommands(code, syn, nil)
			c0, o0 := codeCommandsSlow(code, syn)
			n1, v1 := writeSites(l, code, nil)
			n0, v0 := writeSitesSlow(l, code)
			// The identSet remembered, as rules 4 and 5 share it.
			n2, v2 := writeSites(l, code, &memo)
			c2, o2 := codeCommands(code, syn, &memo)
			if !slices.Equal(c2, c1) || o2 != o1 || n2 != n1 || v2 != v1 {
				t.Errorf("%s %q: remembered, codeCommands %q %v, writeSites %d %v; made %q %v, %d %v", l, code, c2, o2, n2, v2, c1, o1, n1, v1)
			}
			if !slices.Equal(c1, c0) || o1 != o0 || n1 != n0 || v1 != v0 {
				t.Errorf("%s %q: codeCommands %q %v, writeSites %d %v; before %q %v, %d %v", l, code, c1, o1, n1, v1, c0, o0, n0, v0)
				if bad++; bad > 20 {
					t.FailNow()
				}
			}
		}
	}
	if len(corpus) < 10000 && !testing.Short() {
		t.Fatalf("corpus of %d, want at least 10,000", len(corpus))
	}
}

// TestIdentSetSkips: the filter skips a name the code does not hold (the
// test above would pass with a filter that skips nothing), and never one
// it holds as a run of its own.
func TestIdentSetSkips(t *testing.T) {
	s := identsOf(`import sys; print(sys.version)`)
	for _, n := range []string{"os.system", "rmtree", "subprocess.run", "write_text"} {
		if s.has(nameBit(n)) {
			t.Errorf("has(nameBit(%q)) = true", n)
		}
	}
	for _, n := range []string{"print", "x.version", "sys", "`", "qx("} {
		if !s.has(nameBit(n)) {
			t.Errorf("has(nameBit(%q)) = false", n)
		}
	}
	// Every language writeCalls or modeCalls knows has its names made.
	langs := []string{"c", "go", "lua", "sh"}
	for l := range codeAPIs.get() {
		langs = append(langs, l)
	}
	for _, l := range langs {
		w := writeCallNames.get()[l]
		if len(w.write) != len(writeCalls(l)) || len(w.mode) != len(modeCalls(l)) {
			t.Errorf("%s: %d and %d names made, want %d and %d", l, len(w.write), len(w.mode), len(writeCalls(l)), len(modeCalls(l)))
		}
	}
}

// TestIdentByteTable: identByte is codetext.IsIdentByte.
func TestIdentByteTable(t *testing.T) {
	for c := range 256 {
		if identByte[c] != codetext.IsIdentByte(byte(c)) {
			t.Errorf("identByte[%q] = %v", rune(c), identByte[c])
		}
		b := byte(c)
		want := b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
		if isIdent(b) != want {
			t.Errorf("isIdent(%q) = %v", rune(c), !want)
		}
		if want = want || strings.IndexByte("./~-@", b) >= 0; pathBytes[b] != want {
			t.Errorf("pathBytes[%q] = %v", rune(c), !want)
		}
	}
}

// callCorpus is code that calls names: each name alone, in longer names,
// after $ % @, followed by "(", by literal arguments (in parentheses and
// bare), by a comment; and random mixes of these with separators.
func callCorpus(names []string) []string {
	seps := []string{"", " ", ".", "_", "a", "$", "%", "@", "(", ")", "'", "\"", "\n", ";", "#", "//", ":", "9", "é", "`"}
	tails := []string{"", "(", "('x')", "('rm -rf d')", "(\"a\", 'w')", " 'rm -rf d'", " \"x\"", "('a', 'w')", "(p, \"a\")", " F, '>x'",
		"(`ls`)", "('#{x}')", "(x"}
	var corpus []string
	corpus = append(corpus, "", " ", "(", "`rm -rf d`", "%x(rm -rf d)", "qx(rm -rf d)", "system 'rm -rf d'")
	for _, n := range names {
		for _, s := range seps {
			for _, tl := range tails {
				corpus = append(corpus, s+n+tl)
			}
		}
	}
	r := rand.New(rand.NewSource(38))
	for range 8000 {
		var b strings.Builder
		for range 1 + r.Intn(5) {
			b.WriteString(seps[r.Intn(len(seps))])
			n := names[r.Intn(len(names))]
			if r.Intn(5) == 0 {
				n = n[:r.Intn(len(n)+1)] // a name cut short
			}
			b.WriteString(n)
			b.WriteString(tails[r.Intn(len(tails))])
		}
		corpus = append(corpus, b.String())
	}
	return corpus
}

// codeCommandsSlow is codeCommands as it was before identSet.
func codeCommandsSlow(code string, syn codeSyntax) (out []string, over bool) {
	sites := 0
	for _, k := range syn.calls {
		for from := 0; len(out) < maxCodeCalls; {
			i := strings.Index(code[from:], k.name)
			if i < 0 {
				break
			}
			at := from + i
			from = at + len(k.name)
			if at > 0 && codetext.IsIdentByte(code[at-1]) || from < len(code) && codetext.IsIdentByte(code[from]) {
				continue // part of a longer name (perform, xopen, system_x)
			}
			rest := strings.TrimLeft(code[from:], " \t")
			var all string
			switch {
			case strings.HasPrefix(rest, "("):
				if sites++; sites > maxCallSites {
					return out, true
				}
				if inComment(code[:at], syn.comment) {
					continue
				}
				var ok bool
				if all, ok = callArgs(rest[1:min(len(rest), 1+maxCallArgs)]); !ok {
					continue
				}
			case syn.bare && rest != "" && strings.IndexByte(`"'[`, rest[0]) >= 0 && len(rest) < len(code[from:]):
				// system "rm -rf d": the arguments are the rest of the line.
				if sites++; sites > maxCallSites {
					return out, true
				}
				if inComment(code[:at], syn.comment) {
					continue
				}
				all = bareArgs(rest[:min(len(rest), maxCallArgs)])
			default:
				continue
			}
			if syn.interp != "" && interpolates(all, syn.interp) {
				continue // known only at run time
			}
			if cmd := k.do(literalArgs(all), all); cmd != "" {
				out = append(out, cmd)
			}
		}
		if len(out) >= maxCodeCalls {
			return out, true
		}
	}
	if syn.ticks {
		return tickCommands(code, syn, out, sites)
	}
	return out, false
}

// writeSitesSlow is writeSites as it was before identSet.
func writeSitesSlow(lang, code string) (n int, over bool) {
	bare := lang == "ruby" || lang == "perl"
	var ends []int // where each call counted ends its name: File.open is counted once, not again as open
	count := func(name string, mode bool) bool {
		for from := 0; ; {
			i := strings.Index(code[from:], name)
			if i < 0 {
				return true
			}
			at := from + i
			from = at + len(name)
			if at > 0 && (codetext.IsIdentByte(code[at-1]) || code[at-1] == '$' || code[at-1] == '%' || code[at-1] == '@') ||
				from < len(code) && codetext.IsIdentByte(code[from]) {
				continue
			}
			rest := strings.TrimLeft(code[from:], " \t")
			var all string
			switch {
			case strings.HasPrefix(rest, "("):
				a, ok := callArgs(rest[1:min(len(rest), 1+maxCallArgs)])
				if !ok {
					return false
				}
				all = a
			case bare && rest != "" && strings.IndexByte(`"'$`, rest[0]) >= 0 || lang == "perl" && rest != "" && isIdentStart(rest[0]):
				all = bareArgs(rest[:min(len(rest), maxCallArgs)])
			default:
				continue
			}
			if mode && !writesMode(lang, all) || slices.Contains(ends, from) {
				continue
			}
			ends = append(ends, from)
			if n++; n > maxWriteSites {
				return false
			}
		}
	}
	for _, name := range writeCalls(lang) {
		if !count(name, false) {
			return n, true
		}
	}
	for _, name := range modeCalls(lang) {
		if !count(name, true) {
			return n, true
		}
	}
	return n, false
}
