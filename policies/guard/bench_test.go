package guard

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
	"mvdan.cc/sh/v3/syntax"
)

// denseShapes are the inputs that cost the guard the most per byte
// (issue 38): each under shell.DefaultMaxBytes, so each reaches the
// rules unless a limit of the parser refuses it first.
func denseShapes() []struct{ name, src string } {
	r := strings.Repeat
	var gitAlias, shAlias, gitAliasRev strings.Builder
	gitAlias.WriteString("git")
	for i := range 5000 {
		gitAlias.WriteString(" -c alias.a" + strconv.Itoa(i) + "=a" + strconv.Itoa(i+1))
	}
	gitAlias.WriteString(" a0")
	for i := range 3000 {
		shAlias.WriteString("alias a" + strconv.Itoa(i) + "=a" + strconv.Itoa(i+1) + "; ")
	}
	shAlias.WriteString("a0")
	gitAliasRev.WriteString("git")
	for i := 5000; i > 0; i-- {
		gitAliasRev.WriteString(" -c alias.a" + strconv.Itoa(i) + "=a" + strconv.Itoa(i-1))
	}
	gitAliasRev.WriteString(" a5000")
	deep := r("$(", 199) + "x" + r(")", 199)
	return []struct{ name, src string }{
		{"arith-85000-terms", "echo $((" + r("1+", 85000) + "1))"},
		{"subst-199-deep-x430", r(deep+" ", 430)},
		{"git-alias-chain-5000", gitAlias.String()},
		{"git-alias-chain-5000-reverse", gitAliasRev.String()},
		{"git-options-10000", "git" + r(" -c a.b=c", 10000) + " status"},
		{"git-alias-chain-200", gitAliasN(200)},
		{"shell-alias-chain-3000", shAlias.String()},
		{"cd-dotdot-10000", r("cd a/../b; ", 10000) + "rm -rf node_modules"},
		{"cd-deeper-20000", r("cd b; ", 20000) + "rm -rf node_modules"},
		{"redirections-83000", "echo" + r(" >a", 83000)},
		{"rm-operands-60000", "rm -rf" + r(" node_modules", 20000)},
		{"find-exec-2000", "find . " + r("-exec rm {} + ", 2000)},
		{"mv-then-rm-5000", r("mv a /tmp/x; ", 5000) + r("rm -rf /tmp/y; ", 5000)},
		{"rm-scratch-lines-7000", scratchLines(7000)},
		// Quadratic loops found by building the shape for each (issue
		// 38): a rule or the footing doing, for each command or effect,
		// a pass over the script, the text, the writes or the entries.
		{"git-C-dirs-8000", lines(8000, "git -C d", " status")},
		{"git-add-8000", lines(8000, "git add f", "")},
		{"git-commit-4000", lines(4000, "git commit -m m", "")},
		{"dyn-write-same-8000", strings.Repeat("echo x >> \"$GITHUB_OUTPUT\"\n", 8000)},
		{"dyn-write-vars-8000", lines(8000, "echo x > \"$V", "\"")},
		{"touch-vars-8000", lines(8000, "touch $v", "")},
		{"write-then-rm-4000", lines(4000, "echo x > /tmp/a", "") + lines(4000, "rm -rf /tmp/a", "")},
		{"ln-then-rm-3000", lines(3000, "ln -s /home/x /tmp/l", "") + lines(3000, "rm -rf /tmp/q", "")},
		{"find-xargs-3000", lines(3000, "find . -name x", " | xargs rm -f")},
		{"python-c-4000", lines(4000, "python3 -c 'print(", ")'")},
		{"interp-then-writes-4000", "python3 a.py\n" + lines(4000, "echo x > o", ".py")}, // 7.8 s before maxInOrderScan
		{"glob-rm-6000", lines(6000, "rm -f /tmp/a", "/*")},
		{"npm-run-6000", lines(6000, "npm run x", "")},
		{"cd-then-git-3000", lines(3000, "cd /tmp/c", "") + strings.Repeat("git stash\n", 3000)},
		{"git-switch-grep-2000", lines(2000, "git switch b", " && grep -r KEY app")},
		{"git-clone-grep-2000", lines(2000, "git clone https://example.com/x d", " && grep -r TODO src")},
		// The readers of issue 38's fifth pass: inline code's writes,
		// substitutions of fixed text, archives to the output, git's
		// history (one question a call).
		{"inline-writes-then-run-3000", lines(3000, "python3 -c \"open('o", ".txt','w').write('x')\"") + "sh scripts/test.sh\n"},
		{"subst-echo-4000", lines(4000, "cat $(echo f", ")")}, // 8,000 commands, under the parser's 10,000
		{"tar-stdout-3000", lines(3000, "tar cf - d", " | tar t")},
		{"git-log-p-4000", strings.Repeat("git log -p -1\n", 4000)},
		// Archives to files and archives printed: the script's links and
		// redirections looked at once (3,000 of the first took 100 s),
		// archives listed at most maxArchiveLists a call.
		{"tar-to-files-3000", lines(3000, "tar czf - d > o", ".tgz")},
		{"tar-xO-3000", lines(3000, "tar xOf a", ".tar")},
		// The readers of issue 38's sixth pass: stashes, names from a
		// file or a listing (each file and folder read once a call).
		{"git-stash-show-4000", strings.Repeat("git stash show -p\n", 4000)},
		{"xargs-lists-4000", lines(4000, "xargs cat < l", "")},
		{"cat-cat-lists-4000", lines(4000, "cat $(cat l", ")")},
		{"ls-then-reads-3000", lines(3000, "ls -a d", "") + lines(3000, "cat d", "/$f")},
		{"find-xargs-cat-3000", lines(3000, "find d", " -name '.e*' | xargs cat")},
		{"write-list-then-read-3000", lines(3000, "echo x > l", "") + lines(3000, "xargs cat < l", "")},
		{"while-read-3000", lines(3000, "while read f; do cat \"$f\"; done < l", "")},
		{"for-glob-3000", lines(3000, "for f in d", "/.*; do cat $f; done")},
		// The readers of issue 38's eighth pass: names other listers
		// print (git asked once a question a call), lost and found
		// objects, archives printed by ar.
		{"git-ls-files-xargs-3000", lines(3000, "git ls-files d", " | xargs cat")},
		{"cat-git-subst-3000", lines(3000, "cat $(git ls-files d", ")")},
		{"git-diff-names-xargs-3000", lines(3000, "git diff --name-only HEAD~", " | xargs cat")},
		{"listers-xargs-3000", lines(1000, "rg --files d", " | xargs cat") + lines(1000, "fd -H . d", " | xargs cat") +
			lines(1000, "tree -fai d", " | xargs cat")},
		{"lost-found-3000", lines(3000, "cat .git/lost-found/other/", "")},
		{"ar-p-3000", lines(3000, "ar p a", ".a")},
		{"cat-archives-3000", lines(3000, "cat a", ".tar") + lines(3000, "zcat l", ".gz")},
		// Archives a command makes and then reads the bytes of: what
		// each write makes is read once a script.
		{"tar-then-scp-3000", lines(3000, "tar czf d", ".tgz dist") + lines(3000, "scp d", ".tgz h:")},
		// Names a program makes up, read: what may make them up and
		// which variables the script sets, each found once a script.
		{"made-up-then-var-reads-8000", "X=$(./x)\n" + lines(8000, "cat \"$v", "\"")},
		{"sort-then-reads-2000", strings.Repeat("ls | sort | sort | while read f; do cat \"$f\"; done\n", 2000)},
		// git subcommands git does not have, each asked of git (an
		// alias in its settings?), within the call's questions.
		{"git-unknown-subcommands-8000", lines(8000, "git x", "")},
		// Issue 38, misses38l: tests written then runners (each name
		// and each file's text judged once), $PWD paths after a cd,
		// parallel's replacement strings on its input.
		{"tests-then-runners-2000", lines(2000, "echo 'def test(): pass' > t", ".py") + lines(2000, "pytest t", ".py")},
		{"pwd-after-cd-4000", "cd d\n" + lines(4000, "cat $PWD/x", "")},
		{"parallel-braces-3000", lines(3000, "ls | parallel 'wc -l {}' #", "")},
		{"loop-8-plain-words", "for i in 1 2 3 4 5 6 7 8; do echo " + r("x ", 120000) + "; done"},
		{"loop-8x8-plain-words", "for i in 1 2 3 4 5 6 7 8; do for j in 1 2 3 4 5 6 7 8; do echo " + r("x ", 120000) + "; done; done"},
		{"env-writes-50000", "cp" + r(" a", 50000) + " d"},
		// Rule 7 on reads of variables the script may set (varreads.go):
		// distinct variables each read, set then read, and one variable
		// given many values read in one path three times.
		{"var-reads-distinct-8000", lines(8000, `cat "$v`, `"`)},
		{"var-set-then-read-8000", varSetRead(8000)},
		{"var-many-values-30000", lines(30000, "f=x", "") + `cat "$f/$f/$f"` + "\n"},
		// PYTEST_ADDOPTS's value split for each pytest (shell's
		// maxPytestRead: 15,000 of them after 120 KB took over a minute),
		// and parallel's shell strings walked part by part.
		{"pytest-addopts-9000", `PYTEST_ADDOPTS="` + r("-v ", 40000) + `"` + "\n" + r("pytest\n", 9000)},
		{"parallel-pipes-2000", r(`ls | parallel "cat {} | head"`+"\n", 2000)},
		{"parallel-long-pipe", `ls | parallel "` + r("cat {} | ", 20000) + `head"`},
		// Go tests spelled out in folders of their own, then go test: each
		// folder's go.mod asked once (goModule).
		// A script written then run, and tests written then python -m
		// pytest, again and again: each run's answer found once.
		{"script-written-run-2000", lines(2000, "cat > s.py <<'EOF'\nprint(", ")\nEOF\npython3 s.py")},
		{"tests-then-python-m-pytest-2000", lines(2000, "cat > tests/test_", ".py <<'EOF'\ndef test_a(): pass\nEOF\npython -m pytest -q")},
		{"go-tests-written-2500", lines(2500, "cat > d/x", "/x_test.go <<'EOF'\npackage x\nEOF") + "go test ./...\n"},
		// shell's BenchmarkWorst shapes that are answered or refused
		// late, at 255 KiB.
		{"eval-words", r("eval ", 15) + r("a ", 130000)},
		{"array", "a=(" + r("x ", 130000) + ")"},
		{"braces", "echo " + r("{a,b}{c,d}{e,f}{g,h} ", 12400)},
		{"heredoc-to-bash", "bash <<'EOF'\n" + r("echo a b c d\n", 18600) + "EOF\n"},
		{"plain-words", "echo " + r("a ", 130000)},
	}
}

// scratchLines is n deletes of distinct scratch paths, each its own
// command: each is judged against the script's links and moves (found
// once a script, not once a delete: 344 ms before).
func scratchLines(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("rm -rf /tmp/a" + strconv.Itoa(i) + "\n")
	}
	return b.String()
}

// lines is n lines, each pre, its number, and post.
func lines(n int, pre, post string) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(pre + strconv.Itoa(i) + post + "\n")
	}
	return b.String()
}

// varSetRead is n lines each setting a variable of its own, then
// reading it: v0=x0; cat "$v0".
func varSetRead(n int) string {
	var b strings.Builder
	for i := range n {
		v := strconv.Itoa(i)
		b.WriteString("v" + v + "=x" + v + `; cat "$v` + v + "\"\n")
	}
	return b.String()
}

// gitAliasN is git with n chained aliases (-c alias.aI=aI+1), run as a0.
func gitAliasN(n int) string {
	var b strings.Builder
	b.WriteString("git")
	for i := range n {
		b.WriteString(" -c alias.a" + strconv.Itoa(i) + "=a" + strconv.Itoa(i+1))
	}
	b.WriteString(" a0")
	return b.String()
}

// BenchmarkJudgeDense judges each dense shape as the guard does (parse
// and every rule): the goal on a 2-core machine is at most 100 ms and
// 64 MiB allocated for each, whether answered or refused.
func BenchmarkJudgeDense(b *testing.B) {
	for _, s := range denseShapes() {
		if len(s.src) > shell.DefaultMaxBytes {
			b.Fatalf("%s: %d bytes, past shell.DefaultMaxBytes", s.name, len(s.src))
		}
		t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: s.src}}
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s.src)))
			for b.Loop() {
				Judge(context.Background(), "/home/dev/project", t)
			}
		})
	}
}

// TestDenseShapes: each dense shape is answered by its verdict, every
// one past a limit of the parser with rule 4 (the typed "cannot be
// checked" error), never allowed for being too costly to read.
func TestDenseShapes(t *testing.T) {
	want := map[string]string{
		"git-options-10000":     "git options", // past shell's bound of git's own options: rule 4
		"find-exec-2000":        "rule 1",      // rm {} of each file find names
		"array":                 "",
		"braces":                "",
		"plain-words":           "",
		"rm-scratch-lines-7000": "", // scratch, each of them
		"loop-8-plain-words":    "",
		"loop-8x8-plain-words":  "",
		// Each command of these is allowed on its own: so is the whole.
		"git-C-dirs-8000":                 "",
		"git-add-8000":                    "",
		"git-commit-4000":                 "",
		"dyn-write-same-8000":             "", // an environment's file, not a .env
		"dyn-write-vars-8000":             "",
		"touch-vars-8000":                 "",
		"write-then-rm-4000":              "", // scratch, written first
		"ln-then-rm-3000":                 "", // the links are elsewhere
		"find-xargs-3000":                 "", // rm -f: not recursive
		"python-c-4000":                   "",
		"interp-then-writes-4000":         "which may load", // a module the same command writes
		"glob-rm-6000":                    "",
		"npm-run-6000":                    "",
		"cd-then-git-3000":                "",
		"inline-writes-then-run-3000":     "",
		"subst-echo-4000":                 "",
		"tar-stdout-3000":                 "",
		"made-up-then-var-reads-8000":     "", // v0… are not the script's
		"sort-then-reads-2000":            "",
		"git-unknown-subcommands-8000":    "may run an alias", // git cannot be asked in a folder that is not there
		"tests-then-runners-2000":         "",
		"pwd-after-cd-4000":               "",
		"parallel-braces-3000":            "",
		"git-log-p-4000":                  "",
		"git-switch-grep-2000":            "rule 7", // past the questions a call asks of git
		"git-clone-grep-2000":             "",       // a search for TODO shows no credential's line
		"tar-to-files-3000":               "",
		"tar-xO-3000":                     "", // no archive is there: the commands fail
		"git-stash-show-4000":             "",
		"xargs-lists-4000":                "", // no list is there to read
		"cat-cat-lists-4000":              "",
		"ls-then-reads-3000":              "",
		"find-xargs-cat-3000":             "",
		"write-list-then-read-3000":       "", // echo x names no credential file
		"while-read-3000":                 "",
		"for-glob-3000":                   "rule 7", // $f given more values than are followed (maxVarValues): each may be d/.env
		"git-ls-files-xargs-3000":         "",       // git refuses: not a repository
		"cat-git-subst-3000":              "",
		"git-diff-names-xargs-3000":       "rule 7", // past the questions a call asks of git
		"listers-xargs-3000":              "rule 7", // rg's folders cannot be walked
		"lost-found-3000":                 "rule 7",
		"ar-p-3000":                       "",       // no archive is there: the commands fail
		"cat-archives-3000":               "",       // no archive is there
		"tar-then-scp-3000":               "",       // dist holds no credential file (it is not there)
		"var-reads-distinct-8000":         "",       // the environment's variables: the script sets none
		"var-set-then-read-8000":          "rule 7", // past the assignments read a script (maxSetTos)
		"var-many-values-30000":           "rule 7", // more values than are followed (maxVarValues)
		"pytest-addopts-9000":             "rule 1", // past the bytes of PYTEST_ADDOPTS followed: a --basetemp may be in them
		"parallel-pipes-2000":             "",
		"parallel-long-pipe":              "rule 4",
		"go-tests-written-2500":           "",
		"script-written-run-2000":         "more than 64 code files", // rule 4, past what it reads of written code
		"tests-then-python-m-pytest-2000": "more than 64 code files",
	}
	for _, s := range denseShapes() {
		r := judge("/home/dev/project", "", s.src)
		w, ok := want[s.name]
		if !ok {
			w = "rule 4 (nothing it cannot see): the command is past what the guard checks"
		}
		if w == "" && r.Decision != hooks.NoDecision || w != "" && (r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, w)) {
			t.Errorf("%s: %v %.200q, want %q", s.name, r.Decision, r.Reason, w)
		}
	}
}

// everydayScript is a script of the commands an agent runs, n lines.
// Judged without a folder (the benchmark's), the guard denies it at line
// 5: where the links on disk cannot be read, rm -rf node_modules/.cache
// is not on the lists (see everydayAllowed).
func everydayScript(n int) string {
	return everyday(n, `cd web && npm run build 2>&1 | tail -5`, `rm -rf node_modules/.cache dist`)
}

// everydayAllowed is everydayScript with its build in a subshell and its
// delete of build directories on the lists, which the guard lets
// through whole without a folder: every rule reads every line, as for a
// command it allows.
func everydayAllowed(n int) string {
	return everyday(n, `(cd web && npm run build 2>&1 | tail -5)`, `rm -rf node_modules dist`)
}

// everyday is n lines of the everyday commands, the build first.
func everyday(n int, build, clean string) string {
	lines := []string{
		build,
		`git status --short`,
		`grep -rn "TODO" --include=*.go . | head -20`,
		`go test ./... > /tmp/test.log 2>&1 || cat /tmp/test.log`,
		clean,
		`find . -name '*.tmp' -type f | xargs rm -f`,
		`python3 -c 'import sys; print(sys.version)'`,
		`for f in *.md; do wc -l "$f"; done`,
	}
	var b strings.Builder
	for i := range n {
		b.WriteString(lines[i%len(lines)])
		b.WriteByte('\n')
	}
	return b.String()
}

// BenchmarkPerKB: the guard's cost per KB of an everyday script, against
// the like-for-like peer's (bench/peersh: the same syntax parser and one
// walk for rm -rf), in process; b.SetBytes makes MB/s comparable. guard
// and peer judge everydayScript, which the guard denies at line 5; all
// and all-rmrf judge everydayAllowed, which it lets through whole (the
// peer's walk ends at its first rm -rf in both).
func BenchmarkPerKB(b *testing.B) {
	for _, n := range []int{25, 400} { // about 1 KB and 16 KB
		for _, c := range []struct{ guard, peer, src string }{
			{"guard/", "peer/", everydayScript(n)},
			{"all/", "all-rmrf/", everydayAllowed(n)},
		} {
			t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.src}}
			size := strconv.Itoa(len(c.src)>>10) + "KB"
			b.Run(c.guard+size, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(c.src)))
				for b.Loop() {
					Judge(context.Background(), "", t)
				}
			})
			b.Run(c.peer+size, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(c.src)))
				for b.Loop() {
					peerRmRF(c.src)
				}
			})
		}
	}
}

// BenchmarkPerKBLines: BenchmarkPerKB's all/ split by line, each line of
// everydayAllowed fifty times in one script, against the peer's: where
// the guard's cost above the peer's is (BENCHMARKS.md, "Per KB by line").
func BenchmarkPerKBLines(b *testing.B) {
	for i, l := range strings.Split(strings.TrimSuffix(everydayAllowed(8), "\n"), "\n") {
		src := strings.Repeat(l+"\n", 50)
		t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: src}}
		name := strconv.Itoa(i+1) + "/"
		b.Run(name+"guard", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Judge(context.Background(), "", t)
			}
		})
		b.Run(name+"peer", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				peerRmRF(src)
			}
		})
	}
}

// peerRmRF is bench/peersh's check: parse, then one walk for rm with -r
// and -f among the literal words.
func peerRmRF(src string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		return true
	}
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 || c.Args[0].Lit() != "rm" {
			return true
		}
		var r, force bool
		for _, w := range c.Args[1:] {
			a := w.Lit()
			switch {
			case a == "--recursive":
				r = true
			case a == "--force":
				force = true
			case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--"):
				r = r || strings.ContainsAny(a, "rR")
				force = force || strings.Contains(a, "f")
			}
		}
		found = found || r && force
		return !found
	})
	return found
}

// BenchmarkScriptFile: a command that runs a script file holding each
// dense shape (cut to readfile.MaxScript, the most read): the guard
// reads the file, parses it, and judges what it certainly does, and so
// does its footing rule. See bench/dense.sh for the same shapes as a
// command.
func BenchmarkScriptFile(b *testing.B) {
	dir := b.TempDir()
	for _, s := range denseShapes() {
		src := s.src
		if len(src) > readfile.MaxScript {
			src = src[:readfile.MaxScript] // may end mid-word: a parse error is a cost too
		}
		if err := os.WriteFile(filepath.Join(dir, "f.sh"), []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "bash f.sh", Cwd: dir}}
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Judge(context.Background(), dir, t)
			}
		})
	}
}

// BenchmarkMakefile: make in a folder whose makefile is as long as the
// guard reads ([readfile.MaxData], as automake makes them for a large
// project): a chain of rules, each a recipe; the default goal, one
// target, and a goal known only at run time (every target's recipes, up
// to the bound on targets).
func BenchmarkMakefile(b *testing.B) {
	dir := b.TempDir()
	var mk strings.Builder
	for i := 0; mk.Len() < readfile.MaxData-200; i++ {
		fmt.Fprintf(&mk, "t%d: t%d\n\t$(CC) -o out%d src%d.c && rm -f out%d.o\n", i, i+1, i, i, i)
	}
	if err := os.WriteFile(filepath.Join(dir, "Makefile"), []byte(mk.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, cmd := range []string{`make`, `make t5000`, `make "$T"`, strings.Repeat("make t5000\n", 100)} {
		t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd, Cwd: dir}}
		b.Run(strings.Replace(cmd, strings.Repeat("make t5000\n", 99), "100 × ", 1), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Judge(context.Background(), dir, t)
			}
		})
	}
}

// BenchmarkProjectFiles: the task runners' files as large as the guard
// reads them (a package.json of [readfile.MaxData], the others of
// [readfile.MaxScript]), each run once and a hundred times in one
// command: a file is parsed once a walk (a hundred npm runs of a 1 MiB
// package.json took 23 s to judge when each parsed it).
func BenchmarkProjectFiles(b *testing.B) {
	dir := b.TempDir()
	files := map[string]func(i int) string{
		"package.json": func(i int) string { return fmt.Sprintf(`"t%d":"echo %d",`, i, i) },
		"justfile":     func(i int) string { return fmt.Sprintf("t%d: t%d\n\techo %d\n", i, i+1, i) },
		"Taskfile.yml": func(i int) string { return fmt.Sprintf("  t%d:\n    cmds:\n      - echo %d\n", i, i) },
	}
	for name, line := range files {
		var f strings.Builder
		max := readfile.MaxScript
		switch name {
		case "package.json":
			max = readfile.MaxData
			f.WriteString(`{"scripts":{`)
		case "Taskfile.yml":
			f.WriteString("tasks:\n")
		}
		for i := 0; f.Len() < max-200; i++ {
			f.WriteString(line(i))
		}
		if name == "package.json" {
			f.WriteString(`"t5":"echo"}}`)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(f.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, cmd := range []string{"npm run t5", "just t5", "task t5"} {
		for _, n := range []int{1, 100} {
			t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: strings.Repeat(cmd+"\n", n), Cwd: dir}}
			b.Run(cmd+"×"+strconv.Itoa(n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					Judge(context.Background(), dir, t)
				}
			})
		}
	}
}

// BenchmarkCodeFile: node FILE where FILE is a 1 MiB program (the most
// read) of calls the guard does not read, and of ones it does.
func BenchmarkCodeFile(b *testing.B) {
	dir := b.TempDir()
	for name, line := range map[string]string{
		"plain": "function f(a) { return a.map(x => x + 1).filter(Boolean); } // rm exec unlink\n",
		"calls": "fs.rmSync('dist', { recursive: true }); execSync('echo ok'); fs.writeFileSync('out.txt', x);\n",
	} {
		src := strings.Repeat(line, (maxCodeFile-1)/len(line))
		if err := os.WriteFile(filepath.Join(dir, name+".js"), []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "node " + name + ".js", Cwd: dir}}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Judge(context.Background(), dir, t)
			}
		})
	}
}

// BenchmarkCodeFileWorst: python3 f.py where f.py holds as many calls
// as the guard reads, each an os.system of a dense shell command as long
// as a call's arguments are read (maxCallArgs), up to maxCodeShell of
// shell text in all: each is parsed and judged.
func BenchmarkCodeFileWorst(b *testing.B) {
	dir := b.TempDir()
	arg := "echo " + strings.Repeat("{a,b}{c,d} ", (maxCallArgs-64)/11)
	src := strings.Repeat("os.system('"+arg+"')\n", maxCodeShell/len(arg)) // one more is refused
	if err := os.WriteFile(filepath.Join(dir, "f.py"), []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "python3 f.py", Cwd: dir}}
	b.ReportAllocs()
	for b.Loop() {
		Judge(context.Background(), dir, t)
	}
}

// BenchmarkCodeModules: python3 main.py where main.py imports 20 local
// modules of 64 KiB with no call the guard reads: the modules read for
// one command stop at codetext.MaxModuleBytes (1 MiB), by the guard's
// rules and by the footing alike (16 of 1 MiB each took 700 ms before
// the bound).
func BenchmarkCodeModules(b *testing.B) {
	dir := b.TempDir()
	var main strings.Builder
	mod := strings.Repeat("x = 'plain text without calls here'  # ok\n", 64<<10/42)
	for i := range 20 {
		fmt.Fprintf(&main, "import m%d\n", i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("m%d.py", i)), []byte(mod), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "main.py"), []byte(main.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	t := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "python3 main.py", Cwd: dir}}
	b.ReportAllocs()
	for b.Loop() {
		Judge(context.Background(), dir, t)
	}
}

// The premises of BenchmarkPerKB: the guard lets everydayAllowed through
// whole, and denies everydayScript.
func TestEverydayScripts(t *testing.T) {
	for _, n := range []int{25, 400} {
		if r := Judge(context.Background(), "", &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: everydayAllowed(n)}}); r.Decision != hooks.NoDecision {
			t.Errorf("everydayAllowed(%d): %v %s", n, r.Decision, r.Reason)
		}
		if r := Judge(context.Background(), "", &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: everydayScript(n)}}); r.Decision != hooks.DecisionDeny {
			t.Errorf("everydayScript(%d): %v, want deny", n, r.Decision)
		}
	}
}
