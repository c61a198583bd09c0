package guard

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestIgnoredEnvIsWork: a .env file git ignores, as projects do, is not
// regenerable: a recursive delete of a folder that holds one is denied
// by rule 1 (issue 38; `rm -rf app` and `find . -name '.env*' -delete`
// deleted them under bash and passed), while ignored build output still
// passes.
func TestIgnoredEnvIsWork(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found:", err)
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@example.com",
			"-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	write(".gitignore", ".env\n.env.*\nbuild/\n")
	write("app/config.js", "x\n")
	write("cfg/settings.json", "{}\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	write("app/.env", "KEY=1\n")
	write("cfg/.env.local", "KEY=2\n")
	write("build/out.o", "x")
	judgeTable(t, root, []judgeCase{
		{`rm -rf app`, "app/.env"},
		{`rm -r cfg`, "cfg/.env.local"},
		{`find . -name '.env*' -delete`, "rule 1"},
		{`find cfg -delete`, "rule 1"},
		// Look-alikes: ignored output, committed files.
		{`rm -rf build`, ""},
		{`find . -name '*.o' -delete`, ""},
		{`rm -rf app/config.js`, ""},
	})
}
