package shell

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// dump is every field of what s finds, for comparing two walks.
func dump(s *Script) string {
	if s == nil {
		return "<nil>"
	}
	var b strings.Builder
	word := func(w Word) string {
		return fmt.Sprintf("%q/%q/%q/%v/%v", w.Value, w.Prefix(), w.Suffix(), w.Dynamic, w.split)
	}
	from := func(f *Word) string {
		if f == nil {
			return "-"
		}
		return word(*f)
	}
	for _, c := range s.Commands {
		fmt.Fprintf(&b, "cmd %q dyn=%v dir=%v known=%v via=%q args:", c.Name, c.Dynamic, c.DynamicDir, c.Known, c.Via)
		for _, a := range c.Args {
			b.WriteString(" " + word(a))
		}
		b.WriteString("\n")
		for _, e := range c.Effects {
			fmt.Fprintf(&b, "  fx %d r=%v m=%v %s lang=%q code=%s from=%s by=%q\n", e.Kind, e.Recursive, e.Meta, word(e.Path), e.Lang(), word(e.Code()), from(e.From), e.By)
		}
	}
	for _, w := range s.Writes {
		fmt.Fprintf(&b, "write %s del=%v r=%v maybe=%v from=%s by=%q\n", word(w.Path), w.Delete, w.Recursive, w.Maybe, from(w.From), w.By)
	}
	fmt.Fprintf(&b, "files=%v asks=%v\n", s.files, s.asks)
	return b.String()
}

// mixedAgrees checks that Parse, which reads simple lines without the
// syntax parser, finds exactly what the parser's walk finds in src.
func mixedAgrees(t *testing.T, src string) {
	t.Helper()
	s, err := Parse(src)
	lim := defaultParser.limits()
	w := &walker{out: &Script{}, lim: &lim, noFast: true}
	w.fail(w.script(src, &scope{}, nil))
	s2, err2 := w.out, w.err
	if err2 != nil {
		s2 = nil
	}
	if fmt.Sprint(err) != fmt.Sprint(err2) {
		t.Fatalf("%q: error %v, the parser's walk %v", src, err, err2)
	}
	if d1, d2 := dump(s), dump(s2); d1 != d2 {
		t.Fatalf("%q:\n got %s\nwant %s", src, d1, d2)
	}
}

// mixedLines are lines that mixed scripts are made of: simple ones, ones
// only the parser reads, and ones that open what a later line closes.
var mixedLines = []string{
	`cd web && npm run build 2>&1 | tail -5`, `git status --short`, `grep -rn "TODO" --include=*.go . | head -20`,
	`go test ./... > /tmp/test.log 2>&1 || cat /tmp/test.log`, `rm -rf node_modules/.cache dist`,
	`find . -name '*.tmp' -type f | xargs rm -f`, `python3 -c 'import sys; print(sys.version)'`,
	`for f in *.md; do wc -l "$f"; done`, `cd sub`, `cd a || cd b`, `rm -rf x # a comment`, `# rm -rf y`, ``, `  `,
	`f() { rm -rf z; }`, `f`, `echo a | f`, `exec 3<&0`, `exec </dev/null`, `cat <<EOF`, `rm -rf w`, `EOF`,
	`cat <<-'X'; rm -rf v`, `X`, `echo 'a`, `b'`, `echo "a`, `rm -rf q \`, `if true; then`, `fi`, `for x in a b; do`,
	`done`, `case $x in`, `a) rm -rf c;;`, `esac`, `a &&`, `b ||`, `c |`, `alias x=rm`, `x -rf y`, `echo 'rm -rf d' | sh`,
	`bash -c 'rm -rf e'`, `touch .env; cat .env`, "echo a\r", `echo $(`, `)`, `{`, `}`, `echo a &`, `ls; ls &`,
	`ls; if true; then`, `ls; cat <<EOF`, `ls; for x in a; do`, `ls; echo "a`, `ls; a &&`, `ls; f() {`, `ls # x \`,
	`ls; {`, `ls; (`, `ls; case a in`, `a=1`, `sudo rm -rf /tmp/x`, `echo *.go ?x a*b`, `echo a > out.txt`, `echo b >> out.txt 2> err.txt`,
	`ls 2>e.txt | xargs rm`, `ls >f | xargs rm`, `echo >&2 x`, `echo a >| f`, `echo a 2>> e`, `a > 'f g'`, `a >""`,
	`a > *.log`, `cat x 1>y`, `a 2> e&`, `a >f&&b`, `cd d && echo x > "y"z`, `find . -name "*.go" | xargs rm`, `ls *.md|xargs rm`,
	`a >/dev/stderr`, `>f a`, `>f`, `a; >f`, `a > f > g`, `a 3>f`, `a 1>>f`, `echo ? '*' "?"x* `, `*`, `?x a`,
	`echo "a b" 'c d' e`, `ls -la /tmp # x`, "echo a;", "echo a;;", `time ls`, `! ls`, `ls&&ls`, `echo a\`,
	// Subshells of simple commands, and lines that only look like one.
	`(cd web && npm run build 2>&1 | tail -5)`, ` ( cd sub; rm -rf x ) `, `(cd a || cd b)`, `(alias x=rm)`, `(exec 3<&0)`,
	`(rm -rf build)`, `(ls;)`, `(ls;;)`, `( )`, `()`, `((x))`, `((x=1))`, `( (ls) )`, `(ls) (ls)`, `(ls) | rm -rf x`,
	`(ls) # x`, `(ls) && rm -rf y`, `(ls &)`, `(echo ')')`, `(echo ")" )`, `(echo a > out.txt)`, `(a=1)`, `(done)`,
	`(cd x && echo 'rm -rf d' | sh)`, `(cd x`, `ls)`, `(ls\`, `(exit 1)`, `(cd ..) && rm -rf *`, `(time ls)`, `(! ls)`,
	`(echo a; cd b) > f`, `(cd $HOME && rm -rf x)`, `(ls) >f`, `(f)`, `(echo a | f)`, `(x -rf y)`, "(ls\r)",
	// For loops of simple commands, and lines that only look like one.
	`for d in src lib; do cd "$d" && rm -rf gen; done`, `for f in *.go; do rm "$f"; done`, `for f in a; do "$f" -rf /; done`,
	`for x in a 'b c' "d"; do echo "$x" | sh; done`, `for f in rm; do "$f" -rf x; done`, `for f in a b; do echo '$f'; done`,
	`for f in a b; do echo "$f"x; done`, `for f in a=b; do "$f"; done`, `for f in 1 2 3 4 5 6 7 8 9; do rm -rf "$f"; done`,
	`for f in 1 2 3 4 5 6 7 8; do rm -rf "$f"; done`, `for f in a b; do f=1; done`, `for f in a b; do bash -c "$f"; done`,
	`for f in a b; do cd "$f"; done`, `for f in *.md; do cat "$f" > out; done`, `for f in a; do echo > "$f"; done`,
	`for f in a; do echo >"$f"; done`, `for f in a b; do echo "$f";done`, `for f in a b ; do echo "$f" ; done`,
	`for f in a b;do echo "$f"; done`, `for f in do; do echo "$f"; done`, `for f in a; do echo "$f"; done; ls`,
	`for f in a; do echo "$f"; done &`, `for f in "a b"*; do rm "$f"; done`, `for f in *'x'; do rm "$f"; done`,
	`for 1 in a; do ls; done`, `for f in a; do ls; done # c`, `for f in a; do for g in b; do ls; done; done`,
	`for f in a b; do rm -rf "$f" && cd "$f"; done`, `for f in a b; do echo "$f" | xargs rm; done`,
	`for f in a b; do alias x="$f"; done`, `for f in ./a ~/b; do rm -rf "$f"; done`, `for f in /tmp/*; do rm -rf "$f"; done`,
	`for f in a; do rm -rf "$f" 2>/dev/null; done`, `for FILE_1 in x; do cat "$FILE_1"; done`, `for f in .env; do cat "$f"; done`,
	`for f in a b; do git checkout -- "$f"; done`, `for f in a b; do ls; done`, `for f in; do ls; done`, `for f; do ls; done`,
	`for f in a b; do ls; rm -rf "$f"; done`, `for f in a b; do ls done; done`, `for f in a b; do ls; done done`,
	`for f in a; do echo "$f" "$f"; done`, `for f in a; do echo "$ff"; done`, `for f in a; do echo "${f}"; done`,
	`for f in a; do echo $f; done`, `for f in a|b; do ls; done`, `for f in a; do ls |; done`, `for f in *.md; do wc -l "$f"; done; `,
	"for f in a; do ls\r; done", `for f in 'it''s'; do rm "$f"; done`, `for f in a*'$x'; do rm "$f"; done`, `for f in x; do`,
	`for f in a b; do touch .env; cat "$f"; done`, `for f in a; do echo "$f" >> log; done`, `for f in *; do rm -rf "$f"; done`,
}

// TestMixedMatchesParser: scripts of two and three lines of mixedLines
// are read alike by Parse and by the parser's walk.
func TestMixedMatchesParser(t *testing.T) {
	for _, a := range mixedLines {
		mixedAgrees(t, a)
		for _, b := range mixedLines {
			mixedAgrees(t, a+"\n"+b)
			mixedAgrees(t, a+"\n"+b+"\n")
		}
	}
	for i, a := range mixedLines {
		for j, b := range mixedLines {
			c := mixedLines[(i*7+j*3)%len(mixedLines)]
			mixedAgrees(t, a+"\n"+b+"\n"+c+"\n")
			mixedAgrees(t, c+"\n\n"+a+"\n"+b)
		}
	}
	// A function or descriptor defined in one parse and used after
	// another: the walk reads its body's text.
	for _, def := range []string{`g() { rm -rf $HOME/x "$(echo y)"; }`, `exec 3< <(echo $HOME/x)`, `exec <<<'rm -rf $HOME/w'`} {
		for _, use := range []string{`echo a | g`, `g`, `xargs rm <&3`, `bash`, `sh <&3`} {
			mixedAgrees(t, def+"\nls\nfor f in *.md; do wc -l \"$f\"; done\n"+use+"\nls")
			mixedAgrees(t, def+"\nif a; then $HOME; fi\nls\n"+use)
		}
	}
	for _, tc := range parseCases {
		mixedAgrees(t, tc.src)
		mixedAgrees(t, "ls\n"+tc.src+"\nrm -rf x\n"+tc.src)
	}
	// Loops past the budget of bodies walked again (maxLoopRewalk), the
	// fast reader's and the parser's (a '$f' it does not read) counted
	// alike: past it, a body is walked once, "$f" known at run time.
	fast := `for f in a b c d e f g h; do rm -rf "$f"; done`
	parsed := `for f in a b c d e f g h; do echo '$f' "$f"; done`
	for _, lines := range [][]string{{fast}, {parsed, fast}, {fast, parsed}} {
		var b strings.Builder
		for n := 0; n < 1000; n += len(lines) { // 7 bodies of 12 to 16 bytes walked again a line: past 64 KB
			for _, l := range lines {
				b.WriteString(l + "\n")
			}
		}
		mixedAgrees(t, b.String())
	}
	for _, tc := range hiddenCases {
		mixedAgrees(t, tc.src)
		mixedAgrees(t, "cd x\n"+tc.src+"\nls\n")
	}
}

// FuzzMixed: Parse and the parser's walk agree on any script.
func FuzzMixed(f *testing.F) {
	for i, a := range mixedLines {
		f.Add(a + "\n" + mixedLines[(i+1)%len(mixedLines)] + "\n" + mixedLines[(i*5+2)%len(mixedLines)])
	}
	for _, tc := range parseCases {
		f.Add("ls\n" + tc.src + "\nrm -rf x")
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		mixedAgrees(t, src)
	})
}

// TestByteSets: the classes of byteClass are the bytes they are named for.
func TestByteSets(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		plain := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("-./_:,@%+=", b) >= 0
		meta := strings.IndexByte(" \t\n;&|()<>", b) >= 0
		if plainByte(b) != plain || wordByte(b) != (plain || b == '*' || b == '?') || isBlankOrMeta(b) != meta ||
			(byteClass[b]&(cMeta|cQuote) != 0) != (meta || strings.IndexByte("\\'\"$`", b) >= 0) ||
			(byteClass[b]&cSep != 0) != (strings.IndexByte(" \t;|&", b) >= 0) ||
			(byteClass[b]&cGlob != 0) != (b == '*' || b == '?') {
			t.Errorf("byte %q", b)
		}
	}
}

// TestTrimBlanks: trimBlanks is strings.Trim(s, " \t") for strings of
// blanks, other white space and text in every order.
func TestTrimBlanks(t *testing.T) {
	parts := []string{"", " ", "\t", "\n", "\r", "a", "( x )", "for", "\u00a0", "é"}
	for _, a := range parts {
		for _, b := range parts {
			for _, c := range parts {
				for _, d := range parts {
					s := a + b + c + d
					if got, want := trimBlanks(s), strings.Trim(s, " \t"); got != want {
						t.Errorf("trimBlanks(%q) = %q, want %q", s, got, want)
					}
				}
			}
		}
	}
}

// TestNameByteTable: baseName's table of bytes is what it says.
func TestNameByteTable(t *testing.T) {
	for c := range 256 {
		want := byte(0)
		switch {
		case c == '/' || c == '\\':
			want = 1
		case 'A' <= c && c <= 'Z' || c >= 0x80:
			want = 2
		}
		if nameByte[c] != want {
			t.Errorf("nameByte[%#x] = %d, want %d", c, nameByte[c], want)
		}
	}
	for in, want := range map[string]string{"rm": "rm", "/bin/RM": "rm", `C:\x\Git.EXE`: "git", "grm": "rm", "./a/b": "b", "": "", "/": "", "gx": "gx"} {
		if got := baseName(in); got != want {
			t.Errorf("baseName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHasEffect: a command's HasEffect answers as a scan of its effects
// does, for every kind, in the scripts Parse returns and in their
// Definite parts.
func TestHasEffect(t *testing.T) {
	srcs := append([]string{"cat a; rm -rf b; python3 -c 'x' > o; foo bar; cp a b", "bash -c 'rm x; cat y' | tee z"}, nestFastSeeds...)
	for _, src := range srcs {
		s, err := Parse(src)
		if err != nil {
			continue
		}
		for _, sc := range []*Script{s, s.Definite()} {
			for _, c := range sc.Commands {
				for k := Reads; k <= Unknown; k++ {
					want := slices.ContainsFunc(c.Effects, func(e Effect) bool { return e.Kind == k })
					if got := c.HasEffect(k); got != want {
						t.Errorf("%q: %s HasEffect(%d) = %v, want %v", src, c.String(), k, got, want)
					}
				}
			}
		}
	}
}
