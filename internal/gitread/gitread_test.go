package gitread

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

func TestCatFile(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"-c", "user.email=a@b", "-c", "user.name=a", "commit", "-q", "--allow-empty", "-m", "x"}} {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	head, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	got, err := CatFile(context.Background(), dir, []string{"HEAD", "nope", "HEAD:missing", "HEAD^{commit}"})
	if err != nil {
		t.Fatal(err)
	}
	h := strings.TrimSpace(string(head))
	if want := []string{h, "", "", h}; !slices.Equal(got, want) {
		t.Errorf("CatFile = %q, want %q", got, want)
	}
	if _, err := CatFile(context.Background(), t.TempDir(), []string{"HEAD"}); err == nil {
		t.Error("CatFile outside a repository: no error")
	}
}

func TestEnvForbidsTransports(t *testing.T) {
	env := Env("X=1")
	for _, kv := range []string{"X=1", "GIT_ALLOW_PROTOCOL=none", "GIT_NO_LAZY_FETCH=1", "GIT_OPTIONAL_LOCKS=0"} {
		if !slices.Contains(env, kv) {
			t.Errorf("Env lacks %s", kv)
		}
	}
	// Later entries win: the hook's own GIT_ALLOW_PROTOCOL cannot undo it.
	if i, j := slices.Index(env, "X=1"), slices.Index(env, "GIT_ALLOW_PROTOCOL=none"); i > j {
		t.Error("the forbidding entries come before extra")
	}
}
