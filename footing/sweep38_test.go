package footing_test

import (
	"context"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestSweep38UnderBash: the footing rows of sweep 38, each judged and
// run under real bash in a fresh fixture with a tag README.md on the
// commit before the hook (a revision named like a file): what is denied
// must change the footing there, what passes must not.
func TestSweep38UnderBash(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		deny bool
	}{
		// git checkout NAME takes the revision NAME when there is one,
		// a file of that name or not.
		{`git checkout README.md`, true}, // bash: the tag's tree, without the hook
		{`git checkout -- README.md`, false},
		{`git checkout README.md -- README.md`, false},
		{`git switch --detach README.md`, true},
		// find's names count only before its action.
		{`find . -delete -name '*.log'`, true}, // bash: every file deleted
		{`find . -name '*.log' -delete`, false},
		{`find . -name '*.o' -mtime -1 -delete`, false},
		{`find .claude -delete -name '*.bak'`, true},
		{`find . -exec rm -f {} + -name '*.log'`, true},
		{`find . -name '*.log' -exec rm -f {} +`, false},
		{`find . -name '*.log' -exec true {} \; -o -delete`, true}, // bash: every other file deleted
		{`find . -name '*.log' -exec true {} + -o -exec rm -f {} +`, true},
		{`find . -name '*.rej' -o -name '*.orig' -delete`, false},
		{`find . -name '*.rej' -o -name '*.orig' | xargs rm -f`, false},
		{`find . -name '*.rej' -o -type f | xargs rm -f`, true}, // bash: every file deleted
		{`find . -name '*.rej' -o -delete`, true},
		// An unknown program's operand ".", then an option: no script.
		{`cmake -S . -B build`, false},
		{`eslint . --ext .ts,.tsx`, false},
		// env BASH_ENV=FILE: the file each shell runs first.
		{`env BASH_ENV=tools/swap.sh bash -c :`, true}, // bash: bin/guard overwritten
		{`env BASH_ENV=tools/ok.sh bash -c :`, false},
		// git restore and checkout change only what their pathspecs
		// match.
		{`git restore --source=HEAD~1 README.md`, false},
		{`git restore --source=HEAD~1 .`, true}, // bash: no overlay: the hook's settings deleted
		{`git restore --source=HEAD~1 .claude`, true},
		{`git restore -s HEAD~1 -- tools .claude`, true},
		{`git restore --source=HEAD~1 '*.json'`, true},
		{`git checkout HEAD~1 -- README.md tools`, false},
		{`cd tools && git restore --source=HEAD~1 ../.claude`, true},
		{`git -C tools restore --source=HEAD~1 ..`, true},
		{`d=tools; cd "$d" && git restore --source=HEAD~1 ../.claude`, true},
		{`f() { cd tools; }; f; git restore --source=HEAD~1 ../.claude`, true},
		{`bash -c 'cd tools && git restore --source=HEAD~1 ../.claude'`, true},
		{`GIT_ICASE_PATHSPECS=1 git restore --source=HEAD~1 .CLAUDE`, true}, // bash: the hook's settings deleted
		{`git restore --source=HEAD~1 .CLAUDE`, false},
		// A read-only git command's option whose value alone is known
		// only at run time; --output writes.
		{`git log --author="$(git config user.name)" --oneline -1`, false},
		{`git log --output="$(echo bin/guard)" -1`, true},          // bash: bin/guard overwritten
		{`git log --author=$(echo x --output=bin/guard) -1`, true}, // unquoted: splits into --output=bin/guard
		// git commit's words change no file of the worktree.
		{"git commit --allow-empty -m \"$(cat <<'EOF'\nfix: x\nEOF\n)\"", false},
		{`git commit --allow-empty $(echo -m x)`, false},
		// git apply --check, --stat, --numstat, --summary apply nothing,
		// unless --apply.
		{`git apply --check ../hook.patch`, false},
		{`git apply --stat --summary ../hook.patch`, false},
		{`git apply --check --apply ../hook.patch`, true}, // bash: the hook's settings patched
		{`git apply ../hook.patch`, true},
		// ~/ and $HOME/ name the home the footing knows: a file written
		// into a footing folder, the decision log turned into a FIFO.
		{`mkdir -p ~/.local/state/agenthooks/decisions && mkfifo ~/.local/state/agenthooks/decisions/guard.jsonl`, true},
		{`mkfifo "$HOME/.local/state/agenthooks/decisions.fifo"`, true},
		{`echo x > ~/.local/state/agenthooks/x`, true},
		{`mkfifo ~/.local/state/other.fifo`, false},
		{`echo x > ~/notes.txt`, false},
		{`HOME=/tmp; echo x > ~/.local/state/agenthooks/x`, false}, // bash: /tmp/.local/… does not exist, nothing written
	} {
		f := newFixture(t)
		f.git(t, "tag", "README.md", "HEAD~1")
		s := f.set(f.proj)
		r, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", c.cmd, deny, r, c.deny)
		}
		if testing.Short() {
			continue
		}
		changed := f.bash(t, c.cmd)
		if c.deny && len(changed) == 0 {
			t.Errorf("%s: denied, but under bash it changes no footing file", c.cmd)
		}
		if !c.deny && len(changed) > 0 {
			t.Errorf("%s: allowed, but under bash it changes %q", c.cmd, changed)
		}
	}
}
