package shell

import "strings"

// Option specs of the wrappers that run the command after their options
// (runners.go), so that a value-taking option's value is not read as the
// command (strace --trace none rm …, unshare --map-user 0 rm …).
var (
	setprivSpec = Spec{Short: "d", Long: []string{"dump", "no-new-privs", "nnp", "ambient-caps=", "inh-caps=",
		"bounding-set=", "ruid=", "euid=", "rgid=", "egid=", "reuid=", "regid=", "clear-groups", "keep-groups",
		"init-groups", "groups=", "securebits=", "pdeathsig=", "selinux-label=", "apparmor-profile=",
		"landlock-access=", "landlock-rule=", "reset-env", "help", "version"}}
	setarchSpec = Spec{Short: "vRFZLXBIST3h", Long: []string{"uname-2.6", "verbose", "addr-no-randomize",
		"fdpic-funcptrs", "mmap-page-zero", "addr-compat-layout", "read-implies-exec", "32bit", "short-inode",
		"whole-seconds", "sticky-timeouts", "3gb", "4gb", "list", "help", "version"}}
	nsenterSpec = Spec{Short: "aFWZhVt:S:G:m::u::i::n::p::U::C::T::r::w::", Long: []string{"all", "target=",
		"mount=?", "uts=?", "ipc=?", "net=?", "pid=?", "cgroup=?", "user=?", "time=?", "user-parent",
		"setuid=", "setgid=", "preserve-credentials", "keep-caps", "root=?", "wd=?", "wdns=", "env",
		"no-fork", "follow-context", "join-cgroup", "help", "version"}}
	unshareSpec = Spec{Short: "mUuinpCTfrcR:w:S:G:l:", Long: []string{"mount=?", "uts=?", "ipc=?", "net=?",
		"pid=?", "user=?", "cgroup=?", "time=?", "fork", "kill-child=?", "mount-proc=?", "mount-binfmt=?",
		"map-user=", "map-group=", "map-users=", "map-groups=", "map-auto", "map-root-user", "map-current-user",
		"propagation=", "setgroups=", "keep-caps", "root=", "wd=", "setuid=", "setgid=", "monotonic=",
		"boottime=", "load-interp=", "help", "version"}}
)

// setarchRun: setarch ARCH [options] [PROGRAM [ARG…]].
func setarchRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	if len(c.Args) < 2 {
		return
	}
	if c.Args[1].MaybeOption() && !c.Args[1].Dynamic {
		argvRun(setarchSpec, 0, false)(w, c, sc, in, same)
		return
	}
	argvRun(setarchSpec, 0, false)(w, &Command{Name: c.Name, Args: c.Args[1:], Via: c.Via}, sc, in, same)
}

// perfRun: perf stat|record|trace|top|sched|mem|kmem|lock|c2c|kvm|…
// [options] [CMD…] runs CMD.
func perfRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	sub, ok := c.Subcommand(Spec{Long: []string{"debug=", "exec-path=?", "buildid-dir="}})
	if !ok {
		return
	}
	switch sub[0].Value {
	case "stat", "record", "trace", "sched", "mem", "kmem", "lock", "c2c", "kvm", "ftrace", "timechart", "kwork",
		"top":
		f := perfSpec.parse(sub[1:], &w.mem)
		if len(f.Unsure) > 0 {
			w.unknown(c.String(), plus(c.Via, c.Name))
			return
		}
		rest := sub[1+f.End:]
		if len(rest) > 0 && !rest[0].Dynamic && (rest[0].Value == "record" || rest[0].Value == "stat") {
			rest = rest[1:]
			f = perfSpec.parse(rest, &w.mem)
			rest = rest[f.End:]
		}
		w.run(rest, sc, plus(c.Via, c.Name), in, false)
	}
}

// semRun: sem [options] CMD… (GNU parallel --semaphore) runs CMD through
// the shell.
func semRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	f := (&Spec{Short: "j:P:", Long: []string{"jobs=", "id=", "semaphorename=", "semaphoretimeout=", "st=", "fg",
		"bg", "wait"}}).parse(c.Args[1:], &w.mem)
	joinedScript(w, c.Args[1+f.End:], sc, plus(c.Via, c.Name))
}

var npxSpec = Spec{Short: "c:p:yq", Long: []string{"call=", "package=", "yes", "no", "quiet", "workspace=",
	"workspaces", "include-workspace-root", "from=", "with=", "python=", "bun", "silent", "verbose", "offline",
	"isolated", "with-editable=", "with-requirements=", "index-url=", "env-file="}}

// npxRun: npx, bunx and uvx [options] CMD ARGS run CMD (a package's
// program); npx -c/--call SCRIPT runs SCRIPT through the shell.
func npxRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	f := w.flags(c, npxSpec)
	if s, ok := f.Value("c", "call"); ok && c.Name == "npx" {
		w.nestedWord(s, &scope{dir: sc.dir}, plus(c.Via, c.Name))
		return
	}
	argvRun(npxSpec, 0, false)(w, c, sc, in, same)
}

// npmRun: npm and pnpm exec [options] [--] CMD ARGS (and pnpm dlx) run
// CMD; with -c/--call the script runs through the shell (npm exec), and
// pnpm's -c/--shell-mode runs the command words through the shell.
func npmRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	sub, ok := c.Subcommand(Spec{Short: "C:w:", Long: []string{"prefix=", "workspace=", "dir=", "filter=",
		"userconfig=", "registry=", "loglevel=", "recursive"}})
	if !ok || sub[0].Dynamic {
		return
	}
	switch sub[0].Value {
	case "exec", "x", "dlx":
	default:
		return
	}
	via := plus(c.Via, c.Name)
	spec := Spec{Short: "c:p:yq", Long: []string{"call=", "package=", "yes", "no", "workspace=", "workspaces",
		"include-workspace-root", "shell-mode", "recursive", "parallel", "filter=", "silent"}}
	f := spec.parse(sub[1:], &w.mem)
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	rest := sub[1+f.End:]
	if s, ok := f.Value("call"); ok || (c.Name == "npm" && f.Has("c")) {
		if !ok {
			s, _ = f.Value("c")
		}
		w.nestedWord(s, &scope{dir: sc.dir}, via)
		return
	}
	global := (Spec{Short: "cC:w:", Long: []string{"shell-mode"}}).Parse(c.Args[1 : len(c.Args)-len(sub)])
	if c.Name == "pnpm" && (f.Has("c", "shell-mode") || global.Has("c", "shell-mode")) {
		joinedScript(w, rest, sc, via)
		return
	}
	w.run(rest, sc, via, in, false)
}

// yarnRun: yarn exec CMD, yarn dlx [-p PKG] CMD run CMD.
func yarnRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	sub, ok := c.Subcommand(Spec{Long: []string{"cwd="}})
	if !ok || sub[0].Dynamic || (sub[0].Value != "exec" && sub[0].Value != "dlx") {
		return
	}
	f := (&Spec{Short: "p:q", Long: []string{"package=", "quiet"}}).parse(sub[1:], &w.mem)
	w.run(sub[1+f.End:], sc, plus(c.Via, c.Name), in, false)
}

// subArgvRun returns a runner for TOOL SUB [options] CMD ARGS (pipx run).
func subArgvRun(name string, spec Spec) runner {
	return func(w *walker, c *Command, sc *scope, in stdin, _ bool) {
		sub, ok := c.Subcommand(Spec{})
		if !ok || sub[0].Dynamic || sub[0].Value != name {
			return
		}
		f := spec.parse(sub[1:], &w.mem)
		if len(f.Unsure) > 0 {
			w.unknown(c.String(), plus(c.Via, c.Name))
			return
		}
		w.run(sub[1+f.End:], sc, plus(c.Via, c.Name), in, false)
	}
}

// nixRun: nix develop|shell … -c/--command CMD ARGS runs CMD here (nix
// run runs an installable's program, whose name is not a command here;
// its arguments after -- are walked as a command when they start with a
// known one, as for an unknown program).
func nixRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	sub, ok := c.Subcommand(Spec{Long: []string{"option=", "extra-experimental-features=", "experimental-features="}})
	if !ok || sub[0].Dynamic {
		return
	}
	switch sub[0].Value {
	case "develop", "shell", "env":
		for i, a := range sub[1:] {
			if !a.Dynamic && (a.Value == "-c" || a.Value == "--command") {
				w.run(sub[2+i:], sc, plus(c.Via, c.Name), in, false)
				return
			}
		}
	}
}

// runuserUser reports whether su/runuser words hold -u USER or --user
// (runuser -u USER CMD… runs CMD without a shell).
func runuserUser(args []Word) (Flags, bool) {
	f := (Spec{Short: "c:fg:G:lmpPs:u:w:", Long: []string{"command=", "session-command=", "fast", "group=",
		"supp-group=", "login", "preserve-environment", "pty", "shell=", "user=", "whitelist-environment="}}).Parse(args)
	_, ok := f.Value("u", "user")
	return f, ok && !f.Has("c", "command", "session-command")
}

// isDashDash reports whether w is a static "--".
func isDashDash(w Word) bool { return !w.Dynamic && strings.TrimSpace(w.Value) == "--" }

// commandRun: command -v and -V only look a name up.
func commandRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	spec := Spec{Short: "pvV"}
	if f := w.flags(c, spec); f.Has("v", "V") {
		return
	}
	argvRun(spec, 0, true)(w, c, sc, in, same)
}

// niceRun: nice [-n N | -N] CMD.
func niceRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	if len(c.Args) > 1 && !c.Args[1].Dynamic && len(c.Args[1].Value) > 1 && c.Args[1].Value[0] == '-' &&
		strings.Trim(c.Args[1].Value[1:], "0123456789") == "" {
		c = &Command{Name: c.Name, Args: append([]Word{c.Args[0]}, c.Args[2:]...), Via: c.Via}
	}
	argvRun(Spec{Short: "n:", Long: []string{"adjustment="}}, 0, false)(w, c, sc, in, same)
}

func ioniceRun(w *walker, c *Command, sc *scope, in stdin, same bool) {
	pidless(Spec{Short: "c:n:p:P:u:t", Long: []string{"class=", "classdata=", "pid=", "pgid=", "uid=", "ignore"}},
		0, "p", "P", "u", "pid", "pgid", "uid")(w, c, sc, in, same)
}

// flockRun: flock [opts] FILE -c SCRIPT, or flock [opts] FILE CMD….
func flockRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	spec := Spec{Short: "sexunw:E:oFc:", Long: []string{"shared", "exclusive", "unlock", "nonblock", "nb", "timeout=",
		"wait=", "conflict-exit-code=", "close", "no-fork", "command=", "verbose"}}
	args := c.Args[1:]
	f := spec.parse(args, &w.mem)
	via := plus(c.Via, c.Name)
	if s, ok := f.Value("c", "command"); ok {
		sub := *sc
		w.nestedWord(s, &sub, via)
		return
	}
	rest := args[f.End:]
	if len(rest) < 2 {
		return
	}
	if v := rest[1]; !v.Dynamic && (v.Value == "-c" || v.Value == "--command") {
		if len(rest) > 2 {
			sub := *sc
			w.nestedWord(rest[2], &sub, via)
		}
		return
	}
	w.run(rest[1:], sc, via, in, false)
}

var sudoSpec = Spec{Short: "AbEeHiKklnPSsVvh::C:D:g:p:R:r:t:T:U:u:", Long: []string{"askpass", "background", "bell",
	"chdir=", "close-from=", "preserve-env=?", "edit", "group=", "set-home", "help", "host=", "login", "remove-timestamp",
	"reset-timestamp", "list", "non-interactive", "preserve-groups", "prompt=", "chroot=", "role=", "stdin", "shell",
	"type=", "command-timeout=", "other-user=", "user=", "version", "validate"}}

// sudoRun: sudo [opts] [VAR=value…] CMD…; sudo -e FILE… edits files.
func sudoRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	args := c.Args[1:]
	f := sudoSpec.parse(args, &w.mem)
	via := plus(c.Via, c.Name)
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	for _, a := range args[f.End:] {
		if !isAssign(a.Prefix()) {
			break
		}
		w.optionsAssign(a)
	}
	rest := skipAssigns(args[f.End:])
	if f.Has("e", "edit") {
		for _, o := range rest {
			w.effect(c, sc, Effect{Kind: Writes, Path: o, By: "sudoedit"})
		}
		return
	}
	if f.Has("l", "list", "v", "validate", "k", "K", "V", "version", "help", "remove-timestamp", "reset-timestamp") && !f.Has("s", "i") {
		return
	}
	w.run(rest, sc, via, in, false)
}

// optionsAssign records an assignment NAME=VALUE that env or sudo
// gives the command they run, to a variable whose value a program reads
// as its options (NODE_OPTIONS, GOFLAGS, GOENV, PYTEST_ADDOPTS): as the
// prefix of a command (see call), later commands are judged with it.
func (w *walker) optionsAssign(a Word) {
	name, v, _ := strings.Cut(a.Value, "=")
	switch name {
	case "NODE_OPTIONS", "GOFLAGS", "GOENV", "PYTEST_ADDOPTS":
		nv := Static(v)
		if a.Dynamic {
			nv = MakeWord(v, true, strings.TrimPrefix(a.Prefix(), name+"="), a.Suffix())
		}
		w.startupVar(name, nv)
	}
}

// splitAssigns reports whether env -S's string s starts with an
// assignment NAME=VALUE to a variable a program reads as code or as
// its options (GIT_EDITOR, BASH_ENV, PYTEST_ADDOPTS, …), which the
// parse of s leaves out of its command's words: env -S
// 'PYTEST_ADDOPTS=--basetemp=src pytest' deleted src.
func splitAssigns(s string) bool {
	for _, f := range strings.Fields(s) {
		f = strings.NewReplacer(`"`, "", `'`, "", `\`, "").Replace(f) // env -S takes quotes out
		name, _, ok := strings.Cut(f, "=")
		if !ok || !isAssign(f) {
			return false
		}
		if startupName(name) || isCommandVar(name) || isPromptVar(name) || name == "PATH" {
			return true
		}
	}
	return false
}

// isAssign reports whether s starts with NAME= (a valid variable name).
func isAssign(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// skipAssigns drops the NAME=VALUE words that start args.
func skipAssigns(args []Word) []Word {
	for len(args) > 0 && isAssign(args[0].Prefix()) {
		args = args[1:]
	}
	return args
}

var envSpec = Spec{Short: "0iu:C:S:P:v", Long: []string{"ignore-environment", "null", "unset=", "chdir=", "split-string=",
	"block-signal=?", "default-signal=?", "ignore-signal=?", "list-signal-handling", "debug", "argv0=", "help", "version"}}

// envRun: env [opts] [-] [NAME=VALUE…] [CMD…]; -S splits a string into
// words, -C changes directory.
func envRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	args := c.Args[1:]
	f := envSpec.parse(args, &w.mem)
	via := plus(c.Via, c.Name)
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	rest := args[f.End:]
	if len(rest) > 0 && !rest[0].Dynamic && rest[0].Value == "-" {
		rest = rest[1:]
	}
	saved := w.prefixEnv
	defer func() { w.prefixEnv = saved }()
	for _, a := range rest {
		if !isAssign(a.Prefix()) {
			break
		}
		name, v, _ := strings.Cut(a.Value, "=")
		if isCommandVar(name) {
			w.nested(strings.TrimLeft(v, "|!"), a.Dynamic, sc, plus(via, name+"="))
		}
		w.optionsAssign(a)
		if name == "BASH_ENV" || name == "ENV" {
			// env BASH_ENV=s.sh bash -c …: as the prefix of a command
			// (see call), each shell it runs first runs the file.
			p := MakeWord(v, a.Dynamic, strings.TrimPrefix(a.Prefix(), name+"="), a.Suffix())
			if !a.Dynamic {
				p = Static(v)
			}
			if len(w.prefixEnv) >= maxStartup {
				w.unknown(c.String()+" (too many start-up files)", via)
				return
			}
			w.prefixEnv = append(w.prefixEnv[:len(w.prefixEnv):len(w.prefixEnv)], p)
			w.scriptFile(p, in, sc, plus(via, name+"="), newShell)
		}
	}
	rest = skipAssigns(rest)
	sub := *sc
	if d, ok := f.Value("C", "chdir"); ok {
		sub.dir = joinDir(sub.dir, d)
	}
	if s, ok := f.Value("S", "split-string"); ok {
		if s.Dynamic {
			w.unknown(s.Value, via)
			return
		}
		split, err := Parse(s.Value)
		if err != nil || len(split.Commands) != 1 || split.Commands[0].Via != nil || splitAssigns(s.Value) {
			w.unknown(s.Value, via)
			return
		}
		rest = append(append([]Word(nil), split.Commands[0].Args...), rest...)
	}
	w.run(rest, &sub, via, in, false)
}
