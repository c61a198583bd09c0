package guard

import (
	"context"
	"errors"
	"os/exec"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// An alias in git's settings on the disk runs as git's own command: with
// `[alias] x = !rm -rf src` appended to .git/config in an earlier call
// (printf >> .git/config, or a repository made elsewhere, or HOME set to
// a folder holding a .gitconfig), `git x` deleted src under bash and was
// let through (package shell knows only the aliases the command sets
// with -c, and takes any other word for a program it does not know);
// with `co = checkout`, `git co -- .` discarded work past rule 2. A git
// subcommand git does not have is asked of git (alias.NAME, once a call,
// within the call's questions on git's state): an alias that runs a
// shell command is denied (rule 4), and another is judged as the git
// command it stands for, with the words after it.

// maxAliasDepth bounds the aliases judged within an alias.
const maxAliasDepth = 3

// configAliases returns rule 4's reason, or the reason of the rule that
// denies what an alias stands for, for a git command of s whose
// subcommand is an alias in git's settings on the disk.
func configAliases(ctx context.Context, s *shell.Script, at *place) (string, bool) {
	if at.wt == nil || at.dir == "" || at.cfg != nil && at.cfg.Away {
		return "", false
	}
	for _, c := range s.Commands {
		if c.Name != "git" || c.Known || c.Dynamic {
			continue
		}
		sub, ok := c.Subcommand(shell.Git)
		if !ok || len(sub) == 0 || sub[0].Dynamic || strings.HasPrefix(sub[0].Value, "-") {
			continue
		}
		dir, ok := gitCommandDir(at.dir, c, sub)
		if !ok {
			continue // another repository, or one known only at run time: rule 4's elsewhere
		}
		name := sub[0].Value
		if at.facts(s).cd {
			// cd /tmp/r && git x: the repository, and its settings, are
			// where the script moves to.
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` may run an alias " + name + " from the settings " +
				"of a repository the script changes directory to; run the git command it stands for", true
		}
		out, err := at.ask(dir, []string{"config", "--get", "alias." + name})
		var exit *exec.ExitError
		switch {
		case err != nil && errors.As(err, &exit) && exit.ExitCode() == 1:
			continue // no such alias: git-NAME on the path, a program like any other
		case err != nil:
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` may run an alias from git's settings, " +
				"which could not be read (" + err.Error() + "); run the command it stands for", true
		}
		value := strings.TrimSpace(string(out))
		if strings.HasPrefix(value, "!") {
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` runs git's alias " + name + " = `" + clip(value) +
				"`, a shell command from git's settings, which a file on the disk can change; run the command itself", true
		}
		if at.aliasDepth >= maxAliasDepth {
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` runs an alias of an alias of git's settings, " +
				"more than the guard follows; run the git command itself", true
		}
		cmd := "git " + value
		for _, a := range sub[1:] {
			cmd += " " + shellWord(a)
		}
		inner := &place{root: at.root, dir: dir, src: cmd, wt: at.wt, cfg: at.cfg, aliasDepth: at.aliasDepth + 1}
		r, deny := judgeShell(ctx, cmd, inner)
		at.wt.begin(s, at.dir) // the worktree's questions are this command's again
		if deny {
			return r + " (`" + clip(c.String()) + "` runs it: git's alias " + name + " = " + value + ")", true
		}
	}
	return "", false
}

// shellWord writes word a for bash: a static word in single quotes, one
// known only at run time as it is written.
func shellWord(a shell.Word) string {
	if a.Dynamic {
		return a.Value
	}
	return "'" + strings.ReplaceAll(a.Value, "'", `'\''`) + "'"
}
