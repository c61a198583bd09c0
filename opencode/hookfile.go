package opencode

import (
	"slices"
	"time"

	"github.com/agenthooks/hooks/hostfacts"
)

// HookFile implements hostfacts.HookFiler: OpenCode runs no hook
// commands; it loads the plugin modules of the project's .opencode/plugin/
// and of the user's $XDG_CONFIG_HOME/opencode/plugin/ (~/.config/...),
// and the installer writes this package's plugin there, one module per
// hook binary ([Adapter.RenderPlugin]). OpenCode also reads plugins/, and
// installs its own package into .opencode at start-up: measured with the
// e2e installer row and no .opencode prepared, 1.18.33 wrote
// node_modules/, package.json, package-lock.json and a .gitignore that
// names them (not plugin/) beside the installed plugin/<binary>.js, and
// the plugin's deny took effect in that same run. The plugin blocks
// every call when the hook cannot start (ErrorBlocks), and spawns it with
// no shell, so a command names the project's directory in no way
// (ProjectDir is empty: --binary-in-project is refused).
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"opencode"}, Title: "OpenCode", Dir: ".opencode/plugin",
		UserDir: "opencode/plugin", XDG: true, PluginModule: ".js", TimeoutUnit: time.Millisecond, ErrorBlocks: true}
}

// Forks implements hostfacts.Forker: Kilo Code CLI (kilo), which loads
// the same plugin from its own folders, the project's .kilo/plugin/ and
// the user's $XDG_CONFIG_HOME/kilo/plugin/ (the configuration notes in
// its 7.7.7 bundle say that it reads .kilo and the legacy .kilocode, and
// no .opencode; measured the same way as OpenCode, it wrote a .gitignore
// into .kilo and loaded the installed plugin). The hook answers it as
// OpenCode.
func (a *Adapter) Forks() []hostfacts.Fork {
	f := a.HookFile()
	f.Programs, f.Title, f.Dir, f.UserDir = []string{"kilo"}, "Kilo Code CLI", ".kilo/plugin", "kilo/plugin"
	return []hostfacts.Fork{{Host: "kilo", File: f}}
}

// RenderPlugin implements hostfacts.PluginRenderer: [Plugin] with argv,
// the callbacks that carry natives (both session events come through the
// event callback), and limit as the plugin's time limit.
func (*Adapter) RenderPlugin(argv, natives []string, limit time.Duration) ([]byte, error) {
	var cbs []string
	for _, n := range natives {
		cb := n
		if n == EventSessionCreated || n == EventSessionIdle {
			cb = CallbackEvent
		}
		if !slices.Contains(cbs, cb) {
			cbs = append(cbs, cb)
		}
	}
	if cbs == nil {
		cbs = []string{}
	}
	return Plugin(PluginConfig{Argv: argv, Timeout: limit, Callbacks: cbs})
}

// ReadPlugin implements hostfacts.PluginRenderer with [PluginConfigOf]:
// the event callback stands for both session events.
func (*Adapter) ReadPlugin(data []byte) (argv, natives []string, limit time.Duration, ok bool) {
	c, ok := PluginConfigOf(data)
	if !ok {
		return nil, nil, 0, false
	}
	for _, cb := range c.Callbacks {
		switch cb {
		case CallbackEvent:
			natives = append(natives, EventSessionCreated, EventSessionIdle)
		case CallbackBefore, CallbackAfter:
			natives = append(natives, cb)
		}
	}
	return c.Argv, natives, c.Timeout, true
}
