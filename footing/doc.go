// Package footing knows a hook's footing: the files that keep a hook
// binary running on every host it may be registered with, and denies a
// tool call that would change one of them.
//
// The footing ([Of]) is, for the running binary and every host whose
// facts the adapters give ([hostfacts.HookFile]):
//
//   - each host's hook files in every scope: the project's and its
//     local file at the git root of the event's working directory, the
//     user's (moved by CLAUDE_CONFIG_DIR, CODEX_HOME, COPILOT_HOME,
//     XDG_CONFIG_HOME, …) and the managed ones; Cline's per-event script
//     folders; Copilot's per-binary folder; every folder an OpenCode or
//     Kilo plugin module loads from ([hostfacts.PluginModule.Loads]);
//   - the trust a host needs ([hostfacts.HookFile.TrustFiles]: Gemini
//     CLI's and Qwen Code's trustedFolders.json, Codex's config.toml with
//     its trusted_hash lines, Copilot CLI's config.json and settings.json);
//   - other files whose hooks the host also runs
//     ([hostfacts.HookFile.AlsoHooks]: Factory Droid's settings.json);
//   - the login profiles read by a host that runs hooks with $SHELL -lc
//     ([hostfacts.HookFile.LoginShell], Codex): bash's and zsh's, ZDOTDIR
//     honoured;
//   - the binary itself (its path as run and with links resolved) and,
//     since an installer may register it by name, a file of its name in
//     every directory on PATH, including those that do not hold it yet;
//   - the installer's state directory, where the decision log and its
//     lock live, and a log given by path;
//   - the policy files: /etc/agenthooks/policy.toml,
//     $XDG_CONFIG_HOME/agenthooks/policy.toml and the project's
//     .agenthooks/policy.toml.
//
// A path is in the footing when it is one of those files, lies under one
// of the folders, or is a directory that holds one of them (rm -rf
// .claude). Paths are compared cleaned and absolute, with symbolic links
// of the directories that exist resolved, and without regard to case on
// macOS and Windows.
//
// [Judge] denies a tool call that writes, deletes, moves, links or
// changes the mode of a footing path, by a host's file tools or by a
// shell command as package shell reads it (every writer it knows, a
// program it does not know naming the path, inline code naming it, git
// commands that rewrite it, judged against the repository's state; the
// shell scripts, package.json scripts, makefile recipes and git hooks a
// command runs, read from disk and judged by what they certainly do; the
// programs a build or a package manager writes into a folder that holds
// an entry, named from the packages on disk ([shell.Write.Programs]: go
// build and go install, npm link, cargo install, pip, uv tool, pipx); the
// Go code go runs, where it differs from HEAD; the GOFLAGS and npm
// script-shell a command takes from the environment and config files),
// and the binary's own install, uninstall or --observe run by the model.
// Reads stay allowed. hookmain runs it before a program's handlers on
// every tool event, unless the program opts out (hookmain.RunWith and
// hookmain.Options.EditsOwnFooting).
//
// Registration: a hook binary's install registers PreToolUse (the tool
// events of every host) even when its handlers have none, so that this
// protection runs on every host (see package hookmain).
package footing
