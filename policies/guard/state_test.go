package guard

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// repo makes an empty directory for a git worktree (symbolic links of
// its path resolved) and returns it with a writer of files in it and a
// runner of git there, with no configuration of the user's.
func repo(t *testing.T) (root string, write func(name, body string), git func(args ...string)) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found:", err)
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	write = func(name, body string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git = func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.name=t", "-c", "user.email=t@example.com",
			"-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return root, write, git
}

// project makes a git worktree that looks like an everyday project: a
// committed package-lock.json, sources and docs; ignored node_modules,
// target, build and Python caches; an untracked notes directory and a
// changed source file. It returns its root (symbolic links resolved).
func project(t *testing.T) string {
	t.Helper()
	root, write, git := repo(t)
	files := map[string]string{
		".gitignore":                        "node_modules/\ntarget/\nbuild/\n__pycache__/\n*.pyc\n",
		"package-lock.json":                 "{}\n",
		"src/main.go":                       "package main\n",
		"docs/guide.md":                     "# guide\n",
		"packages/a/src/index.js":           "x\n",
		".env.example":                      "KEY=\n",
		"v1.2.0":                            "a file named like the tag\n",
		"node_modules/.cache/x":             "x",
		"node_modules/left-pad/index.js":    "x",
		"packages/a/node_modules/x/i.js":    "x",
		"packages/b/node_modules/y/i.js":    "x",
		"target/debug/incremental/z":        "x",
		"build/out.o":                       "x",
		"pkg/__pycache__/m.cpython-311.pyc": "x",
		"pkg/m.py":                          "x\n",
		"pkg/n.pyc":                         "x",
		"app/.env":                          "KEY=1\n",
		"app/config.js":                     "x\n",
	}
	for name, body := range files {
		write(name, body)
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	git("tag", "v1.2.0")
	git("branch", "release/1.2")
	// Work git has no copy of.
	for name, body := range map[string]string{"notes/todo.md": "mine\n", "src/main.go": "package main // changed\n",
		"packages/b/src/new.js": "new\n"} {
		write(name, body)
	}
	return root
}

// TestEveryday: commands a developer runs every day, which the rules
// denied on their words alone (issue 38), pass in a worktree whose state
// says they lose nothing; the same words on work are denied, with the
// reason naming what was found.
func TestEveryday(t *testing.T) {
	root := project(t)
	judgeTable(t, root, []judgeCase{
		// Rule 1, by what the delete would lose.
		{`rm -rf node_modules package-lock.json`, ""}, // ignored tree; a committed file, no tree
		{`rm -rf packages/*/node_modules`, ""},
		{`rm -rf node_modules/.cache`, ""},
		{`rm -rf target/debug/incremental`, ""},
		{`rm -rf build`, ""},       // ignored: regenerable, though not on the list
		{`rm -rf docs`, ""},        // committed, unmodified: recoverable
		{`rm -rf no/such/dir`, ""}, // nothing there
		{`rm -rf pkg/__pycache__`, ""},
		{`find . -name __pycache__ -prune -exec rm -rf {} +`, ""},
		{`find . -name __pycache__ -prune | xargs rm -rf`, ""},
		{`find . -type d -name node_modules -prune -print0 | xargs -0 rm -rf`, ""},
		{`find . -name '*.pyc' | xargs rm -f`, ""},
		{`find . -name src | xargs rm -rf`, "src/main.go"},
		// Rule 3 by the real state: the files a search lists, under a
		// folder that holds no .env file.
		{`grep -rl foo src | xargs sed -i s/foo/bar/`, ""},
		{`grep -rlZ foo src docs | xargs -0 sed -i s/foo/bar/`, ""},
		{`rg -l foo packages | xargs sed -i s/foo/bar/`, ""},
		{`grep -rl KEY app | xargs sed -i s/a/b/`, "rule 3"},
		{`grep -rl KEY . | xargs sed -i s/a/b/`, "rule 3"},
		{`grep -rl KEY "$D" | xargs sed -i s/a/b/`, "rule 3"},
		{`find . -type d -name node_modules -prune -exec rm -rf '{}' +`, ""},
		{`find . -name '*.pyc' -delete`, ""},  // ignored
		{`find pkg -name '*.py' -delete`, ""}, // committed, unmodified
		{`find . -name '*.md' -delete`, "notes/todo.md"},
		{`find . -name '*.go' -type f -delete`, "src/main.go"},
		{`find . -name src -exec rm -rf {} +`, "src/main.go"},
		{`find . -name __pycache__ -o -name src -exec rm -rf {} +`, "rule 1"},
		{`find . ! -name '*.pyc' -delete`, "rule 1"},
		{`find . -name '*.pyc' -o -delete`, "rule 1"},
		{`find -L . -name '*.pyc' -delete`, "rule 1"},
		{`find ../ -name __pycache__ -exec rm -rf {} +`, "rule 1"},
		{`rm -rf notes`, "notes/todo.md"},     // untracked, not ignored: work
		{`rm -rf notes/todo.md`, "untracked"}, // a file, untracked: work too
		{`rm -rf src/main.go`, "rule 1"},      // a file changed since the commit
		{`rm -rf package-lock.json`, ""},      // a committed, unmodified file
		{`rm -rf newdir/node_modules`, ""},    // on the lists: passes whatever git says
		{`rm -rf src`, "src/main.go"},         // changed since the commit
		{`rm -rf packages`, "packages/b/src/new.js"},
		{`rm -rf packages/*/src`, "packages/b/src/new.js"},
		{`rm -rf .`, "rule 1"},
		{`rm -rf .git`, "rule 1"},
		{`rm -rf ` + root, "rule 1"},
		{`mv src build && rm -rf build`, "rule 1"},      // written by the script: the lists decide
		{`cp -r notes build/n; rm -rf build`, "rule 1"}, // the same
		{`rm -rf ../` + filepath.Base(root), "rule 1"},  // through ..
		// Rule 6 (the footing) on git that reads: an operand known only
		// at run time is a revision when it cannot be an option.
		{`h=$(git rev-parse HEAD); git show --stat $h`, ""},
		{`git log --oneline "origin/$BRANCH"`, ""},
		{`git diff --stat "$(git merge-base HEAD origin/main)"`, ""},
		{`git log $X`, "rule 6"},
		{`git show --output=.claude/settings.json HEAD`, "rule 6"},
		// Rule 2: a ref or a path.
		{`git checkout v1.2.0`, ""}, // a tag, and a file of that name: git takes the tag
		{`git checkout release/1.2`, ""},
		{`git checkout no-such-thing.1`, ""}, // neither: git fails or finds a remote branch
		{`git checkout src/main.go`, "rule 2"},
		{`git checkout docs`, ""},      // a path, holding nothing git has no copy of: nothing is lost
		{`git checkout -- v1.2.0`, ""}, // the file, committed and unchanged
		{`git checkout -- docs notes`, "there: notes/todo.md"},
		{`git checkout main -- README.md`, ""},
		{`echo x >> docs/guide.md && git checkout -- docs/guide.md`, "rule 2"},
		{`git stash pop && git checkout -- docs`, "rule 2"},
		{`cd src && git checkout v1.2.0`, "rule 2"},
		// Rule 2: git that loses committed work (each run under git in a
		// sandbox: the commits or stashes were gone from every ref).
		{`git reflog expire --expire=now --all`, "reflog"},
		{`git reflog delete stash@{0}`, "reflog"},
		{`git reflog show`, ""},
		{`git reflog`, ""},
		{`git branch -f release/1.2 HEAD~1`, "overwrites the branch"},
		{`git branch -f brand-new`, ""}, // no such branch: created
		{`git branch -M main`, "overwrites the branch"},
		{`git branch -M brand-new`, ""},
		{`git branch -C release/1.2`, "overwrites the branch"},
		{`git branch feature`, ""},
		{`git checkout -B release/1.2`, "resets the branch"},
		{`git checkout -B brand-new`, ""},
		{`git switch -C main`, "resets the branch"},
		{`git switch --force-create main`, "resets the branch"},
		{`git switch -c brand-new`, ""},
		{`git update-ref refs/heads/main HEAD~1`, "moves the ref"},
		{`git update-ref refs/heads/brand-new HEAD`, ""},
		{`git -C /elsewhere update-ref refs/heads/brand-new HEAD`, "moves the ref"},
		{`git update-ref refs/stash HEAD`, ""}, // no stash: created
		{`git update-ref refs/tags/v1.2.0 HEAD`, "moves the ref"},
		// git mv -f over a file with uncommitted changes (bash and git:
		// the changes were gone).
		{`git mv -f package-lock.json src/main.go`, "overwrites src/main.go"},
		{`git mv -f v1.2.0 src`, ""},                      // src/v1.2.0: nothing there
		{`git mv -f package-lock.json docs/guide.md`, ""}, // committed, unmodified
		{`git mv -f package-lock.json new.json`, ""},
	})
}

// TestStateFallback: outside a git worktree, and when git cannot answer
// in time, rule 1 and rule 2 fall back to the words.
func TestStateFallback(t *testing.T) {
	plain, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(plain, "build"), 0o755)
	os.MkdirAll(filepath.Join(plain, "node_modules"), 0o755)
	for cmd, deny := range map[string]bool{
		"rm -rf build":        true, // not on the list
		"rm -rf node_modules": false,
		"git checkout v1.2.0": true,
	} {
		if r := judge(plain, "", cmd); (r.Decision == hooks.DecisionDeny) != deny {
			t.Errorf("outside a worktree, %q: %v %s, want deny %v", cmd, r.Decision, r.Reason, deny)
		}
	}
	root := project(t)
	slow := func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		return nil, errors.New("timed out")
	}
	at := &place{root: root, dir: root, wt: &worktree{ctx: context.Background(), git: slow}}
	for _, cmd := range []string{"rm -rf build", "git checkout v1.2.0"} {
		if _, deny := judgeShellAt(t, cmd, at); !deny {
			t.Errorf("git failing, %q passes", cmd)
		}
	}
	// The real git under a deadline already past: the words decide.
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	at = &place{root: root, dir: root, wt: newWorktree(ctx)}
	if _, deny := judgeShellAt(t, "rm -rf build", at); !deny {
		t.Error("a deadline past: rm -rf build passes")
	}
}

// TestStateOutputBound: a git that prints more than maxStateOut is not
// believed.
func TestStateOutputBound(t *testing.T) {
	c := &capped{max: 10}
	if _, err := c.Write([]byte("0123456789A")); err == nil || !c.over {
		t.Error("capped took more than its bound")
	}
}

// judgeShellAt runs the shell rules on cmd at a given place.
func judgeShellAt(t *testing.T, cmd string, at *place) (string, bool) {
	t.Helper()
	at.src = cmd
	return judgeShell(context.Background(), cmd, at)
}

// Reading the worktree's state never runs a program the repository's
// configuration names: a clean filter the model wrote into .git/config,
// which git status would run on a file whose stat changed. The state is
// then not read, and rule 1 decides by the command's words.
func TestStateRunsNoRepoFilter(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	marker := filepath.Join(t.TempDir(), "PWNED")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.email=a@b", "-c", "user.name=a"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	git("init", "-q")
	os.MkdirAll(filepath.Join(repo, "keep"), 0o755)
	os.WriteFile(filepath.Join(repo, "keep", "a"), []byte("a\n"), 0o644)
	os.WriteFile(filepath.Join(repo, ".gitattributes"), []byte("* filter=pwn\n"), 0o644)
	git("add", ".")
	git("commit", "-qm", "x")
	git("config", "filter.pwn.clean", "touch "+marker+"; cat")
	later := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(repo, "keep", "a"), later, later) // stat changed: status must compare
	r := Judge(context.Background(), repo, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "rm -rf keep"}})
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the guard ran the repository's clean filter")
	}
	if r.Decision != hooks.DecisionDeny {
		t.Errorf("rm -rf keep with the state unread: %v, want rule 1's deny by the words", r.Decision)
	}
}
