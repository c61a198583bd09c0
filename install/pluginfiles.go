package install

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/pluginmodule"
	"github.com/agenthooks/hooks/install/internal/projectroot"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/install/internal/statedir"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// A host whose hook file is a plugin module ([hostfacts.FormatPlugins]:
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
	files, unlisted := pluginmodule.List(h.pluginFolders(s, d.e), h.PluginModule.Loads.Exts)
	for _, u := range unlisted {
		d.add(h.name, s, u.Path, "", Warn, "cannot list the folder: %v: %s loads no plugin from it either (unless it runs as another user), and doctor cannot tell whether one of ours is there", u.Err, h.Title)
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
		if shellwords.SamePath(f.Path, p) {
			continue
		}
		if f.Err != nil {
			d.add(h.name, s, f.Path, "", Warn, "cannot read: %v: doctor cannot tell whether it is a plugin of this binary (%s loads every %s file here)", f.Err, h.Title, strings.Join(h.PluginModule.Loads.Exts, " and "))
			continue
		}
		m := d.checkPluginModule(h, s, f.Path, f.Src, cmp.Or(f.Same, first), false)
		if m > 0 && first == "" {
			first = f.Path
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

// A plugin host loads modules from more folders than the one install
// writes ([hostfacts.PluginModule.Loads]): OpenCode reads plugin/ and plugins/
// of .opencode in the project and in each directory above it, of
// ~/.opencode, of its user directory and of $OPENCODE_CONFIG_DIR. Install
// writes only its own folder, and refuses while a module of ours for the
// same binary is in another (the host would run the hook twice on each
// event); uninstall removes every module of ours for the binary, wherever
// it is; doctor checks each and fails one whose binary is gone, which
// uninstall --orphans removes. A module is ours by its content (exactly
// what install renders for a binary), whatever its name; other modules
// are never touched.

// pluginFolders returns the folders h loads plugin modules from for
// scope s, the one install writes first, each once; nil when h has no
// such scope.
func (h *host) pluginFolders(s Scope, e env) []string {
	p := h.path(s, e)
	if p == "" {
		return nil
	}
	own := filepath.Dir(p)
	folders := []string{own}
	l := h.PluginModule.Loads
	var confs []string
	switch s {
	case Project:
		for _, d := range projectroot.Dirs(e.dir, e.home) {
			for _, x := range l.Project {
				confs = append(confs, filepath.Join(d, x))
			}
		}
	case User:
		confs = append(confs, filepath.Dir(own))
		for _, x := range l.Home {
			confs = append(confs, filepath.Join(e.home, x))
		}
		if l.Env != "" {
			if v := e.getenv(l.Env); v != "" && filepath.IsAbs(v) {
				confs = append(confs, v)
			}
		}
	}
	for _, c := range confs {
		for _, f := range l.Folders {
			if d := filepath.Join(c, f); !slices.Contains(folders, d) {
				folders = append(folders, d)
			}
		}
	}
	return folders
}

// pluginCopies returns the modules of ours for binary h loads for scope
// s other than p (the one install writes), but those that are p, or a
// module listed before, through a symbolic link.
func (h *host) pluginCopies(s Scope, e env, binary, p string) []string {
	files, _ := pluginmodule.List(h.pluginFolders(s, e), h.PluginModule.Loads.Exts)
	var out []string
	for _, f := range files {
		if f.Err != nil || f.Same != "" || shellwords.SamePath(f.Path, p) || statedir.ResolvedPath(f.Path) == statedir.ResolvedPath(p) {
			continue
		}
		if _, _, _, ours := h.pluginCommand(f.Src, binary); ours {
			out = append(out, f.Path)
		}
	}
	return out
}

// refuseCopies is Install's check of a plugin host: an error when a
// module of ours for binary is loaded from a folder other than p's, or
// is p through a link (the host would load two, and run the hook twice
// on each event).
func (h *host) refuseCopies(s Scope, e env, binary, p string) error {
	files, _ := pluginmodule.List(h.pluginFolders(s, e), h.PluginModule.Loads.Exts)
	var copies []string
	for _, f := range files {
		if f.Err != nil || shellwords.SamePath(f.Path, p) {
			continue
		}
		if _, _, _, ours := h.pluginCommand(f.Src, binary); ours {
			copies = append(copies, f.Path)
		}
	}
	if len(copies) == 0 {
		return nil
	}
	return fmt.Errorf("%s also loads a plugin of this binary from %s: with the one install writes here it would run the hook twice on each event; "+
		"remove it (uninstall removes every plugin of ours for this binary wherever %s loads it from), then run install again",
		h.Title, strings.Join(copies, " and "), h.Title)
}

// pluginOrphan is a module of ours for a binary that no longer exists.
type pluginOrphan struct {
	path, binary string
}

// pluginOrphans returns the modules of ours h loads for scope s for hook
// binaries other than binary that no longer exist (moved or deleted
// without uninstall): the plugin cannot start them, and blocks every
// call.
func (h *host) pluginOrphans(s Scope, e env, binary string) []pluginOrphan {
	pr, err := h.renderer()
	if err != nil {
		return nil
	}
	files, _ := pluginmodule.List(h.pluginFolders(s, e), h.PluginModule.Loads.Exts)
	var out []pluginOrphan
	for _, f := range files {
		if f.Err != nil || f.Same != "" {
			continue
		}
		argv, _, _, ok := pr.ReadPlugin(f.Src)
		if !ok || len(argv) == 0 || shellwords.SamePath(argv[0], binary) || !filepath.IsAbs(argv[0]) && !shellwords.WindowsPath(argv[0]) {
			continue
		}
		if _, err := os.Stat(argv[0]); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if _, _, _, ours := h.pluginCommand(f.Src, argv[0]); ours {
			out = append(out, pluginOrphan{f.Path, argv[0]})
		}
	}
	return out
}
