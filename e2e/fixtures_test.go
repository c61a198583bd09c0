package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/internal/adaptertest"
	"github.com/agenthooks/hooks/internal/txtar"
)

// TestFixtures replays the payloads the real clients sent (captured by
// TestClients with -update) through the adapters; it needs no client and
// runs with -short too.
func TestFixtures(t *testing.T) {
	for _, h := range harness.Hosts() {
		t.Run(h.Name, func(t *testing.T) {
			dir := filepath.Join("testdata", h.Name)
			if m, _ := filepath.Glob(filepath.Join(dir, "*.txtar")); len(m) == 0 {
				t.Skipf("no fixtures in %s yet (go test ./e2e -update writes them)", dir)
			}
			adaptertest.Golden(t, adapterFor(t, h.Name), dir)
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

// machinePath returns a fragment of a path of this machine left in s, or
// "".
func machinePath(r *harness.Run, s string) string {
	home, _ := os.UserHomeDir()
	if strings.HasPrefix("/home/dev/", home+"/") {
		home = "" // the neutral home itself
	}
	for _, p := range []string{r.Root, filepath.Dir(r.Root), modRoot, filepath.Dir(modRoot), home} {
		if p != "" && p != "/" && (strings.Contains(s, p+"/") || strings.Contains(s, p+`"`)) {
			return p
		}
	}
	return ""
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
		dump := adaptertest.DumpEvent(ev)
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
	dir := filepath.Join(modRoot, "e2e", "testdata", o.host.Name)
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
