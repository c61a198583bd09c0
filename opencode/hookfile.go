package opencode

import (
	"slices"
	"time"

	"github.com/agenthooks/hooks/hostfacts"
)

// HookFile implements hostfacts.HookFiler: OpenCode runs no hook
// commands; it loads plugin modules, and the installer writes this
// package's plugin into the project's .opencode/plugin/ or the user's
// $XDG_CONFIG_HOME/opencode/plugin/ (~/.config/...), one module per hook
// binary ([Adapter.RenderPlugin]). OpenCode installs its own package into
// .opencode at start-up: measured with the e2e installer row and no
// .opencode prepared, 1.18.33 wrote node_modules/, package.json,
// package-lock.json and a .gitignore that names them (not plugin/) beside
// the installed plugin/<binary>.js, and the plugin's deny took effect in
// that same run. The plugin blocks every call when the hook cannot start
// (ErrorBlocks), and spawns it with no shell, so a command names the
// project's directory in no way (ProjectDir is empty:
// --binary-in-project is refused).
//
// It loads modules from more folders than those ([hostfacts.PluginModule].Loads),
// every *.js and *.ts file (not .mjs, not in subfolders; through symbolic
// links) of plugin/ and plugins/ in each configuration directory: the
// user's ($XDG_CONFIG_HOME/opencode), ~/.opencode, $OPENCODE_CONFIG_DIR,
// and .opencode in the directory it runs in and each one above it up to
// the git worktree's root. Measured with 1.18.33 (opencode run, a module
// in each place that records its import and its initialisation): all of
// those ran, and a module in a subfolder of plugin/ and a .mjs did not.
// A copy of a module in another of those folders runs again, and so does a
// symbolic link to it (measured: the linked module was imported once and
// initialised once per path), so its callbacks run once per path.
//
// It reads commands ([HookFile.Commands]) from every *.md file of
// command/ and commands/, subfolders included, of the same configuration
// directories (its bundle: "{command,commands}/**/*.md", following
// symbolic links), and runs each !`command` of a command's text while it
// expands it, before any plugin callback ([ScanCommand]; measured: e2e
// row skill-shell-deny, which ran .opencode/command/danger.md).
func (*Adapter) HookFile() hostfacts.HookFile {
	return hostfacts.HookFile{Programs: []string{"opencode"}, Title: "OpenCode", Dir: ".opencode/plugin",
		UserDir: "opencode/plugin", XDG: true, TimeoutUnit: time.Millisecond, ErrorBlocks: true,
		Commands: hostfacts.Commands{Folders: []string{"command", "commands"}, Ext: ".md", Scan: ScanCommand},
		Format:   hostfacts.FormatPlugins,
		PluginModule: hostfacts.PluginModule{Ext: ".js",
			Loads: hostfacts.PluginLoads{Folders: []string{"plugin", "plugins"}, Exts: []string{".js", ".ts"},
				Project: []string{".opencode"}, Home: []string{".opencode"}, Env: "OPENCODE_CONFIG_DIR"}}}
}

// Forks implements hostfacts.Forker: Kilo Code CLI (kilo), which loads
// the same plugin from its own folders: the installer writes the
// project's .kilo/plugin/ and the user's $XDG_CONFIG_HOME/kilo/plugin/
// (measured the same way as OpenCode, it wrote a .gitignore into .kilo
// and loaded the installed plugin). Its configuration directories are
// .kilo and the legacy .kilocode, in the project (and above it, as
// OpenCode's) and under the home directory, $XDG_CONFIG_HOME/kilo and
// $KILO_CONFIG_DIR; it reads no .opencode. Measured with 7.7.7 as
// OpenCode: it loaded modules from plugin/ and plugins/ of each of those,
// and none from .opencode/plugin/ or $XDG_CONFIG_HOME/kilocode/plugin/.
// The hook answers it as OpenCode.
//
// Its commands are OpenCode's, in its configuration directories (e2e row
// skill-shell-deny ran .kilo/command/danger.md's shell line unhooked),
// plus the legacy workflows it turns into commands at start-up (its
// bundle's discoverWorkflows: the *.md files of .kilocode/workflows/ and
// .kilo/workflows/ in the directory it runs in, of ~/.kilocode/workflows/
// and ~/.kilo/workflows/, and of the Kilo Code extension's global storage
// under VS Code's user folder); it replaces {file:…} and {env:…}
// references in a command's text before it runs its shell lines
// ([ScanKiloCommand]). Measured with 7.7.7 (the e2e skill-shell run,
// edited by hand, not kept): a shell line in .kilo/workflows/danger.md
// ran unhooked, and so did one in a file that .kilo/command/danger.md and
// .kilo/workflows/danger.md brought in with {file:../../inc.md} (a path
// relative to the command's folder).
func (a *Adapter) Forks() []hostfacts.Fork {
	f := a.HookFile()
	f.Programs, f.Title, f.Dir, f.UserDir = []string{"kilo"}, "Kilo Code CLI", ".kilo/plugin", "kilo/plugin"
	f.PluginModule.Loads.Project = []string{".kilo", ".kilocode"}
	f.PluginModule.Loads.Home = []string{".kilo", ".kilocode"}
	f.PluginModule.Loads.Env = "KILO_CONFIG_DIR"
	f.Commands.Project = []string{".kilocode/workflows", ".kilo/workflows"}
	f.Commands.Home = []string{".kilocode/workflows", ".kilo/workflows",
		".config/Code/User/globalStorage/kilocode.kilo-code/workflows",
		"Library/Application Support/Code/User/globalStorage/kilocode.kilo-code/workflows",
		"AppData/Roaming/Code/User/globalStorage/kilocode.kilo-code/workflows"}
	f.Commands.Scan = ScanKiloCommand
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
