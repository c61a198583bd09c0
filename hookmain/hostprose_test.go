package hookmain_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
)

// proseFiles are the documents a newcomer reads first, whose counts of
// hosts in words went stale with each new host (issue 42, item 12: they
// said 7, 8, 10 and 11 agents).
var proseFiles = []string{
	"README.md", "doc.go", "adapter.go", "SECURITY.md", "builtin/builtin.go", "hookmain/hookmain.go",
	"hookstest/doc.go", "hookstest/run.go", "hookhttp/README.md", "hookhttp/doc.go", "install/README.md",
	"install/doc.go", "examples/guard/README.md", "examples/gateway/README.md", "internal/hookcli/usage.go",
}

// hostLists are the paragraphs that list the hosts this module supports
// (or, with except, those the end-to-end suite runs), each found by a
// phrase in it.
var hostLists = []struct {
	file, phrase string
	except       []string // titles the list leaves out by design
}{
	{"README.md", "One Go hook program for every AI coding agent", nil},
	{"README.md", "The first run also installs the pinned", []string{"Cursor", "Pi"}}, // Pi: no e2e column yet (issue 41)
	{"README.md", "[CONFORMANCE.md](CONFORMANCE.md): what the real", []string{"Cursor", "Pi"}},
	{"doc.go", "Package hooks lets one Go program", nil},
	{"builtin/builtin.go", "Adapters returns a new list", nil},
	{"hookmain/hookmain.go", "Package hookmain wires", nil},
	{"hookstest/doc.go", "Package hookstest tests", nil},
	{"examples/guard/README.md", "A hook that keeps an agent", nil},
	{"examples/gateway/README.md", "A runnable policy gateway", nil},
}

// countWord matches a host count written as a word: a list that was
// right once and is stale after the next host ("all seven", "seven
// hosts").
var countWord = regexp.MustCompile(`(?i)\b(all (five|six|seven|eight|nine|ten|eleven|twelve|thirteen)|(five|six|seven|eight|nine|ten|eleven|twelve|thirteen) (hosts|agents|clients|adapters))\b`)

// TestHostProse keeps the prose lists of hosts equal to builtin's: each
// of hostLists names every host (titles from the adapters' hook-file
// facts, forks included), no document counts the hosts in words, and the
// hook's usage names every adapter's --host value.
func TestHostProse(t *testing.T) {
	root, err := hosttest.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	var titles [][]string // each host's titles, the first as the adapter states it
	var names []string
	for _, a := range builtin.Adapters() {
		names = append(names, string(a.Host()))
		f, ok := a.(hostfacts.HookFiler)
		if !ok {
			t.Fatalf("%s states no hook file", a.Host())
		}
		titles = append(titles, aliases(f.HookFile().Title))
		if fk, ok := a.(hostfacts.Forker); ok {
			for _, fork := range fk.Forks() {
				titles = append(titles, aliases(fork.File.Title))
			}
		}
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for _, l := range hostLists {
		var para string
		for _, p := range paragraphs(read(l.file), strings.HasSuffix(l.file, ".go")) {
			if strings.Contains(p, l.phrase) {
				para = p
				break
			}
		}
		if para == "" {
			t.Errorf("%s has no paragraph with %q", l.file, l.phrase)
			continue
		}
		for _, ts := range titles {
			if !containsAny(para, ts) && !slices.Contains(l.except, ts[0]) {
				t.Errorf("%s: the list of hosts at %q leaves out %s", l.file, l.phrase, ts[0])
			}
		}
	}
	for _, name := range proseFiles {
		if m := countWord.FindString(read(name)); m != "" {
			t.Errorf("%s counts the hosts in words (%q): name them, or say every host", name, m)
		}
	}
	_, usage, _ := strings.Cut(read("internal/hookcli/usage.go"), "--host NAME ")
	usage, _, _ = strings.Cut(usage, "detected from the payload")
	for _, n := range names {
		if !regexp.MustCompile(`\b` + n + `\b`).MatchString(usage) {
			t.Errorf("the hook's usage does not name --host %s", n)
		}
	}
}

// aliases returns a host title and the shorter ways prose names it.
func aliases(title string) []string {
	out := []string{title}
	if short, ok := strings.CutSuffix(title, " CLI"); ok && short != "Gemini" && short != "Copilot" {
		out = append(out, short)
	}
	if strings.HasPrefix(title, "Kilo") {
		out = append(out, "Kilo")
	}
	return out
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// paragraphs splits a document into paragraphs: text between blank
// lines, or, in Go source, between blank comment lines and code, with
// each line's comment marker removed and the lines joined by spaces.
func paragraphs(doc string, goSource bool) []string {
	var out []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, " "))
			cur = nil
		}
	}
	for _, line := range strings.Split(doc, "\n") {
		line = strings.TrimSpace(line)
		if goSource {
			text, ok := strings.CutPrefix(line, "//")
			if !ok || strings.TrimSpace(text) == "" {
				flush()
				continue
			}
			line = strings.TrimSpace(text)
		}
		if line == "" {
			flush()
			continue
		}
		cur = append(cur, line)
	}
	flush()
	return out
}
