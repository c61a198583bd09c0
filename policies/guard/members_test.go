package guard

import (
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	hooks "github.com/agenthooks/hooks"
)

// TestArchiveMembersPrinted: an archive on disk whose members a command
// prints (made by an earlier call: tar cf o.tar app writes a file and
// passes). Each attack was run under bash with o.tar and o.zip holding
// app/.env: the output held KEY=1. The look-alikes list names only, or
// print an archive that holds no credential file.
func TestArchiveMembersPrinted(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "app/.env", "KEY=1\n")
	writeFile(t, root, "docs/a.md", "# a\n")
	for _, args := range [][]string{{"tar", "cf", "o.tar", "app"}, {"zip", "-qr", "o.zip", "app"}, {"tar", "cf", "docs.tar", "docs"},
		{"zip", "-qr", "docs.zip", "docs"}} {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v %s", args, err, out)
		}
	}
	judge := func(cmd string) (string, bool) {
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		return r.Reason, r.Decision == hooks.DecisionDeny
	}
	for _, cmd := range []string{"tar xOf o.tar", "tar xf o.tar -O", "tar -x --to-stdout -f o.tar", "unzip -p o.zip",
		"unzip -c o.zip", "tar cf o2.tar app && tar xOf o2.tar"} {
		if _, deny := judge(cmd); !deny {
			t.Errorf("%q: passes, want it denied (it prints app/.env)", cmd)
		}
	}
	for _, cmd := range []string{"tar tvf o.tar", "unzip -l o.zip", "tar xOf docs.tar", "unzip -p docs.zip", "tar xOf missing.tar"} {
		if r, deny := judge(cmd); deny {
			t.Errorf("%q: denied (%s), want it to pass", cmd, r)
		}
	}
}

// TestArchiveListsBound: a call lists at most maxArchiveLists archives
// (an archive named again is listed once; one that is not there is not
// counted); past them, a printed archive is denied.
func TestArchiveListsBound(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "docs/a.md", "# a\n")
	var cmds []string
	for i := range maxArchiveLists + 1 {
		name := "a" + strconv.Itoa(i) + ".tar"
		cmd := exec.Command("tar", "cf", name, "docs")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v %s", err, out)
		}
		cmds = append(cmds, "tar xOf "+name)
	}
	judge := func(cmd string) hooks.Response {
		return Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
	}
	absent := strings.Repeat("tar xOf missing.tar; ", 40)
	if r := judge(absent + strings.Join(cmds[:maxArchiveLists], "; ")); r.Decision == hooks.DecisionDeny {
		t.Errorf("%d archives: denied (%s), want a pass", maxArchiveLists, r.Reason)
	}
	if r := judge(strings.Repeat(cmds[0]+"; ", 100)); r.Decision == hooks.DecisionDeny {
		t.Errorf("one archive a hundred times: denied (%s), want a pass", r.Reason)
	}
	if r := judge(strings.Join(cmds, "; ")); r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "more archives") {
		t.Errorf("%d archives: %v %q, want a deny", len(cmds), r.Decision, r.Reason)
	}
}
