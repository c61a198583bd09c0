package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
)

// TestFixtures replays the payloads the real clients sent (captured by
// TestClients with -update) through the adapters; it needs no client and
// runs with -short too.
func TestFixtures(t *testing.T) {
	for _, h := range harness.Hosts() {
		t.Run(h.ID, func(t *testing.T) {
			dir := filepath.Join("testdata", h.ID)
			if m, _ := filepath.Glob(filepath.Join(dir, "*.txtar")); len(m) == 0 {
				t.Skipf("no fixtures in %s yet (go test ./e2e -update writes them)", dir)
			}
			hosttest.Golden(t, adapterFor(t, h.Name), dir)
		})
	}
}

// neutral rewrites the run's directories in a payload to neutral paths:
// the project to /home/dev/project, HOME to /home/dev.
func neutral(r *harness.Run, s string) string {
	return strings.NewReplacer(
		r.Project, "/home/dev/project",
		slug(r.Project), "-home-dev-project",
		r.Home, "/home/dev",
		r.Tmp, "/home/dev/tmp",
		r.Root, "/home/dev/run",
	).Replace(s)
}

// slug is Claude Code's project directory name for a path.
func slug(p string) string {
	b := []byte(p)
	for i, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			b[i] = '-'
		}
	}
	return string(b)
}

// machinePath returns a path of this machine left in s, or "": the run's
// directories, the module root or the home directory, found where a path
// starts (not inside another one, such as ".gemini/tmp/").
func machinePath(r *harness.Run, s string) string {
	home, _ := os.UserHomeDir()
	if strings.HasPrefix("/home/dev/", home+"/") {
		home = "" // the neutral home itself
	}
	for _, p := range []string{r.Root, filepath.Dir(r.Root), modRoot, home} {
		if p != "" && p != "/" && containsPath(s, p) {
			return p
		}
	}
	return ""
}

// containsPath reports whether s holds the path p (or a path below it)
// starting at a path boundary.
func containsPath(s, p string) bool {
	pathChar := func(c byte) bool {
		return c == '.' || c == '-' || c == '_' || c == '/' || '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z'
	}
	for i := 0; ; {
		j := strings.Index(s[i:], p)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(p)
		if (start == 0 || !pathChar(s[start-1])) && (end == len(s) || s[end] == '/' || !pathChar(s[end])) {
			return true
		}
		i = start + 1
	}
}

// saveFixtures turns the run's payloads into golden fixtures under
// testdata/<host>: with -update (or HOOKS_E2E_WRITE=1) it writes them,
// otherwise it only checks that they can be made neutral. The baseline run
// gives one fixture per native event (and per distinct tool input); the
// context run adds the stop payloads marked active ("-active").
func saveFixtures(t *testing.T, o *outcome, variant string) {
	t.Helper()
	files := map[string][]byte{}
	inputs := map[string][]string{}
	for _, e := range o.log {
		if e.Corrupted || e.Native == "" {
			continue
		}
		var head struct {
			Tool   string          `json:"tool_name"`
			Input  json.RawMessage `json:"tool_input"`
			Active bool            `json:"stop_hook_active"`
		}
		json.Unmarshal([]byte(e.Payload), &head)
		name := e.Native
		if head.Tool != "" {
			name += "-" + head.Tool
		}
		if variant == "context" {
			if !head.Active {
				continue
			}
			name += "-active"
		}
		seen := inputs[name]
		if len(seen) > 0 {
			if head.Tool == "" || contains(seen, string(head.Input)) {
				continue
			}
			inputs[name] = append(seen, string(head.Input))
			name = fmt.Sprintf("%s-%d", name, len(seen)+1)
		} else {
			inputs[name] = []string{string(head.Input)}
		}
		payload := strings.TrimRight(neutral(o.res.Run, e.Payload), "\n")
		if p := machinePath(o.res.Run, payload); p != "" {
			t.Errorf("%s: a machine path (%s) is left after rewriting:\n%s", name, p, clip(payload, 1500))
			continue
		}
		ev, err := adapterFor(t, o.host.Name).Parse([]byte(payload))
		dump := hosttest.DumpEvent(ev)
		if err != nil {
			dump = []byte("parse error: " + err.Error() + "\n")
		}
		ar := &txtar.Archive{
			Comment: []byte(fmt.Sprintf("Real %s payload from %s %s (e2e %s run; paths rewritten to /home/dev).\n"+
				"Regenerate: go test ./e2e -run TestClients -update\n", e.Native, hostTitles[o.host.Name],
				clients.Versions[o.host.Package], variant)),
			Files: []txtar.File{{Name: "input.json", Data: []byte(payload + "\n")}, {Name: "event.json", Data: dump}},
		}
		files[name] = txtar.Format(ar)
	}
	if len(files) == 0 {
		if variant == "baseline" {
			t.Error("no payload to save as a fixture")
		}
		return
	}
	if !updating() {
		return
	}
	dir := filepath.Join(modRoot, "e2e", "testdata", o.host.ID)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	old, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
	for _, f := range old {
		if strings.HasSuffix(f, "-active.txtar") == (variant == "context") {
			os.Remove(f)
		}
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name+".txtar"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestContainsPath(t *testing.T) {
	for _, c := range []struct {
		s, p string
		want bool
	}{
		{`"cwd":"/tmp/x/project"`, "/tmp", true},
		{`"transcript_path":"/home/dev/.gemini/tmp/project/chats"`, "/tmp", false},
		{`directory is: /tmp`, "/tmp", true},
		{`"/tmpfoo/a"`, "/tmp", false},
		{`"/srv/mod/e2e"`, "/srv/mod", true},
		{`"/srv/module"`, "/srv/mod", false},
	} {
		if got := containsPath(c.s, c.p); got != c.want {
			t.Errorf("containsPath(%q, %q) = %v, want %v", c.s, c.p, got, c.want)
		}
	}
}
