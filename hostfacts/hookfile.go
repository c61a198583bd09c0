package hostfacts

import (
	"path/filepath"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
)

// HookFile describes where and how a host reads its hook registrations:
// what an installer needs to know to write them. Adapters state it by
// implementing [HookFiler]. The fields at the top apply whatever the
// file's [Format]; the facts of one format are grouped in its own
// struct ([JSONSettings], [PluginModule]).
type HookFile struct {
	// Title is the host's name for people ("Claude Code"), which the
	// installer's messages use.
	Title string
	// Programs are the names of the host's executables on PATH
	// ("claude"). With the user's configuration directory (see
	// [HookFile.ConfigDir]), they tell an installer whether the host is
	// on this machine.
	Programs []string
	// Dir is the host's directory name, in a project and in the home
	// directory (".claude").
	Dir string
	// Name is the file's name in Dir ("settings.json").
	Name string
	// UserDir is the directory of the user's file under the home
	// directory, when it is not Dir (".copilot/hooks"); HomeEnv, when
	// set, replaces its first element.
	UserDir string
	// HomeEnv names the environment variable that, when set, replaces
	// the user's ~/Dir (CLAUDE_CONFIG_DIR, CODEX_HOME).
	HomeEnv string
	// XDG: the user's directory is under $XDG_CONFIG_HOME (~/.config when
	// unset or not absolute), and UserDir is relative to it
	// ("opencode/plugin"); HomeEnv does not apply.
	XDG bool
	// Local is the name, in the project's Dir, of the project file that
	// is not committed ("settings.local.json"), or "" for none.
	Local string
	// AlsoHooks are other files, in the project's Dir and in the user's
	// directory, whose hooks the host also runs beside Name's (Factory
	// Droid's settings.json "hooks" key): the installer writes none of
	// them, and a hook's footing (package footing) includes them, since a
	// hook added there may answer first.
	AlsoHooks []string
	// UserOnly, when set, says why the host reads its hooks from the
	// user's file only: an installer refuses the project scope with it.
	UserOnly string
	// Trust says what the host requires before it runs the hooks of a
	// project's file, and of the user's file, beyond the file itself ("").
	Trust, UserTrust string
	// WindowsShell is the shell the host runs a command with on Windows,
	// which decides how the command is quoted: [ShellCmd], [ShellBash],
	// or PowerShell ("").
	WindowsShell string
	// ProjectDir is how a command names the project's root directory, so
	// that an entry in a committed file reaches a program kept in the
	// project on every clone, wherever the clone is: a variable the host
	// sets for its hooks, in double quotes for the shell
	// (`"$CLAUDE_PROJECT_DIR"`); one the host replaces itself before its
	// shell runs the command (`$GEMINI_PROJECT_DIR`, see
	// [HookFile.ProjectDirReplaced]); or a command substitution that finds
	// it. "" when the host gives a command no way to find it: an installer
	// then refuses to write such an entry. It is for the POSIX shells the
	// hosts use on Linux and macOS.
	ProjectDir string
	// SplitsQuotes: with no shell metacharacter in a command (| & ; < >
	// $ ` or a newline), the host splits it into words itself, reading
	// "…" and '…' as whole words with nothing unescaped (Auggie), rather
	// than through a shell: a path POSIX-quoted as '…'\''…' would be cut
	// at the quote, so a path holding ' is written in double quotes.
	SplitsQuotes bool
	// ProjectDirReplaced: the host replaces ProjectDir in the command
	// itself, already quoted for its shell, before the shell runs it (so
	// ProjectDir is written bare: quoting it again would put the quotes
	// into the path).
	ProjectDirReplaced bool
	// UserInDir: the host runs the hooks of the user's file in the
	// user's Dir (~/.cursor), not in the project's directory.
	UserInDir bool
	// ErrorBlocks: the host blocks the action on any exit code but 0
	// and 1, so a hook the shell cannot start (exit 127) blocks every
	// call it matches.
	ErrorBlocks bool
	// LoginShell: the host runs a hook command with the user's login
	// shell ($SHELL -lc, Codex), which reads the login profiles first; a
	// function or alias there can replace what the command runs, so they
	// are part of a hook's footing.
	LoginShell bool
	// EventFlag: the payloads do not name their event, so the command
	// passes it (--event NAME). The installer registers one native event
	// per unified event: the first the adapter's capabilities list for it.
	EventFlag bool
	// TimeoutUnit is the unit of an entry's timeout (time.Second, or
	// time.Millisecond).
	TimeoutUnit time.Duration
	// MaxTimeout is the longest limit an entry can state (0: no bound):
	// Qwen Code reads a number of 1000 or more as milliseconds, so 999 s.
	MaxTimeout time.Duration
	// NotByDefault lists the unified events registered only when asked
	// for by name (an event that fires far more often than its name says).
	NotByDefault []hooks.EventName
	// Managed is the host's managed settings file, which an
	// administrator writes and which wins over the user's and the
	// project's (Claude Code's managed-settings.json), per operating
	// system; its zero value: the host has none.
	Managed Managed
	// TrustFiles are the files, relative to the user's configuration
	// directory ([HookFile.ConfigDir]), in which the host keeps the trust
	// it needs before it runs hooks (Gemini CLI's "trustedFolders.json";
	// Codex's "config.toml", which holds its trusted_hash lines): a hook's
	// footing (package footing) includes them.
	TrustFiles []string
	// ProjectSettings are files, relative to the project's root, that
	// the host reads and in which a line can keep the hook from running
	// (Pi's ".pi/settings.json", whose extension lists exclude modules):
	// a hook's footing includes them.
	ProjectSettings []string
	// Format is how the host reads its registrations: a JSON settings
	// file (the zero value; see JSON), [FormatTOML], [FormatScripts] or
	// [FormatPlugins].
	Format Format
	// JSON is the layout of a JSON settings file ([FormatJSON]).
	JSON JSONSettings
	// PluginModule says what a plugin host ([FormatPlugins]) loads.
	PluginModule PluginModule
	// Commands, when its Scan is set, says where the host reads command
	// files whose shell lines no hook can stop; a doctor warns about each.
	Commands Commands
}

// Format is how a host reads its hook registrations ([HookFile.Format]).
type Format int

// The formats of [HookFile.Format].
const (
	// FormatJSON: a JSON (or JSONC) settings file in Dir named Name, its
	// entries laid out as [HookFile.JSON] says.
	FormatJSON Format = iota
	// FormatTOML: the file is TOML, not JSON, and each entry is an
	// array-of-tables element of its own at the top level ([[hooks]] with
	// event, command, matcher and timeout keys: Kimi Code's config.toml).
	// [HookFile.JSON] does not apply.
	FormatTOML
	// FormatScripts: the host reads no file of entries; each event is an
	// executable file named after its native event in Dir (the
	// project's) or UserDir (the user's), which the installer writes as a
	// script that execs the binary's command (Cline CLI). Name is then
	// empty.
	FormatScripts
	// FormatPlugins: the host runs no hook commands, but loads every
	// module of Dir (the project's) or UserDir (the user's) with the
	// extension [PluginModule.Ext]; the installer writes one per binary,
	// named after it, as the adapter renders it ([PluginRenderer]): a
	// plugin that runs the binary's command. Name is then empty.
	FormatPlugins
)

// JSONSettings is the layout of a JSON settings file of hooks
// ([FormatJSON]): how its events and entries are written.
type JSONSettings struct {
	// Flat: each event lists its entries directly
	// ({"hooks":{"event":[{"command":…}]}}), rather than in matcher groups
	// ({"hooks":{"Event":[{"matcher":…,"hooks":[{"type":"command",…}]}]}}).
	Flat bool
	// JSONC: the host reads comments (not trailing commas: Gemini CLI and
	// Qwen Code strip the comments and then parse strict JSON); otherwise
	// it parses strict JSON. Either way it ignores a file it cannot read.
	JSONC bool
	// Version: the file needs "version": 1.
	Version bool
	// TopLevel: the file's top-level keys are the events
	// ({"Event":[…]}); there is no "hooks" object.
	TopLevel bool
	// PerBinary: the host reads every JSON file of Dir, so each hook
	// binary gets a file of its own, named after it ("guard.json"); Name
	// is then empty.
	PerBinary bool
	// MatchAll is the matcher that selects every tool on a tool event (""
	// writes none).
	MatchAll string
	// CommandKey and TimeoutKey name an entry's command and time limit
	// when they are not "command" and "timeout" ("bash", "timeoutSec").
	CommandKey, TimeoutKey string
	// StatusMessage: an entry takes "statusMessage", the text the host
	// shows while the hook runs (Claude Code's spinner).
	StatusMessage bool
	// Async: an entry takes "async": true, which runs the hook in the
	// background without waiting for its answer (Claude Code).
	Async bool
	// FailClosed: an entry can carry "failClosed": true, with which the
	// host blocks the action when the hook fails (exits with an error,
	// times out or answers nothing) instead of letting it run.
	FailClosed bool
	// HTTP: the host also runs HTTP hooks, entries {"type":"http","url":…}
	// that post the payload to a URL, which the installer writes for a
	// gateway instead of a command that forwards to it.
	HTTP bool
	// NoHTTP lists the native events on which the host runs no HTTP hook,
	// which the installer leaves out for a gateway (Claude Code skips
	// HTTP hooks on SessionStart).
	NoHTTP []string
	// Plugin is the file, under a plugin's directory, that holds the
	// plugin's hooks in the same form as Name ("hooks/hooks.json" for a
	// Claude Code plugin), or "" when the host has no plugins.
	Plugin string
	// PluginOmits are native events left out of a plugin's file, with
	// why: a client that does not know one of them rejects the whole file
	// (Claude Code 2.1.197 and PreSkillShellCommand, measured), where it
	// ignores an unknown name in its settings.
	PluginOmits []string
	PluginNote  string
}

// PluginModule says what a plugin host ([FormatPlugins]) loads.
type PluginModule struct {
	// Ext is the file extension (".js") of the modules the installer
	// writes.
	Ext string
	// Loads is every folder the host loads modules from, of which Dir
	// and UserDir are the ones an installer writes: it checks the others
	// too, since a module of its own there runs the hook a second time,
	// and one whose binary is gone blocks every call.
	Loads PluginLoads
}

// PluginLoads says where a plugin host ([FormatPlugins]) loads
// modules from: every file with one of Exts in each of Folders (not their
// subfolders) of each of its configuration directories. Those are the
// user's, the parent of UserDir ($XDG_CONFIG_HOME/opencode); Home under
// the home directory; the one Env names; and, for a project, Project in
// the directory the host runs in and in each directory above it, up to
// the root of its git worktree.
type PluginLoads struct {
	// Folders are the plugin folders of a configuration directory
	// ("plugin", "plugins").
	Folders []string
	// Exts are the extensions of the modules loaded (".js", ".ts").
	Exts []string
	// Project are the names of a project's configuration directories
	// (".opencode"; ".kilo" and ".kilocode").
	Project []string
	// Home are the configuration directories under the home directory
	// (".opencode").
	Home []string
	// Env names the variable that, when set to an absolute path, names
	// one more configuration directory ("OPENCODE_CONFIG_DIR").
	Env string
}

// ConfigDir returns the host's user configuration directory: the value
// of HomeEnv when it is set, else the first element of UserDir (or Dir)
// under home ("~/.claude", "~/.copilot"), or under [XDGConfigHome] for
// an [HookFile.XDG] host ("~/.config/opencode"). getenv reads the
// environment.
func (f HookFile) ConfigDir(home string, getenv func(string) string) string {
	if f.XDG {
		first, _, _ := strings.Cut(f.UserDir, "/")
		return filepath.Join(XDGConfigHome(home, getenv), first)
	}
	if f.HomeEnv != "" {
		if d := getenv(f.HomeEnv); d != "" {
			return d
		}
	}
	dir := f.UserDir
	if dir == "" {
		dir = f.Dir
	}
	first, _, _ := strings.Cut(dir, "/")
	return filepath.Join(home, first)
}

// The Windows shells of [HookFile.WindowsShell].
const (
	ShellCmd  = "cmd.exe"  // Cursor
	ShellBash = "Git Bash" // Claude Code
)

// HookFiler is implemented by adapters whose host runs command hooks
// registered in a JSON file (see [HookFile]); the installer learns the
// file's layout from it, so that adding a host touches its own package.
type HookFiler interface {
	HookFile() HookFile
}

// HookEnver is implemented by adapters whose host sets environment
// variables for the hooks it runs (the project's directory, its own
// version); a doctor that runs a registered hook gives it the same.
type HookEnver interface {
	// HookEnv returns the variables, as NAME=value, that the host sets
	// for a hook it runs in project directory project, with userDir the
	// directory of the user's hook file (see [HookFile.HomeEnv]), in the
	// session whose identifier is session.
	HookEnv(project, userDir, session string) []string
}

// Sampler is implemented by adapters that can make a sample of what their
// host sends a hook; a doctor runs each registered hook once with it to
// see whether the host would accept the answer.
type Sampler interface {
	// SamplePayload returns a small payload of the host's native event,
	// modelled on what the real client sends, about a harmless action
	// (the shell command "echo hello") in project directory dir; nil for
	// an event it has no sample of.
	SamplePayload(native, dir string) []byte
}

// Layouter is implemented by adapters whose host offers several ways to
// register hooks for the same unified events (Cursor judges a Shell call
// on preToolUse and on beforeShellExecution alike, so an installer must
// pick one). The installer registers the chosen [Layout]'s entries
// instead of one entry per capability.
type Layouter interface {
	// Layouts returns the layouts, the default first.
	Layouts() []Layout
}

// A Layout is one set of hook entries for a host ([Layouter]).
type Layout struct {
	// Name is what a user picks it by ("specific", "tool-use").
	Name string
	// Entries are the entries to register.
	Entries []Registration
	// NoMatcher, when set, says why a user's tool-name matcher cannot
	// apply to this layout's tool entries; "" when it can.
	NoMatcher string
}

// Registration is one hook entry an installer writes.
type Registration struct {
	// Event is the native event name.
	Event string
	// Matcher is the entry's matcher; "" means none (every call).
	Matcher string
	// Unified is the unified event the adapter parses Event into. An
	// installer registers only the entries whose Unified event the hook
	// program handles.
	Unified hooks.EventName
}

// XDGConfigHome returns $XDG_CONFIG_HOME when it is an absolute path,
// else ~/.config, as the XDG base directory specification says.
func XDGConfigHome(home string, getenv func(string) string) string {
	if d := getenv("XDG_CONFIG_HOME"); d != "" && filepath.IsAbs(d) {
		return d
	}
	return filepath.Join(home, ".config")
}

// PluginRenderer is implemented by adapters whose host loads plugin
// modules instead of running hook commands ([FormatPlugins]):
// the adapter ships a plugin that runs a hook command as the other hosts
// do, and renders it with the command baked in.
type PluginRenderer interface {
	// RenderPlugin returns the plugin module that runs argv, a program
	// and its arguments (spawned directly, with no shell), on the native
	// events natives, and gives up on a run after limit.
	RenderPlugin(argv, natives []string, limit time.Duration) ([]byte, error)
	// ReadPlugin reads back what RenderPlugin baked into data, and
	// reports whether data is such a module: the native events it runs
	// the command on may be more than those it was rendered for (one
	// plugin callback can carry several events).
	ReadPlugin(data []byte) (argv, natives []string, limit time.Duration, ok bool)
}

// Forker is implemented by adapters whose host has forks that run the
// same hooks, or load the same plugin, from files of their own: an
// installer knows each fork by its own name and writes the fork's files,
// and the hook it registers answers as the adapter's host.
type Forker interface {
	Forks() []Fork
}

// Fork is one fork of a host ([Forker]).
type Fork struct {
	// Host is the name the installer knows the fork by ("kilo"); the
	// command it writes passes the adapter's host (--host opencode).
	Host hooks.Host
	// File describes the fork's hook file.
	File HookFile
}

// Commands says where a host reads command files (prompt templates the
// user runs by name, "/name") in which it runs shell lines while it
// expands the command, before any hook of its own sees them (OpenCode's
// !`command`): no hook can stop such a line, so a doctor names each one.
// The folders are, in each configuration directory [PluginLoads] names,
// Folders with their subfolders; and Project (in the directory the host
// runs in) and Home (under the home directory) without their subfolders.
type Commands struct {
	// Folders are the command folders of a configuration directory
	// ("command", "commands"), read with their subfolders.
	Folders []string
	// Ext is the extension of a command file (".md").
	Ext string
	// Project and Home are more folders, relative to the directory the
	// host runs in and to the home directory (".kilo/workflows").
	Project, Home []string
	// Scan returns what in src, a command file, runs past every hook, or
	// brings in text whose shell lines would; nil when nothing does.
	Scan func(src []byte) []CommandLine
}

// CommandLine is one finding of [Commands].Scan: src[Start:End] runs past
// every hook, or brings in text that may.
type CommandLine struct {
	Start, End int
	// Why says what it does and what to do, in one line for people
	// ("runs before any plugin hook: no hook can stop it; review it").
	Why string
}
