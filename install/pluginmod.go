package install

import (
	"cmp"
	"fmt"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/install/internal/statedir"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// A host whose hook file is a plugin module ([hostfacts.HookFile.PluginModule]:
// OpenCode, and its fork Kilo Code CLI) runs no hook commands: it loads
// every module of its plugin folder. Install writes one module per
// binary, <name>.js, which the adapter renders
// ([hostfacts.PluginRenderer]) with the words of the command it would
// write for a command host baked in: the plugin spawns them with no
// shell. It never overwrites a module of that name that is not its own
// for this binary (refused, nothing written). Uninstall removes a module
// only when it is byte for byte the one install renders for this binary
// (with any of its flags, events and time limit); doctor reads it back,
// checks the binary and runs it as the plugin would. The host loads
// modules from more folders than that one: see pluginplaces.go.

// renderer returns the adapter's plugin renderer.
func (h *host) renderer() (hostfacts.PluginRenderer, error) {
	pr, ok := h.adapter.(hostfacts.PluginRenderer)
	if !ok {
		return nil, fmt.Errorf("%s loads plugins, but its adapter renders none (hostfacts.PluginRenderer)", h.Title)
	}
	return pr, nil
}

// pluginModule returns the module install writes for the command cmd,
// run with time limit limit on the native events of regs.
func (h *host) pluginModule(cmd string, regs []reg, limit time.Duration) ([]byte, error) {
	pr, err := h.renderer()
	if err != nil {
		return nil, err
	}
	argv, ok := shellwords.Split(cmd)
	if !ok || len(argv) == 0 {
		return nil, fmt.Errorf("cannot split the command %q into words", cmd)
	}
	var natives []string
	for _, r := range regs {
		if !slices.Contains(natives, r.native) {
			natives = append(natives, r.native)
		}
	}
	return pr.RenderPlugin(argv, natives, limit)
}

// pluginCommand reads a module install wrote: the command (as a command
// host's entry would hold it) and the native events it runs on, and
// whether src is one: exactly the module install renders for binary
// with some flags, events and time limit.
func (h *host) pluginCommand(src []byte, binary string) (cmd string, natives []string, limit time.Duration, ours bool) {
	pr, err := h.renderer()
	if err != nil || src == nil {
		return "", nil, 0, false
	}
	argv, natives, limit, ok := pr.ReadPlugin(src)
	if !ok || len(argv) < 2 {
		return "", nil, 0, false
	}
	cmd, ok = h.commandOfArgv(argv, binary)
	if !ok {
		return "", nil, 0, false
	}
	again, err := pr.RenderPlugin(argv, natives, limit)
	if err != nil || string(again) != string(src) {
		return "", nil, 0, false
	}
	return cmd, natives, limit, true
}

// commandOfArgv returns the command install writes for binary whose
// words are argv, and whether there is one: argv is a binary form of
// ours, --host, and any flags install writes, then any arguments after
// "--".
func (h *host) commandOfArgv(argv []string, binary string) (string, bool) {
	for i := 1; i <= len(argv); i++ {
		if i < len(argv) && argv[i] != "--" {
			continue
		}
		var extra []string
		if i < len(argv) {
			extra = argv[i+1:]
			if len(extra) == 0 {
				continue // install writes no "--" with nothing after it
			}
		}
		a, err := hookcli.Parse(argv[1:i])
		if err != nil || a.Host != h.hostArg() {
			continue
		}
		g := gatewayOpts{url: a.Gateway, tokenEnv: a.GatewayTokenEnv, observe: a.Observe, log: a.Log, defaultLog: a.LogSet && a.Log == "", args: extra}
		full := bridgeCommand(binary, h, a.FailSet && a.Fail == hooks.FailClosed, a.Timeout, g)
		for _, form := range binaryForms(binary, h) {
			cmd := form + strings.TrimPrefix(full, binaryForms(binary, h)[0])
			if words, ok := shellwords.Split(cmd); ok && slices.Equal(words, argv) && ownCommand(cmd, binary, h) {
				return cmd, true
			}
		}
	}
	return "", false
}

// planPluginInstall computes the change Install makes to the plugin
// module p.
func planPluginInstall(h *host, scope Scope, p string, o Options) (*Change, error) {
	if o.Matcher != "" {
		return nil, usageError{fmt.Errorf("%s: --matcher: the plugin runs the hook on every tool call (its answer can pick the tools); leave %s out with --hosts", h.name, h.name)}
	}
	regs, notes, err := h.registrations(o.Events, &o)
	if err != nil {
		return nil, err
	}
	more, err := h.entryOptions(regs, &o)
	if err != nil {
		return nil, err
	}
	notes = append(notes, more...)
	if len(regs) == 0 {
		return nil, nil // none of the events asked for (their notes say so on the other hosts)
	}
	limit := regs[0].limit
	for _, r := range regs {
		limit = max(limit, r.limit)
	}
	before, err := safefile.Read(p)
	if err != nil {
		return nil, err
	}
	want, err := h.pluginModule(h.command(o.Binary, regs[0].native, o.FailClosed, limit, o.gateway()), regs, limit)
	if err != nil {
		return nil, err
	}
	c := &Change{Host: h.name, Scope: scope, Path: p, Before: before, After: want, Notes: notes}
	var events []string
	for _, r := range regs {
		events = append(events, r.native)
	}
	switch _, _, _, ours := h.pluginCommand(before, o.Binary); {
	case before == nil:
		c.Added = events
	case !ours:
		what := "it is not a plugin install wrote"
		if pr, err := h.renderer(); err == nil {
			if argv, _, _, ok := pr.ReadPlugin(before); ok && len(argv) > 1 && callsBinary(strings.Join(quoteWords(argv), " "), o.Binary, h) {
				what = "it runs this binary, but is not exactly the plugin install writes (edited)"
			} else if ok {
				what = "it is a plugin of this library for another binary of the same name"
			}
		}
		return nil, fmt.Errorf("%s already has a plugin %s that is not ours (%s): install does not overwrite it; "+
			"remove or rename it, then run install again", h.Title, filepath.Base(p), what)
	case string(before) == string(want):
		c.Unchanged = events
	default:
		c.Updated = events
	}
	return c, nil
}

// planPluginUninstall computes the change Uninstall makes to the plugin
// module p: its removal, when it is ours for the binary. With
// Options.Events, only a module that runs on no other event is removed.
func planPluginUninstall(h *host, scope Scope, p string, o Options) (*Change, error) {
	before, err := safefile.Read(p)
	if err != nil || before == nil {
		return nil, err
	}
	cmd, natives, limit, ours := h.pluginCommand(before, o.Binary)
	if !ours {
		if pr, err := h.renderer(); err == nil {
			if argv, _, _, ok := pr.ReadPlugin(before); ok && len(argv) > 1 && callsBinary(strings.Join(quoteWords(argv), " "), o.Binary, h) {
				return &Change{Host: h.name, Scope: scope, Path: p, Before: before, After: before,
					Notes: []string{"the plugin runs this binary but is not exactly the one install writes (edited): left alone"}}, nil
			}
		}
		return nil, nil
	}
	if o.Events != nil {
		// The events a plugin rendered for those asked for runs on (one
		// callback may carry more than one).
		regs, _, _ := h.registrations(o.Events, &Options{Timeout: time.Second})
		var covered []string
		if m, err := h.pluginModule(cmd, regs, limit); err == nil {
			if pr, err := h.renderer(); err == nil {
				_, covered, _, _ = pr.ReadPlugin(m)
			}
		}
		var others []string
		for _, n := range natives {
			if !slices.Contains(covered, n) {
				others = append(others, n)
			}
		}
		if len(others) > 0 {
			return &Change{Host: h.name, Scope: scope, Path: p, Before: before, After: before,
				Notes: []string{fmt.Sprintf("the plugin also runs the hook on %s: left alone (uninstall without --events removes it; install with the events to keep rewrites it)", strings.Join(others, ", "))}}, nil
		}
	}
	return &Change{Host: h.name, Scope: scope, Path: p, Before: before, Deleted: true, Removed: natives}, nil
}

// quoteWords quotes each word for a POSIX shell where it needs it.
func quoteWords(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = shellwords.QuotePath(w, "")
	}
	return out
}

// checkPlugin is doctor's check of a plugin host's modules of scope s:
// each module of ours for this binary in a folder the host loads from
// (see pluginFolders), each of ours for a binary that no longer exists,
// and each that runs this binary but is not ours. It returns how many
// events the modules of ours run the hook on (0: none).
func (d *doctor) checkPlugin(h *host, s Scope) int {
	p := h.path(s, d.e)
	if p == "" {
		return 0
	}
	src, err := safefile.Read(p)
	if err != nil {
		d.add(h.name, s, p, "", Fail, "cannot read: %v", err)
	}
	files, unlisted := h.pluginFiles(s, d.e)
	for _, u := range unlisted {
		d.add(h.name, s, u.path, "", Warn, "cannot list the folder: %v: %s loads no plugin from it either (unless it runs as another user), and doctor cannot tell whether one of ours is there", u.err, h.Title)
	}
	for _, o := range h.pluginOrphans(s, d.e, d.o.Binary) {
		d.add(h.name, s, o.path, "", Fail,
			"a plugin of %s, which no longer exists (moved or deleted without uninstall): the plugin cannot start it and blocks every call; uninstall --orphans removes it", o.binary)
	}
	n, first := 0, ""
	if src != nil {
		n = d.checkPluginModule(h, s, p, src, "", true)
		if n > 0 {
			first = p
		}
	}
	for _, f := range files {
		if shellwords.SamePath(f.path, p) {
			continue
		}
		if f.err != nil {
			d.add(h.name, s, f.path, "", Warn, "cannot read: %v: doctor cannot tell whether it is a plugin of this binary (%s loads every %s file here)", f.err, h.Title, strings.Join(h.PluginLoads.Exts, " and "))
			continue
		}
		m := d.checkPluginModule(h, s, f.path, f.src, cmp.Or(f.same, first), false)
		if m > 0 && first == "" {
			first = f.path
		}
		n += m
	}
	return n
}

// checkPluginModule checks the module src at path q and returns how many
// events it runs the hook on, when it is ours for this binary (0: not
// ours). own: q is where install writes it; first is the module of ours
// found before it ("": none), which the host loads as well.
func (d *doctor) checkPluginModule(h *host, s Scope, q string, src []byte, first string, own bool) int {
	cmd, natives, limit, ours := h.pluginCommand(src, d.o.Binary)
	if !ours {
		pr, err := h.renderer()
		if err != nil {
			return 0
		}
		if argv, _, _, ok := pr.ReadPlugin(src); ok && len(argv) > 1 && callsBinary(strings.Join(quoteWords(argv), " "), d.o.Binary, h) {
			fix := "run install again to rewrite it"
			if !own {
				fix = h.Title + " loads it from here, where install does not write: remove it, and run install again"
			}
			d.add(h.name, s, q, "", Warn, "a plugin that runs this binary but is not exactly the one install writes (edited, or written by another version): %s", fix)
		} else if ok && own {
			d.add(h.name, s, q, "", Info, "a plugin of this library for another binary (%s): not checked", argv[0])
		}
		return 0
	}
	d.add(h.name, s, q, "", OK, "plugin running the hook on %d events: %s", len(natives), strings.Join(natives, ", "))
	switch {
	case first != "" && statedir.ResolvedPath(first) == statedir.ResolvedPath(q):
		d.add(h.name, s, q, "", Warn, "%s loads this plugin as well as %s, which it is through a symbolic link: the hook runs twice on each event (OpenCode 1.18.33 measured: it initialises the plugin once per path); remove the link", h.Title, first)
	case first != "":
		d.add(h.name, s, q, "", Warn, "%s loads this plugin as well as %s: the hook runs twice on each event; remove one (uninstall removes both)", h.Title, first)
	case !own:
		d.add(h.name, s, q, "", Info, "%s loads it from here, which is not where install writes it (%s): install refuses to write a second one while it is here", h.Title, h.path(s, d.e))
	}
	for _, n := range natives {
		d.checkCommand(h, s, q, n, cmd, limit, false)
	}
	return len(natives)
}
