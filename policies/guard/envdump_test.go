package guard

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// envDumpCases are commands that load a credential file into an
// environment, printing it (deny) or not (pass). run: the row is run
// under bash in TestEnvDumpsUnderBash, which checks that the secret is
// printed exactly when the row is denied.
var envDumpCases = []struct {
	cmd  string
	deny bool
	run  bool
}{
	{`set -a; . app/.env; env`, true, true},
	{`set -a; . app/.env; printenv`, true, true},
	{`set -a; . app/.env; printenv API_TOKEN`, true, true},
	{`. app/.env && echo "$API_TOKEN"`, true, true},
	{`. app/.env && printf '%s\n' "${API_TOKEN}"`, true, true},
	{`. app/.env && echo "$SERVICE"`, true, true}, // a name the file sets
	{`set -a; . app/.env; export -p`, true, true},
	{`. app/.env && declare -p SERVICE`, true, true},
	{`. app/.env && set`, true, true},
	{`set -x; . app/.env; true`, true, true},
	{`set -o xtrace; source app/.env`, true, true},
	{`set -a; . app/.env; env -u HOME env`, true, true},
	{`set -a; . app/.env; cat /proc/self/environ`, true, true},
	{`set -a; . app/.env; python3 -c 'import os; print(os.environ)'`, true, true},
	{`set -a; . app/.env; tr '\0' '\n' < /proc/self/environ`, false, true}, // the shell's own first environment
	{`set -a; . app/.env; ps eww $$`, true, true},
	{`set -a; . app/.env; awk 'BEGIN{for (k in ENVIRON) print k, ENVIRON[k]}'`, true, true},
	{`set -a; . app/.env; perl -e 'print "$_=$ENV{$_}\n" for keys %ENV'`, true, true},
	{`set -a; . app/.env; ruby -e 'p ENV.to_h'`, true, false},
	{`set -a; . app/.env; jq -n env`, true, false},
	{`set -a; . app/.env; ps aux > /dev/null; echo ok`, false, true},
	{`set -a; . app/.env; awk '{print $1}' /dev/null`, false, true},
	{`. app/.env.local; . app/.env; echo "$SERVICE"`, true, true}, // a name of the second file loaded
	{`docker run --env-file app/.env alpine env`, true, false},
	{`docker run --env-file app/.env alpine sh -c 'echo $API_TOKEN'`, true, false},
	{`node --env-file=app/.env -e 'console.log(process.env)'`, true, false},
	// loaded, used, not printed
	{`set -a; . app/.env; set +a; true`, false, true},
	{`. app/.env && echo "$HOME" > /dev/null; echo done`, false, true},
	{`set -a && . app/.env && set +a && env NODE_ENV=test true`, false, true},
	{`set -euo pipefail; . app/.env; test -n "$API_TOKEN"`, false, true},
	{`. app/.env && export MODE=dev && true`, false, true},
	{`docker run --env-file app/.env myapp`, false, false},
	{`node --env-file=app/.env server.js`, false, false},
	// printed, nothing loaded
	{`env`, false, true},
	{`set -x; echo hi`, false, true},
}

func TestEnvDumps(t *testing.T) {
	root := project(t)
	writeEnv(t, root)
	for _, tc := range envDumpCases {
		r := judge(root, root, tc.cmd)
		if got := r.Decision == hooks.DecisionDeny; got != tc.deny {
			t.Errorf("%s: %v %q, want deny %v", tc.cmd, r.Decision, r.Reason, tc.deny)
		} else if got && !strings.Contains(r.Reason, "rule 7") {
			t.Errorf("%s: %q, want rule 7", tc.cmd, r.Reason)
		}
	}
}

// TestEnvDumpsUnderBash runs each row marked run: a denied one prints
// the secret, a passed one does not.
func TestEnvDumpsUnderBash(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bash for each row")
	}
	root := t.TempDir()
	writeEnv(t, root)
	for _, tc := range envDumpCases {
		if !tc.run {
			continue
		}
		cmd := exec.Command("bash", "-c", tc.cmd)
		cmd.Dir = root
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + root}
		out, _ := cmd.CombinedOutput()
		if got := strings.Contains(string(out), "s3cr3t"); got != tc.deny {
			t.Errorf("%s: under bash prints the secret %v, the row says deny %v\n%s", tc.cmd, got, tc.deny, out)
		}
	}
}

// writeEnv writes app/.env in root with a secret in two variables, and
// app/.env.local with none.
func writeEnv(t *testing.T, root string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, "app"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := "# the app's settings\nSERVICE=s3cr3t-service\nexport API_TOKEN=s3cr3t-token\n"
	if err := os.WriteFile(filepath.Join(root, "app", ".env"), []byte(env), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "app", ".env.local"), []byte("MODE=dev\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
