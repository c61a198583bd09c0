package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// kimiConfig is a realistic ~/.kimi-code/config.toml: comments, a
// provider, models, a multi-line string holding what looks like a
// [[hooks]] table, and a hook of the user's own.
const kimiConfig = `# ~/.kimi-code/config.toml
# Runtime settings for Kimi Code.
default_model = "kimi-for-coding" # the one I use

[providers."managed:kimi-code"]
type = "kimi"
base_url = "https://api.kimi.com/coding/v1"
api_key = ""

[models.kimi-for-coding]
provider = "managed:kimi-code"
model = "kimi-for-coding"
max_context_size = 262144
capabilities = [
  "thinking",
  "image_in",
]

[loop_control]
max_steps_per_turn = 100
notes = """
[[hooks]]
event = "PreToolUse"
command = "/home/dev/bin/guard --host kimi"
"""

# my own hook
[[hooks]]
event = "SessionStart"
command = "notify-send kimi"
`

func kimiOptions(t *testing.T, home string) Options {
	return Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{"kimi"}, Scope: User, Dir: t.TempDir(), Home: home,
		Getenv: func(string) string { return "" }}
}

// TestKimiRoundTrip: install then uninstall gives the user's config.toml
// back byte for byte, whatever its last byte; a second install changes
// nothing; the user's own hook and the look-alike in the string are left
// alone.
func TestKimiRoundTrip(t *testing.T) {
	for name, orig := range map[string]string{"realistic": kimiConfig, "no final newline": strings.TrimSuffix(kimiConfig, "\n"),
		"blank lines at the end": kimiConfig + "\n\n", "empty": ""} {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			p := filepath.Join(home, ".kimi-code", "config.toml")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(orig), 0o600); err != nil {
				t.Fatal(err)
			}
			o := kimiOptions(t, home)
			cs, err := Install(o)
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) != 1 || cs[0].Path != p || len(cs[0].Added) == 0 {
				t.Fatalf("changes %+v", cs)
			}
			after, _ := os.ReadFile(p)
			got := string(after)
			if !strings.HasPrefix(got, strings.TrimSuffix(orig, "\n")) {
				t.Errorf("install changed the user's text:\n%s", got)
			}
			if !strings.Contains(got, "\n[[hooks]]\nevent = \"PreToolUse\"\ncommand = \"/home/dev/bin/guard --host kimi --timeout 30s\"\ntimeout = 30\n") {
				t.Errorf("no PreToolUse table:\n%s", got)
			}
			entries, err := scanTOML(after)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(got, "[[hooks]]"); len(entries) != n-strings.Count(orig, `command = "/home/dev/bin/guard --host kimi"`) {
				t.Errorf("%d tables scanned of %d", len(entries), n)
			}
			again, err := Install(o)
			if err != nil || again[0].Changed() || len(again[0].Unchanged) != len(cs[0].Added) {
				t.Errorf("second install: %+v %v", again, err)
			}
			if _, err := Uninstall(o); err != nil {
				t.Fatal(err)
			}
			back, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if string(back) != orig {
				t.Errorf("not byte for byte after uninstall:\n--- got\n%q\n--- want\n%q", back, orig)
			}
		})
	}
}

// TestKimiCreated: a config.toml install creates is removed by
// uninstall; the events are the ones Kimi's schema takes, the timeouts at
// most 600 s.
func TestKimiCreated(t *testing.T) {
	home := t.TempDir()
	o := kimiOptions(t, home)
	o.Timeout = time.Hour
	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	got := string(cs[0].After)
	for _, ev := range []string{"SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse",
		"PostToolUseFailure", "PermissionRequest", "Stop", "SubagentStart", "SubagentStop", "PreCompact", "Notification"} {
		if !strings.Contains(got, "event = \""+ev+"\"\n") {
			t.Errorf("no %s entry", ev)
		}
	}
	if strings.Contains(got, "TurnStarted") || !strings.Contains(got, "timeout = 600\n") || strings.Contains(got, "timeout = 3600") {
		t.Errorf("file:\n%s", got)
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(home, ".kimi-code", "config.toml")); !os.IsNotExist(err) {
		t.Errorf("the file install created is still there: %v", err)
	}
}

// TestKimiProjectScope: Kimi reads no project file of hooks; asking for
// one is an error that says so, and a default install skips Kimi.
func TestKimiProjectScope(t *testing.T) {
	o := kimiOptions(t, t.TempDir())
	o.Scope = Project
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "--scope user") {
		t.Errorf("project scope: %v", err)
	}
	o.Hosts = nil
	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Host == "kimi" {
			t.Errorf("a default project install wrote %s", c.Path)
		}
	}
}

// TestKimiRefuses: a file whose "hooks" is not an array of tables, or
// that is not TOML this installer can follow, is never written.
func TestKimiRefuses(t *testing.T) {
	for name, src := range map[string]string{
		"inline array": "hooks = []\n",
		"table":        "[hooks]\nx = 1\n",
		"dotted":       "hooks.x = 1\n",
		"open string":  "a = \"\"\"\nno end\n",
		"bad header":   "[[hooks\n",
		// Found by FuzzInstallUninstall: an inline table never closed
		// swallowed the [[hooks]] tables install appended.
		"no key":            "={\n",
		"open inline table": "a = {\n",
		"open array":        "a = [1,\n",
		"open nested":       "a = [{x = 1}\n",
	} {
		t.Run(name, func(t *testing.T) {
			home := t.TempDir()
			p := filepath.Join(home, ".kimi-code", "config.toml")
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(src), 0o600)
			if _, err := Install(kimiOptions(t, home)); err == nil {
				t.Errorf("installed into %q", src)
			}
			if b, _ := os.ReadFile(p); string(b) != src {
				t.Errorf("the file changed: %q", b)
			}
		})
	}
}

// TestKimiDoctor: doctor finds the entries install wrote in config.toml,
// runs each with Kimi's sample payload and reads the answers as Kimi
// does: a deny blocks, a hook that crashes fails.
func TestKimiDoctor(t *testing.T) {
	for _, mode := range []string{"deny", "crash"} {
		t.Run(mode, func(t *testing.T) {
			s := newSandbox(t, mode)
			o := s.opts("kimi")
			o.Scope = User
			s.install(t, o)
			r, out := s.doctor(t, o)
			ran, failed := 0, 0
			for _, f := range r.Findings {
				if f.Host != "kimi" || f.Event == "" {
					continue
				}
				switch f.Level {
				case OK:
					ran++
				case Fail:
					failed++
				}
			}
			switch {
			case mode == "deny" && (!r.Healthy() || ran < 12 || !strings.Contains(out, "blocked by the test policy")):
				t.Errorf("deny: healthy %v, %d entries ran:\n%s", r.Healthy(), ran, out)
			case mode == "crash" && failed < 12:
				t.Errorf("crash: %d failures:\n%s", failed, out)
			}
		})
	}
}
