package install

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/statedir"
)

// tree returns every file and directory under root with its content
// and permissions, to compare trees byte for byte.
func tree(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		fi, _ := os.Lstat(p)
		b.WriteString(filepath.ToSlash(rel) + " " + fi.Mode().String() + "\n")
		if fi.Mode().IsRegular() {
			c, _ := os.ReadFile(p)
			b.Write(c)
			b.WriteString("\n--\n")
		}
		return nil
	})
	return b.String()
}

// faultAt makes the k-th replace or removal of a file under dir fail
// (k counts from 0), and nothing after.
func faultAt(t *testing.T, dir string, k int) {
	n := 0
	safefile.TestFault = func(p string) error {
		if !strings.HasPrefix(p, dir) {
			return nil
		}
		n++
		if n-1 == k {
			return errors.New("injected write failure")
		}
		return nil
	}
	t.Cleanup(func() { safefile.TestFault = nil })
}

// A write that fails at any file of a four-file install or uninstall
// leaves every file (and directory) byte for byte as it was, and the
// error says which file failed and what was put back.
func TestRollbackAtEachWrite(t *testing.T) {
	const bin = "/home/dev/bin/guard"
	setup := func(t *testing.T) string {
		dir := t.TempDir()
		write(t, dir, map[string][]byte{
			".claude/settings.json": []byte("{\n  \"model\": \"opus\"\n}\n"),
			".cursor/hooks.json":    []byte("{\"version\": 1, \"hooks\": {\"stop\": [{\"command\": \"notify\"}]}}\n"),
		})
		return dir
	}
	for k := range 4 {
		t.Run("install", func(t *testing.T) {
			dir := setup(t)
			before := tree(t, dir)
			faultAt(t, dir, k)
			code, stdout, stderr := runMain(t, bin, "install", "--dir", dir)
			if code != 1 || !strings.Contains(stderr, "injected write failure") || !strings.Contains(stderr, "nothing was changed") {
				t.Fatalf("fault %d: exit %d\n%s%s", k, code, stdout, stderr)
			}
			if got := strings.Count(stderr, "\nrestored "); got != k {
				t.Errorf("fault %d: %d files restored, want %d:\n%s", k, got, k, stderr)
			}
			if after := tree(t, dir); after != before {
				t.Errorf("fault %d: the tree changed:\n%s\nwant\n%s", k, after, before)
			}
			// Nothing of the failed run lingers: install and uninstall
			// now give back the same tree.
			safefile.TestFault = nil
			if code, _, stderr := runMain(t, bin, "install", "--dir", dir); code != 0 {
				t.Fatal(stderr)
			}
			if code, _, stderr := runMain(t, bin, "uninstall", "--dir", dir); code != 0 {
				t.Fatal(stderr)
			}
			if after := tree(t, dir); after != before {
				t.Errorf("fault %d: install and uninstall after it changed the tree:\n%s", k, after)
			}
		})
		t.Run("uninstall", func(t *testing.T) {
			dir := setup(t)
			if code, _, stderr := runMain(t, bin, "install", "--dir", dir); code != 0 {
				t.Fatal(stderr)
			}
			installed := tree(t, dir)
			faultAt(t, dir, k)
			code, _, stderr := runMain(t, bin, "uninstall", "--dir", dir)
			if code != 1 || !strings.Contains(stderr, "injected write failure") || strings.Count(stderr, "\nrestored ") != k {
				t.Fatalf("fault %d: exit %d\n%s", k, code, stderr)
			}
			if after := tree(t, dir); after != installed {
				t.Errorf("fault %d: the tree changed:\n%s\nwant\n%s", k, after, installed)
			}
		})
	}
}

// The customised entry calls the binary but is not what install
// writes: install adds its own entry beside it, uninstall leaves it,
// doctor reports it, and the file comes back byte for byte.
func TestCustomisedEntryLeftAlone(t *testing.T) {
	const bin = "/home/dev/bin/guard"
	dir := t.TempDir()
	user := []byte(`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/home/dev/bin/guard --host claude && /usr/bin/logger guard-ran"}]}],` +
		`"Stop":[{"hooks":[{"type":"command","command":"/home/dev/bin/guard --host claude --timeout 30s","timeout":30,"statusMessage":"checking"}]}]}}` + "\n")
	write(t, dir, map[string][]byte{".claude/settings.json": user})
	p := filepath.Join(dir, ".claude", "settings.json")
	o := Options{Binary: bin, Hosts: []hooks.Host{"claude"}, Dir: dir, Home: dir}
	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(p)
	for _, keep := range []string{`"matcher":"Bash"`, `&& /usr/bin/logger guard-ran`, `"statusMessage":"checking"`} {
		if !bytes.Contains(after, []byte(keep)) {
			t.Errorf("install dropped %s:\n%s", keep, after)
		}
	}
	if notes := strings.Join(cs[0].Notes, "\n"); strings.Count(notes, "customised entry, left alone") != 2 {
		t.Errorf("notes: %s", notes)
	}
	r, err := Doctor(t.Context(), Options{Binary: bin, Hosts: []hooks.Host{"claude"}, Dir: dir, Home: dir, Scope: Project})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	r.Write(&buf)
	if strings.Count(buf.String(), "customised entry, left alone") != 2 {
		t.Errorf("doctor:\n%s", buf.String())
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if back, _ := os.ReadFile(p); !bytes.Equal(back, user) {
		t.Errorf("after uninstall:\n%s\nwant\n%s", back, user)
	}
}

// The user's original is backed up once, outside the project, and a
// later install's text never replaces it; install then uninstall on a
// clean project leaves it clean.
func TestBackupsOutsideTheProject(t *testing.T) {
	const bin = "/home/dev/bin/guard"
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	t.Setenv("LocalAppData", state)
	dir := t.TempDir()
	orig := []byte("{\"model\": \"opus\"}\n")
	write(t, dir, map[string][]byte{".claude/settings.json": orig})
	p := filepath.Join(dir, ".claude", "settings.json")
	o := Options{Binary: bin, Hosts: []hooks.Host{"claude"}, Dir: dir, Home: dir}
	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(cs[0].Backup, filepath.Join(state, "agenthooks", "files")) {
		t.Fatalf("backup at %q", cs[0].Backup)
	}
	if b, _ := os.ReadFile(cs[0].Backup); !bytes.Equal(b, orig) {
		t.Errorf("backup holds %q", b)
	}
	o.Timeout = 7e9 // our own text is replaced: no backup of it
	if cs, err := Install(o); err != nil || cs[0].Backup != "" || len(cs[0].Updated) == 0 {
		t.Fatalf("second install: %v %+v", err, cs)
	}
	backups, _ := filepath.Glob(filepath.Join(state, "agenthooks", "files", "*", "*.orig"))
	if len(backups) != 1 {
		t.Errorf("backups %q", backups)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); !bytes.Equal(b, orig) {
		t.Errorf("after uninstall %q", b)
	}
	// Nothing of ours in the project tree.
	if ents, _ := os.ReadDir(filepath.Join(dir, ".claude")); len(ents) != 1 {
		t.Errorf("the project holds %v", ents)
	}

	clean := t.TempDir()
	o.Hosts, o.Dir = nil, clean
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(clean); len(ents) != 0 {
		t.Errorf("install then uninstall left %v", ents)
	}
}

// A symbolic link to a real file is written through: the link stays,
// the target gets the entries and keeps its permissions.
func TestSymlinkWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "claude.json")
	os.MkdirAll(filepath.Dir(target), 0o755)
	os.WriteFile(target, []byte("{}\n"), 0o600)
	os.MkdirAll(filepath.Join(dir, "project", ".claude"), 0o755)
	link := filepath.Join(dir, "project", ".claude", "settings.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	o := Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{"claude"}, Dir: filepath.Join(dir, "project"), Home: dir}
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if b, _ := os.ReadFile(target); !bytes.Contains(b, []byte("--host claude")) {
		t.Errorf("target = %s", b)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "{}\n" {
		t.Errorf("after uninstall the target is %q", b)
	}
}

// Odd files are refused with a clear error, and nothing is written to
// any file of the command.
func TestOddFilesRefused(t *testing.T) {
	for name, tc := range map[string]struct {
		make func(t *testing.T, p string)
		want string
	}{
		"dangling link": {func(t *testing.T, p string) {
			if err := os.Symlink("/missing/x.json", p); err != nil {
				t.Skip(err)
			}
		}, "symbolic link to /missing/x.json, which does not exist"},
		"directory": {func(t *testing.T, p string) { os.Mkdir(p, 0o755) }, "it is a directory"},
		"too big": {func(t *testing.T, p string) {
			f, _ := os.Create(p)
			f.Truncate(MaxFileSize + 1)
			f.Close()
		}, "over the 8 MiB limit"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			os.MkdirAll(filepath.Join(dir, ".cursor"), 0o755)
			tc.make(t, filepath.Join(dir, ".cursor", "hooks.json"))
			refused(t, dir, tc.want)
		})
	}
}

// refused runs install on dir and checks it fails with want and leaves
// the tree as it was.
func refused(t *testing.T, dir, want string, args ...string) {
	t.Helper()
	before := tree(t, dir)
	code, _, stderr := runMain(t, "/home/dev/bin/guard", append([]string{"install", "--dir", dir}, args...)...)
	if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "nothing was written") {
		t.Errorf("exit %d\n%s\nwant %q", code, stderr, want)
	}
	if after := tree(t, dir); after != before {
		t.Errorf("the tree changed:\n%s", after)
	}
}

// A stale temporary file of ours (a killed write) is removed; other
// files that look alike are not.
func TestStaleTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string][]byte{
		".claude/.settings.json.tmp123456":  []byte("{\"half"),
		".claude/.settings.json.tmpnotours": []byte("x"),
		".claude/settings.json.tmp1":        []byte("x"),
	})
	code, stdout, stderr := runMain(t, "/home/dev/bin/guard", "install", "--hosts", "claude", "--dir", dir)
	if code != 0 || !strings.Contains(stdout, "removed a temporary file a killed write of ours left") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	ents, _ := os.ReadDir(filepath.Join(dir, ".claude"))
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != ".settings.json.tmpnotours settings.json settings.json.tmp1" {
		t.Errorf("left %q", names)
	}
}

// A second holder of a file's lock waits, and gives up with an error
// naming the file once statedir.LockWait has passed; the lock is free again after
// unlock.
func TestLockExcludes(t *testing.T) {
	e := env{home: t.TempDir(), getenv: func(string) string { return "" }}
	state, err := statedir.Dir(e.getenv, e.home)
	if err != nil {
		t.Fatal(err)
	}
	fst := statedir.New(state, "/home/dev/project/.claude/settings.json")
	if err := fst.Init(); err != nil {
		t.Fatal(err)
	}
	release, err := statedir.LockAll([]*statedir.File{fst, fst})
	if err != nil {
		t.Fatal(err)
	}
	defer func(w time.Duration) { statedir.LockWait = w }(statedir.LockWait)
	statedir.LockWait = 50 * time.Millisecond
	if _, err := fst.Lock(); err == nil || !strings.Contains(err.Error(), "another install or uninstall has been editing /home/dev/project/.claude/settings.json") {
		t.Errorf("second lock: %v", err)
	}
	release()
	l, err := fst.Lock()
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	l.Unlock()
}

// A Gemini entry the user renamed, or a Cursor entry with a key of the
// user's, is the user's too.
func TestCustomisedByKeys(t *testing.T) {
	for host, user := range map[hooks.Host]string{
		"gemini": `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","name":"my-guard","command":"/home/dev/bin/guard --host gemini --timeout 30s","timeout":30000}]}]}}` + "\n",
		"cursor": `{"version":1,"hooks":{"stop":[{"command":"/home/dev/bin/guard --host cursor --timeout 30s","type":"command","timeout":30,"loop_limit":3}]}}` + "\n",
	} {
		dir := t.TempDir()
		rel := map[hooks.Host]string{"gemini": ".gemini/settings.json", "cursor": ".cursor/hooks.json"}[host]
		write(t, dir, map[string][]byte{rel: []byte(user)})
		o := Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{host}, Dir: dir, Home: dir}
		cs, err := Install(o)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(strings.Join(cs[0].Notes, "\n"), "customised entry, left alone") || len(cs[0].Updated) > 0 {
			t.Errorf("%s: updated %v, notes %q", host, cs[0].Updated, cs[0].Notes)
		}
		if _, err := Uninstall(o); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, rel)); string(b) != user {
			t.Errorf("%s after uninstall:\n%s", host, b)
		}
	}
}
