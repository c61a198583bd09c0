package codex

import (
	"time"

	"github.com/agenthooks/hooks/hostfacts"
)

// HookFile implements hostfacts.HookFiler: .codex/hooks.json, matcher groups,
// timeouts in seconds. Codex also runs the [hooks] of each layer's
// config.toml, the project's .codex/config.toml included (measured: case
// project-dot-codex-config-toml), where [features] hooks = false would
// also turn hooks off: it is in the footing (AlsoHooks), as the user's
// config.toml is for its trust.
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"codex"}, Title: "Codex", Dir: ".codex",
		Name: "hooks.json", TimeoutUnit: time.Second, HomeEnv: "CODEX_HOME", Trust: trust,
		UserTrust: trust, ProjectDir: projectDir, TrustFiles: []string{"config.toml"}, AlsoHooks: []string{"config.toml"}, LoginShell: true,
		JSON: hostfacts.JSONSettings{MatchAll: "*"}, Managed: managedHooks()}
}

// managedHooks is Codex's system layer, /etc/codex, whose hooks.json
// Codex reads beside its config.toml and whose hooks are managed: run
// without review or trust. 0.171's binary names /etc/codex/config.toml,
// /etc/codex/requirements.toml (where allow_managed_hooks_only lives, with
// [hooks] of its own, not written here) and /etc/codex/managed_config.toml.
func managedHooks() hostfacts.Managed {
	return hostfacts.Managed{
		Linux: "/etc/codex/hooks.json",
		Evidence: "the /etc/codex system layer read in the strings of the 0.171 binary; hooks.json there run untrusted " +
			"(no --dangerously-bypass-hook-trust) and its deny measured on Linux (e2e TestManagedScope); macOS and Windows not known",
	}
}

// projectDir names the project in a command. Codex sets no variable for
// it, runs a command with $SHELL -lc in the session's directory, which
// is a subdirectory of the project when codex starts there (it reads the
// project's .codex/hooks.json from the git root all the same), so the
// command asks git for the root, and takes the working directory outside
// a git repository, where Codex's project is the directory it starts in.
// Measured: e2e row portable-command, from the root and from a
// subdirectory (where a relative ./bin/guard never ran, and Codex ran the
// command the hook would have denied).
const projectDir = `"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"`

const trust = "Codex runs these hooks only once you trust them (/hooks in codex, or trusted_hash lines in config.toml); doctor prints the exact lines"

// HookEnv implements hostfacts.HookEnver: Codex gives its hooks its home
// directory, where the user's hooks.json is, in CODEX_HOME.
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"CODEX_HOME=" + userDir}
}
