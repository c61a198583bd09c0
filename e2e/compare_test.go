package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/e2e/harness"
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

// A client run only for some rows (harness.Host.Runs) prints "not run" for
// the rows of the runs it does not make, never a bare "n/a" (a row not
// proven on a client must not read as not applicable there); the rows of
// its runs show their outcome, "not run" when they left none.
func TestConformanceNewClientsNA(t *testing.T) {
	c := &conformance{cells: map[string]map[string]cell{}}
	c.set("qwen", "guard-install", cell{"pass", ""})
	c.set("droid", "ctx-prompt", cell{"n/a", "no such event"})
	out := c.render(map[string]string{})
	hosts := harness.Hosts()
	var header string
	checked, row, sawPass, sawNote := 0, -1, false, false
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "| behaviour |") {
			header = l
			continue
		}
		title, ok := strings.CutPrefix(l, "| ")
		if !ok || header == "" || strings.HasPrefix(l, "|---") {
			continue
		}
		row++
		key := rows[row].key
		cols := strings.Split(strings.TrimSuffix(title, " |"), " | ")
		if len(cols) != len(hosts)+2 {
			t.Fatalf("row %s has %d columns, want %d", key, len(cols), len(hosts)+2)
		}
		for i, h := range hosts {
			got := cols[i+1]
			checked++
			want := "not run"
			switch {
			case h.ID == "qwen" && key == "guard-install":
				want, sawPass = "pass", true
			case h.ID == "droid" && key == "ctx-prompt":
				want, sawNote = "n/a [1]", true
			}
			if got != want {
				t.Errorf("%s, row %s: %q, want %q", h.ID, key, got, want)
			}
		}
	}
	if row != len(rows)-1 || checked != len(rows)*len(hosts) || !sawPass || !sawNote {
		t.Errorf("checked %d rows, %d cells (want %d, %d), Qwen Code's guard-install seen: %v, Droid's note: %v",
			row+1, checked, len(rows), len(rows)*len(hosts), sawPass, sawNote)
	}
	if !strings.Contains(header, "Copilot CLI (PascalCase)") || !strings.Contains(header, "Factory Droid") {
		t.Errorf("header %q", header)
	}
	// Every run a new client makes names the rows it checks.
	for _, h := range hosts {
		for _, run := range h.Runs {
			found := false
			for _, r := range runOfRow {
				found = found || r == run
			}
			if !found {
				t.Errorf("%s runs %q, which no row of runOfRow names: its cells would print n/a", h.ID, run)
			}
		}
	}
}
