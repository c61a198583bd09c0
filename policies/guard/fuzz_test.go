package guard

import (
	"context"
	"os"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
)

// seeds are commands of every rule; the README's examples are added.
var seeds = []string{
	"rm -r dir", "rm -rf node_modules", "rm -rf /tmp/x", "rm -rf /tmp/../home", "cd .. && rm -rf node_modules",
	"find . -delete", "rsync -a --delete a/ b/", "git reset --hard", "git -c alias.x=checkout x -- .",
	"git push origin +main", "git push --force-with-lease", "git clean -n", "echo A=1 > .env", "cat .env",
	"cp .env .env.example", "x=rm; $x -rf d", "echo 'unterminated", "python3 -c 'import os; os.remove(1)'",
	"sed 's/x/y/e' f", "awk '{print $1}' f", "bash -c 'rm -r d'", "[ -d build ] && rm -rf build",
	"echo rm -rf / # git reset --hard", "git -C sub -c k=v checkout -f", "rm *.o", "rm $x d",
}

// FuzzJudge checks the guard against the rules, as package shell reports
// what a command does: it never panics; every deny names its rule; and a
// command that does not parse, runs a dynamic command, deletes a tree
// whose target is not plainly scratch, runs git reset --hard, or writes
// a .env file, is denied.
func FuzzJudge(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	if b, err := os.ReadFile("../../examples/guard/README.md"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if line != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "```") && !strings.Contains(line, "  ") {
				f.Add(line)
			}
		}
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		const root = "/home/dev/project"
		r := Judge(context.Background(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		denied := r.Decision == hooks.DecisionDeny
		if !denied && r.Decision != hooks.NoDecision {
			t.Fatalf("%q: decision %v, want deny or no opinion", cmd, r.Decision)
		}
		if denied && !(strings.HasPrefix(r.Reason, "guard: rule ") && len(r.Reason) > 14 &&
			r.Reason[12] >= '1' && r.Reason[12] <= '7' && r.Reason[13] == ' ') {
			t.Fatalf("%q: reason %q does not start \"guard: rule N \"", cmd, r.Reason)
		}
		if cmd == "" {
			return
		}
		// The script as the guard reads it: ~ and $HOME resolved where
		// the guard resolves them (`. ~` sources the home folder, which
		// runs nothing under bash).
		resolve := (&place{root: root, dir: root, src: cmd}).resolvedFile
		s, err := (&shell.Parser{Resolve: resolve}).Parse(context.Background(), cmd)
		if err != nil {
			if !denied {
				t.Fatalf("%q does not parse (%v) and was not denied", cmd, err)
			}
			return
		}
		for _, c := range s.Commands {
			if c.Dynamic && !denied {
				t.Fatalf("%q runs a dynamic command (%s) and was not denied", cmd, c)
			}
			for _, e := range c.Effects {
				if e.Kind == shell.Deletes && e.Recursive && !plainScratch(e.Path) && !denied {
					t.Fatalf("%q deletes the tree at %s (%s) and was not denied", cmd, e.Path, c)
				}
				if (e.Kind == shell.Writes || e.Kind == shell.Deletes) && !e.Path.Dynamic && IsEnvFile(e.Path.Value) && !inTemplate(e.Path) && !denied {
					t.Fatalf("%q writes %s (%s) and was not denied", cmd, e.Path, c)
				}
			}
			if c.Name == "git" {
				if sub, ok := c.Subcommand(shell.Git); ok && sub[0].Value == "reset" {
					if fl := (shell.Spec{Long: []string{"hard"}, Permute: true}).Parse(sub[1:]); fl.Has("hard") && !denied {
						t.Fatalf("%q runs git reset --hard (%s) and was not denied", cmd, c)
					}
				}
			}
		}
		for _, w := range s.Writes {
			if !w.Path.Dynamic && IsEnvFile(w.Path.Value) && !inTemplate(w.Path) && !denied {
				t.Fatalf("%q writes %s and was not denied", cmd, w.Path)
			}
		}
	})
}

// plainScratch is rule 1's scratch read plainly, for the fuzz test: a
// static path with no "..", strictly under /tmp or /var/tmp, or relative
// (in the project) and ending in a name on the list or inside a folder of
// such a name (the project is not on the disk: no link, no worktree).
func plainScratch(p shell.Word) bool {
	v := p.Value
	if p.Dynamic || v == "" || slices.Contains(strings.Split(v, "/"), "..") {
		return false
	}
	v = path.Clean(v)
	if strings.HasPrefix(v, "/tmp/") || strings.HasPrefix(v, "/var/tmp/") {
		return true
	}
	v = strings.TrimPrefix(v, "/home/dev/project/")
	if strings.HasPrefix(v, "/") || slices.Contains(strings.Split(v, "/"), ".git") {
		return false
	}
	for _, e := range strings.Split(v, "/") {
		if slices.Contains(scratchNames, e) {
			return true
		}
	}
	return false
}
