package footing_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/footing"
)

// TestLoginProfilesUnderBash: Codex runs a hook with $SHELL -lc; under
// real bash, -lc reads the first of ~/.bash_profile, ~/.bash_login and
// ~/.profile that exists (so each in turn, as the earlier ones are
// removed), and each is in the footing of a Codex hook.
func TestLoginProfilesUnderBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip(err)
	}
	home := t.TempDir()
	log := filepath.Join(home, "read.log")
	names := []string{".bash_profile", ".bash_login", ".profile"}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(home, n), []byte("echo "+n+" >> "+log+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := footing.Of(footing.Env{Home: home, Cwd: home, Getenv: func(string) string { return "" },
		Hosts: func() []footing.Host { return footing.HostsOf(builtin.Adapters()) }})
	for _, n := range names {
		os.Remove(log)
		cmd := exec.Command(bash, "-lc", "true")
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("bash -lc: %v %s", err, out)
		}
		b, _ := os.ReadFile(log)
		if strings.TrimSpace(string(b)) != n {
			t.Errorf("bash -lc read %q, want %s", b, n)
		}
		if e, ok := s.Touches(filepath.Join(home, n), false); !ok || e.Kind != footing.Profile {
			t.Errorf("%s: not a login profile of the footing (%v %v)", n, e, ok)
		}
		os.Remove(filepath.Join(home, n))
	}
}

// TestFold: on a file system that ignores case (macOS, Windows), another
// case of a footing path is the same file.
func TestFold(t *testing.T) {
	s := footing.Of(footing.Env{Cwd: "/home/dev/project", Home: "/home/dev", Fold: true, Getenv: func(string) string { return "" },
		Hosts: func() []footing.Host { return footing.HostsOf(builtin.Adapters()) }})
	for _, c := range []string{`echo x > .CLAUDE/Settings.JSON`, `rm -rf .Claude`, `mv .codex/HOOKS.json x`} {
		if _, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c}}); !deny {
			t.Errorf("%s: not denied on a case-insensitive file system", c)
		}
	}
	if _, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: "/home/dev/project/.Claude/settings.JSON"}}); !deny {
		t.Error("Write .Claude/settings.JSON: not denied on a case-insensitive file system")
	}
}
