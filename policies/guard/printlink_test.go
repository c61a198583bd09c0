package guard

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	hooks "github.com/agenthooks/hooks"
)

// TestArchiveThroughPrintLink: an archive written to a file that is a
// link to the output is shown. Each attack was run under bash in such a
// folder (o a link to /dev/stdout, made before; a named pipe a
// background cat reads): the output held app/.env's KEY=1. The look-alikes write to a plain file or a link to
// one.
func TestArchiveThroughPrintLink(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "app/.env", "KEY=1\n")
	writeFile(t, root, "shared/a.tgz", "")
	if err := os.Symlink("/dev/stdout", filepath.Join(root, "o")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("shared/a.tgz", filepath.Join(root, "a.tgz")); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mkfifo", filepath.Join(root, "fifo")).CombinedOutput(); err != nil {
		t.Fatalf("mkfifo: %v %s", err, out)
	}
	judge := func(cmd string) (string, bool) {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	for _, cmd := range []string{"tar cf o app", "tar czf - app > o", "tar cf - app >> o", "tar czf - app > ./o",
		"ln -sf /dev/stdout p; tar cf - app > p", "ln -s /proc/self/fd/1 q && tar cf q app", "mkfifo f; cat f & tar cf f app",
		"tar cf fifo app"} {
		if _, deny := judge(cmd); !deny {
			t.Errorf("%q: passes, want it denied (the archive is printed)", cmd)
		}
	}
	for _, cmd := range []string{"tar czf - app > out.tgz", "tar czf out.tgz app", "tar czf a.tgz app", "ln -s /dev/stdout o2",
		"tar czf - app > /dev/null"} {
		if r, deny := judge(cmd); deny {
			t.Errorf("%q: denied (%s), want it to pass", cmd, r)
		}
	}
}
