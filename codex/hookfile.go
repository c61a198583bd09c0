package codex

import (
	"time"

	"github.com/agenthooks/hooks/hostfacts"
)

// HookFile implements hostfacts.HookFiler: .codex/hooks.json, matcher groups,
// timeouts in seconds.
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"codex"}, Title: "Codex", Dir: ".codex", Name: "hooks.json", TimeoutUnit: time.Second, MatchAll: "*", HomeEnv: "CODEX_HOME",
		Trust: trust, UserTrust: trust}
}

const trust = "Codex runs these hooks only once you trust them (/hooks in codex, or trusted_hash lines in config.toml); doctor prints the exact lines"

// HookEnv implements hostfacts.HookEnver: Codex gives its hooks its home
// directory, where the user's hooks.json is, in CODEX_HOME.
func (*Adapter) HookEnv(project, userDir, session string) []string {
	return []string{"CODEX_HOME=" + userDir}
}
