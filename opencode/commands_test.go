package opencode

import (
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
