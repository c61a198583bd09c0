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
