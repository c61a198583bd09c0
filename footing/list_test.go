package footing_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/footing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden")

// TestListingGolden holds each host's footing, and the one every host
// shares, to testdata/golden/HOST.txt: with the environment unset, and
// with every variable that moves a directory set (CLAUDE_CONFIG_DIR,
// CODEX_HOME, COPILOT_HOME, XDG_CONFIG_HOME, OPENCODE_CONFIG_DIR,
// ZDOTDIR, GEMINI_CLI_SYSTEM_SETTINGS_PATH). Adding a host adds its file; -update rewrites them.
func TestListingGolden(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the golden paths are POSIX paths")
	}
	envs := []struct {
		name string
		vars map[string]string
	}{
		{"default", nil},
		{"moved", map[string]string{"CLAUDE_CONFIG_DIR": "/cfg/claude", "CODEX_HOME": "/cfg/codex", "COPILOT_HOME": "/cfg/copilot",
			"XDG_CONFIG_HOME": "/cfg/xdg", "OPENCODE_CONFIG_DIR": "/cfg/opencode", "ZDOTDIR": "/cfg/zsh",
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH": "/cfg/gemini-system.json"}},
	}
	out := map[string]*strings.Builder{}
	for _, e := range envs {
		vars := e.vars
		s := footing.Of(footing.Env{
			Executable: "/home/dev/project/bin/guard", Arg0: "guard",
			Cwd: "/home/dev/project/sub", Home: "/home/dev", StateDir: "/home/dev/.local/state/agenthooks", Log: "guard.log",
			Getenv: func(k string) string {
				if k == "PATH" {
					return "/home/dev/.local/bin:/usr/local/bin:/usr/bin"
				}
				return vars[k]
			},
			Hosts: func() []footing.Host { return footing.HostsOf(builtin.Adapters()) },
		})
		for _, en := range s.Entries() {
			h := string(en.Host)
			if h == "" {
				h = "common"
			}
			b := out[h]
			if b == nil {
				b = &strings.Builder{}
				out[h] = b
			}
			tree := ""
			if en.Tree {
				tree = "/…"
			}
			fmt.Fprintf(b, "%s\t%s\t%s%s\n", e.name, en.Kind, en.Path, tree)
		}
	}
	for _, h := range footing.HostsOf(builtin.Adapters()) {
		if out[string(h.Name)] == nil {
			t.Errorf("host %s has no footing", h.Name)
		}
	}
	dir := filepath.Join("testdata", "golden")
	for h, b := range out {
		p := filepath.Join(dir, h+".txt")
		if *update {
			os.MkdirAll(dir, 0o755)
			if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%v (run with -update)", err)
			continue
		}
		if string(want) != b.String() {
			t.Errorf("%s: footing changed (run with -update, and review the diff):\n%s", p, b.String())
		}
	}
}
