package codetext

import (
	"slices"
	"strings"
	"testing"
)

func TestImports(t *testing.T) {
	for _, tc := range []struct {
		lang, code string
		want       []string // paths that must be among those given
		not        []string // paths that must not
	}{
		{"python", "import lib.helper as h\n", []string{"/p/lib/__init__.py", "/p/lib/helper.py"}, nil},
		{"python", "from lib import a, b as c\n", []string{"/p/lib.py", "/p/lib/a.py", "/p/lib/b.py"}, []string{"/p/lib/c.py"}},
		{"python", "from . import x\nfrom ..up import y\n", []string{"/p/x.py", "/up.py"}, nil},
		{"python", "import os, sys, _thread\nimport json\n", []string{"/p/json.py"}, []string{"/p/os.py", "/p/sys.py", "/p/_thread.py"}},
		{"python", "import $x\nfrom a-b import c\n", nil, []string{"/p/$x.py", "/p/a-b.py"}},
		{"node", "const h = require('./h');\nimport x from \"../x.mjs\";\nimport 'fs';\n", []string{"/p/h.js", "/p/h/index.js", "/x.mjs"}, []string{"/p/fs"}},
		{"ruby", "require_relative 'lib/w'\nrequire 'json'\n", []string{"/p/lib/w.rb"}, []string{"/p/json"}},
		{"php", "<?php require_once 'inc/db.php'; include \"$x.php\";\n", []string{"/p/inc/db.php"}, nil},
		{"perl", "require \"lib/x.pl\";\ndo 'y.pl';\n", []string{"/p/lib/x.pl", "/p/y.pl"}, nil},
	} {
		got := Imports(tc.lang, tc.code, "/p")
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s %q: %q lacks %s", tc.lang, tc.code, got, w)
			}
		}
		for _, w := range tc.not {
			if slices.Contains(got, w) {
				t.Errorf("%s %q: %q holds %s", tc.lang, tc.code, got, w)
			}
		}
	}
}

// TestImportsBounded: a file of many imports gives at most about
// MaxModulePaths places.
func TestImportsBounded(t *testing.T) {
	for lang, code := range map[string]string{
		"python": strings.Repeat("from . import a, b, c\nimport x.y.z\n", 30000),
		"node":   strings.Repeat("require('./x'); import y from './y';\n", 30000),
		"ruby":   strings.Repeat("require_relative 'x'\n", 30000),
	} {
		if got := Imports(lang, code, "/p"); len(got) > 2*MaxModulePaths {
			t.Errorf("%s: %d places", lang, len(got))
		}
	}
}

func FuzzLiteral(f *testing.F) {
	for _, s := range []string{`'a'`, `"a\"b"`, "`a${b}`", `r'\d'`, `f"{x}"`, `'''a'''`, `"`, `b'x' rest`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, rest, ok := Literal(s)
		if ok && (len(rest) >= len(s) || len(v) > len(s)) {
			t.Fatalf("Literal(%q) = %q, %q", s, v, rest)
		}
	})
}
