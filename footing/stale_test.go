package footing_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestStaleStateNeedsHookFiles: a git command judged by the repository's
// state after another git command of the same call that moves HEAD, a
// ref or the index is denied only in a repository whose worktree holds a
// footing file; in one that holds none, everyday chains pass.
func TestStaleStateNeedsHookFiles(t *testing.T) {
	f := newFixture(t)
	other := filepath.Join(f.root, "other")
	write(t, filepath.Join(other, "README.md"), "x\n", 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-qm", "x"}, {"branch", "feat"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = other, f.env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %q: %v\n%s", args, err, out)
		}
	}
	for _, c := range []struct {
		dir, cmd string
		deny     bool
	}{
		{other, `git fetch -q && git checkout -q feat`, false},
		{other, `git stash -q && git pull -q && git stash pop -q`, false},
		{other, `git update-ref refs/heads/feat HEAD && git reset -q --hard feat`, false},
		{f.proj, `git fetch -q && git checkout -q drop`, true},
		{f.proj, `git update-ref refs/heads/x HEAD && git checkout -q x`, true},
	} {
		r, deny := f.set(c.dir).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s in %s: deny %v (%q), want %v", c.cmd, filepath.Base(c.dir), deny, r, c.deny)
		}
	}
}

// TestPreparedIndex: an index a call before this one made to differ from
// the worktree (git update-index --cacheinfo) is what git checkout-index
// writes over the hook's files: judged, as git checkout -- PATH is, by
// the index against the worktree. Each command also runs under bash.
func TestPreparedIndex(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		deny bool
	}{
		{`git checkout-index -f -a`, true},
		{`git checkout-index -f -- .claude/settings.json`, true},
		{`git checkout-index -f -q --prefix=./ .claude/settings.json`, true},
		{`git checkout -q -- .claude/settings.json`, true},
		{`git -C .claude checkout-index -f settings.json`, true},
		{`git checkout-index -f -- README.md`, false},
		{`git checkout-index -a`, false}, // without -f, files there stay
	} {
		f := newFixture(t)
		prep := exec.Command("bash", "-c", `b=$(echo '{}' | git hash-object -w --stdin) && git update-index --cacheinfo 100644,$b,.claude/settings.json`)
		prep.Dir, prep.Env = f.proj, f.env
		if out, err := prep.CombinedOutput(); err != nil {
			t.Fatal(err, string(out))
		}
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		changed := f.bash(t, c.cmd)
		if deny != c.deny || deny != (len(changed) > 0) && c.deny {
			t.Errorf("%s: deny %v (%q), changed %v; want deny %v", c.cmd, deny, r, changed, c.deny)
		}
		if !c.deny && len(changed) > 0 {
			t.Errorf("%s: passes, and changed %v under bash", c.cmd, changed)
		}
	}
}

// TestForeignRepo: git pointed at another repository, index or worktree
// (--git-dir, --work-tree, GIT_DIR, GIT_INDEX_FILE, a repository whose
// core.worktree is the project) writes its files into the project while
// the state read is the project's own: denied for the subcommands judged
// by state. Each command also runs under bash, with ../evil a repository
// whose settings file is "{}".
func TestForeignRepo(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		deny bool
	}{
		{`git --git-dir=../evil/.git --work-tree=. checkout -f -- .`, true},
		{`git --git-dir=../evil/.git --work-tree=. reset -q --hard`, true},
		{`GIT_DIR=../evil/.git GIT_WORK_TREE=. git checkout -f -- .`, true},
		{`export GIT_DIR=../evil/.git; git checkout -f -- .`, true},
		{`export GIT_"DIR"=../evil/.git; git checkout -f -- .`, true},
		{`a=GIT_DI; export ${a}R=../evil/.git; git checkout -f -- .`, true}, // a name known only at run time
		{`a=GIT_DI; export ${a}R=../evil/.git; git status -s`, false},
		{`git -C ../wt checkout -f -- :/`, true}, // ../wt's core.worktree is the project
		{`cd ../wt && git checkout -f -- :/`, true},
		{`GIT_INDEX_FILE=../evil/.git/index git checkout-index -f -a`, true},
		{`GIT_WORK_TREE="$PWD" git -C ../evil checkout -f -- :/`, true},
		{`git --git-dir=../evil/.git log -1`, false},
		{`git -C ../evil checkout -q -f -- .`, false},
		{`git -c advice.detachedHead=false checkout -q HEAD`, false},
	} {
		f := newFixture(t)
		prep := exec.Command("bash", "-c", `P=$PWD && mkdir -p ../evil/.claude && cd ../evil && git init -q && echo '{}' > .claude/settings.json &&
git add -A && git commit -qm evil && cd .. && git clone -q evil wt && git -C wt config core.worktree "$P"`)
		prep.Dir, prep.Env = f.proj, f.env
		if out, err := prep.CombinedOutput(); err != nil {
			t.Fatal(err, string(out))
		}
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", c.cmd, deny, r, c.deny)
		}
		changed := f.bash(t, c.cmd)
		if c.deny != (len(changed) > 0) {
			t.Errorf("%s: under bash changed %v (want a change: %v)", c.cmd, changed, c.deny)
		}
	}
}

// TestStashAfterMove: git stash pop after git stash and git pull in the
// same call passes where no stash entry and no change of the worktree
// touches a footing file, whatever the pull does to HEAD; an entry or a
// change that does, or a command that may put another entry in the
// stash, keeps the pop denied.
func TestStashAfterMove(t *testing.T) {
	everyday := `git stash -q && git pull -q && git stash pop -q`
	for _, c := range []struct {
		prep, cmd string
		deny      bool
	}{
		{``, everyday, false},
		{``, `git stash && git fetch && git pull --rebase && git stash apply --index`, false},
		{`echo x >> README.md && git stash -q`, everyday, false},
		{`echo '{}' > .claude/settings.json && git stash -q`, everyday, true},
		{`echo '{}' > .claude/settings.json`, everyday, true},
		{`echo '{}' > .claude/settings.json && git stash -q`, `git stash && git pull && git stash pop stash@{1}`, true},
		{``, `git stash -u && git pull && git stash pop`, true}, // settings.local.json, untracked, goes with -u
		{``, `git stash store $(git commit-tree -p HEAD HEAD^{tree} -m x) && git pull && git stash pop`, true},
		{``, `git fetch origin +refs/stash:refs/stash && git stash pop`, true},
		{``, `git stash && eval "$X" && git stash pop`, true},
		{``, `git stash && git pull && git stash pop HEAD`, true},
	} {
		f := newFixture(t)
		if c.prep != "" {
			prep := exec.Command("bash", "-c", c.prep)
			prep.Dir, prep.Env = f.proj, f.env
			if out, err := prep.CombinedOutput(); err != nil {
				t.Fatal(c.prep, err, string(out))
			}
		}
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s (after %q): deny %v (%q), want %v", c.cmd, c.prep, deny, r, c.deny)
		}
	}
}

// TestGitHooks: a hook an earlier call wrote into the repository's hooks
// directory (or core.hooksPath) runs with the next git command that
// commits, checks out or moves a ref: what it certainly does is judged.
// Each row also runs under bash.
func TestGitHooks(t *testing.T) {
	for _, c := range []struct {
		hook, cmd string
		deny      bool
		at        string // the hooks directory, from the project (.git/hooks)
	}{
		{"#!/bin/sh\ncp /bin/true bin/guard\n", `git commit -q --allow-empty -m x`, true, ""},
		{"#!/bin/sh\ncp /bin/true bin/guard\n", `git -c core.hooksPath=hooks2 commit -q --allow-empty -m x`, true, "hooks2"},
		{"cp /bin/true bin/guard\n", `git -c core.hookspath=hooks2 commit -q --allow-empty -m x`, true, "hooks2"},
		{"#!/bin/sh\ncp /bin/true bin/guard\n", `git status --short`, false, ""}, // runs no hook
		{"#!/bin/sh\necho checked\n", `git commit -q --allow-empty -m x`, false, ""},
		{"#!/bin/sh\nrm -f .claude/settings.json\n", `git -c core.hooksPath=hooks2 commit -q --allow-empty -m x`, false, ""}, // another directory's hooks: none there
	} {
		f := newFixture(t)
		if c.at == "" {
			c.at = ".git/hooks"
		}
		write(t, filepath.Join(f.proj, c.at, "pre-commit"), c.hook, 0o755)
		write(t, filepath.Join(f.proj, ".git", "hooks", "post-checkout.sample"), "#!/bin/sh\nrm -rf .claude\n", 0o755)
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s with pre-commit %q: deny %v (%q), want %v", c.cmd, c.hook, deny, r, c.deny)
		}
		if changed := f.bash(t, c.cmd); (len(changed) > 0) != c.deny {
			t.Errorf("%s with pre-commit %q: under bash changed %v", c.cmd, c.hook, changed)
		}
	}
}
