package shell

import (
	"errors"
	"strings"
	"testing"
)

// The shapes that make the effect tables work hardest: an unknown
// program with many operands (each an Unknown effect, up to the effects
// limit), an unknown wrapper of a chain of wrappers (each word a known
// command name), git alias definitions, a sed script of many w commands.
func BenchmarkEffectsWorst(b *testing.B) {
	for name, src := range map[string]string{
		"unknown-operands": "mywrap " + strings.Repeat("x ", 5000) + "rm -rf d",
		"unknown-wrapping": "mywrap " + strings.Repeat("sudo ", 300) + "rm -rf d",
		"git-aliases":      "git " + strings.Repeat("-c alias.x=y ", 2000) + "x",
		"sed-writes":       "sed '" + strings.Repeat("s/a/b/w f\n", 2000) + "' f",
		"find-exec":        "find . " + strings.Repeat("-exec rm {} + ", 2000),
	} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				// A chain of 300 wrappers is past MaxNested: refused.
				if _, err := Parse(src); err != nil && (name != "unknown-wrapping" || !errors.Is(err, ErrLimit)) {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzSedScript feeds sed scripts to the sed reader (through Parse): no
// panic, and the walk ends.
func FuzzSedScript(f *testing.F) {
	for _, s := range []string{`s/a/b/w .env`, `1e rm -rf d`, `/x/{p;w out
}`, `\,x,d`, `y/ab/cd/`, `$a foo`, `:a;N;$!ba;s/\n/ /g`, `s/a/b/e`, `r x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		if len(script) > 4096 {
			return
		}
		// Quoted for the shell, so that sed receives script as it is.
		Parse("sed '" + strings.ReplaceAll(script, "'", `'\''`) + "' f")
	})
}
