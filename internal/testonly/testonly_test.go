package testonly

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/agenthooks/hooks"

// imports maps each import path of the module's packages to the
// non-test files (slash paths from the module root) that import it.
// Nested modules, testdata and hidden folders are not read.
func imports(t *testing.T, root string) map[string][]string {
	t.Helper()
	by := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && p != root {
				return filepath.SkipDir // a module of its own
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			by[ip] = append(by[ip], filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return by
}

// TestOnlyTestsImport fails when a non-test file outside internal/testonly
// imports a package under it, and when a package elsewhere in internal/
// is imported by no non-test file but its own (it serves only tests, and
// belongs under internal/testonly).
func TestOnlyTestsImport(t *testing.T) {
	root := filepath.Join("..", "..")
	by := imports(t, root)
	for ip, files := range by {
		if !strings.HasPrefix(ip, module+"/internal/testonly/") {
			continue
		}
		for _, f := range files {
			if !strings.HasPrefix(f, "internal/testonly/") {
				t.Errorf("%s imports %s, which serves only tests", f, ip)
			}
		}
	}

	entries, err := os.ReadDir(filepath.Join(root, "internal"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "testonly" {
			continue
		}
		ip := module + "/internal/" + e.Name()
		checked++
		shipped := false
		for _, f := range by[ip] {
			if !strings.HasPrefix(f, "internal/testonly/") && path.Dir(f) != "internal/"+e.Name() {
				shipped = true
			}
		}
		if !shipped {
			t.Errorf("internal/%s is imported only by tests (%v): move it under internal/testonly", e.Name(), by[ip])
		}
	}
	if checked == 0 {
		t.Fatal("no internal packages found: the walk read the wrong folder")
	}
}
