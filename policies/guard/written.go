package guard

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// writtenThenRun is rule 4 on code a command writes and runs itself
// (issue 38): a script, Makefile or program that a redirection or a
// copying program (cp, ln, mv, install, tee, …) of the same command
// writes, then run by a shell, an interpreter, make, or by its path
// (`echo 'rm -rf d' > s.sh; sh s.sh`, `cp /bin/rm ./x; ./x -rf d`), or
// by its base name, which a PATH the command changes finds there (`cp
// /bin/rm bin/ls; PATH=bin:$PATH ls -rf d`; the PATH may be set in ways
// no text shows: printf -v PATH, read PATH, an earlier call), unless
// the name is a bash builtin, which bash runs without a PATH search.
// What it runs is not in the command's words, so the guard cannot see
// it. A file an unknown program (a compiler) writes is not counted: `go build -o bin/app . && ./bin/app` passes.
func writtenThenRun(s *shell.Script, at *place) (string, bool) {
	if r, deny := gitFilesThenGit(s, at); deny {
		return r, true
	}
	var written writtenFiles
	dynamic := at.writtenBy(s, &written) // a writer of a path known only at run time
	if d := inlineWrites(at.context(), s, at.dir, &written, &at.idents); d != "" && dynamic == "" {
		dynamic = d // python3 -c "open(p, 'w')…"
	}
	if len(written.files) == 0 && dynamic == "" && len(written.suffixes) == 0 {
		return "", false
	}
	deny := func(c *shell.Command, p, by string) (string, bool) {
		return "guard: rule 4 (nothing it cannot see): `" + c.String() + "` runs " + p + ", which this same command writes (`" + by +
			"`), so what it runs is not in the command and cannot be checked; run the commands themselves, or write the file " +
			"in one call and ask the user before running it", true
	}
	files := written.files
	if c, f, ok := loadsWritten(s, at, files); ok {
		return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` runs " + c.Name + ", which may load " + f.path +
			" (a module this same command writes, `" + f.by + "`: by its name, from the current folder or a path the environment " +
			"names), so what it runs is not in the command and cannot be checked; write the file in one call and ask the user before running it", true
	}
	if r, deny := runnerLoadsWritten(s, at, files, dynamic); deny {
		return r, true
	}
	// A path run is resolved only when it may be one written: when
	// something was written where it is known only at run time, or its
	// last name is one of the files' (resolving keeps the last name of
	// a path unless it is "." or "..").
	mayBeLast := func(last string) bool {
		if dynamic != "" || len(files) > 8 {
			return true
		}
		if last == "" || last == "." || last == ".." {
			return true
		}
		for _, f := range files {
			if f.base == last {
				return true
			}
		}
		return false
	}
	mayBe := func(p string) bool { return mayBeLast(lastName(p)) }
	var buf [4]string // the files one command runs: on the stack
	var rf runnerFiles
	suffixes := len(written.suffixes) > 0
	for _, c := range s.Commands {
		runs := buf[:0]
		for i := 0; c.HasEffect(shell.RunsCode) && i < len(c.Effects); i++ {
			e := &c.Effects[i]
			if e.Kind != shell.RunsCode || e.Path.Value == "" {
				continue
			}
			if !e.Path.Dynamic {
				if mayBe(e.Path.Value) && !scriptSpelled(s, at, e, files, &rf) {
					runs = append(runs, joinPath(at.dir, e.Path.Value))
				}
			} else if last := lastName(e.Path.Value); !mayBeLast(last) && !strings.ContainsAny(last, "$~}") {
				// Resolved, it would end in this same last name (resolving
				// keeps what follows its $NAME, ~ or ${…}, and refuses a
				// "..", see resolved), which no file written has.
				continue
			} else if r, ok := at.resolved(e.Path); ok {
				runs = append(runs, joinPath(at.dir, r)) // . ~/x.sh, read from disk: what this command wrote is not there yet
			} else if f, ok := written.named(last); ok && !strings.ContainsAny(last, "$~}*?[") {
				// In a folder known only at run time (cd "$D" && sh x.sh,
				// make -C "$D"): it may be the file of that name written.
				return deny(c, e.Path.Value+" (in a folder known only at run time, which may be "+f.path+")", f.by)
			}
		}
		// A program run by a path: its name is not its first word (which
		// baseName cuts at its last slash), most are the same string.
		if len(c.Args) > 0 && !c.Args[0].Dynamic && c.Name != c.Args[0].Value && strings.IndexByte(c.Args[0].Value, '/') >= 0 && mayBe(c.Args[0].Value) {
			runs = append(runs, joinPath(at.dir, c.Args[0].Value))
		}
		if suffixes {
			if f, ok := written.runsSuffix(c); ok {
				return deny(c, "a file whose name ends in "+f.path+" (the rest known only at run time)", f.by)
			}
		}
		for _, p := range runs {
			if by, ok := written.by(p); ok {
				return deny(c, p, by)
			}
			if dynamic != "" {
				return deny(c, p+" (or a file known only at run time)", dynamic)
			}
		}
		if c.Name != "" && written.mayName(c.Name) && !bashBuiltin(c.Name) {
			if f, ok := written.named(c.Name); ok {
				return deny(c, f.path+" (found on a PATH that names its folder)", f.by)
			}
		}
	}
	return "", false
}

// writtenBy adds to written the files script s writes by a redirection
// or a copying program, and returns the writer of one whose path is
// known only at run time ("" for none).
func (at *place) writtenBy(s *shell.Script, written *writtenFiles) (dynamic string) {
	for i := range s.Writes {
		w := &s.Writes[i]
		if w.Delete || w.Maybe || !copies(w.By) {
			continue
		}
		if w.Path.Dynamic {
			if r, ok := at.resolved(w.Path); ok {
				written.add(joinPath(at.dir, r), w.By) // ~/.local/bin/app, "$tmp/x"
			} else if !knownName(s, at, w.Path, w.By) {
				dynamic = w.By
			}
			continue
		}
		written.add(joinPath(at.dir, w.Path.Value), w.By)
	}
	return dynamic
}

// writtenFiles are the files a script writes, each with its base name
// and its last writer: a slice while they are few (a map's making and
// hashing cost more than reading a few), indexed by path past 8.
type writtenFiles struct {
	files []writtenFile
	index map[string]int // path → its place in files; nil while they are few
	bases map[string]int // base name → its first place in files, made by named
	// suffixes are the fixed ends of names written that are known only
	// at run time (see writtenSuffixes), each in path, with its writer.
	suffixes []writtenFile
}

// A writtenFile is a file written, its base name, and its writer.
type writtenFile struct{ path, base, by string }

// add records that by writes path p (the last writer is kept).
func (w *writtenFiles) add(p, by string) {
	w.bases = nil
	if i, ok := w.find(p); ok {
		w.files[i].by = by
		return
	}
	if w.index == nil && len(w.files) == 8 {
		w.index = make(map[string]int, 16)
		for i, f := range w.files {
			w.index[f.path] = i
		}
	}
	if w.index != nil {
		w.index[p] = len(w.files)
	}
	w.files = append(w.files, writtenFile{p, path.Base(p), by})
}

// named returns the first file written whose base name is name: by a
// scan while they are few, else by a map of base names made once (4,000
// files written and 8,000 commands compared every pair, issue 38).
func (w *writtenFiles) named(name string) (writtenFile, bool) {
	if w.index == nil {
		for _, f := range w.files {
			if f.base == name {
				return f, true
			}
		}
		return writtenFile{}, false
	}
	if w.bases == nil {
		w.bases = make(map[string]int, len(w.files))
		for i := len(w.files) - 1; i >= 0; i-- {
			w.bases[w.files[i].base] = i
		}
	}
	i, ok := w.bases[name]
	if !ok {
		return writtenFile{}, false
	}
	return w.files[i], true
}

// mayName reports whether named may find a file named name: false when
// the files are few and none has that base name (a scan cheaper than a
// call to named for each command).
func (w *writtenFiles) mayName(name string) bool {
	if w.index != nil {
		return true
	}
	for i := range w.files {
		if w.files[i].base == name {
			return true
		}
	}
	return false
}

// find returns where path p is in w.files.
func (w *writtenFiles) find(p string) (int, bool) {
	if w.index != nil {
		i, ok := w.index[p]
		return i, ok
	}
	for i, f := range w.files {
		if f.path == p {
			return i, true
		}
	}
	return 0, false
}

// by returns the writer of path p, if it is written.
func (w *writtenFiles) by(p string) (string, bool) {
	if i, ok := w.find(p); ok {
		return w.files[i].by, true
	}
	return "", false
}

// lastName is the last name of slash-separated path p, its trailing
// slashes left out ("" for none).
func lastName(p string) string {
	p = filepath.ToSlash(p)
	i := len(p)
	for i > 0 && p[i-1] == '/' {
		i--
	}
	p = p[:i]
	return p[strings.LastIndexByte(p, '/')+1:]
}

// copies reports whether by, the writer of a file, puts content the
// command chose into it: a redirection, or a program that copies,
// links or writes its input (not a compiler or another program whose
// output comes from the project's files).
func copies(by string) bool {
	switch by {
	case ">", ">>", ">|", "&>", "&>>", "<>", "cp", "ln", "link", "mv", "install", "tee", "dd", "rsync", "printf", "sed",
		"curl", "wget", "tar", "unzip", "scp", "base64", "xxd":
		return true
	}
	return false
}

// startupFile is rule 4 on an interactive shell given a start-up file
// (bash --rcfile F -i, --init-file F): bash runs F as code, and the
// guard cannot read it (`bash --rcfile <(echo rm -rf d) -i`).
func startupFile(c *shell.Command) (string, bool) {
	switch c.Name {
	case "bash", "sh":
		return startupFileOf(c)
	}
	return "", false // asked inline of every command
}

// startupFileOf is startupFile of bash or sh.
func startupFileOf(c *shell.Command) (string, bool) {
	rc, interactive := "", false
	for i, a := range c.Args[1:] {
		v := a.Value
		if a.Dynamic && i > 0 && c.Args[i].Value != "--rcfile" && c.Args[i].Value != "--init-file" {
			continue
		}
		switch {
		case v == "--rcfile" || v == "--init-file":
			if i+2 < len(c.Args) {
				rc = c.Args[i+2].Value
			}
		case strings.HasPrefix(v, "--rcfile=") || strings.HasPrefix(v, "--init-file="):
			_, rc, _ = strings.Cut(v, "=")
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "i"):
			interactive = true
		}
	}
	if rc == "" || !interactive {
		return "", false
	}
	return "guard: rule 4 (nothing it cannot see): `" + c.String() + "` is an interactive shell that runs its start-up file " + rc +
		" as code, which the guard cannot read; run the commands themselves", true
}

// bashBuiltin reports whether name is a bash builtin or keyword whose name a
// command may give: bash runs it without searching the PATH (enable -n
// aside, which package shell reports for cd only).
func bashBuiltin(name string) bool {
	switch name {
	case "echo", "printf", "test", "[", "cd", "pwd", "read", "export", "set", "unset", "source", ".", "eval", "exec",
		"exit", "return", "true", "false", ":", "type", "command", "builtin", "alias", "declare", "local", "let",
		"shift", "trap", "wait", "kill", "umask", "ulimit", "hash", "history", "jobs", "times", "mapfile", "getopts":
		return true
	}
	return false
}

// gitFilesThenGit is rule 4 on a file git runs or takes commands from,
// written by the same command that then runs git: a hook (pre-commit,
// post-checkout, … wherever core.hooksPath points), a repository's or a
// user's configuration (.git/config, ~/.gitconfig: aliases, core.pager,
// core.fsmonitor, filters), written by a redirection or a program other
// than git config (whose settings package shell judges). `printf
// '[alias]\n\tst = !rm -rf d\n' >> .git/config; git st` ran rm.
func gitFilesThenGit(s *shell.Script, at *place) (string, bool) {
	file, by := "", ""
	for i := range s.Writes {
		w := &s.Writes[i]
		if w.Delete || w.Maybe || w.By == "git" || w.Path.Dynamic && !gitFile(w.Path.Suffix()) || !w.Path.Dynamic && !gitFile(w.Path.Value) {
			continue
		}
		file, by = w.Path.Value, w.By
		break
	}
	if file == "" {
		return "", false
	}
	for _, c := range s.Commands {
		if c.Name == "git" && !noHookRun(c, file) {
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` runs what " + file + " says (a hook, an alias, " +
				"a command setting), which this same command writes (`" + by + "`), so what it runs cannot be checked; " +
				"set it with git config, or write the file in one call and ask the user before running git", true
		}
	}
	return "", false
}

// gitFile reports whether path p names a file git runs or reads
// settings from: a hook by its name, a config file of a repository
// (.git/config, .git/config.worktree, a worktree's or a submodule's
// under .git), or a user's (.gitconfig, .config/git/config).
func gitFile(p string) bool {
	base := path.Base(p)
	switch base {
	case "applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit", "prepare-commit-msg",
		"commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge", "pre-push", "pre-receive", "update",
		"proc-receive", "post-receive", "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc",
		"post-rewrite", "sendemail-validate", "fsmonitor-watchman", "post-index-change", ".gitconfig":
		return true
	case "config", "config.worktree":
		return strings.Contains("/"+p, "/.git/") || strings.HasSuffix(p, ".config/git/config") || strings.HasSuffix(path.Dir(p), ".git")
	}
	return false
}

// noHookRun reports whether git command c runs no hook but the one in
// file might be (git add, git status, git diff, … run none of the
// hooks of a commit, a checkout or a push), and reads no setting that
// file holds (file is a hook, not a configuration).
func noHookRun(c *shell.Command, file string) bool {
	switch path.Base(file) {
	case "config", "config.worktree", ".gitconfig", "post-index-change", "reference-transaction", "fsmonitor-watchman":
		return false
	}
	sub, ok := c.Subcommand(shell.Git)
	if !ok || sub[0].Dynamic {
		return false
	}
	switch sub[0].Value {
	case "add", "status", "diff", "log", "show", "ls-files", "rev-parse", "blame", "grep", "describe", "shortlog":
		return true
	}
	return false
}
