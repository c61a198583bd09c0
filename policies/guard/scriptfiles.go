package guard

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/githooks"
	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// Script files a command runs (bash x.sh, source x.sh, ./x.sh): the
// guard runs beside the worktree, so it reads them and judges what they
// hold by what is certain. A file may be the project's own (./gradlew,
// ./configure), whose expansions and helpers the guard cannot follow, or
// one an earlier call wrote; so of a file's commands, only the paths and
// programs known before it runs count, with rules 1, 2 and 3: a file that
// deletes src, discards changes or writes .env is judged as the command
// would be, and one that does what cannot be told ($@, eval) is not
// denied for it. A file the command itself writes before it runs it is
// rule 4's (writtenThenRun), judged before this.

// fileRules are the rules judged on what a command's script files do.
func fileRules() [3]shellRule {
	return [...]shellRule{{"rule2-git", gitDiscards}, {"rule1-delete", recursiveDeletes}, {"rule3-env", envWrites}}
}

// judgeFiles judges the script files the command cmd (parsed as s)
// runs, read from at's directory, and the git hooks its git commands
// may run (package githooks).
func judgeFiles(ctx context.Context, cmd string, s *shell.Script, at *place) (string, bool) {
	if at.dir == "" || !isAbs(at.dir) || at.cfg != nil && at.cfg.Away {
		return "", false
	}
	r := &readfile.Scripts{Dir: filepath.FromSlash(at.dir)}
	if s.RunsFiles() {
		if reason, deny := judgeFilesOf(ctx, cmd, r, at); deny {
			return reason, true
		}
	}
	if !githooks.Runs(s) {
		return "", false
	}
	for _, use := range githooks.Dirs(s) {
		if use.Dir == "$" {
			return "guard: rule 4 (nothing it cannot see): the command runs git with settings known only at run time, " +
				"which may name the hooks it runs; spell them out", true
		}
		top, hooks, err := githooks.Find(ctx, filepath.FromSlash(at.dir), use)
		if err != nil {
			return "guard: rule 4 (nothing it cannot see): the command runs git, whose hooks cannot be read (" + err.Error() +
				"); ask the user", true
		}
		if len(hooks) == 0 {
			continue
		}
		if reason, deny := judgeFilesOf(ctx, githooks.Script(top, hooks), r, at); deny {
			return reason, true
		}
	}
	return "", false
}

// judgeFilesOf judges the script files text runs, read by r.
func judgeFilesOf(ctx context.Context, text string, r *readfile.Scripts, at *place) (string, bool) {
	s2, err := (&shell.Parser{Files: r.Read, Resolve: at.resolvedFile}).Parse(ctx, text)
	if len(r.Unread) > 0 {
		return "guard: rule 4 (nothing it cannot see): the command runs " + r.Unread[0] + ", which the guard cannot read " +
			"(not a regular file, or one of more than " + strconv.Itoa(readfile.MaxScripts) + " script files); run a plain script file", true
	}
	if len(r.Long) > 0 {
		// Past what the guard reads: what it does cannot be checked, and a
		// file an earlier call wrote may be padded to get here.
		return "guard: rule 4 (nothing it cannot see): the command runs " + r.Long[0] + ", past what the guard reads " +
			"(longer than the " + strconv.Itoa(readfile.MaxScript>>10) + " KiB of a script file, or past the " +
			strconv.Itoa(readfile.MaxTotal>>20) + " MiB of all the files one command runs), so what it does cannot be " +
			"checked; run its steps as commands, or ask the user to run it", true
	}
	if err != nil {
		return strings.Replace(reasonParse(err), "the command ", "a script file the command runs ", 1), true
	}
	if r, deny := judgeCodeFiles(ctx, s2, at); deny {
		return r, true // ./x.py by its #! line, a script file's python3 y.py
	}
	var w writtenFiles
	if dyn := at.writtenBy(s2, &w); len(w.files) > 0 || dyn != "" {
		// A runner a file runs (make test's pytest) after the command
		// writes what it loads (conftest.py).
		if r, deny := runnerLoadsWritten(s2, at, w.files, dyn); deny {
			return r, true
		}
	}
	for _, c := range s2.Commands {
		if c.Dynamic && c.FromShebang() {
			return "guard: rule 4 (nothing it cannot see): the #! line of a file the command runs runs `" + clip(c.String()) +
				"`, known only at run time; run the interpreter yourself", true
		}
		if c.SetByCommand() {
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "`: the command sets text a file it runs " +
				"takes (a make variable given through the environment), known only at run time; give it on make's command line", true
		}
	}
	f := s2.FromFiles()
	if f == nil {
		return "", false
	}
	d := f.Definite()
	for _, rule := range fileRules() {
		if reason, deny := rule.judge(d, at); deny {
			return reason + " (in " + filesOf(d) + ", which the command runs)", true
		}
	}
	return "", false
}

// filesOf names the script files that hold d's commands: "x.sh", or
// "x.sh and y.sh".
func filesOf(d *shell.Script) string {
	var names []string
	for _, c := range d.Commands {
		if f, ok := c.ScriptFile(); ok && !contains(names, f) {
			names = append(names, f)
		}
	}
	if len(names) == 0 {
		return "the script file"
	}
	if len(names) > 3 {
		names = append(names[:3], "others")
	}
	return strings.Join(names, " and ")
}
