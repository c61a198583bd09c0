package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hookstest"
	"github.com/agenthooks/hooks/policies/guard"
	"github.com/agenthooks/hooks/policy"
)

// TestReadmePolicy runs the team example of README.md's "## Policy
// files" section: its managed and project files must pass `guard policy
// check`, and each line of its sh block must get the answer its heading
// says on every host: "# denied by NAME" a deny naming the rule NAME
// ("rule N": the built-in rule), "# passes" no opinion.
func TestReadmePolicy(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Policy files\n")
	if !ok {
		t.Fatal("README.md has no ## Policy files section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	dir := t.TempDir()
	files := map[string]string{}
	var block, heading string
	var lines []string
	ran := map[string]int{}
	for _, line := range strings.Split(section, "\n") {
		switch {
		case strings.HasPrefix(line, "```toml "):
			block = strings.TrimPrefix(line, "```toml ")
			lines = nil
		case line == "```sh":
			block, heading = "sh", ""
		case line == "```" && block != "" && block != "sh":
			p := filepath.Join(dir, block+".toml")
			if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			files[block] = p
			args := []string{"check", p}
			if block == "managed" {
				args = []string{"check", "--managed", p}
			}
			var out bytes.Buffer
			if code := policyCommand(args, nil, &out, &out); code != 0 {
				t.Errorf("guard policy check of the README's %s file: exit %d: %s", block, code, out.String())
			}
			block = ""
		case line == "```":
			block = ""
		case block == "sh" && strings.HasPrefix(line, "# "):
			heading = strings.TrimPrefix(line, "# ")
		case block == "sh" && strings.TrimSpace(line) != "":
			if files["managed"] == "" || files["project"] == "" {
				t.Fatalf("README.md: the sh block comes before the managed and project files")
			}
			s, err := policy.LoadFiles([3]string{files["managed"], "", files["project"]})
			if err != nil {
				t.Fatal(err)
			}
			h := guard.WithPolicy(func(string) (*policy.Set, error) { return s, nil }, &bytes.Buffer{})
			res := hookstest.Run(t, h, hookstest.Shell(line))
			switch name, ok := strings.CutPrefix(heading, "denied by "); {
			case heading == "passes":
				res.NoOpinion(t)
			case ok && strings.HasPrefix(name, "rule "):
				res.DeniedWithReason(t, "guard: "+name+" ")
			case ok:
				res.DeniedWithReason(t, "policy: rule "+name+": ")
			default:
				t.Fatalf("README.md: %q under heading %q: want # denied by NAME or # passes", line, heading)
			}
			ran[heading]++
		case block != "":
			lines = append(lines, line)
		}
	}
	if len(files) != 2 || ran["passes"] == 0 || len(ran) < 5 {
		t.Errorf("README.md's policy example: files %v, examples %v", files, ran)
	}
}
