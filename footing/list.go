package footing

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// Env is what a footing is computed from: where the binary is, where the
// project and the home directory are, the environment, and the facts of
// every host the binary may be registered with.
type Env struct {
	// Executable is the running binary's path (os.Executable); Arg0 is
	// the name it was run by (os.Args[0]), which may be a link to it.
	Executable, Arg0 string
	// Cwd is the event's working directory; the project is the root of
	// the git repository that holds it (or Cwd itself outside one).
	Cwd string
	// Home is the user's home directory.
	Home string
	// Getenv reads the environment (os.Getenv when nil).
	Getenv func(string) string
	// Hosts returns the facts of every host's hook files (see
	// [HostsOf]); it is called only when the entries are needed.
	Hosts func() []Host
	// StateDir is the installer's state directory (install.StateDir),
	// which holds the default decision log; "" for none.
	StateDir string
	// Fold compares paths without regard to case, as the file systems
	// of macOS and Windows do; [Of] sets it on those systems whatever
	// its value.
	Fold bool
	// Log is the decision log's path when given by --log PATH, absolute
	// (a relative one is taken from Cwd); "" for none. Its lock (Log +
	// ".lock") is footing too.
	Log string
}

// Host is one host's name and the facts of its hook files.
type Host struct {
	Name hooks.Host
	File hostfacts.HookFile
}

// HostsOf returns the hosts of adapters, forks included: those whose
// adapter states its hook files ([hostfacts.HookFiler]).
func HostsOf(adapters []hooks.Adapter) []Host {
	var out []Host
	for _, a := range adapters {
		f, ok := a.(hostfacts.HookFiler)
		if !ok {
			continue
		}
		out = append(out, Host{Name: a.Host(), File: f.HookFile()})
		if fk, ok := a.(hostfacts.Forker); ok {
			for _, fork := range fk.Forks() {
				out = append(out, Host{Name: fork.Host, File: fork.File})
			}
		}
	}
	return out
}

// Kind says why a path is in the footing.
type Kind string

// The kinds of [Entry].
const (
	HookFile Kind = "hook file"
	Trust    Kind = "trust file"
	Profile  Kind = "login profile"
	Binary   Kind = "hook binary"
	State    Kind = "installer state"
	Log      Kind = "decision log"
	Policy   Kind = "policy file"
)

// An Entry is one path of the footing.
type Entry struct {
	// Path is absolute and clean.
	Path string
	// Tree: every path under Path is in the footing too (a plugin folder,
	// a folder of per-event scripts, the state directory).
	Tree bool
	// Kind says what the path is.
	Kind Kind
	// Host is the host it belongs to ("" for every host).
	Host hooks.Host
}

// Set is a hook's footing ([Of]). Its entries are computed on first
// use ([Set.Entries]), so that a tool call that writes nothing costs
// none of it.
type Set struct {
	// Name is the binary's base name, without ".exe", lower-cased: its
	// install, uninstall and --observe are refused when the model runs
	// them.
	Name string
	// Cwd is the event's working directory; Home the user's.
	Cwd, Home string

	env            Env
	getenv         func(string) string
	root           string
	entries        []Entry
	fold           bool
	loaded, linked bool
	// resolved is each path Touches resolved (and each existing
	// directory on the way), with its links resolved: a Set serves one
	// call, which reads the disk once a path.
	resolved map[string]string
	resolves int // calls of Touches that resolved a path: from the second, resolved is kept
	// dirs the names in each folder dirNames read (nil: not read whole).
	// changed holds changedFiles' answer for each folder.
	changed map[string]map[string]bool
	// goFlags are the GOFLAGS values from outside a command (goEnv).
	goFlags *[]goFlagSource
	dirs    map[string]map[string]bool
	// roots holds gitRoot's answer for each folder (rootOf); foreign
	// foreignRepo's reading of the last text.
	roots   map[string]string
	foreign *foreignMemo
	holds   map[string]bool // holdsAnyIn's answer for each worktree
	// assigned is the names the last text read assigns (onlyExpanded).
	assigned  *assignedMemo
	npmrc     map[string]npmrcAnswer       // npmrcShell's answer for each file
	cdMemo    *cdRepos                     // the folders the last script changes to
	spellMemo map[string][][]string        // the entries' spellings from each directory
	findMemo  *findMemo                    // findTouches' answer for the last patterns
	idx       *matchIndex                  // what a path must be to match an entry
	matches   int                          // the calls of match: past indexAfter, idx is made
	mentioned map[mentionKey]mentionResult // mentions' answer for each folder and text
}

// Of returns the footing of the hook described by e.
func Of(e Env) *Set {
	s := &Set{Cwd: clean(e.Cwd), Home: clean(e.Home), env: e, getenv: e.Getenv,
		fold: e.Fold || runtime.GOOS == "darwin" || runtime.GOOS == "windows"}
	if s.getenv == nil {
		s.getenv = os.Getenv
	}
	for _, p := range [...]string{e.Executable, e.Arg0} {
		if p != "" {
			s.Name = strings.ToLower(strings.TrimSuffix(filepath.Base(p), ".exe"))
			break
		}
	}
	return s
}

// Root returns the project's directory: the root of the git repository
// that holds the working directory, or the working directory itself.
func (s *Set) Root() string {
	s.load()
	return s.root
}

// Entries returns the footing's paths.
func (s *Set) Entries() []Entry {
	s.load()
	return s.entries
}

// load computes the entries, once.
func (s *Set) load() {
	if s.loaded {
		return
	}
	s.loaded = true
	e, getenv := s.env, s.getenv
	s.root = projectRoot(s.Cwd, s.Home)
	add := func(p string, tree bool, k Kind, h hooks.Host) {
		if p == "" || !filepath.IsAbs(p) {
			return
		}
		if !isClean(p) {
			p = filepath.Clean(p) // made by join, most are already
		}
		for _, o := range s.entries {
			if o.Path == p && o.Tree == tree {
				return
			}
		}
		s.entries = append(s.entries, Entry{Path: p, Tree: tree, Kind: k, Host: h})
	}
	if e.Hosts != nil {
		for _, h := range e.Hosts() {
			s.hostFiles(h, getenv, add)
		}
	}
	s.binary(e, getenv, add)
	if e.StateDir != "" {
		add(e.StateDir, true, State, "")
	}
	if e.Log != "" {
		lg := e.Log
		if !filepath.IsAbs(lg) && s.Cwd != "" {
			lg = filepath.Join(s.Cwd, lg)
		}
		add(lg, false, Log, "")
		add(lg+".lock", false, Log, "")
	}
	// The policy files, where package policy reads them (its
	// ManagedPath, UserPath and ProjectPath; not imported, to keep its
	// TOML parser out of every hook).
	add(managedPolicy(), false, Policy, "")
	if s.Home != "" {
		add(filepath.Join(hostfacts.XDGConfigHome(s.Home, getenv), "agenthooks", "policy.toml"), false, Policy, "")
	}
	if r := gitRoot(s.Cwd); r != "" {
		add(filepath.Join(r, ".agenthooks", "policy.toml"), false, Policy, "")
	}
	if s.root != "" {
		add(filepath.Join(s.root, ".agenthooks", "policy.toml"), false, Policy, "")
	}
}

// managedPolicy is the managed policy file's path on this system, as
// package policy's ManagedPath says.
func managedPolicy() string {
	switch runtime.GOOS {
	case "darwin":
		return "/Library/Application Support/AgentHooks/policy.toml"
	case "windows":
		return `C:\ProgramData\AgentHooks\policy.toml`
	}
	return "/etc/agenthooks/policy.toml"
}

// hostFiles adds host h's hook, trust and profile files.
func (s *Set) hostFiles(h Host, getenv func(string) string, add func(string, bool, Kind, hooks.Host)) {
	f := h.File
	n := h.Name
	dir := filepath.FromSlash(f.Dir)
	switch {
	case f.Format == hostfacts.FormatPlugins:
		s.pluginFolders(f, n, getenv, add)
	case s.root == "" || f.UserOnly != "":
	case f.Format == hostfacts.FormatScripts || f.JSON.PerBinary:
		add(join(s.root, dir), true, HookFile, n)
	default:
		add(join(s.root, dir, f.Name), false, HookFile, n)
		if f.Local != "" {
			add(join(s.root, dir, f.Local), false, HookFile, n)
		}
		for _, a := range f.AlsoHooks {
			add(join(s.root, dir, a), false, HookFile, n)
		}
	}
	if s.root != "" {
		for _, p := range f.ProjectSettings {
			add(join(s.root, filepath.FromSlash(p)), false, Trust, n)
		}
	}
	// The managed settings file on every system (a Windows path on Linux
	// harms nothing) and where its variable points, and the folder of
	// drop-ins read with it: one of them could turn the hooks off.
	for _, m := range f.Managed.Paths(getenv) {
		add(m, false, HookFile, n)
		if d := f.Managed.DropInDir(m); d != "" {
			add(d, true, HookFile, n)
		}
	}
	if s.Home == "" {
		return
	}
	conf := f.ConfigDir(s.Home, getenv)
	user := cmpOr(f.UserDir, f.Dir)
	_, rest, _ := strings.Cut(user, "/")
	udir := join(conf, filepath.FromSlash(rest))
	switch {
	case f.Format == hostfacts.FormatPlugins:
	case f.Format == hostfacts.FormatScripts || f.JSON.PerBinary:
		add(udir, true, HookFile, n)
	default:
		add(join(udir, f.Name), false, HookFile, n)
		for _, a := range f.AlsoHooks {
			add(join(udir, a), false, HookFile, n)
		}
	}
	if f.JSON.Plugin != "" {
		// A plugin's hooks (Claude Code's hooks/hooks.json) are in the
		// plugins the host installs under its directory.
		add(join(conf, "plugins"), true, HookFile, n)
	}
	for _, t := range f.TrustFiles {
		add(join(conf, filepath.FromSlash(t)), false, Trust, n)
	}
	if f.LoginShell {
		s.profiles(getenv, n, add)
	}
}

// pluginFolders adds every folder a plugin host loads modules from.
func (s *Set) pluginFolders(f hostfacts.HookFile, n hooks.Host, getenv func(string) string, add func(string, bool, Kind, hooks.Host)) {
	l := f.PluginModule.Loads
	folders := l.Folders
	var confs []string
	if s.Home != "" {
		first, _, _ := strings.Cut(f.UserDir, "/")
		if f.XDG {
			confs = append(confs, join(hostfacts.XDGConfigHome(s.Home, getenv), first))
		} else {
			confs = append(confs, join(s.Home, first))
		}
		for _, h := range l.Home {
			confs = append(confs, join(s.Home, filepath.FromSlash(h)))
		}
	}
	if l.Env != "" {
		if d := getenv(l.Env); filepath.IsAbs(d) {
			confs = append(confs, d)
		}
	}
	if s.Cwd != "" {
		for d := s.Cwd; ; d = filepath.Dir(d) {
			for _, p := range l.Project {
				confs = append(confs, join(d, filepath.FromSlash(p)))
			}
			if d == s.root || filepath.Dir(d) == d || s.root == "" {
				break
			}
		}
	}
	for _, c := range confs {
		for _, fo := range folders {
			add(join(c, filepath.FromSlash(fo)), true, HookFile, n)
		}
	}
	// The folders an installer writes, when the facts list no others.
	if s.root != "" && f.Dir != "" {
		add(join(s.root, filepath.FromSlash(f.Dir)), true, HookFile, n)
	}
	if s.Home != "" && f.UserDir != "" {
		base := s.Home
		if f.XDG {
			base = hostfacts.XDGConfigHome(s.Home, getenv)
		}
		add(join(base, filepath.FromSlash(f.UserDir)), true, HookFile, n)
	}
}

// profiles adds the login profiles bash and zsh read for `$SHELL -lc`,
// and ~/.bashrc and ~/.zshrc, which profiles commonly source. The
// system-wide ones (/etc/profile, …) are root's to write, but listed.
func (s *Set) profiles(getenv func(string) string, n hooks.Host, add func(string, bool, Kind, hooks.Host)) {
	for _, p := range [...]string{".bash_profile", ".bash_login", ".profile", ".bashrc", ".bash_aliases"} {
		add(join(s.Home, p), false, Profile, n)
	}
	zdot := s.Home
	if d := getenv("ZDOTDIR"); filepath.IsAbs(d) {
		zdot = d
	}
	for _, p := range [...]string{".zshenv", ".zprofile", ".zlogin", ".zshrc"} {
		add(join(zdot, p), false, Profile, n)
		if zdot != s.Home {
			add(join(s.Home, p), false, Profile, n)
		}
	}
	for _, p := range [...]string{"/etc/profile", "/etc/bash.bashrc", "/etc/zshenv", "/etc/zprofile", "/etc/zlogin", "/etc/zsh/zshenv", "/etc/zsh/zprofile", "/etc/zsh/zlogin"} {
		add(filepath.FromSlash(p), false, Profile, n)
	}
	add(filepath.FromSlash("/etc/profile.d"), true, Profile, n)
}

// binary adds the binary, the links it was run through, and a file of
// its name in every PATH directory.
func (s *Set) binary(e Env, getenv func(string) string, add func(string, bool, Kind, hooks.Host)) {
	var name string
	for _, p := range [...]string{e.Executable, e.Arg0} {
		if p == "" {
			continue
		}
		if name == "" {
			name = filepath.Base(p)
		}
		if strings.ContainsAny(p, `/\`) {
			if !filepath.IsAbs(p) && s.Cwd != "" {
				p = join(s.Cwd, p)
			}
			add(p, false, Binary, "")
			if r, err := filepath.EvalSymlinks(p); err == nil {
				add(r, false, Binary, "")
			}
		}
	}
	if name == "" {
		return
	}
	name = strings.TrimSuffix(name, ".exe")
	for _, d := range filepath.SplitList(getenv("PATH")) {
		if d == "" || !filepath.IsAbs(d) {
			continue
		}
		add(join(d, name), false, Binary, "")
		if runtime.GOOS == "windows" {
			add(join(d, name+".exe"), false, Binary, "")
		}
	}
}

// projectRoot returns the root of the git repository that holds wd (the
// nearest directory with a .git entry), else wd; the home directory and
// those above it are never the root.
func projectRoot(wd, home string) string {
	if wd == "" {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if home != "" && (d == home || isUnder(home, d)) {
			return wd
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return wd
		}
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// clean returns p cleaned, or "" for "".
func clean(p string) string {
	if p == "" {
		return ""
	}
	return filepath.Clean(p)
}
