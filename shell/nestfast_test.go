package shell

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// nestFused scans src as a script's walk does when every line the fast
// reader reads is read by it where the scan stands at the top level
// (more lines than the walk gives it: any, not only where the parser is
// at the top level).
func nestFused(src string, max int) (depth, redirs int) {
	x := newNestScanner(src, max)
	for off := 0; off < len(src) && x.s.deepest <= max; {
		end, next := len(src), len(src)
		if e := strings.IndexByte(src[off:], '\n'); e >= 0 {
			end, next = off+e, off+e+1
		}
		if x.atTop(off) {
			line := src[off:end]
			if t := strings.TrimLeft(line, " \t"); t == "" || t[0] == '#' && line[len(line)-1] != '\\' && utf8.ValidString(t) {
				x.lineEnd(end, next)
				off = next
				continue
			}
			v := x.save()
			if inner, ok := subshellLine(line); ok {
				if _, ok := simpleSubshell(inner, 1<<20, nil, x); ok {
					x.lineEnd(end, next)
					off = next
					continue
				}
				x.restore(v)
			} else if _, ok := simpleIn(line, 1<<20, nil, x); ok {
				x.lineEnd(end, next)
				off = next
				continue
			}
			x.restore(v)
		}
		x.scanTo(next)
		off = next
	}
	return x.s.deepest, x.s.redirs
}

var nestFastSeeds = []string{
	"echo a\necho if\nfi",
	"echo case x in esac\necho in esac\n",
	"echo case\necho x in esac; echo y\n",
	"ls && ls | wc -l || true; time ls\n",
	"echo \"a b\" 'c d' > if\necho >> done 2>&1\nfi\n",
	"for f in *.md; do wc -l \"$f\"; done\nrm -rf a\ncd web && npm run build 2>&1 | tail -5\n",
	"echo a \\\nif b\necho c\n",
	"cat <<EOF\necho if\nEOF\necho while\n",
	"echo $((1<<2))\necho a\necho b\n",
	"echo \"x\n\" if\necho y\n",
	"a=1 b\necho coproc x; echo select\n# if while\n   \necho 2>/dev/null 1>/dev/null >/dev/null x\n",
	"echo until for;ls|x&&y||z\necho >a >>b 2>c 1>>d\n",
	"echo if\"x\" \"y\"if 'if' x'if'\n",
	"echo {\n}\necho done\n( echo if )\necho x\n",
	"git commit -m 'x\ny' && echo if\necho z\n",
	"echo a &\necho if\n",
	"echo if\r\necho x\n",
	"(cd web && npm run build 2>&1 | tail -5)\n( if x )\n(time ls)\n  ( a; ) \n(a|b)|c\n(echo \"x\" >f)\n",
	"(cd a; for x in y; do z; done)\n(a) # c\n((1))\n(echo)\n(echo done)\n",
}

// TestNestFastMatchesScan: a line applied from the fast reader's words
// changes the nesting scan exactly as its bytes scanned would.
func TestNestFastMatchesScan(t *testing.T) {
	for _, src := range nestFastSeeds {
		d1, r1 := nestScan(src, 1<<30)
		d2, r2 := nestFused(src, 1<<30)
		if d1 != d2 || r1 != r2 {
			t.Errorf("%q: scanned %d, %d; fast lines applied %d, %d", src, d1, r1, d2, r2)
		}
	}
}

// FuzzNestFast: as TestNestFastMatchesScan, for any script.
func FuzzNestFast(f *testing.F) {
	for _, s := range nestFastSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<12 {
			return
		}
		d1, r1 := nestScan(src, 1<<30)
		d2, r2 := nestFused(src, 1<<30)
		if d1 != d2 || r1 != r2 {
			t.Errorf("%q: scanned %d, %d; fast lines applied %d, %d", src, d1, r1, d2, r2)
		}
	})
}
