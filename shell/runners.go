package shell

import "strings"

// A runner walks what a command runs: the command its arguments name, or
// the script they hold. same reports that the command runs in the shell
// of sc (a cd it runs changes sc).
type runner func(w *walker, c *Command, sc *scope, in stdin, same bool)

// runnerOf returns the runner of the command named name, or nil. See the
// package documentation for the list and its rules.
func runnerOf(name string) runner {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "fish", "oksh", "loksh":
		return shellRun
	case "eval":
		return evalRun
	case "source", ".":
		return sourceRun
	case "trap":
		return trapRun
	case "alias":
		return aliasRun
	case "hash":
		return hashRun
	case "mapfile", "readarray":
		return mapfileRun
	case "complete", "compgen", "bind":
		return completeRun
	case "exec":
		return argvRun(Spec{Short: "cla:"}, 0, false)
	case "command":
		return commandRun
	case "builtin":
		return argvRun(Spec{}, 0, true)
	case "nohup", "noglob", "nocorrect", "busybox", "toybox":
		return argvRun(Spec{}, 0, false)
	case "unbuffer":
		return argvRun(Spec{Short: "p"}, 0, false)
	case "pkexec":
		return argvRun(Spec{Long: []string{"user=", "disable-internal-agent", "keep-cwd"}}, 0, false)
	case "caffeinate":
		return argvRun(Spec{Short: "dimsuw:t:"}, 0, false)
	case "setsid":
		return argvRun(Spec{Short: "cfw", Long: []string{"ctty", "fork", "wait"}}, 0, false)
	case "stdbuf":
		return argvRun(Spec{Short: "i:o:e:", Long: []string{"input=", "output=", "error="}}, 0, false)
	case "nice":
		return niceRun
	case "ionice":
		return ioniceRun
	case "timeout":
		return argvRun(Spec{Short: "k:s:v", Long: []string{"foreground", "kill-after=", "preserve-status", "signal=", "verbose"}}, 1, false)
	case "time":
		return argvRun(timeSpec, 0, false)
	case "chroot":
		return argvRun(Spec{Long: []string{"userspec=", "groups=", "skip-chdir"}}, 1, false)
	case "taskset":
		return pidless(Spec{Short: "acp", Long: []string{"all-tasks", "cpu-list", "pid"}}, 1, "p", "pid")
	case "chrt":
		return pidless(Spec{Short: "abdfiormpRvT:P:D:", Long: []string{"all-tasks", "batch", "deadline", "fifo", "idle",
			"other", "rr", "max", "pid", "reset-on-fork", "verbose", "sched-runtime=", "sched-period=", "sched-deadline="}}, 1, "p", "pid")
	case "flock":
		return flockRun
	case "sudo":
		return sudoRun
	case "docker", "podman", "nerdctl", "docker-compose", "podman-compose":
		return containerRun
	case "doas":
		return argvRun(Spec{Short: "a:C:Lnsu:"}, 0, false)
	case "env":
		return envRun
	case "xargs":
		return xargsRun
	case "find":
		return findRun
	case "watch":
		return watchRun
	case "parallel":
		return parallelRun
	case "at", "batch":
		return atRun
	case "crontab":
		return crontabRun
	case "su", "runuser", "sg", "script":
		return suRun
	case "git":
		return gitRun
	case "strace", "ltrace":
		return pidless(straceSpec, 0, "p", "attach")
	case "unshare":
		return argvRun(unshareSpec, 0, false)
	case "valgrind", "firejail", "prlimit", "systemd-run", "run0":
		return dashRun(0)
	case "direnv":
		return subRun("exec", 1)
	case "uv":
		return uvRun
	case "poetry", "pipenv", "pdm", "hatch", "rye", "conda", "devbox":
		return subRun("run", 0)
	case "bundle", "asdf", "mise":
		return subRun("exec", 0)
	case "npm", "pnpm":
		return npmRun
	case "nix-shell":
		return nixShellRun
	case "setpriv":
		return argvRun(setprivSpec, 0, false)
	case "setarch":
		return setarchRun
	case "linux32", "linux64", "i386", "x86_64":
		return argvRun(setarchSpec, 0, false)
	case "fakeroot":
		return argvRun(Spec{Short: "l:s:i:b:uhv", Long: []string{"lib=", "faked=", "unknown-is-real", "help", "version"}}, 0, false)
	case "nsenter":
		return argvRun(nsenterSpec, 0, false)
	case "perf":
		return perfRun
	case "chronic":
		return argvRun(Spec{Short: "ev"}, 0, false)
	case "catchsegv":
		return argvRun(Spec{}, 0, false)
	case "proxychains", "proxychains4":
		return argvRun(Spec{Short: "qf:"}, 0, false)
	case "torsocks":
		return argvRun(Spec{Short: "u:p:a:P:idqh", Long: []string{"user=", "pass=", "address=", "port=", "isolate",
			"debug", "quiet", "help", "version", "shell"}}, 0, false)
	case "rlwrap":
		return argvRun(Spec{Short: "a::b:cC:D:e:f:F:g:H:il:nNoO:p::P:q:rRs:S:t:w:z:AhUv", Long: []string{"always-readline=?",
			"break-chars=", "complete-filenames", "command-name=", "history-no-dupes=", "extra-char-after-completion=",
			"file=", "history-format=", "forget-matching=", "history-filename=", "case-insensitive", "logfile=",
			"no-warnings", "one-shot", "only-cook=", "prompt-colour=?", "pre-given=", "quote-characters=", "remember",
			"renice", "histsize=", "substitute-prompt=", "set-term-name=", "polling", "filter=", "ansi-colour-aware",
			"help", "mirror-arguments", "version", "no-children", "multi-line=?"}}, 0, false)
	case "sem":
		return semRun
	case "sudo-rs", "please":
		return sudoRun
	case "npx", "bunx", "uvx":
		return npxRun
	case "pipx":
		return subArgvRun("run", Spec{Long: []string{"spec=", "python=", "pip-args=", "index-url=", "editable",
			"no-cache", "verbose", "quiet", "system-site-packages", "fetch-missing-python"}})
	case "nix":
		return nixRun
	case "yarn":
		return yarnRun
	case "dotenv":
		return argvRun(dotenvSpec, 0, false)
	case "numactl":
		return argvRun(Spec{Short: "i:p:m:N:C:lsHab:", Long: []string{"interleave=", "preferred=", "preferred-many=",
			"membind=", "cpunodebind=", "physcpubind=", "localalloc", "show", "hardware", "all", "balancing",
			"offset=", "length=", "strict", "huge", "touch", "weighted-interleave="}}, 0, false)
	}
	return nil
}

// plus returns via with name appended, without sharing via's array.
func plus(via []string, name string) []string {
	return append(via[:len(via):len(via)], name)
}

// viaOf is plus(c.Via, c.Name): the via of what c runs. A program run
// at the top level gets a slice of the walk's few last ones when one
// names it (a via is never changed in place, only appended to by plus,
// which copies it), so that a script of many git or find commands does
// not allocate one each.
func (w *walker) viaOf(c *Command) []string {
	if len(c.Via) > 0 {
		return plus(c.Via, c.Name)
	}
	for _, v := range w.topVia {
		if len(v) == 1 && v[0] == c.Name {
			return v
		}
	}
	var v []string
	if n := w.nVia; n < len(w.viaRoom) {
		w.viaRoom[n] = c.Name
		v = w.viaRoom[n : n+1 : n+1]
		w.nVia++
	} else {
		v = []string{c.Name}
	}
	copy(w.topVia[1:], w.topVia[:])
	w.topVia[0] = v
	return v
}

// unknown records a command that runs something not known statically.
func (w *walker) unknown(text string, via []string) {
	w.add(&Command{Args: []Word{{Value: text, Dynamic: true}}, Dynamic: true, Via: via})
}

// nested walks the script src that via runs; a dynamic script is an
// unknown command.
func (w *walker) nested(src string, dynamic bool, sc *scope, via []string) {
	if w.err != nil {
		return
	}
	if dynamic {
		w.unknown(src, via)
		return
	}
	w.fail(w.script(src, sc, via))
}

// nestedWord walks the script held in word s.
func (w *walker) nestedWord(s Word, sc *scope, via []string) {
	w.nested(s.Value, s.Dynamic, sc, via)
}

// argvRun returns a runner for a wrapper with options spec that skips
// skip operands and runs the rest as a command.
func argvRun(spec Spec, skip int, same bool) runner {
	return func(w *walker, c *Command, sc *scope, in stdin, _ bool) {
		args := c.Args[1:]
		f := spec.parse(args, &w.mem)
		if len(f.Unsure) > 0 {
			w.unknown(c.String(), plus(c.Via, c.Name))
			return
		}
		rest := args[f.End:]
		if skip > len(rest) {
			return
		}
		w.run(rest[skip:], sc, plus(c.Via, c.Name), in, same)
	}
}

// pidless is argvRun for a wrapper that runs no command with one of the
// options pid (it acts on a running process).
func pidless(spec Spec, skip int, pid ...string) runner {
	return func(w *walker, c *Command, sc *scope, in stdin, same bool) {
		f := spec.parse(c.Args[1:], &w.mem)
		if f.Has(pid...) {
			return
		}
		argvRun(spec, skip, false)(w, c, sc, in, same)
	}
}

// dashRun returns a runner for a wrapper whose options all start with a
// dash and take no separate value.
func dashRun(skip int) runner {
	return argvRun(Spec{}, skip, false)
}

// subRun returns a runner for a tool whose subcommand sub runs a command
// (uv run CMD, bundle exec CMD), after options and skip operands.
func subRun(sub string, skip int) runner {
	return func(w *walker, c *Command, sc *scope, in stdin, _ bool) {
		args := c.Args[1:]
		for i, a := range args {
			if a.Dynamic {
				return
			}
			if a.Value == sub {
				argvRun(Spec{}, skip, false)(w, &Command{Name: c.Name + " " + sub, Args: args[i:], Via: c.Via}, sc, in, false)
				return
			}
			if !strings.HasPrefix(a.Value, "-") {
				return
			}
		}
	}
}

// uvSpec is uv run's options (those that take a value).
var uvSpec = Spec{Short: "p:ms", Long: []string{"with=", "with-requirements=", "with-editable=", "python=", "package=",
	"extra=", "group=", "env-file=", "index=", "default-index=", "directory=", "project=", "no-project", "isolated",
	"frozen", "locked", "no-sync", "all-extras", "all-packages", "no-dev", "only-dev", "quiet", "verbose", "script",
	"module", "offline", "active", "no-active"}}

// uvRun: uv run CMD runs CMD, as subRun does; a first word ending in
// .py (or with --script) is a Python script uv runs with its
// interpreter, and -m/--module a module (uv run wipe.py is python3
// wipe.py).
func uvRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	sub, ok := c.Subcommand(Spec{Long: []string{"directory=", "project=", "cache-dir=", "config-file="}})
	if !ok || sub[0].Dynamic || sub[0].Value != "run" {
		return
	}
	f := uvSpec.parse(sub[1:], &w.mem)
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), plus(c.Via, c.Name))
		return
	}
	rest := sub[1+f.End:]
	if len(rest) == 0 {
		return
	}
	if first := rest[0]; f.Has("script", "module", "m", "s") || !first.Dynamic && strings.HasSuffix(first.Value, ".py") {
		py := Static("python3")
		if f.Has("module", "m") {
			rest = append([]Word{py, Static("-m")}, rest...)
		} else {
			rest = append([]Word{py}, rest...)
		}
	}
	w.run(rest, sc, plus(c.Via, c.Name+" run"), in, false)
}
