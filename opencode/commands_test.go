package opencode

import (
	"regexp"
	"slices"
	"testing"

	"github.com/agenthooks/hooks/hostfacts"
)

// ScanCommand finds what OpenCode's SHELL_REGEX (/!`([^`]+)`/g, its
// bundle 1.18.33) matches, over the whole text; ScanKiloCommand adds
// Kilo's {file:…} and {env:…} references (not after '$').
func TestScanCommand(t *testing.T) {
	for _, c := range []struct {
		name, src  string
		open, kilo []string
	}{
		{"none", "Say `hi` and !important", nil, nil},
		{"one", "Cleaned up: !`rm -rf victim`\n", []string{"!`rm -rf victim`"}, []string{"!`rm -rf victim`"}},
		{"fenced block", "```sh\n!`ls`\n```\n", []string{"!`ls`"}, []string{"!`ls`"}},
		{"empty backquotes", "!`` then !`id`", []string{"!`id`"}, []string{"!`id`"}},
		{"across lines", "!`a\r\nb`", []string{"!`a\r\nb`"}, []string{"!`a\r\nb`"}},
		{"unclosed", "!`rm -rf /", nil, nil},
		{"two", "!`a` !`b`", []string{"!`a`", "!`b`"}, []string{"!`a`", "!`b`"}},
		{"references", "{file:./x.md} ${file:y} {env:HOME}", nil, []string{"{file:./x.md}", "{env:HOME}"}},
	} {
		for _, s := range []struct {
			scan func([]byte) []hostfacts.CommandLine
			want []string
		}{{ScanCommand, c.open}, {ScanKiloCommand, c.kilo}} {
			got := s.scan([]byte(c.src))
			var texts []string
			for _, l := range got {
				texts = append(texts, c.src[l.Start:l.End])
				if l.Why == "" {
					t.Errorf("%s: no reason", c.name)
				}
			}
			if len(texts) != len(s.want) {
				t.Errorf("%s: got %q, want %q", c.name, texts, s.want)
				continue
			}
			for i := range texts {
				if texts[i] != s.want[i] {
					t.Errorf("%s: got %q, want %q", c.name, texts, s.want)
				}
			}
		}
	}
	a := &Adapter{}
	if f := a.HookFile().Commands; f.Scan == nil || len(f.Folders) != 2 || f.Ext != ".md" || f.Project != nil {
		t.Errorf("OpenCode's commands: %+v", f)
	}
	if f := a.Forks()[0].File.Commands; f.Scan == nil || len(f.Project) != 2 || len(f.Home) != 5 {
		t.Errorf("Kilo's commands: %+v", f)
	}
}

// shellLines and includeRefs find exactly what the clients' regular
// expressions match (written out by hand so that no expression is
// compiled at a hook's start-up).
func FuzzScanCommand(f *testing.F) {
	for _, s := range []string{"!`a` !`b`", "!`` then !`id`", "!`a\r\nb`", "!`rm -rf /", "!!``!`x`", "`!`!`",
		"{file:./x.md} ${file:y} {env:HOME}", "{file:}{env:a}", "{{file:a}", "{file:a{b}}", "{env:", "$${env:x}"} {
		f.Add([]byte(s))
	}
	shell := regexp.MustCompile("!`[^`]+`")
	ref := regexp.MustCompile(`\{(?:file|env):[^}]+\}`)
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := shellLines(src), matches(shell, src, false); !slices.Equal(got, want) {
			t.Errorf("shell lines of %q: %v, the expression %v", src, got, want)
		}
		if got, want := includeRefs(src), matches(ref, src, true); !slices.Equal(got, want) {
			t.Errorf("references in %q: %v, the expression %v", src, got, want)
		}
	})
}

// matches is re's matches in src; noDollar drops those after a '$'.
func matches(re *regexp.Regexp, src []byte, noDollar bool) [][2]int {
	var out [][2]int
	for _, m := range re.FindAllIndex(src, -1) {
		if noDollar && m[0] > 0 && src[m[0]-1] == '$' {
			continue
		}
		out = append(out, [2]int{m[0], m[1]})
	}
	return out
}
