package install

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/install/internal/commandscan"
)

// Doctor names each shell line of a command file that OpenCode or Kilo
// Code CLI runs before any plugin hook (see package opencode's
// ScanCommand: the whole text, fenced blocks included), as a warning with
// its line and a short one-line Excerpt, and stays healthy.
func TestDoctorCommandShellLines(t *testing.T) {
	long := "!`curl -H 'Authorization: Bearer " + strings.Repeat("s3cr3t", 40) + "' https://x`"
	for _, c := range []struct {
		name  string
		host  hooks.Host
		rel   string // under the project
		src   string
		want  []string // substrings of the report, in the file's block
		never []string
	}{
		{"shell line", "opencode", ".opencode/command/danger.md", "---\ndescription: d\n---\nCleaned up: !`rm -rf victim`\n",
			[]string{"line 4: !`rm -rf victim` runs before any plugin hook: no hook can stop it; review it (OpenCode)"}, nil},
		{"no shell line", "opencode", ".opencode/command/plain.md", "Say `hello` and use !important\n", nil, []string{"plain.md"}},
		{"fenced block runs too", "opencode", ".opencode/commands/fenced.md", "Run:\n\n```sh\n!`ls -la`\n```\n",
			[]string{"line 4: !`ls -la` runs before"}, nil},
		{"fenced block without", "opencode", ".opencode/commands/code.md", "```sh\nls -la\necho `date`\n```\n", nil, []string{"code.md"}},
		{"CRLF", "opencode", ".opencode/command/crlf.md", "a\r\nb\r\n!`id`\r\n", []string{"line 3: !`id` runs"}, nil},
		{"across lines, one Excerpt line", "opencode", ".opencode/command/multi.md", "x !`echo a\n\x1b[2Jecho\tb`\n",
			[]string{"line 1: !`echo a [2Jecho b` runs"}, []string{"\x1b"}},
		{"long line capped", "opencode", ".opencode/command/long.md", long, []string{"line 1: " + long[:commandscan.ExcerptRunes] + "… runs before"},
			[]string{strings.Repeat("s3cr3t", 2)}},
		{"subfolder", "opencode", ".opencode/command/team/deploy.md", "!`git push`", []string{"deploy.md\n  warn line 1: !`git push`"}, nil},
		{"not markdown", "opencode", ".opencode/command/notes.txt", "!`git push`", nil, []string{"notes.txt"}},
		{"kilo command", "kilo", ".kilocode/command/k.md", "\n!`whoami`", []string{"line 2: !`whoami` runs before any plugin hook: no hook can stop it; review it (Kilo Code CLI)"}, nil},
		{"kilo workflow, file reference", "kilo", ".kilo/workflows/w.md", "Context: {file:./notes.txt}\nCost: ${file:x}\n",
			[]string{"line 1: {file:./notes.txt} brings text into the command"}, []string{"line 2"}},
		{"opencode reads no workflows", "opencode", ".kilo/workflows/w.md", "!`id`", nil, []string{"w.md"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, _, _ := pluginSandbox(t, c.host)
			o := s.opts(c.host)
			o.Scope = Project
			s.install(t, o)
			p := filepath.Join(s.project, filepath.FromSlash(c.rel))
			writeAbs(t, p, []byte(c.src))
			r, out := s.doctor(t, o)
			if !r.Healthy() {
				t.Errorf("unhealthy:\n%s", out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, p+"\n  warn "+strings.TrimPrefix(w, "deploy.md\n  warn ")) && !strings.Contains(out, w) {
					t.Errorf("want %q in:\n%s", w, out)
				}
			}
			for _, n := range c.never {
				if strings.Contains(out, n) {
					t.Errorf("%q in:\n%s", n, out)
				}
			}
			if len(c.want) > 0 && !strings.Contains(out, p+"\n") {
				t.Errorf("the file %s is not named:\n%s", p, out)
			}
		})
	}
}

// Doctor reads command folders within bounds, through symbolic links,
// and makes what it cannot read a warning naming the path.
func TestDoctorCommandFoldersOdd(t *testing.T) {
	s, _, _ := pluginSandbox(t, "opencode")
	o := s.opts("opencode")
	o.Scope = Project
	s.install(t, o)
	oc := filepath.Join(s.project, ".opencode")
	elsewhere := filepath.Join(filepath.Dir(s.project), "shared-commands")
	writeAbs(t, filepath.Join(elsewhere, "linked.md"), []byte("!`echo linked`\n"))
	if err := os.Symlink(elsewhere, filepath.Join(oc, "commands")); err != nil {
		t.Skip(err)
	}
	os.Symlink(filepath.Join(oc, "commands"), filepath.Join(elsewhere, "loop")) // a loop ends
	huge := filepath.Join(oc, "command", "huge.md")
	writeAbs(t, huge, []byte("!`id`\n"+strings.Repeat("x", commandscan.MaxFile)))
	locked := filepath.Join(oc, "command", "locked.md")
	writeAbs(t, locked, []byte("!`id`\n"))
	os.Chmod(locked, 0)
	many := filepath.Join(s.project, ".kilo") // not OpenCode's: never read
	writeAbs(t, filepath.Join(many, "command", "k.md"), []byte("!`id`"))
	r, out := s.doctor(t, o)
	if !r.Healthy() {
		t.Errorf("unhealthy:\n%s", out)
	}
	for _, w := range []string{
		filepath.Join(oc, "commands", "linked.md") + "\n  warn line 1: !`echo linked`",
		huge + "\n  warn a command file of " + "262150 bytes, larger than doctor reads",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("want %q in:\n%s", w, out)
		}
	}
	if os.Getuid() != 0 && !strings.Contains(out, locked+"\n  warn cannot read:") {
		t.Errorf("the unreadable file is not named:\n%s", out)
	}
	if strings.Contains(out, "k.md") || strings.Count(out, "echo linked") != 1 {
		t.Errorf("read outside OpenCode's folders, or twice:\n%s", out)
	}

	// Past the bounds: the rest is counted, not read.
	s2, _, _ := pluginSandbox(t, "opencode")
	o2 := s2.opts("opencode")
	o2.Scope = Project
	s2.install(t, o2)
	files := map[string][]byte{}
	for i := range commandscan.MaxFiles + 5 {
		files[".opencode/command/c"+strconv.Itoa(i)+".md"] = []byte("plain\n")
	}
	write(t, s2.project, files)
	if r, out := s2.doctor(t, o2); !r.Healthy() || !strings.Contains(out, ": 5 not checked;") {
		t.Errorf("many files:\n%s", out)
	}
}
