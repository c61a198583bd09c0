// Package shell reads a shell command as the shell sees it: every simple
// command it may run, wherever it sits, with its words after quote
// removal, and every file it may write. It is built on the parser of
// mvdan.cc/sh (the one behind shfmt) and reads bash syntax.
//
// [Parse] returns a [Script]: its [Command] values and its [Write] values.
// A command is found in lists, pipelines, subshells, groups, the bodies of
// if, while, until, for, select and case, function bodies, command and
// process substitutions (backquotes too), the defaults of parameter
// expansions, arithmetic and tests. Its [Word] values are the words the
// program receives: `"rm"`, `\rm`, `r'm'` and `$'\x72m'` are all rm, and
// brace expansion is done (`rm -{r,f}` is `rm -r -f`). What is known only
// at run time is marked, never guessed: a dynamic name ($x, $(…), a glob
// such as /bin/r?) makes the command [Command.Dynamic]; a dynamic argument
// is a [Word] with Dynamic set. A script that does not parse is an error.
//
// # Nested scripts and wrappers
//
// Commands that run a script or a command given as an argument are
// followed, and what they run is reported too, with [Command.Via] naming
// them:
//
//   - shells (sh, bash, zsh, dash, ksh, mksh, ash, yash, posh, rbash,
//     fish): the script of -c, in any option cluster (-c, -lc, -ec,
//     -o pipefail -c, --command for fish); with no -c and no script file,
//     or with -s, the script the shell reads on standard input (see
//     Standard input below); the file BASH_ENV or ENV names, assigned
//     before the shell or anywhere earlier in the script (export, declare,
//     read, printf -v: a [RunsCode] effect on each shell after, with its
//     Path; a value known only at run time is a dynamic command);
//   - eval (its words joined), source and . of standard input or a
//     process substitution (dynamic), trap's action, alias values (they
//     run when the alias is used);
//   - command runners: command (not with -v or -V), builtin, exec,
//     nohup, noglob, nocorrect, nice, ionice, timeout, time, stdbuf,
//     setsid, chroot, taskset, chrt, flock (also -c), unbuffer, pkexec,
//     caffeinate, strace, ltrace, valgrind, firejail, unshare, prlimit,
//     systemd-run, run0, busybox and toybox (their applet), sudo and
//     doas with their options (sudo -e writes the files it edits), env
//     with its options and NAME=VALUE words (-S splits its string, -C
//     changes the directory), xargs (words read from standard input are a
//     dynamic argument), find -exec, -execdir, -ok and -okdir ({} is a
//     dynamic argument), watch (its words run through sh -c, or as a
//     command with -x), GNU parallel, su, runuser, sg and script with -c,
//     nix-shell --run, and the run or exec subcommands of uv, poetry,
//     pipenv, pdm, hatch, rye, conda, devbox, bundle, pnpm, npm, asdf,
//     mise and direnv; setpriv, setarch, linux32, linux64, fakeroot,
//     nsenter, perf stat|record|…, chronic, catchsegv, proxychains,
//     torsocks, rlwrap, sem, dotenv, npx, bunx, uvx, npm and pnpm exec and
//     dlx, yarn exec and dlx, pipx run, nix develop|shell --command, and
//     runuser -u USER CMD;
//   - programs' options that run a command here: git rebase -x, difftool
//     -x, bisect run, submodule foreach, filter-branch filters,
//     --upload-pack, --receive-pack, ext:: URLs and aliases defined with
//     -c (an alias to a git command is reported as that git command),
//     tar -I, --use-compress-program, --to-command and
//     --checkpoint-action=exec=, zip -TT, rsync -e, ssh, scp and sftp -o
//     ProxyCommand/LocalCommand/KnownHostsCommand, scp -S, man -P, rg
//     --pre, sort --compress-program, go -toolexec, sed's e command,
//     cmake -E env, chdir and time (cmake -E's other tools are the
//     commands they stand for: remove_directory is rm -rf, copy is cp);
//   - settings that programs run as commands: git -c KEY=VALUE and git
//     config KEY VALUE for command keys (alias.* starting with "!",
//     core.pager, core.editor, core.sshCommand, credential helpers,
//     filters, …), and the variables GIT_SSH_COMMAND, GIT_PAGER, PAGER,
//     EDITOR, VISUAL, GIT_EDITOR, GIT_SEQUENCE_EDITOR, GIT_EXTERNAL_DIFF,
//     PROMPT_COMMAND, MANPAGER, LESSOPEN, LESSCLOSE and the *_ASKPASS
//     programs, when assigned or exported.
//
// A nested script whose text is not static (`bash -c "$x"`, `eval
// "$cmd"`, a here-document with expansions fed to a shell) is a
// [Command.Dynamic] command. A wrapper whose options hold a dynamic word
// that may be an option is too, since where its command starts is
// unknown.
//
// Other programs' words are data, with their effects (see Effects and
// writes). What a program does inside is not seen: a script file it runs
// (sh ./x.sh, make, npm run) unless [Parser.Files] reads it, code in
// another language (python -c, perl -e: a [RunsCode] effect with the
// text), a remote command (ssh host 'rm …', kubectl exec), or an alias
// or function defined outside the script.
//
// What a container runs (docker, podman or nerdctl run, create or exec;
// compose run or exec) is walked as a command run elsewhere: its paths,
// in the container's folders, are mapped through the bind mounts the
// command shows (-v, --mount) to this machine's. A path under no mount is
// the container's own and no effect here; where the container may have
// mounts the command does not show (exec, compose, --privileged, a host
// namespace) it is a dynamic path, "${CONTAINER}/app/src", and a path
// relative to a -w folder not given is "${WORKDIR}/…".
//
// # Script files
//
// Package shell reads no file. A caller that runs beside the files sets
// [Parser.Files]: the shell scripts a command runs (bash x.sh, source
// x.sh, ./x.sh with a shell's #! line or none), the package.json scripts
// npm, pnpm, yarn and bun run, the recipes make runs, and the commands
// of just, deno task, composer and go-task (justfile, deno.json,
// composer.json, Taskfile.yml) are then read
// and walked as nested scripts, their commands marked by [Command.ScriptFile], and
// [Script.FromFiles] gives what they do apart from the command's own
// words. [Script.RunsFiles] says whether a second parse with Files can
// find anything; [Script.Definite] keeps what is known before the script
// runs, which is what a policy may fairly judge a file a project ships
// by.
//
// # Standard input and descriptors
//
// What a command reads on standard input is followed wherever it goes:
// into groups, subshells, if, while, for and case bodies, function bodies
// (a function called with input is walked again with it), each stage of
// a pipeline, and the script of sh -c. Here-documents, here-strings, a
// pipe from echo or printf of static words (what bash would write,
// exactly: echo without options or with -n, printf with a plain format or
// %s and %s\n), < <(cmd) likewise, N<&M and {var}<&… duplication, and
// exec redirections that stay for the commands after them (exec
// 3<<<'…'; bash <&3) are all content a shell may read as its script. A
// shell that reads a script whose content is not static (a pipe from
// another program, a descriptor this package did not see opened) is a
// [Command.Dynamic] command.
//
// # Code hidden in data
//
// Text that bash runs as code is walked as a nested script where it is
// defined or where it runs:
//
//   - aliases: alias NAME=VALUE walks VALUE when defined, and a command
//     named NAME later in the same shell is walked as VALUE followed by
//     its words (whether or not expand_aliases is on: sh, dash, zsh, ksh
//     and interactive shells expand them by default); hash -p PATH NAME
//     makes NAME run PATH;
//   - arithmetic: bash evaluates a variable's value as an expression
//     wherever it is read as arithmetic, and expands an array subscript
//     in it, so x='a[$(rm -rf d)]' runs rm in $((x)), ((x)), let,
//     for ((…)), [[ $x -eq 0 ]], declare -i and -i variables, ${a[x]},
//     ${s:x}, ${!x}, a[$x]=…, read "a[$x]", printf -v "a[$x]", test -v
//     "a[$x]" and mapfile. A static value holding a subscript with a
//     substitution is walked where it is assigned; a variable the script
//     sets to a value not known statically (x=$(…), read, mapfile,
//     printf -v, for over dynamic words) that reaches arithmetic is a
//     [Command.Dynamic] command. Variables the script does not set come
//     from the host's environment and are not followed;
//   - prompts: PS0 to PS4 are expanded (PS4 for each command traced under
//     set -x): their substitutions are walked when assigned;
//     PROMPT_COMMAND and the variables programs run (see above) too;
//   - callbacks: trap's action, mapfile and readarray -C, complete -C,
//     bind -x.
//
// # Limits
//
// [Parser.Parse] costs time and memory linear in the input, within the
// limits of a [Parser] (documented with their defaults there): past one,
// it returns a [*LimitError] that matches [ErrLimit], and a caller should
// treat the script as one it cannot check. It stops when its context is
// done. [Parse] is Parser.Parse with the default limits.
//
// # Effects and writes
//
// Every command has [Command.Effects]: the files it reads, writes and
// deletes (Recursive when a directory tree may go: rm -r, find -delete,
// find -exec rm, rsync --delete, git clean -f, tar --remove-files, zip
// -rm, …) and the code in another language it runs ([RunsCode]: python
// -c, perl -e, node -e, ruby -e, awk programs, sed scripts, …, with the
// code text kept), by tables of programs with option specs that know
// which options take a value. [Command.Known] reports that the tables
// know the program; a known program whose effects are all [Reads] only
// reads (cat, grep, less, head, diff, source, …). For a program not in
// the tables the rule fails safe: every operand that could name a file
// is an [Unknown] effect, and a word that names a known command starts a
// command of its own (mywrap rm -rf d reports rm -rf d via mywrap). The
// README of the package lists the tables, the rule and what they do not
// see.
//
// [Script.Writes] are the targets of the redirections >, >>, >|, &>, &>>,
// <> and >&FILE (with any descriptor number: 2>, 3>>), except /dev/null,
// /dev/stdout, /dev/stderr, /dev/stdin, /dev/tty and /dev/fd/N; and every
// Writes (not [Effect.Meta]), Deletes and Unknown effect, with
// [Write.Delete], [Write.Recursive] and [Write.Maybe] (an Unknown
// effect: a possible write by a program the tables do not know). For cp,
// mv, install and ln, -t DIR puts each source in DIR; otherwise the last
// operand is written both as a file and, since it may be a directory, as
// DIR/name-of-source. A relative path is joined to the directory that a
// static cd earlier in the same shell moved to (cd sub && echo > .env
// writes sub/.env). A cd may fail, and the commands after it then run
// where the shell was: both directories are kept, unless the cd is
// checked (cd x && …, and in a chain a && cd x && b each command runs
// only when all before it succeeded). After a cd whose target is
// dynamic, or that may or may not have run (inside an if, a loop, after
// ||), the directory is dynamic. A function runs where it is called: its
// body is walked again for a call from another directory, and in the
// caller's shell when it changes the directory (f() { cd /tmp/x; }; f &&
// rm -rf d deletes /tmp/x/d). A for loop over static words or globs (at
// most 8) whose body only expands its variable is walked once an item,
// the variable bound to it: "$d" quoted holds one match of a glob, so
// for d in packages/*; do rm -rf "$d/node_modules"; done deletes
// packages/*/node_modules; unquoted, or where the body may run code later
// or elsewhere (a function, an alias, a trap, sh -c), it stays known only
// at run time. Writes that happen inside a program (a script file, git
// checkout of a branch, a compiler's outputs other than -o) are not seen.
//
// # Options
//
// A [Spec] parses a command's options the way GNU getopt_long does:
// clustered short options (-rf), values attached or separate (-tDIR,
// -t DIR), long options abbreviated to an unambiguous prefix (--recur is
// --recursive), "--" ending the options, and with [Spec.Permute] options
// after operands. [Rm] is rm's spec.
package shell
