// Package guard is the guard's policy, the one examples/guard ships and
// examples/gateway serves over HTTP, in a home of its own so that a
// team's main.go composes it with its own rules ([Handlers], [WithPolicy],
// or [Judge] inside its own handler). It protects
// outcomes, not spellings: it reads a shell command with package shell,
// as bash would run it, and denies a tool call by what it would do.
//
//  1. No recursive delete of anything that is not scratch: a static path
//     under /tmp or /var/tmp, or a regenerable build directory inside the
//     project (see [ScratchNames]).
//  2. No git command that discards uncommitted work or rewrites shared
//     history (git reset --hard, git checkout -- ., git clean -f, git
//     push --force, …), wherever it sits.
//  3. No write of a secrets file (see [IsEnvFile]) by any tool or
//     program; a program known only to read it may.
//  4. Nothing it cannot see: a command whose name is known only at run
//     time, a script that does not parse or is past the parser's limits,
//     a tool call whose input cannot be read ([hooks.Tool.InputErr]).
//  5. No inline code in another language (python -c, perl -e, node -e,
//     awk, sed e, …) that names a deleting or process-running API or a
//     protected path: a heuristic.
//  6. Nothing that changes the hook's own footing (package footing): its
//     registrations in every host's files, the trust and login profiles
//     those hosts need, the policy files, as the project and ~ spell them
//     (see footingRule); a hook built on hookmain.Run, as the guard is,
//     also protects its binary, PATH, state and log, before any rule.
//  7. Secrets stay: a tool's output is redacted before the model reads
//     it ([RedactOutput]), a prompt holding a secret is blocked
//     ([BlockSecretPrompt]), and no tool or program may read or send a
//     credential file ([IsSecretFile]); `source .env` may.
//
// It has no opinion on anything else. Every reason starts "guard: rule
// N" and says what to do instead. The README of examples/guard states the
// rules exactly, with what the guard cannot see.
package guard

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/githooks"
	"github.com/agenthooks/hooks/shell"
	"github.com/agenthooks/hooks/writes"
)

// Handlers returns the guard's policy: PreToolUse and PermissionRequest
// are judged by [Judge], in the event's working directory, with the
// handler's context (the serving core cancels it at the deadline). A tool
// call not judged in time (its size, cost or number of calls are the
// model's: Handlers.Unchecked) is denied by rule 4, never left to the
// fail policy.
func Handlers() hooks.Handlers {
	return hooks.Handlers{
		Unchecked: Unchecked,
		PreToolUse: func(ctx context.Context, ev *hooks.PreToolUseEvent) (hooks.Response, error) {
			return Judge(ctx, ev.Cwd, &ev.Tool), nil
		},
		PermissionRequest: func(ctx context.Context, ev *hooks.PermissionRequestEvent) (hooks.Response, error) {
			return Judge(ctx, ev.Cwd, &ev.Tool), nil
		},
		PostToolUse:      RedactOutput,
		UserPromptSubmit: BlockSecretPrompt,
	}
}

// Unchecked is rule 4 for a tool call that could not be judged in time
// (hooks.Handlers.Unchecked): err says why.
func Unchecked(_ hooks.Event, err error) hooks.Response {
	return hooks.Deny("guard: rule 4 (nothing it cannot see): this call could not be checked in time (" + err.Error() +
		"); send a shorter command, or fewer calls at once")
}

// Judge denies a tool call that breaks one of the guard's rules and has
// no opinion otherwise. cwd is the event's working directory (Base.Cwd),
// taken as the project's root: relative paths are resolved against it
// (or against the shell command's own directory, ShellInput.Cwd, when
// the host sends one). With cwd "", relative paths are taken to be
// inside the project.
//
// Parsing a shell command stops when ctx is done; the command is then
// denied (rule 4), as one that cannot be checked.
func Judge(ctx context.Context, cwd string, t *hooks.Tool) hooks.Response {
	return JudgeWith(ctx, nil, cwd, t)
}

// JudgeWith is [Judge] with the knobs of cfg (nil: none).
func JudgeWith(ctx context.Context, cfg *Config, cwd string, t *hooks.Tool) hooks.Response {
	if t.InputErr != nil {
		return hooks.Deny("guard: rule 4 (nothing it cannot see): this " + t.Name + " call's input cannot be read safely (" + t.InputErr.Error() + "); send a well-formed call")
	}
	dir := cwd
	if sh, ok := t.Input.(*hooks.ShellInput); ok {
		if sh.Cwd != "" {
			dir = joinPath(cwd, sh.Cwd)
		}
		if r, deny := judgeShell(ctx, sh.Command, &place{root: cwd, dir: dir, src: sh.Command, wt: worktreeFor(ctx, cfg), cfg: cfg}); deny {
			return hooks.Deny(r)
		}
		if r, deny := secretWrites(ctx, cfg, cwd, t); deny {
			return hooks.Deny(r)
		}
		if r, deny := footingRule(ctx, cwd, t); deny {
			return hooks.Deny(r)
		}
		if sh.Patch == nil {
			return hooks.Response{}
		}
		// The patch Codex applies for an `apply_patch <<'EOF'` command:
		// its files, the command itself already judged.
		t = &hooks.Tool{Name: t.Name, Input: &hooks.ShellInput{Cwd: sh.Cwd, Patch: sh.Patch}}
	}
	if r, deny := judgeSearchTool(ctx, cfg, cwd, t); deny {
		return hooks.Deny(r)
	}
	if r, deny := readsSecretFile(t, cfg.secrets()); deny {
		return hooks.Deny(r)
	}
	links := &place{root: cwd, dir: cwd, cfg: cfg} // a path's links on the disk (readlinks.go)
	if in, ok := t.Input.(*hooks.ReadInput); ok {
		if f, ok := links.linkedSecret(in.Path, cfg.secrets()); ok {
			return hooks.Deny("guard: rule 7 (secrets stay): " + in.Path + " is a link to " + f + ", a credential file, and reading it " +
				"puts its secrets in the model's context; ask the user for what you need from it")
		}
	}
	start := clock(ctx)
	ws, err := writes.Of(ctx, t, cwd)
	if err != nil {
		report(ctx, "rule3-writes", true, start)
		return hooks.Deny(reasonParse(err))
	}
	for _, w := range ws {
		if IsEnvFile(w.Name) {
			report(ctx, "rule3-writes", true, start)
			return hooks.Deny(reasonEnv(w.Path, t.Name))
		}
		if !w.Dynamic && gitInternal(filepath.ToSlash(w.Path), w.Delete) {
			report(ctx, "rule3-writes", true, start)
			return hooks.Deny(reasonGitInternal(t.Name, w.Path))
		}
		if !w.Delete && !w.Dynamic {
			if f, ok := links.linkedEnv(w.Path); ok {
				report(ctx, "rule3-writes", true, start)
				return hooks.Deny(reasonEnv(w.Path+" (a link to "+f+")", t.Name))
			}
		}
	}
	report(ctx, "rule3-writes", false, start)
	if r, deny := secretWrites(ctx, cfg, cwd, t); deny {
		return hooks.Deny(r)
	}
	if _, shellCall := t.Input.(*hooks.ShellInput); !shellCall {
		if r, deny := footingRule(ctx, cwd, t); deny {
			return hooks.Deny(r)
		}
	}
	return hooks.Response{}
}

// reasonEnv is rule 3's reason: the file, what writes it.
func reasonEnv(path, by string) string {
	return "guard: rule 3 (no write of a secrets file): " + path + " is a .env file, and " + by + " may write it; " +
		"secrets files are the user's to change: ask the user, or write .env.example instead"
}

// judgeShell returns the reason to deny a shell command, if any. A panic
// while reading the command (a bug in a parser, which the model's input
// may trigger) denies it, as a command that cannot be checked: under the
// default fail-open policy a panic would let it run.
func judgeShell(ctx context.Context, cmd string, at *place) (reason string, deny bool) {
	if cmd == "" {
		return "", false
	}
	defer func() {
		if p := recover(); p != nil {
			reason, deny = fmt.Sprintf("guard: rule 4 (nothing it cannot see): the command could not be read (%v); "+
				"write it more simply", p), true
		}
	}()
	start := clock(ctx)
	s, err := (&shell.Parser{Resolve: at.resolvedFile}).Parse(ctx, cmd)
	start = report(ctx, "parse", err != nil, start)
	if err != nil {
		return reasonParse(err), true
	}
	at.script = s
	at.wt.begin(s, at.dir)
	defer at.wt.settle()
	for _, rule := range shellRules() {
		// Each check starts when the last one's report ends: one clock
		// read a check.
		r, deny := rule.judge(s, at)
		start = report(ctx, rule.name, deny, start)
		if deny {
			return r, true
		}
	}
	if r, deny := configAliases(ctx, s, at); deny {
		report(ctx, "rule4-git-aliases", true, start)
		return r, true
	}
	if r, deny := judgeCodeFiles(ctx, s, at); deny {
		report(ctx, "code-files", true, start)
		return r, true
	}
	if !s.RunsFiles() && !githooks.Runs(s) {
		return "", false
	}
	start = clock(ctx)
	r, deny := judgeFiles(ctx, cmd, s, at)
	report(ctx, "script-files", deny, start)
	return r, deny
}

// shellRules returns the rules judged on a parsed command, in order,
// with the names of the checks they report (hooks.ReportCheck). A
// function, not a variable: rule 5 judges the shell commands in awk code
// with these same rules.
func shellRules() [6]shellRule {
	return [...]shellRule{
		{"rule4-unseen", unseen}, {"rule2-git", gitDiscards}, {"rule1-delete", recursiveDeletes}, {"rule3-env", envWrites}, {"rule5-code", inlineCode},
		{"rule7-secrets", secretReads},
	}
}

// A shellRule is one rule judged on a parsed command, by name.
type shellRule struct {
	name  string
	judge func(*shell.Script, *place) (string, bool)
}

// report reports one check the guard ran, which a gateway logs with its
// verdict and duration, and a hook with a decision log or an observer
// (hooks.Handlers.OnResult) records; without either it costs a context
// lookup. It returns when the check ended, where a check that follows
// starts.
func report(ctx context.Context, name string, deny bool, start time.Time) time.Time {
	if !hooks.ChecksLogged(ctx) {
		return start // nobody reads it: no clock read
	}
	d := hooks.NoDecision
	if deny {
		d = hooks.DecisionDeny
	}
	end := time.Now()
	hooks.ReportCheck(ctx, hooks.Check{Name: name, Decision: d, Duration: end.Sub(start)})
	return end
}

// clock returns the time a check starts, read only when the checks are
// logged (see report).
func clock(ctx context.Context) time.Time {
	if !hooks.ChecksLogged(ctx) {
		return time.Time{}
	}
	return time.Now()
}

// reasonParse is rule 4's reason for a command the parser gave up on.
func reasonParse(err error) string {
	switch {
	case errors.Is(err, shell.ErrLimit), errors.Is(err, shell.ErrTooDeep):
		return "guard: rule 4 (nothing it cannot see): the command is past what the guard checks (" + err.Error() +
			"); split it into smaller, flatter commands"
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "guard: rule 4 (nothing it cannot see): the command could not be checked in time (" + err.Error() +
			"); send a shorter command"
	}
	return "guard: rule 4 (nothing it cannot see): the command does not parse, so it cannot be checked (" + err.Error() +
		"); bash would still run the lines before the error: fix the syntax"
}

// unseen is rule 4 on a parsed script: a command whose name is known
// only at run time.
func unseen(s *shell.Script, at *place) (string, bool) {
	loads := at.dotenvLoads(s)
	for _, c := range s.Commands {
		if c.Dynamic && !(c.DynamicDir && pathPrinted(c.Args[0].Value)) && !loads[c] && !envSetup(c) {
			return "guard: rule 4 (nothing it cannot see): `" + c.String() + "` runs a command known only at run time, " +
				"so it cannot be checked; spell the command out", true
		}
		if r, deny := startupFile(c); deny {
			return r, true
		}
	}
	if r, deny := commandOptions(s, at); deny {
		return r, true
	}
	return writtenThenRun(s, at)
}

// A place is where a command runs: the project's root and the directory
// the command starts in, both absolute or "", the command's text, and
// the reader of the worktree's state (nil: the words alone decide).
type place struct {
	root, dir  string
	src        string
	script     *shell.Script          // src parsed, once judgeShell has
	links      int                    // symbolic links followed by judgeTree
	memo       *envMemo               // what resolved read of src
	linkMemo   *linkMemo              // the links a script makes
	moverMemo  *moverMemo             // the commands of a script that move files
	cutMemo    *cutMemo               // where a script's commands run in order
	factMemo   *scriptFacts           // what the rules ask of the whole script
	readMemo   *readVars              // the variables a script only reads
	findMemo   *findMemo              // the find that runs each command
	writeMemo  *writeIndex            // what a script writes, by path
	lstats     map[string]lstatAnswer // the folders on deletes' ways, asked of the disk
	printMemo  *printLinks            // the links to the output a script's archivers may write through
	fsckLost   *fsckMemo              // whether a script runs git fsck --lost-found
	madeMemo   *archivesMade          // the archives a script makes, and what they hold
	dotenvMemo *dotenvMemo            // the commands of a script that belong to a dotenv load
	madeUpMemo *madeUpMemo            // a program of a script that may make up a variable's names
	varMemo    *varMemo               // what a script may set its variables to (varreads.go)
	walks      *diskMemo              // what noneUnder and secretGlob read of the disk, shared with the places made from this one
	linkReads  map[string]string      // the credential file each path read is a link to ("": none), asked of the disk
	linkDirs   map[string]string      // each folder of those, its links resolved
	aliasDepth int                    // the git aliases of git's settings this place's command stands within (gitaliases.go)
	idents     codeIdents             // the identSet of the inline code rules 4 and 5 read last
	wt         *worktree
	cfg        *Config
}

// joinPath returns p resolved against dir (p itself when absolute or dir
// is ""), clean, with forward slashes.
func joinPath(dir, p string) string {
	p = filepath.ToSlash(p)
	if dir == "" || isAbs(p) {
		return cleanPath(p)
	}
	return cleanPath(filepath.ToSlash(dir) + "/" + p)
}

// pathPrinted reports whether the command name v is $(P)/NAME where P is
// one of the commands that print a directory of the environment (npm
// bin, go env GOPATH, git rev-parse --show-toplevel, pwd, …): unquoted,
// its output may split at a space, but the words are the environment's,
// not the model's, and the command is NAME in that directory.
func pathPrinted(v string) bool {
	inner, rest, ok := strings.Cut(strings.TrimPrefix(v, "$("), ")/")
	if !ok || !strings.HasPrefix(v, "$(") || rest == "" || strings.ContainsAny(rest, "$`(){}*?[\\\"' ") {
		return false
	}
	return envPlace(inner)
}

// envPlace reports whether command text inner prints a directory of the
// environment (see pathPrinted).
func envPlace(inner string) bool {
	switch inner {
	case "npm bin", "npm root", "npm prefix", "npm bin -g", "npm root -g", "npm prefix -g", "yarn bin", "yarn global bin",
		"pnpm bin", "pnpm root", "go env GOPATH", "go env GOBIN", "go env GOROOT", "git rev-parse --show-toplevel",
		"pwd", "brew --prefix", "python3 -m site --user-base", "python -m site --user-base", "rustc --print sysroot":
		return true
	}
	return false
}
