package bridgemain_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
	"github.com/agenthooks/hooks/hookhttp/bridgemain"
	"github.com/agenthooks/hooks/install"
)

// A bridge installed with install --gateway is checked by install.Doctor
// against the real gateway: Codex's command runs the bridge, Claude Code's
// HTTP hook is asked through it; with the gateway down, both fail.
func TestInstallDoctorBridge(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(bridgeEnv, "1")
	t.Setenv(hookhttp.DefaultTokenEnv, "tok-7")
	policy := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Deny("the gateway says no"), nil
	}}
	gw, err := hookhttp.StartLocal(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: policy, Auth: hookhttp.Bearer("tok-7"), Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	defer gw.Close()
	root := t.TempDir()
	env := map[string]string{hookhttp.DefaultTokenEnv: "tok-7"}
	o := install.Options{Binary: exe, Hosts: []hooks.Host{"claude", "codex"}, Events: []hooks.EventName{hooks.PreToolUse},
		Dir: filepath.Join(root, "project"), Home: filepath.Join(root, "home"), Getenv: func(k string) string { return env[k] },
		Gateway: gw.URL + "/hook"}
	if _, err := install.Install(o); err != nil {
		t.Fatal(err)
	}
	doctor := func() (*install.Report, map[hooks.Host]install.Finding) {
		r, err := install.Doctor(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		entry := map[hooks.Host]install.Finding{}
		for _, f := range r.Findings {
			if f.Event == "PreToolUse" && f.Level != install.Warn && !strings.Contains(f.Msg, "trust") {
				entry[f.Host] = f
			}
		}
		return r, entry
	}
	_, up := doctor()
	for _, h := range []hooks.Host{"claude", "codex"} {
		if f := up[h]; f.Level != install.OK || !strings.Contains(f.Msg, "the gateway says no") {
			t.Errorf("%s, gateway up: %s %s", h, f.Level, f.Msg)
		}
	}
	if !strings.Contains(up["claude"].Msg, "asked through this binary as a bridge") {
		t.Errorf("claude: %s", up["claude"].Msg)
	}
	gw.Close()
	_, down := doctor()
	for _, h := range []hooks.Host{"claude", "codex"} {
		if f := down[h]; f.Level != install.Fail || !strings.Contains(f.Msg, "gateway unreachable") {
			t.Errorf("%s, gateway down: %s %s", h, f.Level, f.Msg)
		}
	}
}

// A bridge built with Main has the installer's subcommands.
func TestMainSubcommands(t *testing.T) {
	var o, e bytes.Buffer
	code := bridgemain.Main(context.Background(), hooks.Handlers{}, []string{"help"}, strings.NewReader(""), &o, &e)
	if code != 0 || !strings.Contains(o.String(), "install") || !strings.Contains(o.String(), "--gateway URL") {
		t.Errorf("help: exit %d\n%s%s", code, o.String(), e.String())
	}
}

func TestMainServesOrForwards(t *testing.T) {
	gw := httptest.NewServer(&hookhttp.Handler{Adapters: builtin.Adapters(), Handlers: hooks.Handlers{}, Logger: quiet()})
	defer gw.Close()
	pre := `{"session_id":"s","transcript_path":"/home/dev/t.jsonl","cwd":"/home/dev/project","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"},"tool_use_id":"t1"}`
	deny := hooks.Handlers{PreToolUse: func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
		return hooks.Deny("no"), nil
	}}
	var o, e bytes.Buffer
	// Locally the policy denies; the gateway's empty policy has no opinion.
	bridgemain.Main(context.Background(), deny, []string{"--host", "claude"}, strings.NewReader(pre), &o, &e)
	if !strings.Contains(o.String(), "deny") {
		t.Errorf("local: %q %q", o.String(), e.String())
	}
	o.Reset()
	bridgemain.Main(context.Background(), deny, []string{"--host", "claude", "--gateway", gw.URL}, strings.NewReader(pre), &o, &e)
	if o.Len() != 0 {
		t.Errorf("forwarded: the local policy answered %q", o.String())
	}
}

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }
