package hookmain_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every test SECURITY.md names as pinning a claim exists, so that a
// claim's test cannot be renamed or deleted while the claim stays.
func TestSecurityClaimsNameRealTests(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "SECURITY.md"))
	if err != nil {
		t.Fatal(err)
	}
	names := regexp.MustCompile(`\b(?:Test|Fuzz)[A-Z][A-Za-z0-9_]*`).FindAllString(string(doc), -1)
	if len(names) < 20 {
		t.Fatalf("SECURITY.md names %d tests; its claims should each name theirs", len(names))
	}
	var tests strings.Builder
	filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != ".." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if strings.HasSuffix(path, "_test.go") {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			tests.Write(b)
		}
		return nil
	})
	all := tests.String()
	for _, n := range names {
		if !strings.Contains(all, "\nfunc "+n+"(") {
			t.Errorf("SECURITY.md names %s, which no test file declares", n)
		}
	}
}
