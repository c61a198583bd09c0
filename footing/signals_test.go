package footing_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestSignals: a command that may stop or kill the hook's own process,
// chosen by name, pattern or owner, is denied; one that chooses other
// processes passes.
func TestSignals(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		deny bool
	}{
		{`nohup sh -c 'while :; do pkill -STOP guard; done' >/dev/null 2>&1 &`, true},
		{`pkill guard`, true},
		{`pkill -9 -x guard`, true},
		{`pkill -f bin/guard`, true},
		{`pkill -f 'gu.rd --host'`, true},
		{`pkill -i GUARD`, true},
		{`pkill -u "$USER"`, true},
		{`pkill -v node`, true},
		{`pkill -f "$P"`, true},
		{`killall guard`, true},
		{`killall -s STOP guard`, true},
		{`killall -r 'gu.*'`, true},
		{`killall -u dev`, true},
		{`skill -STOP guard`, true},
		{`kill $(pidof guard)`, true},
		{`kill -STOP $(pgrep -f bin/guard)`, true},
		{`ps aux | grep guard | awk '{print $2}' | xargs kill`, true},
		{`pkill node`, false},
		{`pkill -f 'vite --port 5173'`, false},
		{`pkill -x gua`, false},
		{`killall node`, false},
		{`killall -s STOP sleep`, false},
		{`pgrep guard`, false}, // lists, sends nothing
		{`pidof guard`, false},
		{`kill %1`, false},
		{`kill $(cat server.pid)`, false},
		{`kill $(lsof -t -i :8080)`, false},
	} {
		f := newFixture(t)
		s := f.set(f.proj)
		r, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", c.cmd, deny, r, c.deny)
		}
	}
}

// TestSignalsMatchPgrep: the footing's reading of a pattern chooses the
// hook's process when the real pgrep (procps) does, for a process whose
// binary is the fixture's bin/guard (a copy of sleep). The footing reads
// the command line as the binary's path alone or with --host (a hook's
// arguments are not known), so -x -f and patterns of other arguments
// are not compared.
func TestSignalsMatchPgrep(t *testing.T) {
	if _, err := exec.LookPath("pgrep"); err != nil {
		t.Skip("no pgrep here: the judgement rows of TestSignals still run")
	}
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep")
	}
	f := newFixture(t)
	bin := filepath.Join(f.proj, "bin", "guard")
	b, err := os.ReadFile(sleep)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	proc := exec.Command(bin, "60")
	if err := proc.Start(); err != nil {
		t.Fatal(err)
	}
	defer proc.Process.Kill()
	pid := strconv.Itoa(proc.Process.Pid)
	s := f.set(f.proj)
	for _, args := range []string{"guard", "-x guard", "-x gua", "gua", "-f bin/guard", "-f '^/.*/gu.rd'", "-i GUARD", "GUARD",
		"-f other", "'^g'", "'d$'", "'^u'", "-f '/gu.rd '"} {
		out, _ := exec.Command("bash", "-c", "pgrep "+args).Output()
		listed := false
		for _, l := range strings.Fields(string(out)) {
			listed = listed || l == pid
		}
		_, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "pkill " + args}})
		if deny != listed {
			t.Errorf("pkill %s: deny %v, while pgrep %s lists the hook's process: %v", args, deny, args, listed)
		}
	}
}
