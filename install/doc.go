// Package install registers a hook binary with the hosts of package
// builtin (Claude Code, Cursor, Gemini CLI, Codex, Copilot CLI, Qwen Code,
// Factory Droid, Kimi Code, Cline CLI, OpenCode and its fork Kilo Code
// CLI), removes it again, and checks that the registration works.
//
// Install edits each host's configuration file in place: it adds one entry
// per event, recognised later by its command (the binary's absolute path
// and --host), and leaves every other byte of the file as it was,
// comments and key order included. Files in strict JSON stay strict JSON.
// Re-running Install changes nothing; Uninstall removes exactly what
// Install added. A host with no file of entries (Cline CLI,
// [hostfacts.FormatScripts]) gets one executable script per event,
// which execs the binary; a file of that name that is not ours is never
// overwritten. A host that loads plugins instead of running commands
// (OpenCode, [hostfacts.FormatPlugins]) gets one plugin module per
// binary, rendered by its adapter ([hostfacts.PluginRenderer]) with the
// command's words baked in, under the same rule (doctor and uninstall
// also look in every other folder the host loads modules from,
// [hostfacts.PluginModule].Loads, and install refuses while a module of
// ours for the same binary is there); a fork of a host
// ([hostfacts.Forker]: Kilo Code CLI) is a host of its own whose commands
// name the adapter's host. Writes are atomic and keep a backup of the previous file;
// a file that does not parse is never written.
//
// Doctor reports, per host and scope, whether the entries are there, runs
// the binary with a synthetic payload of each registered event and checks
// the answer is one the host accepts, and reports what would stop the host
// from running the hook (an untrusted Gemini folder or Codex hook, a
// Cursor file without "version": 1, hooks disabled). Where the host runs
// shell lines of its command files before any hook
// ([hostfacts.HookFile].Commands: OpenCode, Kilo Code CLI), doctor warns
// about each, naming the file and the line, since no hook can stop it.
//
// For a file a team commits, Options.ProjectBinary (--binary-in-project
// bin/guard) writes commands that reach a binary kept in the project
// through the project directory each host gives its hooks
// ([hostfacts.HookFile.ProjectDir]: "$CLAUDE_PROJECT_DIR"/bin/guard under
// Claude Code), and Options.PathBinary (--binary-on-path guard) commands
// that run a program on PATH; both work on every clone.
//
// With Options.Gateway (--gateway URL) the hooks ask a policy gateway
// (package hookhttp) instead: Claude Code gets HTTP hooks that call it,
// the other hosts the binary's command with --gateway, which needs a
// binary built as a gateway bridge (bridgemain.Main); Doctor reports one
// that is not.
//
// The installer knows no host by name: it learns each one's facts from
// its adapter in package builtin. The hook file's layout and trust
// advice come from [hostfacts.HookFile] ([hostfacts.HookFiler]), alternative
// registrations from [hostfacts.Layouter], tighter time limits from
// [hooks.EventTimeouter], the environment a hook runs in from
// [hostfacts.HookEnver], sample payloads from [hostfacts.Sampler], whether the
// host accepts an answer from [hostfacts.CheckAnswer], and the host's
// settings that stop hooks (switches, folder and entry trust) from
// [hostfacts.SettingsChecker]. Adding a host touches its own package and
// one line of builtin. One format stays the installer's own: the HTTP
// hooks written for a gateway are Claude Code's ({"type": "http", …},
// checked against its allowedHttpHookUrls and httpHookAllowedEnvVars
// settings), for each host whose [hostfacts.HookFile] says HTTP, except on
// its NoHTTP events.
//
// The [Managed] scope writes the host's managed (system) settings file,
// which an administrator owns and every user of the machine gets, where
// the host's [hostfacts.HookFile].Managed names one (Claude Code's
// managed-settings.json, Gemini CLI's system settings.json, Codex's
// /etc/codex/hooks.json); a host with none is refused by name and nothing
// is written. Options.ManagedOnly also sets the host's switch that runs
// managed hooks only (Claude Code's allowManagedHooksOnly), which
// Uninstall takes out again unless the file had it before; Doctor says per
// host whether it honours a managed scope and whether the file is there
// and ours. Options.SystemRoot moves the file system's root for tests.
//
// Main is the command-line front end (install, uninstall, doctor) that
// every hook binary built with hookmain exposes.
//
// The package uses only the standard library, and no network package,
// because hook binaries link it.
package install
