package opencode

import (
	"errors"
	"reflect"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/codex"
)

// TestParsePatch: the files of each patch are those OpenCode 1.18.33 and
// Kilo Code CLI 7.7.7 changed when the e2e guard-write-tools run sent it
// (the run without an opinion), and the cases of their parser's code.
func TestParsePatch(t *testing.T) {
	add := func(p string) hooks.FileChange {
		return hooks.FileChange{Op: hooks.PatchAdd, Path: p, Body: "TOKEN=x\n"}
	}
	for _, c := range []struct {
		name, text string
		want       []hooks.FileChange
	}{
		{"add, update, move, delete", "*** Begin Patch\n*** Add File: p0/new.txt\n+hello\n*** Update File: p0/a.txt\n@@\n-old\n+new\n" +
			"*** Update File: p0/b.txt\n*** Move to: p0/moved.txt\n@@\n-one\n+two\n*** Delete File: p0/gone.txt\n*** End Patch",
			[]hooks.FileChange{{Op: hooks.PatchAdd, Path: "p0/new.txt", Body: "hello\n"},
				{Op: hooks.PatchUpdate, Path: "p0/a.txt", Body: "@@\n-old\n+new\n"},
				{Op: hooks.PatchUpdate, Path: "p0/b.txt", MoveTo: "p0/moved.txt", Body: "@@\n-one\n+two\n"},
				{Op: hooks.PatchDelete, Path: "p0/gone.txt"}}},
		{"relative", "*** Begin Patch\n*** Add File: p1/.env\n+TOKEN=x\n*** End Patch", []hooks.FileChange{add("p1/.env")}},
		{"move with no hunk", "*** Begin Patch\n*** Update File: p6/a.txt\n*** Move to: p6/.env\n*** End Patch",
			[]hooks.FileChange{{Op: hooks.PatchUpdate, Path: "p6/a.txt", MoveTo: "p6/.env"}}},
		{"three files, .env last", "*** Begin Patch\n*** Add File: p7/a.txt\n+a\n*** Add File: p7/b.txt\n+b\n*** Add File: p7/.env\n+TOKEN=x\n*** End Patch",
			[]hooks.FileChange{{Op: hooks.PatchAdd, Path: "p7/a.txt", Body: "a\n"}, {Op: hooks.PatchAdd, Path: "p7/b.txt", Body: "b\n"}, add("p7/.env")}},
		{"CRLF", "*** Begin Patch\r\n*** Add File: p8/.env\r\n+TOKEN=x\r\n*** End Patch\r\n",
			[]hooks.FileChange{{Op: hooks.PatchAdd, Path: "p8/.env", Body: "TOKEN=x\r\n"}}},
		{"no space after the colon", "*** Begin Patch\n*** Add File:p9/.env\n+TOKEN=x\n*** End Patch", []hooks.FileChange{add("p9/.env")}},
		{"path ending in U+FEFF", "*** Begin Patch\n*** Add File: p10/.env\ufeff\n+TOKEN=x\n*** End Patch", []hooks.FileChange{add("p10/.env")}},
		{"cat heredoc", "cat <<'X'\n*** Begin Patch\n*** Add File: p11/.env\n+TOKEN=x\n*** End Patch\nX", []hooks.FileChange{add("p11/.env")}},
		{"heredoc, no cat, mixed quotes", "<<\"EOF'\n\n*** Begin Patch\n*** Add File: h/.env\n+TOKEN=x\n*** End Patch\nEOF", []hooks.FileChange{add("h/.env")}},
		{"text around, a stray line", "Here is the patch:\n*** Begin Patch\n*** Add File: p12/a.txt\n+a\nstray line\n*** Add File: p12/.env\n+TOKEN=x\n*** End Patch",
			[]hooks.FileChange{{Op: hooks.PatchAdd, Path: "p12/a.txt", Body: "a\n"}, add("p12/.env")}},
		{"delete", "*** Begin Patch\n*** Delete File: p13/.env\n*** End Patch", []hooks.FileChange{{Op: hooks.PatchDelete, Path: "p13/.env"}}},
		{"after the first End Patch", "*** Begin Patch\n*** Add File: p16/a.txt\n+a\n*** End Patch\n*** Add File: p16/.env\n+TOKEN=x\n*** End Patch",
			[]hooks.FileChange{{Op: hooks.PatchAdd, Path: "p16/a.txt", Body: "a\n"}}},
		{"indented markers, unindented header", "  *** Begin Patch  \n*** Add File:   sp/.env \t\n+TOKEN=x\n\t*** End Patch",
			[]hooks.FileChange{add("sp/.env")}},
		{"indented header is no header", "*** Begin Patch\n *** Add File: x/.env\n+TOKEN=x\n*** End Patch", nil},
		{"header with no path, then a file", "*** Begin Patch\n*** Add File:   \n+x\n*** Delete File: d/.env\n*** End Patch",
			[]hooks.FileChange{{Op: hooks.PatchDelete, Path: "d/.env"}}},
		{"Move to away from its header", "*** Begin Patch\n*** Update File: m/a.txt\n@@\n-a\n+b\n*** Move to: m/.env\n*** End Patch",
			[]hooks.FileChange{{Op: hooks.PatchUpdate, Path: "m/a.txt", Body: "@@\n-a\n+b\n"}}},
		{"Move to with no path", "*** Begin Patch\n*** Update File: m/a.txt\n*** Move to:  \n@@\n-a\n+b\n*** End Patch",
			[]hooks.FileChange{{Op: hooks.PatchUpdate, Path: "m/a.txt", Body: "@@\n-a\n+b\n"}}},
		{"U+0085 is kept", "*** Begin Patch\n*** Add File: n/.env\u0085\n+TOKEN=x\n*** End Patch", []hooks.FileChange{add("n/.env\u0085")}},
		{"only markers", "*** Begin Patch\n*** End Patch", nil},
		{"add ending in an empty line", "*** Begin Patch\n*** Add File: e/a\n+a\n+\n*** Add File: e/b\n+\n*** Add File: e/c\n*** End Patch",
			[]hooks.FileChange{{Op: hooks.PatchAdd, Path: "e/a", Body: "a\n"}, {Op: hooks.PatchAdd, Path: "e/b"}, {Op: hooks.PatchAdd, Path: "e/c"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParsePatch(c.text)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

// TestParsePatchMarkers: with no Begin line before an End line OpenCode
// changes nothing and fails the call.
func TestParsePatchMarkers(t *testing.T) {
	for _, text := range []string{"", "*** Add File: .env\n+x", "*** End Patch\n*** Begin Patch", "*** Begin Patch\n*** Add File: .env\n+x",
		"*** Begin Patch\r*** Add File: .env\r*** End Patch"} {
		if files, err := ParsePatch(text); !errors.Is(err, ErrPatchMarkers) || files != nil {
			t.Errorf("%q: %v, %v", text, files, err)
		}
	}
}

// TestCodexParserMissesFEFF is why OpenCode's patches have a parser of
// their own: Codex's grammar, read by Go's TrimSpace, keeps a trailing
// U+FEFF, so the file is ".env\ufeff", not a .env file, where OpenCode
// writes .env.
func TestCodexParserMissesFEFF(t *testing.T) {
	text := "*** Begin Patch\n*** Add File: p10/.env\ufeff\n+TOKEN=x\n*** End Patch"
	files, err := codex.ParsePatch(text)
	if err != nil || len(files) != 1 || files[0].Path != "p10/.env\ufeff" {
		t.Fatalf("codex.ParsePatch: %+v, %v", files, err)
	}
	if files, _ := ParsePatch(text); len(files) != 1 || files[0].Path != "p10/.env" {
		t.Errorf("ParsePatch: %+v", files)
	}
}

func FuzzParsePatch(f *testing.F) {
	f.Add("*** Begin Patch\n*** Add File: a\n+x\n*** End Patch")
	f.Add("cat <<'X'\n*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** End Patch\nX")
	f.Add("<<EOF\n\nEOF")
	f.Fuzz(func(t *testing.T, text string) {
		files, err := ParsePatch(text)
		if err != nil && files != nil {
			t.Fatal("files with an error")
		}
		for _, fc := range files {
			if fc.Path == "" || fc.Path != jsTrim(fc.Path) {
				t.Fatalf("path %q", fc.Path)
			}
		}
	})
}
