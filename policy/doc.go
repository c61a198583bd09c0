// Package policy reads a team's policy as data: TOML files in three
// layers that add rules in front of a hook's own handlers without
// rebuilding it. examples/guard reads them; any hook built on this
// module can, in a few lines (see the Example).
//
// # Layers
//
// [Load] reads, in this order, the files that exist:
//
//   - managed ([Managed]): /etc/agenthooks/policy.toml on Linux and other
//     Unix systems, /Library/Application Support/AgentHooks/policy.toml on
//     macOS, C:\ProgramData\AgentHooks\policy.toml on Windows (the
//     default %ProgramData%, fixed: the user sets the hook's environment):
//     written by an administrator, read-only to the user;
//   - user ([User]): $XDG_CONFIG_HOME/agenthooks/policy.toml, or
//     ~/.config/agenthooks/policy.toml when XDG_CONFIG_HOME is unset or
//     not absolute (on every system, so that one path is documented);
//   - project ([Project]): .agenthooks/policy.toml at the git root of the
//     event's working directory: the nearest directory, walking up from
//     it, that holds a .git entry (a directory, or the file of a worktree
//     or submodule). git is not run. With no .git above, there is no
//     project layer.
//
// A project file is as trusted as the repository that holds it: its
// allow rules approve calls the host would otherwise ask the user about,
// as the host's own project settings can. A managed file with locked =
// true takes that away. Only regular files are read (not a FIFO or a
// device, which would hang the hook), of at most [MaxFileSize] bytes.
//
// With no file, Load returns a nil [*Set] and costs a few stat calls:
// no TOML is parsed and nothing changes.
//
// # Vocabulary
//
// Every key is optional unless said otherwise. A key this package does
// not know, a value of the wrong type, a bad glob, a bad decision, a
// duplicate rule name and a missing required key are errors that name
// the file, the line and the key ([*Error]): a rules file fails loudly.
//
//	version = 1                   # required; the only version so far
//
//	[guard]                       # the shipped guard's knobs
//	scratch = ["out", ".cache"]   # more directory names rule 1 treats as scratch (names, not paths)
//	secrets = ["*.pem", ".npmrc"] # more files rule 3 protects, globs; a leading ~/ is the user's home
//	upload_hosts = ["artifacts.example.com"] # hosts rule 7 lets a credential file be sent to (see CheckUploadHost)
//	locked = true                 # managed file only: lower layers cannot weaken anything
//
//	[[rule]]
//	name = "no-npm-publish"       # required, unique across all layers
//	command = "npm publish"       # program and leading words, as package shell reads the command
//	flags = ["--force"]           # with command: any of these flags present
//	reads = "~/.ssh/**"           # a path glob any tool or program would read
//	writes = "secrets/**"         # … would write or create
//	deletes = "migrations/**"     # … would delete
//	event = "PreToolUse"          # a unified event name (default: PreToolUse and PermissionRequest)
//	tool = "shell|mcp"            # tool kinds: shell read write edit patch delete mcp other
//	mcp = "github/*"              # server/tool glob of an MCP call
//	hosts = ["claude", "codex"]   # the hosts it applies to (default: all)
//	decision = "deny"             # required: deny | ask | allow | context | judge
//	reason = "publishing is done by CI" # what the model is told (required but for allow)
//	mode = "observe"              # decided and logged, not enforced (staged rollout)
//	judge_fail = "ask"            # judge only: what stands with no verdict (ask | deny | allow)
//
// A rule needs at least one of command, reads, writes, deletes, tool or
// mcp, so that a rule with a typo in its only condition cannot match
// everything. All the conditions a rule has must hold for it to match.
//
// # Commands
//
// command is matched against every command package shell finds in a
// shell tool call: in lists, pipelines, subshells, bash -c, eval, sudo,
// env, xargs, find -exec and the other wrappers it follows. Its first
// word is the program, compared by base name and case as package shell
// names it (/usr/bin/npm, NPM and npm.exe are npm); its other words are
// the program's leading operands: the subcommand, after the options that
// come before it (git -C dir -c k=v push is git push; npm --prefix x
// publish is npm publish). So `command = "npm publish"` matches `npm
// publish`, `sudo npm publish --tag x` and `bash -c 'cd a && npm
// publish'`, and leaves `npm run publish-docs` and `echo npm publish`
// alone. npm runs a command named by a unique prefix of two letters or
// more (`npm pu` is npm publish, measured with npm 11), so for npm the
// first word after the program matches as a prefix too; other aliases
// (npm i for npm install) need a rule of their own. A command known only
// at run time (`$x publish`, `npm $sub`) cannot be checked: a deny or ask
// command rule then denies the call (Verdict.Unseen), as the guard's rule
// 4 does; an allow or context rule does not match it.
//
// flags lists options: "--force" matches --force and --force=x, "-f"
// matches -f and a cluster such as -fq.
//
// # Paths
//
// reads, writes and deletes are globs: * matches within one path element,
// ** any number of elements, ? one character, [abc] a class. A glob
// without a slash matches a file name anywhere (*.pem); one with a slash
// is matched against the path relative to the event's working directory
// and against the absolute path (a leading ~/ is the user's home). The
// paths are those of a read, write, edit, patch or delete tool, and
// those package shell finds a command reads, writes or deletes. A path
// known only at run time matches when its static file name matches a
// glob without a slash. On macOS and Windows, whose file systems ignore
// case, globs do too. Not seen: a file read through an input redirection
// (`cat < key.pem`: package shell reports the program's own reads only),
// a path reached through a symbolic link the command makes, and what a
// script file or another language's code reads (python x.py).
//
// # Precedence
//
// Across all layers deny beats ask, ask beats allow: an allow never lifts
// a deny or an ask of another rule, another layer, or the built-in rules
// of the hook that evaluates them (exceptions to built-in rules go
// through their knobs). context rules add their reason to the model's
// context whatever the verdict. A managed file with locked = true makes
// the lower layers' weakening keys (guard scratch and upload_hosts
// additions, allow rules) ignored, each with a warning ([Set.Warnings]).
//
// # The gray zone: judge
//
// A rule with decision = "judge" is decided, when it matches, by a model
// asked about the call's facts ([Set.Judge], a [Judger]: a gateway's,
// examples/gateway -judge-url); its reason is the instructions the judge
// is given ("allow read-only listings; deny anything that deletes"). Its
// verdict takes part in the precedence as the rule's decision would. A
// verdict that cannot be had (no judge where the rule is evaluated: every
// hook process; a timeout; an answer that is not a verdict) is the rule's
// judge_fail, ask by default.
package policy
