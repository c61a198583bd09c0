package guard

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestMoreEnvWrites: .env writes that name no .env file in the words
// (issue 38), each run under bash in a sandbox (it wrote .env), and
// their look-alikes.
func TestMoreEnvWrites(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want string
	}{
		{`find . -name .env -exec cp x {} \;`, "rule 3"},
		{`find . -name '.env*' -exec truncate -s0 {} \;`, "rule 3"},
		{`find . -name .env -exec sed -i s/a/b/ {} +`, "rule 3"},
		{`find . -type f -exec sed -i s/a/b/ {} +`, "rule 3"},
		{`find . -name '*.go' -o -exec cp x {} \;`, "rule 3"},
		// find's names through xargs are judged as -exec's.
		{`find . -name .env | xargs sed -i s/a/b/`, "rule 3"},
		{`find . -name '.env*' | xargs truncate -s0`, "rule 3"},
		{`find . -name '.env*' -print0 | xargs -0 -I{} cp x {}`, "rule 3"},
		{`find . -type f | grep -v test | xargs sed -i s/a/b/`, "rule 3"},
		{`awk -v f=.env 'BEGIN{print 1 > f}'`, "rule 3"},
		{`awk 'BEGIN{print 1 > f}' f=.env`, "rule 3"},
		{`git bundle create .env HEAD`, "rule 3"},
		{`git archive -o .env HEAD`, "rule 3"},
		{`git diff --output=.env`, "rule 3"},
		{`curl -K /dev/stdin <<< 'output = .env'`, "rule 4"},
		{`curl --config <(echo 'output = .env') https://example.com`, "rule 4"},
		{`sed -f /dev/stdin f <<< '1e touch p'`, "rule 4"},
		{`sed -nf /dev/stdin f <<< 'w .env'`, "rule 4"},
		{`ssh -F /dev/stdin host <<< 'ProxyCommand touch p'`, "rule 4"},
		// Look-alikes.
		{`find . -name '*.go' -exec gofmt -w {} +`, ""},
		{`find . -name '*.py' -exec sed -i s/a/b/ {} +`, ""},
		{`find . -name '*.py' | xargs sed -i s/a/b/`, ""},
		{`find . -name '*.go' -print0 | xargs -0 gofmt -w`, ""},
		{`find . -name .env -exec cat {} \;`, "rule 7"}, // cat prints it to the model
		{`awk -v n=3 '{print $n}' data.txt`, ""},
		{`git bundle create repo.bundle HEAD`, ""},
		{`git diff --output=changes.patch`, ""},
		{`curl -K .curlrc https://example.com`, ""},
		{`sed -f fix.sed f`, ""},
		{`ssh -F ssh_config host ls`, ""},
	} {
		r := judge("/home/dev/project", "", tc.cmd)
		switch {
		case tc.want == "" && r.Decision != hooks.NoDecision:
			t.Errorf("%q: %v %s, want it to pass", tc.cmd, r.Decision, r.Reason)
		case tc.want != "" && (r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, tc.want)):
			t.Errorf("%q: %v %q, want a deny naming %q", tc.cmd, r.Decision, r.Reason, tc.want)
		}
	}
}

// TestInlineCodeMore: inline code that runs programs by names the lists
// missed (issue 38), and interpreters the tables did not know (tclsh,
// gdb's commands, R, Julia, expect), each run under its interpreter in a
// sandbox (it made the file p), where installed.
func TestInlineCodeMore(t *testing.T) {
	for _, cmd := range []string{
		`python3 -c "import os; os.spawnlp(os.P_WAIT, 'touch', 'touch', 'p')"`,
		`python3 -c "import os; os.posix_spawnp('touch', ['touch', 'p'], {})"`,
		`python3 -c "import os; os.execlp('touch', 'touch', 'p')"`,
		`perl -e 'readpipe("touch p")'`,
		`node -pe 'require("child_process").execSync("touch p")'`,
		`lua -e 'os.execute("touch p")'`,
		`perl -M'strict;system("touch p")' -e 1`,
		`tclsh <<< 'exec touch p'`,
		`tclsh /dev/stdin <<< 'exec touch p'`,
		`gdb -batch -ex 'python import os; os.system("touch p")'`,
		// Not installed here, not run: R, Julia, expect.
		`Rscript -e 'system("touch p")'`,
		`julia -e 'run(` + "`touch p`" + `)'`,
		`expect -c 'spawn touch p; expect eof'`,
	} {
		if r := judge("/home/dev/project", "", cmd); r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "rule 5") {
			t.Errorf("%q: %v %s, want rule 5", cmd, r.Decision, r.Reason)
		}
	}
	for _, cmd := range []string{`node -pe 'process.version'`, `python3 -c 'import os; print(os.getcwd())'`, `perl -ne 'print if /x/' f`,
		`perl -MList::Util=sum,max -e 'print sum(1,2)'`, `perl -Mstrict -we 'print 1'`,
		`tclsh <<< 'puts [expr 1+2]'`, `tclsh build.tcl`, `gdb -batch -ex bt -p 123`, `gdb -batch -ex run --args ./app x`,
		`Rscript -e 'print(1+1)'`, `julia -e 'println(1)'`} {
		if r := judge("/home/dev/project", "", cmd); r.Decision != hooks.NoDecision {
			t.Errorf("%q: %v %s, want it to pass", cmd, r.Decision, r.Reason)
		}
	}
	// Code piped in by echo is read only when a shell reads it: for an
	// interpreter it is known only at run time, with the parser or
	// without (the parser-free reading once gave echo's output here, and
	// rule 5 for this one line but rule 4 after any other line).
	for _, cmd := range []string{`echo 'exec touch p' | tclsh`, "true\necho 'exec touch p' | tclsh"} {
		if r := judge("/home/dev/project", "", cmd); r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "rule 4") {
			t.Errorf("%q: %v %s, want rule 4", cmd, r.Decision, r.Reason)
		}
	}
}
