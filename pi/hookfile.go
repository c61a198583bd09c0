package pi

import (
	"time"

	"github.com/agenthooks/hooks/hostfacts"
)

// HookFile implements hostfacts.HookFiler: Pi runs no hook commands; it
// loads extension modules, and the installer writes this package's
// extension into the project's .pi/extensions/ or the user's
// ~/.pi/agent/extensions/, one module per hook binary
// ([Adapter.RenderPlugin]). Measured with Pi 0.73.1 (pi -p, a module in
// the project's .pi/extensions/ recording its events): it loaded the
// module with no trust prompt and ran its handlers. The extension blocks
// every call when the hook cannot start (ErrorBlocks), and spawns it
// with no shell, so a command names the project's directory in no way
// (ProjectDir is empty: --binary-in-project is refused).
//
// From Pi's code (dist/core/extensions/loader.js and resource-loader.js,
// not measured one by one) it loads every *.ts and *.js file of
// extensions/ and each extensions/*/index.{ts,js} in the project's .pi
// (in the directory it runs in only) and in the agent directory
// (~/.pi/agent, or $PI_CODING_AGENT_DIR), plus the paths and packages
// its settings.json lists. PluginLoads names the folders an installer
// checks for a second copy of its module; the subfolder form and
// settings.json's lists are not checked.
//
// Those lists also exclude: measured with 0.73.1, a project's
// .pi/settings.json holding {"extensions":["-extensions/agenthooks.js"]}
// or {"extensions":["!**/agenthooks.js"]} kept the installed extension
// from loading, and a bash call it would have blocked ran. So the user's
// agent/settings.json is part of a hook's footing (TrustFiles, relative to
// ~/.pi), and so is the project's .pi/settings.json (ProjectSettings).
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"pi"}, Title: "Pi", Dir: ".pi/extensions",
		UserDir: ".pi/agent/extensions", TimeoutUnit: time.Millisecond, ErrorBlocks: true,
		TrustFiles: []string{"agent/settings.json"}, ProjectSettings: []string{".pi/settings.json"},
		Format: hostfacts.FormatPlugins,
		PluginModule: hostfacts.PluginModule{Ext: ".js",
			Loads: hostfacts.PluginLoads{Folders: []string{"extensions"}, Exts: []string{".js", ".ts"},
				Project: []string{".pi"}, Env: "PI_CODING_AGENT_DIR"}}}
}

// RenderPlugin implements hostfacts.PluginRenderer: [Extension] with
// argv, the events natives, and limit as the extension's time limit.
func (*Adapter) RenderPlugin(argv, natives []string, limit time.Duration) ([]byte, error) {
	evs := append([]string{}, natives...)
	return Extension(ExtensionConfig{Argv: argv, Timeout: limit, Events: evs})
}

// ReadPlugin implements hostfacts.PluginRenderer with
// [ExtensionConfigOf].
func (*Adapter) ReadPlugin(data []byte) (argv, natives []string, limit time.Duration, ok bool) {
	c, ok := ExtensionConfigOf(data)
	if !ok {
		return nil, nil, 0, false
	}
	return c.Argv, c.Events, c.Timeout, true
}
