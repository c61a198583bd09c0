package install

import (
	"slices"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
)

// TestHostEnv checks that doctor runs a hook with the variables its
// host's adapter states, with the user's directory resolved as install
// resolves it (CODEX_HOME wins over ~/.codex).
func TestHostEnv(t *testing.T) {
	vars := map[string]string{}
	e := env{dir: "/home/dev/project", home: "/home/dev", getenv: func(k string) string { return vars[k] }}
	for _, c := range []struct {
		host hooks.Host
		set  map[string]string
		want []string
	}{
		{"claude", nil, []string{"CLAUDE_PROJECT_DIR=/home/dev/project"}},
		{"codex", nil, []string{"CODEX_HOME=/home/dev/.codex"}},
		{"codex", map[string]string{"CODEX_HOME": "/srv/codex"}, []string{"CODEX_HOME=/srv/codex"}},
		{"gemini", nil, []string{"GEMINI_PROJECT_DIR=/home/dev/project", "GEMINI_CWD=/home/dev/project",
			"CLAUDE_PROJECT_DIR=/home/dev/project", "GEMINI_SESSION_ID=" + doctorSession}},
		{"droid", nil, []string{"FACTORY_PROJECT_DIR=/home/dev/project", "DROID_PROJECT_DIR=/home/dev/project", "CLAUDE_PROJECT_DIR=/home/dev/project"}},
		{"copilot", nil, []string{"COPILOT_PROJECT_DIR=/home/dev/project", "CLAUDE_PROJECT_DIR=/home/dev/project"}},
		{"qwen", nil, []string{"GEMINI_PROJECT_DIR=/home/dev/project", "CLAUDE_PROJECT_DIR=/home/dev/project", "QWEN_PROJECT_DIR=/home/dev/project"}},
	} {
		clear(vars)
		for k, v := range c.set {
			vars[k] = v
		}
		h, err := lookupHost(builtin.Adapters(), c.host)
		if err != nil {
			t.Fatal(err)
		}
		if got := hostEnv(h, e); !slices.Equal(got, c.want) {
			t.Errorf("%s with %v: hostEnv = %q, want %q", c.host, c.set, got, c.want)
		}
	}
}
