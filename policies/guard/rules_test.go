package guard

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
)

// judge runs Judge on a shell command run in dir (ShellInput.Cwd) of
// the project root.
func judge(root, dir, cmd string) hooks.Response {
	return Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd, Cwd: dir}})
}

// TestScratch: rule 1's scratch, for each way the project and the
// command's directory may be given.
func TestScratch(t *testing.T) {
	for _, tc := range []struct {
		root, dir, target string
		ok                bool
	}{
		{"/home/dev/project", "", "node_modules", true},
		{"/home/dev/project", "", "./node_modules", true},
		{"/home/dev/project", "", "a/b/target", true},
		{"/home/dev/project", "", "/home/dev/project/dist", true},
		{"/home/dev/project", "", "build", false},
		{"/home/dev/project", "", "out", false},
		{"/home/dev/project", "", "src", false},
		{"/home/dev/project", "", "lib", false},
		{"/home/dev/project", "", "Node_Modules", false},
		{"/home/dev/project", "", ".", false},
		{"/home/dev/project", "", "/home/dev/project", false},
		{"/home/dev/project", "", "/home/dev", false},
		{"/home/dev/project", "", "/", false},
		{"/home/dev/project", "", "../node_modules", false},
		{"/home/dev/project", "", "../project/node_modules", true}, // cleaned: inside the project
		{"/home/dev/project", "", ".git", false},
		{"/home/dev/project", "", ".git/dist", false},
		{"/home/dev/project", "", "/tmp/x", true},
		{"/home/dev/project", "", "/tmp/x/y", true},
		{"/home/dev/project", "", "/var/tmp/x", true},
		{"/home/dev/project", "", "/tmp", false},
		{"/home/dev/project", "", "/var/tmp", false},
		{"/home/dev/project", "", "/var", false},
		{"/home/dev/project", "", "/tmpfoo/x", false},
		{"/home/dev/project", "", "/home/dev/other/node_modules", false},
		// The command's own directory.
		{"/home/dev/project", "web", "node_modules", true},
		{"/home/dev/project", "/home/dev/project/web", "dist", true},
		{"/home/dev/project", "..", "node_modules", false},
		{"/home/dev/project", "/tmp/work", "src", true},
		// A project under /tmp: inside it, only the list counts.
		{"/tmp/project", "", "src", false},
		{"/tmp/project", "", "node_modules", true},
		{"/tmp/project", "", "/tmp/project", false},
		{"/tmp/project", "", "/tmp", false},
		{"/tmp/project", "", "/tmp/other", true},
		// No working directory: relative paths are in the project.
		{"", "", "node_modules", true},
		{"", "", "src", false},
		{"", "", "../node_modules", false},
		{"", "", "/tmp/x", true},
		{"", "", "/home/dev/node_modules", false},
	} {
		at := &place{root: tc.root, dir: tc.root}
		if tc.dir != "" {
			at.dir = joinPath(tc.root, tc.dir)
		}
		why, ok := at.scratch(shell.Static(cleanPath(tc.target)))
		if ok != tc.ok {
			t.Errorf("root %q dir %q: scratch(%q) = %v (%s), want %v", tc.root, tc.dir, tc.target, ok, why, tc.ok)
		}
	}
	at := &place{root: "/home/dev/project", dir: "/home/dev/project"}
	if _, ok := at.scratch(shell.MakeWord("$X/node_modules", true, "", "/node_modules")); ok {
		t.Error("a dynamic path is scratch")
	}
}

// TestScratchNames: the list is the README's, and the names that hold
// sources are not on it.
func TestScratchNames(t *testing.T) {
	want := []string{"node_modules", "dist", "target", ".venv", "venv", "__pycache__", ".pytest_cache", ".mypy_cache",
		".next", ".nuxt", "coverage", ".gradle", ".turbo"}
	if got := ScratchNames(); !slices.Equal(got, want) {
		t.Errorf("ScratchNames() = %q, want %q", got, want)
	}
	for _, n := range []string{"build", "out", "src", "lib", ".git", ".", ""} {
		if slices.Contains(ScratchNames(), n) {
			t.Errorf("%q is on the scratch list", n)
		}
	}
}

// TestJudgeCwd: relative targets are resolved against the event's cwd
// and the shell tool's own cwd.
func TestJudgeCwd(t *testing.T) {
	for _, tc := range []struct {
		root, dir, cmd string
		deny           bool
	}{
		{"/home/dev/project", "", "rm -rf /home/dev/project/node_modules", false},
		{"/home/dev/other", "", "rm -rf /home/dev/project/node_modules", true},
		{"/home/dev/project", "/home/dev", "rm -rf node_modules", true},
		{"/home/dev/project", "web", "rm -rf ../node_modules", true}, // .. as written
		{"/home/dev/project", "web", "rm -rf ../../node_modules", true},
		{"/home/dev/project", "", "cd web && rm -rf node_modules", false},
		{"/home/dev/project", "", "cd .. && rm -rf project", true},
		// Issue 38: a cd that may not take effect leaves two directories;
		// run under bash, each attack deleted the project's src.
		{"/home/dev/project", "", "cd /tmp/nope; rm -rf src", true},
		{"/home/dev/project", "", "cd /tmp/nope\nrm -rf src", true},
		{"/home/dev/project", "", "pushd /tmp/nope; rm -rf src", true},
		{"/home/dev/project", "", "command cd /tmp/nope; rm -rf src", true},
		{"/home/dev/project", "", "builtin cd /tmp/nope; rm -rf src", true},
		{"/home/dev/project", "", "eval cd /tmp/nope; rm -rf src", true},
		{"/home/dev/project", "", "cd /tmp extra; rm -rf src", true},
		{"/home/dev/project", "", "cd /tmp & rm -rf src", true},
		{"/home/dev/project", "", "cd /tmp | true; rm -rf src", true},
		{"/home/dev/project", "", "cd /tmp/nope || true; rm -rf src", true},
		{"/home/dev/project", "", "cd /tmp/x && rm -rf src", false},
		{"/home/dev/project", "", "cd /tmp/x && make && rm -rf out", false},
		{"/home/dev/project", "", "cd web; rm -rf node_modules", false},
	} {
		r := judge(tc.root, tc.dir, tc.cmd)
		if got := r.Decision == hooks.DecisionDeny; got != tc.deny {
			t.Errorf("cwd %q, shell cwd %q, %q: denied %v (%s), want %v", tc.root, tc.dir, tc.cmd, got, r.Reason, tc.deny)
		}
	}
}

// TestIsEnvFile: the names rule 3 protects.
func TestIsEnvFile(t *testing.T) {
	for name, want := range map[string]bool{
		".env": true, ".env.local": true, ".env.production": true, ".ENV": true, ".Env.Local": true,
		"config/.env": true, `C:\app\.env`: true, ".env.": true, ".env ": true, ".env:stream": true, ".env.local.": true,
		".env.example": false, ".env.sample": false, ".env.template": false, ".ENV.EXAMPLE": false,
		".env.example.bak": false, ".env.local.example": false, ".env.sample.orig": false, ".env.examples": true,
		".env.bak": true, ".env.local.bak": true, ".env.exampleX": true, ".env..example": false,
		"env": false, ".envrc": false, "x.env": false, ".environment": false, "": false, "/": false,
	} {
		if got := IsEnvFile(name); got != want {
			t.Errorf("IsEnvFile(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestSedRuns: sed scripts that run a command, read command by command.
func TestSedRuns(t *testing.T) {
	for script, want := range map[string]bool{
		"s/a/b/":                  false,
		"s/a/b/g":                 false,
		"1,10p":                   false,
		"/x/d":                    false,
		"s|a|b|gI":                false,
		`s/a\/e/b/`:               false,
		":a;N;$!ba;s/\\n/ /g":     false,
		"y/abc/xyz/":              false,
		"$a\\\nlast line":         false,
		"/start/,/end/{s/x/y/;p}": false,
		"s/x/y/w out.txt":         false,
		"# e rm -rf x\np":         false,
		"e rm -rf x":              true,
		"1e rm -rf x":             true,
		"s/.*/rm &/e":             true,
		"s/a/b/ge":                true,
		"p;e ls":                  true,
		"/x/e":                    true,
		"b x; s/a/b/e":            true,
		"s/x/y/w out\ne ls":       true,
		"s/a/b":                   true, // unreadable: taken to run
		"K":                       true,
	} {
		if _, got := sedRuns(script); got != want {
			t.Errorf("sedRuns(%q) = %v, want %v", script, got, want)
		}
	}
}

// TestDangerousCode: rule 5's names, matched as words.
func TestDangerousCode(t *testing.T) {
	for _, tc := range []struct {
		lang, code string
		want       bool
	}{
		{"python", "import shutil; shutil.rmtree('x')", true},
		{"python", "import os; os.system('ls')", true},
		{"python", "print(open('.env').read())", true},
		{"python", "print(open('.env.example').read())", false},
		{"python", "print(open('config/.env.local').read())", true},
		{"python", "print(1)", false},
		{"python", "import json; print(json.dumps({'systematic': 1}))", false},
		{"python", "import os; print(os.listdir('.git'))", true},
		{"python", "print('.github')", false},
		{"node", "console.log(1)", false},
		{"node", "require('fs').rmSync('x', {recursive: true})", true},
		{"perl", "print 1", false},
		{"perl", "print `ls`", true},
		{"perl", "print qx(ls)", true},
		{"ruby", "puts %x(ls)", true},
		{"awk", "{ print $1 }", false},
		{"awk", "$1 ~ /a|b/ { print }", false},
		{"awk", `{ print | "sh" }`, true},
		{"awk", `BEGIN { "date" | getline d }`, true},
		{"awk", `BEGIN { system("ls") }`, true},
		{"sed", "s/a/b/", false},
		{"sed", "s/a/b/e", true},
		{"php", `UNLINK("a");`, true},
		{"php", `echo strtoupper("a");`, false},
		{"powershell", "Remove-Item -Recurse src", true},
		{"powershell", "Get-ChildItem", false},
		{"javascript", "console.log(1)", false},
		{"javascript", "Deno.remove('x')", true},
		{"vim", "%s/a/b/g", false},
		{"vim", "!rm -rf x", true},
		{"vim", "call delete('x')", true},
		{"sql", "select 1;", false},
		{"sql", ".shell rm -rf x", true},
		{"jq", ".scripts | keys | map(select(test(\"remove\")))", false},
		{"jq", ".env", false},
		{"cobol", "DISPLAY 'HI'", false},
		{"cobol", "CALL system", true},
	} {
		if what, got := dangerousCode(tc.lang, tc.code); got != tc.want {
			t.Errorf("dangerousCode(%s, %q) = %v (%s), want %v", tc.lang, tc.code, got, what, tc.want)
		}
	}
}

// TestSplitGitArgs: git's split of an alias's value.
func TestSplitGitArgs(t *testing.T) {
	for in, want := range map[string]string{
		"reset --hard":             "reset|--hard",
		"  checkout   --  . ":      "checkout|--|.",
		`commit -m "a b"`:          "commit|-m|a b",
		`commit -m 'a "b"'`:        `commit|-m|a "b"`,
		`log --format=a\ b`:        "log|--format=a b",
		"":                         "",
		`push origin ""`:           "push|origin|",
		"clean\t-fdx\n":            "clean|-fdx",
		`checkout "--" '.'`:        "checkout|--|.",
		`-c alias.y=clean y -fdx`:  "-c|alias.y=clean|y|-fdx",
		`reset "--ha""rd"`:         "reset|--hard",
		`reset \--hard`:            "reset|--hard",
		`reset '--hard' # comment`: "reset|--hard|#|comment",
	} {
		var got []string
		for _, w := range splitGitArgs(in) {
			got = append(got, w.Value)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("splitGitArgs(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestJudgeDeadline: a command parsed after the handler's deadline is
// denied as one the guard cannot check.
func TestJudgeDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := Judge(ctx, "/home/dev/project", &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "echo $(echo $(echo hi))"}})
	if r.Decision != hooks.DecisionDeny || !strings.HasPrefix(r.Reason, "guard: rule 4 ") {
		t.Errorf("cancelled context: %+v, want a rule 4 deny", r)
	}
}

// TestJudgeLimit: a command past the parser's limits is denied as one the
// guard cannot check, and the reason says to split it.
func TestJudgeLimit(t *testing.T) {
	cmd := strings.Repeat("$(", 5000) + "rm -rf dir" + strings.Repeat(")", 5000)
	r := Judge(context.Background(), "/home/dev/project", &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
	if r.Decision != hooks.DecisionDeny || !strings.HasPrefix(r.Reason, "guard: rule 4 ") {
		t.Errorf("5000 nested $(: %.200s, want a rule 4 deny", r.Reason)
	}
}

// The guard reports the checks it ran, in order, each with its verdict:
// what a gateway's records and a hook's observer carry.
func TestReportsChecks(t *testing.T) {
	for _, tt := range []struct {
		tool hooks.Tool
		want string
	}{
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "git reset --hard"}}, "parse:,rule4-unseen:,rule2-git:deny"},
		{hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "ls"}}, "parse:,rule4-unseen:,rule2-git:,rule1-delete:,rule3-env:,rule5-code:,rule7-secrets:,rule6-footing:"},
		{hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: "/home/dev/project/.env"}}, "rule3-writes:deny"},
	} {
		ctx, log := hooks.WithCheckLog(context.Background())
		Judge(ctx, "/home/dev/project", &tt.tool)
		var got []string
		for _, c := range log.Checks() {
			got = append(got, c.Name+":"+c.Decision.String())
		}
		if strings.Join(got, ",") != tt.want {
			t.Errorf("%s: checks %v, want %s", tt.tool.Name, got, tt.want)
		}
	}
}

// judgeCase is a row of a table of shell commands judged in a project.
type judgeCase struct {
	cmd  string
	want string // "" passes; else a part of the deny's reason
}

// judgeTable judges each case's command in the project root.
func judgeTable(t *testing.T, root string, cases []judgeCase) {
	t.Helper()
	for _, tc := range cases {
		r := judge(root, "", tc.cmd)
		switch {
		case tc.want == "" && r.Decision != hooks.NoDecision:
			t.Errorf("%q: %v %s, want it to pass", tc.cmd, r.Decision, r.Reason)
		case tc.want != "" && (r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, tc.want)):
			t.Errorf("%q: %v %q, want a deny naming %q", tc.cmd, r.Decision, r.Reason, tc.want)
		}
	}
}
