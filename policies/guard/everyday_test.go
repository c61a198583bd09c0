package guard

import (
	"os"
	"testing"

	"github.com/agenthooks/hooks"
)

// unsetenv unsets name for the test, restoring it after.
func unsetenv(t *testing.T, name string) {
	t.Helper()
	t.Setenv(name, "") // restores the old value after the test
	os.Unsetenv(name)
}

// TestEverydayWords: everyday commands that rules 3, 4 and 5 denied on
// their words (issue 38) pass; the attacks that look like them, each run
// under bash in a sandbox directory (the comment says what bash did),
// are still denied.
func TestEverydayWords(t *testing.T) {
	root := project(t)
	unsetenv(t, "LOG_FILE")
	unsetenv(t, "GITHUB_OUTPUT")
	judgeTable(t, root, []judgeCase{
		// Rule 3: a template is no secrets file.
		{`cp .env.example .env.example.bak`, ""},
		{`cp .env.example .env.local.example`, ""},
		{`cp .env.example .env`, "rule 3"},
		{`cp .env.local .env.local.bak`, "rule 3"}, // a copy of the secrets is one too
		// Rule 3: a variable the script never sets is the environment's.
		{`echo x > "$LOG_FILE"`, ""}, // bash: "No such file or directory", nothing written
		{`echo x >> "$GITHUB_OUTPUT"`, ""},
		{`echo x > "${LOG_FILE}"`, ""},
		{`tmp=$(mktemp) && go test ./... > "$tmp"`, ""},
		{`out="$(mktemp)"; echo x > "$out"`, ""},
		{`LOG_FILE=.env; echo x > "$LOG_FILE"`, "rule 3"},                // bash: writes .env
		{`printf -v LOG''_FILE %s .env; echo x > "$LOG_FILE"`, "rule 3"}, // bash: writes .env
		{`: ${LOG_FILE:=.env}; echo x > "$LOG_FILE"`, "rule 3"},          // bash: writes .env
		{`read LOG_FILE; echo x > "$LOG_FILE"`, "rule 3"},
		{`for LOG_FILE in .env; do echo x > "$LOG_FILE"; done`, "rule 3"},
		{`export LOG_FILE=.env; bash -c 'echo x > "$LOG_FILE"'`, "rule 3"},
		{`tmp=$(mktemp .envXXXX) && echo x > "$tmp"`, "rule 3"},
		{`tmp=$(mktemp); tmp=.env; echo x > "$tmp"`, "rule 3"},
		{`echo x > "$LOG_FILE/../.env"`, "rule 3"},
		{`mktemp .env.XXXX`, "rule 3"},
		// Rule 4: a command found in a directory a known program prints.
		{`$(npm bin)/eslint .`, ""},
		{`"$(npm bin)/eslint" .`, ""},
		{`$(go env GOPATH)/bin/golangci-lint run`, ""},
		{`$(cat dir.txt)/eslint .`, "rule 4"},
		// A substitution that prints fixed text is that text (issue 38).
		{`$(echo /bin)/rm -rf src`, "rule 1"},
		{`$(npm bin; echo rm -rf src)/eslint .`, "rule 4"},
		{`$(npm bin)/$x .`, "rule 4"},
		// Rule 5: platform.system() is not os.system().
		{`python3 -c "import platform; print(platform.system())"`, ""},
		{`python3 -c "import platform
print(platform.system(), platform.release())"`, ""},
		{`python3 -c "import os as platform; platform.system('touch pwned')"`, "rule 5"}, // bash: pwned made
		{`python3 -c "import platform, os; platform.system = os.system; platform.system('x')"`, "rule 5"},
		{`python3 -c "from platform import system; system()"`, "rule 5"},
		{`python3 -c "import platform; os.system('x')"`, "rule 5"},
		{`python3 -c "import platform; xplatform.system('x')"`, "rule 5"},
		// Rule 5: awk runs the shell commands in its strings; they are judged.
		{`awk '{print $1 | "sort -u"}' data.txt`, ""},
		{`awk 'NR > 1 {print $2 | "sort -n | uniq -c"}' data.txt`, ""},
		{`awk '"date" | getline d {print d}'`, ""},
		{`awk '/a|b/ {print}' data.txt`, ""},
		{`awk '{print | "rm -rf src"}'`, "rule 1"},
		{`awk 'BEGIN {system("cp x .env")}'`, "rule 3"},
		{`awk 'BEGIN {x = "touch pwned2"; print "a" | x}'`, "rule 5"}, // bash: pwned2 made
		{`awk 'BEGIN {x = "touch p"; x | getline}'`, "rule 5"},
		{`awk '$0 ~ /"/ { s = "a |"x | getline; t = "b" }'`, "rule 5"},
		{`awk '{print | "sort \" x"}'`, "rule 5"},
		{`awk '{print | "bash"}'`, "rule 5"}, // its input is the script: unseen
	})
	t.Setenv("LOG_FILE", "/home/dev/project/.env")
	if r := judge(root, "", `echo x > "$LOG_FILE"`); r.Decision != hooks.DecisionDeny {
		t.Errorf("LOG_FILE=.env in the environment: %v", r.Decision)
	}
}
