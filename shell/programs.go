package shell

// programOf returns the effector of the program named name (a
// [Command.Name]), or nil when the tables do not know it. A program with
// an effector is [Command.Known] unless its effector says otherwise.
func programOf(name string) effector {
	switch programKind(name) {
	case inertProgram:
		return none
	case readerProgram:
		return readEffects
	}
	switch name {
	case "source", ".":
		return sourceEffects
	// Wrappers: what they run is a command of its own (runners.go).
	case "nohup", "noglob", "nocorrect", "busybox", "toybox", "unbuffer", "pkexec", "caffeinate", "setsid",
		"stdbuf", "nice", "ionice", "timeout", "chroot", "taskset", "chrt", "flock", "sudo", "doas", "xargs",
		"watch", "parallel", "sem", "su", "runuser", "sg", "valgrind", "firejail", "unshare", "prlimit",
		"systemd-run", "run0", "direnv", "nix-shell", "setpriv", "setarch", "linux32", "linux64", "i386",
		"x86_64", "fakeroot", "nsenter", "chronic", "catchsegv", "proxychains", "proxychains4", "torsocks",
		"sudo-rs", "please", "bunx", "uvx", "npx", "dotenvx", "at", "batch", "crontab":
		return none
	case "rimraf", "del", "del-cli", "shx":
		return nodeBinEffects
	case "rlwrap":
		return optionWrites(Spec{Short: "a::b:cC:D:e:f:F:g:H:il:nNoO:p::P:q:rRs:S:t:w:z:AhUv", Long: []string{"logfile=", "history-filename="}}, false, "l", "logfile", "H", "history-filename")
	case "strace", "ltrace":
		return optionWrites(straceSpec, false, "o", "output")
	case "time":
		return optionWrites(timeSpec, false, "o", "output")
	case "script":
		return scriptEffects
	case "perf":
		return perfEffects

	// Writers and deleters (writes.go).
	case "tee":
		return each(tee, Writes)
	case "sponge":
		return each(Spec{Short: "a"}, Writes)
	case "truncate":
		return each(truncate, Writes)
	case "touch":
		return each(touch, Writes)
	case "mkdir":
		return each(Spec{Short: "m:pvZ", Permute: true, Long: []string{"mode=", "parents", "verbose", "context=?"}}, Writes)
	case "mkfifo", "mknod":
		return each(Spec{Short: "m:Z", Permute: true, Long: []string{"mode=", "context=?"}}, Writes)
	case "fallocate":
		return each(Spec{Short: "cdil:o:npxvz", Permute: true, Long: []string{"collapse-range", "dig-holes",
			"insert-range", "length=", "offset=", "keep-size", "punch-hole", "posix", "zero-range", "verbose"}}, Writes)
	case "rm":
		return rmEffects
	case "unlink":
		return each(Spec{}, Deletes)
	case "rmdir":
		return each(rmdir, Deletes)
	case "shred":
		return shredWrites
	case "cp":
		return copyWrites(cp, false)
	case "mv":
		return copyWrites(mv, true)
	case "install":
		return installWrites
	case "ln":
		return copyWrites(ln, false)
	case "link":
		return copyWrites(Spec{}, false)
	case "dd":
		return ddWrites
	case "find":
		return findWrites
	case "sudoedit":
		return each(sudoSpec, Writes)
	case "chmod", "chown", "chgrp", "chattr", "setfacl", "chflags", "chcon":
		return metaEffects
	case "split", "csplit":
		return splitEffects
	case "mktemp":
		return mktempEffects
	case "ed", "red", "ex", "vi", "vim", "nvim", "view", "nano", "pico", "emacs", "micro", "joe", "mg":
		return editorEffects
	case "patch":
		return patchEffects
	case "sqlite3":
		return sqliteEffects
	case "openssl":
		return opensslEffects
	case "ssh-keygen":
		return sshKeygenEffects
	case "man":
		return manEffects
	case "history":
		return historyEffects
	case "enable":
		return enableEffects
	case "compgen":
		return compgenEffects
	case "numactl":
		return none
	case "rename", "prename", "file-rename", "perl-rename":
		return renameEffects
	case "gpg", "gpg2":
		return gpgEffects
	case "dotenv":
		return optionReads(dotenvSpec, "e")

	// Archives and compressors (archive.go).
	case "tar", "bsdtar", "gtar":
		return tarEffects
	case "zip":
		return zipEffects
	case "unzip":
		return unzipEffects
	case "7z", "7za", "7zr":
		return sevenZipEffects
	case "cpio":
		return cpioEffects
	case "ar":
		return arEffects
	case "funzip":
		return funzipEffects
	case "ditto":
		return dittoEffects
	case "pax":
		return paxEffects
	case "jar":
		return jarEffects
	case "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd", "unzstd", "lz4", "pigz",
		"unpigz", "brotli", "compress", "uncompress", "lzip":
		return compressEffects

	// The network and remote copies (net.go).
	case "curl":
		return curlEffects
	case "wget":
		return wgetEffects
	case "rsync":
		return rsyncEffects
	case "ssh", "scp", "sftp":
		return sshEffects
	case "docker", "podman", "nerdctl":
		return dockerEffects
	case "docker-compose", "podman-compose":
		return composeEffects
	case "kubectl", "oc":
		return kubectlEffects

	// Interpreters and programs whose words hold code (code.go).
	case "python", "python2", "python3", "pypy", "pypy3":
		return pythonEffects
	case "perl", "perl5":
		return perlEffects
	case "node", "nodejs", "tsx", "ts-node", "ts-node-esm", "vite-node", "esno":
		// The TypeScript runners run a file as node does (tsx x.ts).
		return nodeEffects
	case "deno":
		return denoEffects
	case "bun":
		return bunEffects
	case "ruby", "jruby":
		return rubyEffects
	case "php":
		return phpEffects
	case "lua", "luajit":
		return luaEffects
	case "tclsh", "wish", "expect", "tclsh8.6", "wish8.6":
		return tclEffects
	case "rscript", "r":
		return rEffects
	case "julia":
		return juliaEffects
	case "gdb":
		return gdbEffects
	case "tmux":
		return tmuxEffects
	case "awk", "gawk", "mawk", "nawk":
		return awkEffects
	case "sed":
		return sedEffects
	case "osascript":
		return osascriptEffects
	case "pwsh", "powershell":
		return pwshEffects
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "fish", "oksh", "loksh":
		return shellEffects

	// Version control and build tools (gitfx.go, build.go).
	case "git":
		return gitEffects
	case "go":
		return goEffects
	case "npm", "pnpm", "yarn":
		return npmEffects
	case "cargo":
		return cargoEffects
	case "make", "gmake":
		return makeEffects
	case "cmake":
		return cmakeEffects
	case "just":
		return justEffects
	case "task", "go-task":
		return taskEffects
	case "composer", "composer.phar":
		return composerEffects
	case "ctest":
		return ctestEffects
	case "meson":
		return mesonEffects
	case "ninja", "samu":
		return ninjaEffects
	case "gem":
		return gemEffects
	case "uv", "pipx":
		return pyToolEffects
	case "pip", "pip3":
		return pipEffects
	case "pytest", "py.test", "pytest-3":
		return pytestEffects
	case "poetry", "pipenv", "pdm", "hatch", "rye", "conda", "devbox", "bundle", "asdf", "mise", "nix":
		return subOnly
	}
	return nil
}

// none is the effector of a program that touches no file its words name.
func none(*walker, *Command, *scope, stdin) {}

// subOnly is the effector of a tool known only for the subcommands that
// run a command (runners.go): other uses are unknown.
func subOnly(w *walker, c *Command, sc *scope, in stdin) {
	if _, ok := runSub(c); !ok {
		c.Known = false
	}
}

// sourceEffects: source FILE (and . FILE) reads FILE and runs it as
// shell code, whose text is not read here.
func sourceEffects(w *walker, c *Command, sc *scope, _ stdin) {
	if f, ok := w.sourced(c); ok {
		w.reads(c, sc, f)
		w.runsCode(c, sc, "sh", Word{}, f)
	}
}

// The kinds of programKind.
const (
	otherProgram = iota
	inertProgram
	readerProgram
)

// programKind tells inert programs (they touch no file their words name
// and run no command of them: echo, printf, test, pwd, …) and readers
// (they only read the files their operands name, apart from the options
// of readerOf that write or run: cat, grep, less, head, diff, …) from
// others, in one switch: programOf asks it of every command.
func programKind(name string) int {
	switch name {
	case "echo", "printf", "true", "false", ":", "pwd", "whoami", "id", "groups", "date", "uname", "hostname",
		"which", "type", "whereis", "test", "[", "[[", "sleep", "yes", "seq", "basename", "dirname", "set", "unset",
		"shift", "exit", "return", "break", "continue", "wait", "jobs", "fg", "bg", "disown", "kill", "read",
		"getopts", "umask", "ulimit", "help", "clear", "tput", "expr", "let", "printenv", "nproc",
		"uptime", "ps", "df", "free", "locale", "tty", "arch", "logname", "users", "who", "w", "cd", "pushd",
		"popd", "chdir", "dirs", "hash", "shopt", "export", "declare", "local", "readonly", "typeset",
		"nameref", "times", "suspend", "logout", "caller", "complete", "compopt", "bind", "fc",
		"mapfile", "readarray", "cal", "factor", "numfmt", "tr", "env", "pgrep", "lsblk", "lscpu", "top", "htop",
		"vmstat", "iostat", "ss", "netstat", "sync", "alias", "unalias", "trap", "eval", "exec", "command",
		"builtin":
		return inertProgram
	case "cat", "tac", "nl", "more", "most", "head", "tail", "wc", "stat", "ls", "dir", "vdir", "du", "md5sum",
		"sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "sum", "strings", "od",
		"hexdump", "hd", "base32", "basenc", "cut", "paste", "join", "comm", "fold", "fmt", "pr", "expand",
		"unexpand", "column", "look", "rev", "zcat", "bzcat", "xzcat", "zstdcat", "lz4cat", "zless", "zmore",
		"bat", "batcat", "readlink", "realpath", "cmp", "diff", "diff3", "colordiff", "lsattr", "getfacl",
		"namei", "lsof", "fuser", "ldd", "nm", "objdump", "readelf", "size", "iconv", "tsort",
		"wdiff", "xmllint", "shellcheck", "shfmt", "cloc", "tokei", "gofmt", "file", "less", "tree", "sdiff",
		"sort", "shuf", "base64", "uniq", "xxd", "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "jq",
		"gojq", "yq":
		return readerProgram
	}
	return otherProgram
}

// optionReads returns an effector whose command reads the values of the
// named options (and touches nothing else its words name).
func optionReads(spec Spec, names ...string) effector {
	return func(w *walker, c *Command, sc *scope, _ stdin) {
		valueEffects(w, c, sc, w.flags(c, spec), Reads, names...)
	}
}

// dotenvSpec is the option spec of dotenv (dotenv-cli): dotenv [-e
// FILE]… [-v NAME=VALUE]… [--] CMD…; -c takes an optional attached
// environment name.
var dotenvSpec = Spec{Short: "e:v:c::p:o", Long: []string{"debug", "quiet"}}

// rmEffects: rm deletes its operands, Recursive with -r, -R or
// --recursive.
func rmEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Rm)
	w.keepFlags(c, &Rm, f) // read again by rule 1's rm options
	r := f.Has("r", "R", "recursive")
	for _, o := range f.Operands {
		w.deletes(c, sc, o, r)
	}
}
