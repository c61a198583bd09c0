package install

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/install/internal/statedir"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
)

// updating reports -update (the flag internal/testonly/hosttest defines):
// rewrite the expected sections of testdata/*.txtar.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

var _ = hosttest.SharedDir

const defaultBinary = "/home/dev/bin/guard"

// TestGolden runs each testdata/*.txtar case: "args" holds the install
// flags (and "binary" the hook's path, default /home/dev/bin/guard);
// "in/<path>" files are written under a fresh root holding project/ (the
// --dir) and home/ ($HOME). Install must give the "out/<path>" files and
// the "stdout" (or fail with "stderr" and write nothing), "install
// --dry-run" must print "dry-run" and write nothing, a second install must
// change nothing, and uninstall must give back the "in/" files byte for
// byte (a file install created is removed, and the directories it
// created), or the "uninstalled/<path>" files when the input had entries
// of ours already. The user's state directory (backups, locks) is a
// separate temporary directory, $STATE in the output.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := txtar.Parse(data)
			golden(t, ar)
			if updating() {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func golden(t *testing.T, ar *txtar.Archive) {
	root, state := t.TempDir(), t.TempDir()
	t.Setenv("HOME", filepath.Join(root, "home"))
	t.Setenv("XDG_STATE_HOME", state)
	t.Setenv("CODEX_HOME", "")
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("QWEN_HOME", "")
	t.Setenv("COPILOT_HOME", "")
	bin := strings.TrimSpace(string(ar.Get("binary")))
	if bin == "" {
		bin = defaultBinary
	}
	in := map[string][]byte{}
	for _, f := range ar.Files {
		if rel, ok := strings.CutPrefix(f.Name, "in/"); ok {
			in[rel] = f.Data
		}
	}
	write(t, root, in)
	dirsBefore := readDirs(root)
	args := append([]string{"install"}, strings.Fields(string(ar.Get("args")))...)
	// The program's own arguments ("-- ARGS") stay last.
	var own []string
	if i := slices.Index(args, "--"); i >= 0 {
		args, own = slices.Clip(args[:i]), args[i:]
	}
	args = append(args, "--dir", filepath.Join(root, "project"))
	run := func(extra ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := Main(append(append(append([]string(nil), args...), extra...), own...), &stdout, &stderr, bin)
		clean := func(s string) string {
			s = strings.ReplaceAll(s, state, "$STATE")
			s = hashes.ReplaceAllString(s, "/files/HASH/HASH.orig")
			return strings.ReplaceAll(s, root, "$ROOT")
		}
		return code, clean(stdout.String()), clean(stderr.String())
	}

	_, dry, _ := run("--dry-run")
	check(t, ar, "dry-run", dry)
	sameFiles(t, root, in, "dry run")

	code, stdout, stderr := run()
	check(t, ar, "stdout", stdout)
	if code != 0 {
		check(t, ar, "stderr", stderr)
		sameFiles(t, root, in, "failed install")
		return
	}
	if stderr != "" {
		t.Errorf("stderr: %s", stderr)
	}
	out := readTree(t, root)
	backups := readTree(t, state)
	var names []string
	for rel, b := range out {
		names = append(names, rel)
		if prev, ok := in[rel]; ok && !bytes.Equal(prev, b) && backups["agenthooks/files/"+hash(filepath.Join(root, rel))+"/"+hash(prev)+".orig"] == nil {
			t.Errorf("no backup of %s's previous content in the state directory", rel)
		}
		check(t, ar, "out/"+rel, string(b))
	}
	sort.Strings(names)
	for _, f := range ar.Files {
		if rel, ok := strings.CutPrefix(f.Name, "out/"); ok && out[rel] == nil && !updating() {
			t.Errorf("install did not write %s", rel)
		}
	}

	code, again, _ := run()
	if code != 0 || strings.Contains(again, "added") || strings.Contains(again, "updated") || !bytes.Equal(flat(readTree(t, root)), flat(out)) {
		t.Errorf("second install changed something (exit %d):\n%s", code, again)
	}

	args[0] = "uninstall"
	if code, stdout, stderr := run(); code != 0 {
		t.Fatalf("uninstall: exit %d\n%s%s", code, stdout, stderr)
	}
	back := readTree(t, root)
	if d := readDirs(root); d != dirsBefore {
		t.Errorf("directories after uninstall:\n%s\nbefore install:\n%s", d, dirsBefore)
	}
	for rel := range back {
		if _, ok := out[rel]; !ok {
			t.Errorf("uninstall left %s", rel)
		}
	}
	if !updating() {
		for _, f := range ar.Files {
			if rel, ok := strings.CutPrefix(f.Name, "uninstalled/"); ok && back[rel] == nil {
				t.Errorf("uninstall removed %s", rel)
			}
		}
	}
	for _, rel := range names {
		want, existed := in[rel]
		if !existed {
			if _, ok := back[rel]; ok {
				t.Errorf("uninstall left %s, which install created", rel)
			}
			continue
		}
		// A file that had entries of ours loses them too.
		if u := ar.Get("uninstalled/" + rel); u != nil || updating() && !bytes.Equal(back[rel], want) {
			check(t, ar, "uninstalled/"+rel, string(back[rel]))
			continue
		}
		if !bytes.Equal(back[rel], want) {
			t.Errorf("after uninstall %s is\n%s\nwant\n%s", rel, back[rel], want)
		}
	}
}

// hashes matches a backup's name in the state directory.
var hashes = regexp.MustCompile(`/files/[0-9a-f]{16}/[0-9a-f]{16}\.orig`)

// hash is the name statedir.File gives a path or a content.
func hash(s any) string {
	switch s := s.(type) {
	case string:
		return statedir.Hash([]byte(s))
	case []byte:
		return statedir.Hash(s)
	}
	panic("hash")
}

func write(t *testing.T, root string, files map[string][]byte) {
	for rel, b := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readDirs lists the directories under root.
func readDirs(root string) string {
	var dirs []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			dirs = append(dirs, filepath.ToSlash(rel))
		}
		return nil
	})
	return strings.Join(dirs, "\n")
}

func readTree(t *testing.T, root string) map[string][]byte {
	out := map[string][]byte{}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = b
		return nil
	})
	return out
}

func flat(m map[string][]byte) []byte {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	for _, k := range keys {
		b.WriteString(k + "\x00")
		b.Write(m[k])
	}
	return b.Bytes()
}

func sameFiles(t *testing.T, root string, in map[string][]byte, what string) {
	t.Helper()
	got := readTree(t, root)
	if !bytes.Equal(flat(got), flat(in)) {
		t.Errorf("%s changed files", what)
	}
}

func check(t *testing.T, ar *txtar.Archive, name, got string) {
	t.Helper()
	if updating() {
		ar.Set(name, []byte(got))
		return
	}
	want := string(ar.Get(name))
	if got != want && !(got+"\n" == want) {
		t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
	}
}
