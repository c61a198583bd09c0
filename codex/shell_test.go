package codex

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agenthooks/hooks"
)

func TestPatchFromShell(t *testing.T) {
	const body = "*** Begin Patch\n*** Add File: docs/a.md\n+# A\n*** Update File: b.txt\n*** Move to: ../c.txt\n@@\n-x\n+y\n*** End Patch"
	cases := []struct {
		name  string
		cmd   string
		ok    bool
		paths []string
		patch string
	}{
		{"heredoc, quoted delimiter", "apply_patch <<'EOF'\n" + body + "\nEOF\n", true, []string{"docs/a.md", "b.txt", "../c.txt"}, body},
		{"heredoc, bare delimiter, applypatch", "applypatch <<PATCH\n" + body + "\nPATCH", true, []string{"docs/a.md", "b.txt", "../c.txt"}, body},
		{"cd dir && apply_patch", "cd sub/dir && apply_patch <<'EOF'\n" + body + "\nEOF\n", true, []string{"sub/dir/docs/a.md", "sub/dir/b.txt", "sub/c.txt"}, body},
		{"cd to a quoted absolute dir", "cd '/home/dev/other repo' && apply_patch <<\"EOF\"\n" + body + "\nEOF", true,
			[]string{"/home/dev/other repo/docs/a.md", "/home/dev/other repo/b.txt", "/home/dev/c.txt"}, body},
		{"cd with ; is not followed", "cd /etc; apply_patch <<'EOF'\n" + body + "\nEOF", true, []string{"docs/a.md", "b.txt", "../c.txt"}, body},
		{"absolute paths stay", "cd sub && apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: /etc/hosts\n*** End Patch\nEOF", true, []string{"/etc/hosts"},
			"*** Begin Patch\n*** Delete File: /etc/hosts\n*** End Patch"},
		{"full path to the command, trailing command", "/usr/local/bin/apply_patch <<'EOF' && echo done\n" + body + "\nEOF", true, []string{"docs/a.md", "b.txt", "../c.txt"}, body},
		// One line per printf argument: no header line to read, but the
		// patch is reported (ok, no files) so a guard can refuse it.
		{"piped in", "printf '%s\\n' '*** Begin Patch' '*** Delete File: x' '*** End Patch' | apply_patch", true, nil,
			"*** Begin Patch' '*** Delete File: x' '*** End Patch"},
		{"here-string", "apply_patch <<< '*** Begin Patch\n*** Add File: .env\n+A=1\n*** End Patch'", true, []string{".env"},
			"*** Begin Patch\n*** Add File: .env\n+A=1\n*** End Patch"},
		{"two patches", "apply_patch <<'A'\n*** Begin Patch\n*** Delete File: one\n*** End Patch\nA\napply_patch <<'B'\n*** Begin Patch\n*** Delete File: two\n*** End Patch\nB", true,
			[]string{"one", "two"}, "*** Begin Patch\n*** Delete File: one\n*** End Patch\n*** Begin Patch\n*** Delete File: two\n*** End Patch"},
		{"End Patch inside content does not cut the block", "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: a\n+*** End Patch\n*** Add File: b\n+x\n*** End Patch\nEOF", true,
			[]string{"a", "b"}, "*** Begin Patch\n*** Add File: a\n+*** End Patch\n*** Add File: b\n+x\n*** End Patch"},
		{"malformed patch still lists paths", "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: .ssh/config\nbroken\nEOF", true, []string{".ssh/config"},
			"*** Begin Patch\n*** Update File: .ssh/config\nbroken\nEOF"},
		{"plain command", "echo hi", false, nil, ""},
		{"apply_patch without a patch", "apply_patch --help", false, nil, ""},
		{"patch text without apply_patch", "cat <<'EOF' > notes.txt\n" + body + "\nEOF", false, nil, ""},
		{"word that only contains the name", "my_apply_patch_tool <<'EOF'\n" + body + "\nEOF", false, nil, ""},
	}
	for _, c := range cases {
		got, ok := PatchFromShell(c.cmd)
		if ok != c.ok {
			t.Errorf("%s: ok = %v, want %v", c.name, ok, c.ok)
			continue
		}
		var paths []string
		for _, f := range got.Files {
			paths = append(paths, f.Path)
			if f.MoveTo != "" {
				paths = append(paths, f.MoveTo)
			}
		}
		if diff := cmp.Diff(c.paths, paths); diff != "" {
			t.Errorf("%s: paths (-want +got)\n%s", c.name, diff)
		}
		if got.Patch != c.patch {
			t.Errorf("%s: patch %q, want %q", c.name, got.Patch, c.patch)
		}
	}
}

// The heredoc Codex itself intercepts: the same files as the apply_patch
// tool would report.
func TestPatchFromShellMatchesTool(t *testing.T) {
	const p = "*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch\n"
	got, ok := PatchFromShell("apply_patch <<'EOF'\n" + p + "EOF\n")
	want, err := ParsePatch(p)
	if !ok || err != nil || !cmp.Equal(want, got.Files) {
		t.Fatalf("PatchFromShell = %+v, %v; ParsePatch = %+v, %v", got, ok, want, err)
	}
	if got.Kind() != hooks.KindPatch {
		t.Fatal("not a patch input")
	}
}
