package install

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/managedfile"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// Scope says which configuration file of a host to edit.
type Scope string

// The scopes.
const (
	// Project is the project's shared file (<dir>/.claude/settings.json,
	// .cursor/hooks.json, .gemini/settings.json, .codex/hooks.json).
	Project Scope = "project"
	// Local is Claude Code's uncommitted project file
	// (<dir>/.claude/settings.local.json); other hosts have none.
	Local Scope = "local"
	// User is the user's own file (~/.claude/settings.json,
	// ~/.cursor/hooks.json, ~/.gemini/settings.json,
	// $CODEX_HOME/hooks.json).
	User Scope = "user"
)

// Plugin is the hooks file of a Claude Code plugin: Options.Dir is the
// plugin's directory (the one --plugin-dir names, holding
// .claude-plugin/plugin.json), the file <dir>/hooks/hooks.json. Doctor
// checks it only when asked for by name.
const Plugin Scope = "plugin"

// Managed is the host's managed (system) settings file, which an
// administrator writes for every user of the machine and which wins over
// the user's and the project's ([hostfacts.Managed]: Claude Code's
// /etc/claude-code/managed-settings.json, Gemini CLI's
// /etc/gemini-cli/settings.json, Codex's /etc/codex/hooks.json). A host
// with none is refused by name.
const Managed Scope = "managed"

// Scopes lists the scopes in the order doctor reports them.
func Scopes() []Scope { return []Scope{Project, Local, User} }

// Hosts lists the hosts the installer knows by default, in a stable
// order: the built-in adapters that describe their hook file
// (hostfacts.HookFiler).
func Hosts() []hooks.Host { return hostsOf(builtin.Adapters()) }

// hostsOf lists the hosts of adapters that describe their hook file.
func hostsOf(adapters []hooks.Adapter) []hooks.Host {
	var out []hooks.Host
	for _, a := range adapters {
		if _, ok := a.(hostfacts.HookFiler); ok {
			out = append(out, a.Host())
			if fk, ok := a.(hostfacts.Forker); ok {
				for _, f := range fk.Forks() {
					out = append(out, f.Host)
				}
			}
		}
	}
	return out
}

// host is one host's facts, as its adapter states them
// ([hostfacts.HookFile], with JSON.CommandKey, JSON.TimeoutKey and Title filled in
// when the adapter leaves them empty), and the adapter.
type host struct {
	hostfacts.HookFile
	name    hooks.Host
	adapter hooks.Adapter
	// fork: the host is a fork of the adapter's ([hostfacts.Forker]),
	// whose hooks answer as the adapter's host.
	fork bool
	// self is Options.Binary, and heads the ways an entry's command names
	// it, the one install writes first (setHeads); nil heads: its
	// absolute path only.
	self  string
	heads []head
	// selfName is the name of self's entries (Gemini CLI's "name", Copilot
	// CLI's file): that of the binary the commands name (setHeads).
	selfName string
}

// hostArg is the host the commands pass as --host: the adapter's, which
// a fork's hooks answer as.
func (h *host) hostArg() hooks.Host {
	if h.fork {
		return h.adapter.Host()
	}
	return h.name
}

// entryName is the name of binary's entries: Gemini CLI's "name", and
// Copilot CLI's file name without .json.
func (h *host) entryName(binary string) string {
	if binary == h.self && h.selfName != "" {
		return h.selfName
	}
	return binaryName(binary)
}

// lookupHost returns the description of the host name among adapters,
// from its adapter's hostfacts.HookFile, built on each call so that a hook
// binary does no work for the installer at start-up.
func lookupHost(adapters []hooks.Adapter, name hooks.Host) (*host, error) {
	for _, a := range adapters {
		f, ok := a.(hostfacts.HookFiler)
		if !ok {
			continue
		}
		hf, fork := f.HookFile(), false
		if a.Host() != name {
			fk, ok := a.(hostfacts.Forker)
			if !ok {
				continue
			}
			i := slices.IndexFunc(fk.Forks(), func(f hostfacts.Fork) bool { return f.Host == name })
			if i < 0 {
				continue
			}
			hf, fork = fk.Forks()[i].File, true
		}
		hf.JSON.CommandKey, hf.JSON.TimeoutKey, hf.Title = cmp.Or(hf.JSON.CommandKey, "command"), cmp.Or(hf.JSON.TimeoutKey, "timeout"), cmp.Or(hf.Title, string(name))
		return &host{HookFile: hf, name: name, adapter: a, fork: fork}, nil
	}
	names := make([]string, 0, 8)
	for _, h := range hostsOf(adapters) {
		names = append(names, string(h))
	}
	return nil, fmt.Errorf("unknown host %q (known: %s)", name, strings.Join(names, ", "))
}

// env is where files are: the project directory, the home directory and
// the environment.
type env struct {
	dir, home string
	getenv    func(string) string
	// binary is the hook binary, which names a per-binary file.
	binary string
	// configRoots are Options.ConfigRoots.
	configRoots map[hooks.Host]string
	// systemRoot is Options.SystemRoot; goos the system whose managed
	// files are meant (runtime.GOOS).
	systemRoot, goos string
}

// path returns the host's file for scope s, or "" when the host has no
// such scope.
func (h *host) path(s Scope, e env) string {
	file := h.Name
	switch {
	case h.JSON.PerBinary:
		file = h.entryName(e.binary) + ".json"
	case h.Format == hostfacts.FormatPlugins:
		file = h.entryName(e.binary) + h.PluginModule.Ext
	}
	if s == Managed {
		return h.managedPath(e)
	}
	if h.UserOnly != "" && s != User {
		return ""
	}
	switch s {
	case Project:
		return filepath.Join(e.dir, filepath.FromSlash(h.Dir), file)
	case Local:
		if h.Local != "" {
			return filepath.Join(e.dir, h.Dir, h.Local)
		}
		return ""
	case Plugin:
		if h.JSON.Plugin != "" {
			return filepath.Join(e.dir, filepath.FromSlash(h.JSON.Plugin))
		}
		return ""
	case User:
		dir := cmp.Or(h.UserDir, h.Dir)
		if h.XDG {
			base := hostfacts.XDGConfigHome(e.home, e.getenv)
			if r := e.configRoots[h.name]; r != "" {
				_, rest, _ := strings.Cut(dir, "/")
				return filepath.Join(r, filepath.FromSlash(rest), file)
			}
			return filepath.Join(base, filepath.FromSlash(dir), file)
		}
		if r := e.configRoots[h.name]; r != "" {
			_, rest, _ := strings.Cut(dir, "/")
			return filepath.Join(r, filepath.FromSlash(rest), file)
		}
		if h.HomeEnv != "" {
			if d := e.getenv(h.HomeEnv); d != "" {
				_, rest, _ := strings.Cut(dir, "/")
				return filepath.Join(d, filepath.FromSlash(rest), file)
			}
		}
		return filepath.Join(e.home, filepath.FromSlash(dir), file)
	}
	return ""
}

// reg is one hook entry to write: a native event, its matcher, and the
// time limit in the host's unit.
type reg struct {
	native  string
	unified hooks.EventName
	matcher string
	limit   time.Duration
}

// toolEvent reports the unified events that take a tool-name matcher.
func toolEvent(e hooks.EventName) bool {
	switch e {
	case hooks.PreToolUse, hooks.PostToolUse, hooks.PostToolUseFailure, hooks.PermissionRequest:
		return true
	}
	return false
}

// registrations returns the entries to write for the unified events
// (nil: the host's default set). Events the host cannot deliver are
// skipped and reported in notes.
func (h *host) registrations(events []hooks.EventName, o *Options) (regs []reg, notes []string, err error) {
	explicit := events != nil
	if !explicit {
		events = hooks.Events()
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if h.MaxTimeout > 0 && timeout > h.MaxTimeout {
		notes = append(notes, fmt.Sprintf("%s reads a time limit of at most %s; its entries get %s", h.name, hookcli.FormatDuration(h.MaxTimeout), hookcli.FormatDuration(h.MaxTimeout)))
		timeout = h.MaxTimeout
	}
	var natives []reg
	if l, ok, err := h.layout(o.Layout); err != nil {
		return nil, nil, err
	} else if ok {
		if o.Matcher != "" && l.NoMatcher != "" {
			return nil, nil, fmt.Errorf("%s: --matcher needs --layout %s (or leave %s out with --hosts): %s", h.name, h.matcherLayout(), h.name, l.NoMatcher)
		}
		for _, r := range l.Entries {
			natives = append(natives, reg{native: r.Event, unified: r.Unified, matcher: r.Matcher})
		}
	} else {
		seen := map[hooks.EventName]bool{}
		for _, c := range h.adapter.Capabilities() {
			if c.Event != "" && !(h.EventFlag && seen[c.Event]) {
				natives = append(natives, reg{native: c.Native, unified: c.Event})
				seen[c.Event] = true
			}
		}
	}
	for _, e := range events {
		found := false
		if slices.Contains(h.NotByDefault, e) && !explicit {
			continue
		}
		for _, r := range natives {
			if r.unified != e {
				continue
			}
			found = true
			if toolEvent(e) {
				switch {
				case o.Matcher != "":
					r.matcher = o.Matcher
				case !h.JSON.Flat:
					r.matcher = h.JSON.MatchAll
				}
			}
			r.limit = timeout
			if et, ok := h.adapter.(hooks.EventTimeouter); ok {
				if t := et.EventTimeout(r.native); t > 0 && t < r.limit {
					r.limit = t
				}
			}
			regs = append(regs, r)
		}
		if !found && explicit {
			notes = append(notes, fmt.Sprintf("%s has no %s event; skipped", h.name, e))
		}
	}
	if o.Scope == Plugin && len(h.JSON.PluginOmits) > 0 {
		kept := regs[:0]
		for _, r := range regs {
			if !slices.Contains(h.JSON.PluginOmits, r.native) {
				kept = append(kept, r)
			}
		}
		if len(kept) < len(regs) && h.JSON.PluginNote != "" {
			notes = append(notes, h.JSON.PluginNote)
		}
		regs = kept
	}
	return regs, notes, nil
}

// units converts a limit to the number written in the file, in the
// host's unit, rounded up: at least one second.
func (h *host) units(d time.Duration) int {
	n := int((d + h.TimeoutUnit - 1) / h.TimeoutUnit)
	if h.TimeoutUnit >= time.Second {
		n = max(1, n)
	}
	return n
}

// limitOf is the limit a number in the file stands for.
func (h *host) limitOf(n int) time.Duration {
	return time.Duration(n) * h.TimeoutUnit
}

// needs says what the host requires before it runs hooks from a file of
// scope s, beyond the file itself.
func (h *host) needs(s Scope) string {
	switch s {
	case Managed:
		return "" // the managed facts' Needs (managedInstall)
	case User:
		return h.UserTrust
	}
	return h.Trust
}

// layout returns the host's layout named name ("" for its default), and
// false when the host has no layouts (hostfacts.Layouter).
func (h *host) layout(name string) (hostfacts.Layout, bool, error) {
	lt, ok := h.adapter.(hostfacts.Layouter)
	if !ok {
		return hostfacts.Layout{}, false, nil
	}
	ls := lt.Layouts()
	if name == "" && len(ls) > 0 {
		return ls[0], true, nil
	}
	for _, l := range ls {
		if l.Name == name {
			return l, true, nil
		}
	}
	return hostfacts.Layout{}, true, fmt.Errorf("unknown layout %q (%s: %s)", name, h.name, layoutNames(ls))
}

// matcherLayout names the first layout whose tool entries take a matcher.
func (h *host) matcherLayout() string {
	if lt, ok := h.adapter.(hostfacts.Layouter); ok {
		for _, l := range lt.Layouts() {
			if l.NoMatcher == "" {
				return l.Name
			}
		}
	}
	return ""
}

func layoutNames(ls []hostfacts.Layout) string {
	var s []string
	for _, l := range ls {
		s = append(s, l.Name)
	}
	if len(s) > 1 {
		return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
	}
	return strings.Join(s, "")
}

// checkLayout checks that name is a layout of every host of hs that has
// layouts, and of at least one host of adapters when none of hs has any.
func checkLayout(adapters []hooks.Adapter, name string, hs []*host) error {
	if name == "" {
		return nil
	}
	some := false
	for _, h := range hs {
		_, ok, err := h.layout(name)
		if err != nil {
			return err
		}
		some = some || ok
	}
	if some {
		return nil
	}
	var all []string
	for _, a := range adapters {
		if lt, ok := a.(hostfacts.Layouter); ok {
			for _, l := range lt.Layouts() {
				if l.Name == name {
					return nil
				}
			}
			all = append(all, string(a.Host())+": "+layoutNames(lt.Layouts()))
		}
	}
	return fmt.Errorf("unknown layout %q (%s)", name, strings.Join(all, "; "))
}

// managedPath is h's managed file on this system, under e.systemRoot when
// it is set; "" when the host reads none here.
func (h *host) managedPath(e env) string {
	return managedfile.Under(e.systemRoot, h.Managed.Path(e.goos, e.getenv))
}

// noManaged is the error for host h, which reads no managed file on the
// system goos.
func (h *host) noManaged(goos string) error {
	why := h.Managed.None
	if why == "" {
		why = "no managed settings file is known for it"
		if h.Managed.Has() {
			why = "it reads none on " + goos
		}
	}
	return fmt.Errorf("%s has no managed scope: %s (leave it out of --hosts, or give it --scope user)", h.name, why)
}
