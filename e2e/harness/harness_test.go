package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/agenthooks/hooks/opencode"
	"github.com/agenthooks/hooks/pi"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestShellJoinRoundTrips(t *testing.T) {
	argv := []string{"/opt/hook bin/hook", "--host", "claude", "it's", "", "a;b|c", "$HOME"}
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skipf("no /bin/sh: %v", err)
	}
	script := `for a in "$@"; do printf '[%s]\n' "$a"; done`
	got, err := exec.Command("/bin/sh", "-c", "set -- "+ShellJoin(argv)+"; "+script).Output()
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, a := range argv {
		want.WriteString("[" + a + "]\n")
	}
	if string(got) != want.String() {
		t.Errorf("ShellJoin(%q) through sh gave\n%s\nwant\n%s", argv, got, want.String())
	}
}

func TestRegisterWritesEveryEvent(t *testing.T) {
	for _, h := range Hosts() {
		t.Run(h.ID, func(t *testing.T) {
			dir := t.TempDir()
			r := &Run{Host: h, Root: dir, Home: filepath.Join(dir, "home"), Project: filepath.Join(dir, "project")}
			quiet := *r
			quiet.Quiet = true
			if n := len(quiet.Events()); n != len(h.Events)-len(h.Noisy) || slices.ContainsFunc(quiet.Events(), func(e string) bool { return slices.Contains(h.Noisy, e) }) {
				t.Errorf("quiet events = %v", quiet.Events())
			}
			if err := h.Register(r, []string{"/x/hook", "--host", h.Name}); err != nil {
				t.Fatal(err)
			}
			if h.Name == "cline" {
				checkClineFiles(t, r)
				return
			}
			if h.Name == "opencode" {
				checkOpenCodePlugin(t, r)
				return
			}
			if h.Name == "pi" {
				checkPiExtension(t, r)
				return
			}
			var path string
			switch h.Name {
			case "claude":
				path = filepath.Join(r.Project, ".claude", "settings.json")
			case "gemini":
				path = filepath.Join(r.Project, ".gemini", "settings.json")
			case "codex":
				path = filepath.Join(r.Home, ".codex", "hooks.json")
			case "qwen":
				path = filepath.Join(r.Project, ".qwen", "settings.json")
			case "copilot":
				path = filepath.Join(r.Project, ".github", "hooks", "e2e.json")
			case "droid":
				path = filepath.Join(r.Project, ".factory", "hooks.json")
			case "kimi":
				path = filepath.Join(r.Home, ".kimi-code", "config.toml")
			case "auggie":
				path = filepath.Join(r.Project, ".augment", "settings.json")
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if h.Name == "kimi" {
				// [[hooks]] tables in TOML, one per event.
				for _, ev := range h.Events {
					table := "\n[[hooks]]\nevent = \"" + ev + "\"\ncommand = \"/x/hook --host kimi\"\ntimeout = 30\n"
					if strings.Count(string(data), table) != 1 {
						t.Errorf("%s: no registration in\n%s", ev, data)
					}
				}
				if n := strings.Count(string(data), "[[hooks]]"); n != len(h.Events) {
					t.Errorf("%d tables, want %d", n, len(h.Events))
				}
				return
			}
			var cfg struct {
				Version int
				Hooks   map[string][]struct {
					Hooks      []struct{ Type, Command string }
					Type, Bash string
					TimeoutSec int
				}
			}
			if h.Name == "droid" {
				// The events are the file's top-level keys.
				data = []byte(`{"hooks":` + string(data) + `}`)
			}
			if err := json.Unmarshal(data, &cfg); err != nil {
				t.Fatal(err)
			}
			for _, ev := range h.Events {
				g := cfg.Hooks[ev]
				if h.Name == "copilot" {
					// Flat entries; camelCase names need --event.
					want := "/x/hook --host copilot"
					if h.ID == "copilot" {
						want += " --event " + ev
					}
					if cfg.Version != 1 || len(g) != 1 || g[0].Type != "command" || g[0].Bash != want || g[0].TimeoutSec != 30 {
						t.Errorf("%s: registration = %+v", ev, g)
					}
					continue
				}
				if len(g) != 1 || len(g[0].Hooks) != 1 || g[0].Hooks[0].Type != "command" || g[0].Hooks[0].Command != "/x/hook --host "+h.Name {
					t.Errorf("%s: registration = %+v", ev, g)
				}
			}
			if len(cfg.Hooks) != len(h.Events) {
				t.Errorf("%d events registered, want %d", len(cfg.Hooks), len(h.Events))
			}
		})
	}
}

func ExampleShellJoin() {
	fmt.Println(ShellJoin([]string{"/opt/hooks/guard", "--host", "codex", "it's here"}))
	// Output: /opt/hooks/guard --host codex 'it'\''s here'
}

// closeWhen closes once, when the marker is written, even split across
// writes.
func TestCloseWhen(t *testing.T) {
	var buf bytes.Buffer
	closed := 0
	c := &closeWhen{w: &buf, marker: []byte(`{"type":"result"`), close: func() { closed++ }}
	for i, step := range []struct {
		chunk string
		want  int
	}{
		{`{"type":"assistant"}` + "\n" + `{"ty`, 0},
		{`pe":"res`, 0},
		{`ult","x":1}` + "\n", 1},
		{`{"type":"result"}`, 1},
	} {
		c.Write([]byte(step.chunk))
		if closed != step.want {
			t.Fatalf("after write %d: closed %d times, want %d", i, closed, step.want)
		}
	}
	if !strings.HasSuffix(buf.String(), `{"type":"result"}`) {
		t.Errorf("buffer %q", buf.String())
	}
}

// checkClineFiles: one executable file per event, which execs the hook
// with its arguments.
func checkClineFiles(t *testing.T, r *Run) {
	t.Helper()
	for _, ev := range r.Events() {
		path := filepath.Join(r.Project, ".clinerules", "hooks", ev)
		st, err := os.Stat(path)
		if err != nil || st.Mode()&0o111 == 0 {
			t.Errorf("%s: %v, mode %v", ev, err, st)
			continue
		}
		data, _ := os.ReadFile(path)
		if string(data) != "#!/bin/sh\nexec /x/hook --host cline\n" {
			t.Errorf("%s: %q", ev, data)
		}
	}
}

// checkOpenCodePlugin: OpenCode's registration is this module's plugin,
// with the hook command and every callback of the run baked in.
func checkOpenCodePlugin(t *testing.T, r *Run) {
	dir := map[string]string{"opencode": ".opencode", "kilo": ".kilo"}[r.Host.ID]
	data, err := os.ReadFile(filepath.Join(r.Project, dir, "plugin", "e2e.js"))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := opencode.PluginConfigOf(data)
	if !ok || strings.Join(c.Argv, " ") != "/x/hook --host opencode" || !slices.Equal(c.Callbacks, r.Host.Events) {
		t.Errorf("plugin configuration %+v (ours %v)", c, ok)
	}
}

// checkPiExtension: the extension in the project's .pi/extensions/ runs
// the hook on every event of the run.
func checkPiExtension(t *testing.T, r *Run) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(r.Project, ".pi", "extensions", "e2e.js"))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := pi.ExtensionConfigOf(data)
	if !ok || !slices.Equal(c.Argv, []string{"/x/hook", "--host", "pi"}) || !slices.Equal(c.Events, r.Events()) {
		t.Errorf("extension config %+v, %v", c, ok)
	}
}

// Qwen Code runs with its sleep inhibitor off: a systemd-inhibit child
// that exits while a shell command ends can make the client drop the
// command's output (the note in package qwen).
func TestQwenSleepInhibitorOff(t *testing.T) {
	dir := t.TempDir()
	r := &Run{Host: Qwen(), Root: dir, Home: filepath.Join(dir, "home"), Project: filepath.Join(dir, "project")}
	if err := r.Host.setup(r); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(r.Home, ".qwen", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		General struct{ PreventSystemSleep *bool }
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if p := s.General.PreventSystemSleep; p == nil || *p {
		t.Errorf("general.preventSystemSleep is not false in Qwen's user settings:\n%s", data)
	}
}
