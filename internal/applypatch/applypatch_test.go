package applypatch

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agenthooks/hooks"
)

func TestParse(t *testing.T) {
	add := func(p, body string) hooks.FileChange {
		return hooks.FileChange{Op: hooks.PatchAdd, Path: p, Body: body}
	}
	del := func(p string) hooks.FileChange { return hooks.FileChange{Op: hooks.PatchDelete, Path: p} }
	upd := func(p, to, body string) hooks.FileChange {
		return hooks.FileChange{Op: hooks.PatchUpdate, Path: p, MoveTo: to, Body: body}
	}
	cases := []struct {
		name string
		text string
		want []hooks.FileChange
	}{
		{"add, as Codex sends it", "*** Begin Patch\n*** Add File: hello.txt\n+hello from apply_patch\n*** End Patch\n",
			[]hooks.FileChange{add("hello.txt", "hello from apply_patch\n")}},
		{"no final newline", "*** Begin Patch\n*** Add File: a\n+x\n*** End Patch",
			[]hooks.FileChange{add("a", "x\n")}},
		{"CRLF", "*** Begin Patch\r\n*** Add File: a.txt\r\n+x\r\n+\r\n*** Delete File: b.txt\r\n*** End Patch\r\n",
			[]hooks.FileChange{add("a.txt", "x\n\n"), del("b.txt")}},
		{"whitespace around markers and text", "\n\n  *** Begin Patch  \n   *** Add File: a.txt   \n+x\n\t*** End Patch\t\n\n",
			[]hooks.FileChange{add("a.txt", "x\n")}},
		{"heredoc wrapper", "<<'EOF'\n*** Begin Patch\n*** Delete File: gone.txt\n*** End Patch\nEOF\n",
			[]hooks.FileChange{del("gone.txt")}},
		{"bare heredoc wrapper", "<<EOF\n*** Begin Patch\n*** Delete File: gone.txt\n*** End Patch\nEOF",
			[]hooks.FileChange{del("gone.txt")}},
		{"empty patch", "*** Begin Patch\n*** End Patch\n", nil},
		{"add with no lines", "*** Begin Patch\n*** Add File: empty.txt\n*** End Patch", []hooks.FileChange{add("empty.txt", "")}},
		{"absolute and spaced paths", "*** Begin Patch\n*** Add File: /etc/x y.conf\n+1\n*** Delete File:  lead.txt\n*** End Patch",
			[]hooks.FileChange{add("/etc/x y.conf", "1\n"), del(" lead.txt")}},
		{"update: move, first hunk without @@, blank separators, end of file",
			"*** Begin Patch\n*** Update File: src/a.py\n*** Move to: src/b.py\n import os\n-x = 1\n+x = 2\n\n@@ def f():\n-    pass\n+    return 1\n*** End of File\n@@\n+tail\n*** Delete File: old.py\n*** End Patch",
			[]hooks.FileChange{
				upd("src/a.py", "src/b.py", " import os\n-x = 1\n+x = 2\n\n@@ def f():\n-    pass\n+    return 1\n*** End of File\n@@\n+tail\n"),
				del("old.py"),
			}},
		{"update: empty lines are context", "*** Begin Patch\n*** Update File: a\n@@\n a\n\n+b\n*** End Patch",
			[]hooks.FileChange{upd("a", "", "@@\n a\n\n+b\n")}},
		{"update: a header that starts with spaces is not a move", "*** Begin Patch\n*** Update File: a\n  *** Move to: b\n+c\n*** End Patch",
			[]hooks.FileChange{upd("a", "", "  *** Move to: b\n+c\n")}},
		{"update followed by add", "*** Begin Patch\n*** Update File: file.py\n@@\n+line\n*** Add File: other.py\n+content\n*** End Patch",
			[]hooks.FileChange{upd("file.py", "", "@@\n+line\n"), add("other.py", "content\n")}},
	}
	for _, c := range cases {
		got, err := Parse(c.text)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", c.name, diff)
		}
	}
}

func TestParsePatchErrors(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		errWant string
		salvage []string // paths still listed
	}{
		{"empty", "", "first line", nil},
		{"no begin", "*** Add File: a\n+x\n*** End Patch", "first line", []string{"a"}},
		{"no end", "*** Begin Patch\n*** Add File: .env\n+SECRET=1\n", "last line", []string{".env"}},
		{"begin only", "*** Begin Patch", "last line", nil},
		{"bad header", "*** Begin Patch\n*** Frobnicate File: a\n*** Add File: b\n+x\n*** End Patch", "not a valid file header", []string{"b"}},
		{"header without space", "*** Begin Patch\n*** Add File:a\n*** End Patch", "not a valid file header", nil},
		{"update with no hunks", "*** Begin Patch\n*** Update File: a\n*** Move to: /etc/passwd\n*** End Patch", "no hunks", []string{"a", "/etc/passwd"}},
		{"second hunk without @@", "*** Begin Patch\n*** Update File: a\n@@\n+x\n*** End of File\nzzz\n*** End Patch", "@@ header", []string{"a"}},
		{"first hunk line invalid", "*** Begin Patch\n*** Update File: a\nzzz\n*** Delete File: b\n*** End Patch", "unexpected line", []string{"a", "b"}},
		{"end of file with no lines", "*** Begin Patch\n*** Update File: a\n@@\n*** End of File\n*** End Patch", "no lines", []string{"a"}},
		{"@@ as last line", "*** Begin Patch\n*** Update File: a\n+x\n@@ ctx", "last line", []string{"a"}},
		{"heredoc with too few lines", "<<EOF\n*** Begin Patch\nEOF", "first line", nil},
	}
	for _, c := range cases {
		files, err := Parse(c.text)
		var pe *Error
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), c.errWant) {
			t.Errorf("%s: error %v, want a *Error containing %q", c.name, err, c.errWant)
		}
		var paths []string
		for _, f := range files {
			paths = append(paths, f.Path)
			if f.MoveTo != "" {
				paths = append(paths, f.MoveTo)
			}
		}
		if diff := cmp.Diff(c.salvage, paths); diff != "" {
			t.Errorf("%s: salvaged paths (-want +got)\n%s", c.name, diff)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n",
		"*** Begin Patch\r\n*** Update File: a\r\n*** Move to: b\r\n@@ x\r\n-1\r\n+2\r\n*** End of File\r\n*** End Patch",
		"<<'EOF'\n*** Begin Patch\n*** Delete File: d\n*** End Patch\nEOF\n",
		"*** Begin Patch\n*** Update File: a\nbad\n",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		files, err := Parse(text)
		for _, fc := range files {
			if fc.Path == "" && err == nil {
				t.Errorf("file with an empty path: %+v", fc)
			}
			if !strings.Contains(text, fc.Path) || !strings.Contains(text, fc.MoveTo) {
				t.Errorf("path %q / %q is not in the text", fc.Path, fc.MoveTo)
			}
			switch fc.Op {
			case hooks.PatchAdd, hooks.PatchUpdate, hooks.PatchDelete:
			default:
				t.Errorf("bad op %q", fc.Op)
			}
		}
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Errorf("error %T is not a *Error", err)
			}
			return
		}
		// Surrounding whitespace never changes the result.
		again, err2 := Parse("\n \t" + text + "\r\n ")
		if err2 != nil || !cmp.Equal(files, again) {
			t.Errorf("padding changed the result: %v", err2)
		}
	})
}

func TestParsePatchErrorLines(t *testing.T) {
	for text, line := range map[string]int{
		"*** Begin Patch\n*** Update File: a\nzzz\n*** End Patch":                                  3,
		"*** Begin Patch\n*** Add File: a\n+x\n*** Update File: b\n@@\n-x\nzzz\n+y\n*** End Patch": 7,
		"*** Begin Patch\n*** Update File: a\n@@\n*** End of File\n*** End Patch":                  4,
		"*** Begin Patch\n*** Bogus\n*** End Patch":                                                2,
		"<<EOF\n*** Begin Patch\n*** Add File: a\n+x\n*** Nope\n*** End Patch\nEOF":                5,
	} {
		_, err := Parse(text)
		var pe *Error
		if !errors.As(err, &pe) || pe.Line != line {
			t.Errorf("%q: error %v, want line %d", text, err, line)
		}
	}
}
