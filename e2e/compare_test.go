package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The committed table is compared with the run's: a drift fails, naming
// the line.
func TestConformanceCompare(t *testing.T) {
	c := &conformance{cells: map[string]map[string]cell{}}
	c.set("claude", rows[0].key, cell{"pass", ""})
	path := filepath.Join(t.TempDir(), "CONFORMANCE.md")
	if err := c.write(path); err != nil {
		t.Fatal(err)
	}
	if err := c.compare(path); err != nil {
		t.Fatalf("the table just written differs: %v", err)
	}
	c.set("claude", rows[0].key, cell{"FAIL", "TestClients/x"})
	err := c.compare(path)
	if err == nil || !strings.Contains(err.Error(), "FAIL") {
		t.Fatalf("a changed cell was not reported: %v", err)
	}
	os.Remove(path)
	if c.compare(path) == nil {
		t.Fatal("a missing CONFORMANCE.md was not reported")
	}
}

// A client run only for some rows (harness.Host.Runs) prints n/a for the
// others, never "not run"; its own rows show their outcome.
func TestConformanceNewClientsNA(t *testing.T) {
	c := &conformance{cells: map[string]map[string]cell{}}
	c.set("qwen", "guard-install", cell{"pass", ""})
	out := c.render(map[string]string{})
	var header string
	checked, sawPass := 0, false
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "| behaviour |") {
			header = l
		}
		title, ok := strings.CutPrefix(l, "| ")
		if !ok || header == "" || strings.HasPrefix(l, "|---") || l == header {
			continue
		}
		cols := strings.Split(strings.TrimSuffix(title, " |"), " | ")
		names := strings.Split(strings.TrimSuffix(strings.TrimPrefix(header, "| "), " |"), " | ")
		for i, n := range names {
			if i == 0 || i >= len(cols) {
				continue
			}
			cellText := cols[i]
			checked++
			newClient := strings.HasPrefix(n, "Copilot CLI") || strings.HasPrefix(n, "Qwen Code") || strings.HasPrefix(n, "Factory Droid")
			switch {
			case strings.HasPrefix(n, "Qwen Code") && strings.Contains(l, "examples/guard built from the module"):
				if cellText != "pass" {
					t.Errorf("Qwen Code guard-install = %q, want pass", cellText)
				}
				sawPass = true
			case newClient && cellText != "n/a":
				t.Errorf("%s: %q in row %.40s, want n/a", n, cellText, title)
			case !newClient && n != "Cursor" && cellText != "not run":
				t.Errorf("%s: %q in row %.40s, want not run", n, cellText, title)
			}
		}
	}
	if checked < len(rows)*8 || !sawPass {
		t.Errorf("checked %d cells (want %d), Qwen Code's guard-install seen: %v", checked, len(rows)*8, sawPass)
	}
	if !strings.Contains(header, "Copilot CLI (PascalCase)") || !strings.Contains(header, "Factory Droid") {
		t.Errorf("header %q", header)
	}
}
