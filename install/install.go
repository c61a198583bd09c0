package install

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// DefaultTimeout is the time limit written for each hook when
// Options.Timeout is 0 (Codex's SessionEnd gets its 3 s cap).
const DefaultTimeout = 30 * time.Second

// Options say what to install, uninstall or check, and where.
type Options struct {
	// Binary is the absolute path of the hook executable. Required.
	Binary string
	// Adapters are the hosts the installer serves, as
	// [hooks.Server.Adapters]; nil means builtin.Adapters(). It learns
	// each host's hook file and checks from its adapter (package
	// hostfacts).
	Adapters []hooks.Adapter
	// Hosts to act on; nil means every host of Adapters that describes
	// its hook file (hostfacts.HookFiler).
	Hosts []hooks.Host
	// Events are unified event names, mapped to each host's native events;
	// nil means each host's default set: every unified event it delivers,
	// except Gemini's PreCompact (PreCompress fires before every model
	// call). Uninstall with nil Events removes our entries from every
	// event.
	Events []hooks.EventName
	// Matcher is the tool-name matcher of tool events (PreToolUse,
	// PostToolUse, PostToolUseFailure, PermissionRequest), in the host's
	// tool names; "" matches every tool. A host with layouts
	// (hostfacts.Layouter) needs a Layout whose tool entries take one: Cursor
	// "tool-use".
	Matcher string
	// Scope is the file to edit (default Project). Doctor checks every
	// scope when Scope is "".
	Scope Scope
	// Dir is the project directory; "" means the root of the git
	// repository that holds the working directory (the nearest directory
	// with a .git entry, below the home directory), else the working
	// directory.
	Dir string
	// Home is the user's home directory; "" means os.UserHomeDir.
	Home string
	// ConfigRoots replace the user configuration directory of the hosts
	// they name (~/.claude for Claude Code; the directory the host's
	// HomeEnv variable names, when set), for a host installed with a
	// non-standard one: the user scope's file is found under it, and
	// [Detect] looks for it.
	ConfigRoots map[hooks.Host]string
	// Getenv reads CLAUDE_CONFIG_DIR, CODEX_HOME and Gemini's trust
	// variables; nil means os.Getenv.
	Getenv func(string) string
	// FailClosed writes --fail-closed in the command, and on Cursor also
	// "failClosed": true so that Cursor blocks when the hook crashes or
	// times out.
	FailClosed bool
	// Timeout is each hook's time limit (default DefaultTimeout), written
	// in the host's unit and passed to the hook as --timeout.
	Timeout time.Duration
	// Layout names the registration layout of the hosts that offer
	// several (hostfacts.Layouter); "" means each one's default. Cursor has
	// "specific" (the default: Shell, MCP and file reads on their own
	// events, other tools on preToolUse) and "tool-use" (every tool on
	// preToolUse). Hosts without layouts ignore it; a name no selected
	// host has is an error.
	Layout string
	// DryRun computes the changes without writing anything.
	DryRun bool
	// Force replaces a read-only file (keeping its permissions); without
	// it such a file is refused and nothing is written.
	Force bool
	// Args are written at the end of every entry's command, after "--":
	// the program's own arguments (hookmain ignores them; read them with
	// hookmain.ExtraArgs). An argument cmd.exe cannot quote (Cursor on
	// Windows: one holding " or %) is refused.
	Args []string
	// StatusMessage is the text a host that has one (Claude Code) shows
	// while the hook runs (the entry's "statusMessage"); other hosts get
	// a note. Uninstall and Doctor need the same value: an entry with
	// another status message, or with one when StatusMessage is "", is
	// the user's (a customised entry), left alone.
	StatusMessage string
	// Async registers entries the host runs in the background without
	// waiting (Claude Code "async": true), for events whose answer the
	// host ignores anyway (their capability row honours nothing); asking
	// it for any other event is an error naming them. Other hosts get a
	// note. Uninstall and Doctor need it too, as StatusMessage.
	Async bool
	// Gateway, when set, is the URL of a policy gateway (a
	// hookhttp.Handler) the hooks ask instead of running local handlers.
	// Claude Code gets HTTP hooks ("type": "http") that call it directly,
	// recognised as ours by this URL; the other hosts, which run commands
	// only, get the binary's command with --gateway URL, so the binary
	// must be a gateway bridge (built with bridgemain.Main, as
	// examples/bridge is): Doctor reports one that is not. Uninstall and
	// Doctor need it to find the HTTP hooks. https, or http to this
	// machine only.
	Gateway string
	// GatewayTokenEnv is the environment variable holding the gateway's
	// bearer token (default HOOKS_GATEWAY_TOKEN): Claude Code sends
	// "Authorization: Bearer ${NAME}" and the bridge reads it. Upper-case
	// letters, digits and _, the only names Claude Code fills in.
	GatewayTokenEnv string
	// Observe writes --observe in every command: the hook runs its policy
	// and logs it, and answers the host with no opinion. Doctor reports
	// such an entry.
	Observe bool
	// Log, when set, writes --log Log in every command: the hook appends
	// one JSON line per event to that file (an absolute path).
	Log string
	// Replace makes Install take over the entries of other hooks built on
	// this module (another binary, or this one by another path or name)
	// on the events of the files it writes: it removes them, so that each
	// event runs one hook. Without it, Install and Doctor warn about them.
	Replace bool
	// SystemRoot, when set, is the folder that stands for the file
	// system's root in the managed scope's paths (tests); "" means the
	// real one.
	SystemRoot string
	// ManagedOnly, with the Managed scope, also sets the switch with which
	// a host runs only the managed file's hooks, none of the user's or the
	// project's ([hostfacts.Managed].OnlyManaged: Claude Code's
	// "allowManagedHooksOnly"); other hosts get a note. Uninstall needs it
	// too to take the switch out (it keeps one the file had before install).
	ManagedOnly bool
	// DefaultLog, with Log "", writes --log with no path in every
	// command: the hook appends to the default log in the user's state
	// directory, as the hook's own --log with no path does.
	DefaultLog bool

	// ProjectBinary, when set, is the hook binary's path inside the
	// project, relative to its root, with / between names ("bin/guard"):
	// each command reaches it through the project's directory as its host
	// gives it (hostfacts.HookFile.ProjectDir: "$CLAUDE_PROJECT_DIR"/bin/guard
	// under Claude Code), so that a committed file works on every clone,
	// wherever it is. Install needs the file there, executable; Binary
	// still names the program that installs. Not with the user scope.
	ProjectBinary string
	// PathBinary, when set, is the hook binary's name on PATH ("guard"),
	// written alone at the head of each command: every developer's PATH,
	// as the host sees it, must find it. Install needs it on this
	// machine's PATH.
	PathBinary string

	// orphans: Main's uninstall --orphans.
	orphans bool
	// absoluteOnly: only the absolute path names the binary (the removal
	// of a binary that no longer exists must not take the portable
	// entries of a binary of the same path inside the project).
	absoluteOnly bool
}

// gateway returns the gateway options of o.
func (o *Options) gateway() gatewayOpts {
	return gatewayOpts{url: o.Gateway, tokenEnv: o.GatewayTokenEnv, observe: o.Observe, log: o.Log,
		defaultLog: o.DefaultLog && o.Log == "", args: o.Args, statusMessage: o.StatusMessage, async: o.Async,
		replace: o.Replace}
}

// Change is what install or uninstall did, or would do, to one file.
type Change struct {
	Host  hooks.Host
	Scope Scope
	// Path is the file's absolute path.
	Path string
	// Before is the file's content, nil when it did not exist; After is
	// the new content (equal to Before when nothing changes).
	Before, After []byte
	// Added, Updated, Unchanged and Removed list native event names.
	Added, Updated, Unchanged, Removed []string
	// Notes are remarks for the user (skipped events, a Cursor version
	// other than 1, what the host needs before it runs the hooks).
	Notes []string
	// Backup is where the previous content was saved, when it was the
	// user's: a file in the user's state directory, written once and
	// never overwritten ("" when the previous content was our own last
	// write, or there was none).
	Backup string
	// Deleted: uninstall removes the file (After is nil), because install
	// created it and it holds nothing else; so does it the directories
	// install created for it, when they are empty.
	Deleted bool

	// exec: a file the command creates is executable (a scripts host's
	// hook file).
	exec bool
}

// Changed reports that the file's content changes.
func (c *Change) Changed() bool {
	return c.Before == nil || c.Deleted || string(c.Before) != string(c.After)
}

// Diff returns a unified diff of the change ("" when there is none).
func (c *Change) Diff() string {
	if !c.Changed() {
		return ""
	}
	from, to := c.Path, c.Path
	if c.Before == nil {
		from = "/dev/null"
	}
	if c.Deleted {
		to = "/dev/null"
	}
	return unifiedDiff(from, to, string(c.Before), string(c.After))
}

// Install adds our entries to each host's file for o.Scope. It locks
// the files, computes every change, and writes nothing when any file
// cannot be edited (it does not parse, its host could not read it, it is
// not a regular file, it is read-only without o.Force). When a write
// fails, the files already written are put back and the error is a
// [*CommitError]. Re-running it changes nothing. With o.DryRun it writes
// nothing.
func Install(o Options) ([]Change, error) {
	return edit(o, func(h *host) error {
		regs, _, err := h.registrations(o.Events, &o)
		if err == nil {
			_, err = h.entryOptions(regs, &o)
		}
		return err
	}, func(h *host, scope Scope, p string, e env) ([]string, error) {
		if h.PluginModule == "" {
			return nil, nil
		}
		return nil, h.refuseCopies(scope, e, o.Binary, p)
	}, func(h *host, scope Scope, p string, _ *fileState) (*Change, error) {
		return planInstall(h, scope, p, o)
	})
}

// Uninstall removes our entries, and only them, from each host's file for
// o.Scope, and the containers Install created for them, so that the file
// is byte for byte what it was before Install. A file Install created,
// left with nothing else in it, is removed, with the directories Install
// created for it when they are empty. Locking and all-or-nothing writes
// are as for [Install].
func Uninstall(o Options) ([]Change, error) {
	return edit(o, nil, func(h *host, scope Scope, p string, e env) ([]string, error) {
		if h.PluginModule == "" {
			return nil, nil
		}
		return h.pluginCopies(scope, e, o.Binary, p), nil
	}, func(h *host, scope Scope, p string, fst *fileState) (*Change, error) {
		if h.Scripts {
			return planScriptUninstall(h, scope, p, o)
		}
		if h.PluginModule != "" {
			return planPluginUninstall(h, scope, p, o)
		}
		c, err := planUninstall(h, scope, p, o)
		if err != nil || c == nil {
			return c, err
		}
		if scope == Managed {
			if err := h.managedUninstall(c, o, fst.original()); err != nil {
				return nil, err
			}
		}
		if c.Before != nil && c.Changed() {
			if created, _ := fst.created(); created && h.holdsNothing(c.After) {
				c.After, c.Deleted = nil, true
			} else if orig := fst.original(); orig != nil && string(orig) != string(c.After) && h.sameButEmptyHooks(orig, c.After) {
				// Other binaries' installs in between left empty event
				// arrays where the user had none: give back the user's
				// own text.
				c.After = orig
				c.Notes = append(c.Notes, "the file is back to the user's text saved before install")
			}
		}
		return c, nil
	})
}

// adapters returns o.Adapters, or the built-in adapters when it is nil.
func (o *Options) adapters() []hooks.Adapter {
	if o.Adapters != nil {
		return o.Adapters
	}
	return builtin.Adapters()
}

// usageError is an error in the options (exit code 2 in Main).
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// edit is Install and Uninstall: it finds each host's file for o.Scope
// (check, when not nil, vets each host first; more, the other files of a
// host to plan, or an error that stops it), locks the files, plans each
// change and, unless o.DryRun, commits them all or none.
func edit(o Options, check func(*host) error, more func(h *host, scope Scope, p string, e env) ([]string, error),
	plan func(h *host, scope Scope, p string, fst *fileState) (*Change, error)) ([]Change, error) {
	hs, e, err := o.prepare()
	if err != nil {
		return nil, err
	}
	if check != nil {
		// Install: the binary a portable command names must be there.
		if err := o.checkTarget(e); err != nil {
			return nil, err
		}
	}
	scope := o.Scope
	if scope == "" {
		scope = Project
	}
	type file struct {
		h *host
		p string
	}
	var files []file
	for _, h := range hs {
		p := h.path(scope, e)
		if p == "" && scope == Managed && (o.Hosts != nil || check != nil) {
			// Never another file instead: the host is named, and left out.
			return nil, usageError{h.noManaged(e.goos)}
		}
		if p == "" {
			if o.Hosts != nil && h.UserOnly != "" {
				return nil, usageError{fmt.Errorf("%s has no %s scope: %s", h.name, scope, h.UserOnly)}
			}
			if o.Hosts != nil {
				return nil, usageError{fmt.Errorf("%s has no %s scope", h.name, scope)}
			}
			continue
		}
		if check != nil {
			if err := check(h); err != nil {
				return nil, usageError{err}
			}
		}
		if h.Scripts {
			for _, native := range h.scriptEvents() {
				files = append(files, file{h, filepath.Join(p, native)})
			}
			continue
		}
		files = append(files, file{h, p})
		extra, err := more(h, scope, p, e)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %s: %w", h.name, scope, p, err)
		}
		for _, q := range extra {
			files = append(files, file{h, q})
		}
	}
	state, err := stateDir(e)
	if err != nil {
		return nil, err
	}
	fsts := make([]*fileState, len(files))
	for i, f := range files {
		fsts[i] = newFileState(state, resolvedPath(f.p))
	}
	if !o.DryRun {
		for _, fst := range fsts {
			if err := fst.init(); err != nil {
				return nil, err
			}
		}
		release, err := lockAll(fsts)
		if err != nil {
			return nil, err
		}
		defer release()
	}
	var changes []Change
	var cfsts []*fileState
	var errs []error
	for i, f := range files {
		var stale []string
		if !o.DryRun {
			stale = removeStaleTemps(fsts[i].path)
			fsts[i].removeStaleTemps()
		}
		c, err := plan(f.h, scope, f.p, fsts[i])
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %s: %s: %w", f.h.name, scope, f.p, err))
			continue
		}
		if c == nil {
			continue
		}
		for _, s := range stale {
			c.Notes = append(c.Notes, "removed a temporary file a killed write of ours left: "+s)
		}
		if err := c.checkWritable(); err != nil {
			errs = append(errs, fmt.Errorf("%s %s: %s: %w", f.h.name, scope, f.p, err))
		}
		if c.Changed() && c.Before != nil && !o.Force && readOnly(c.Path) {
			errs = append(errs, fmt.Errorf("%s %s: %s: the file is read-only; pass --force to replace it anyway (it keeps its permissions)", f.h.name, scope, f.p))
		}
		changes = append(changes, *c)
		cfsts = append(cfsts, fsts[i])
	}
	if len(errs) > 0 {
		return changes, errors.Join(errs...)
	}
	if o.DryRun {
		return changes, nil
	}
	if err := commit(changes, cfsts); err != nil {
		return changes, err
	}
	return changes, nil
}

// planInstall computes the change Install makes to one file.
func planInstall(h *host, scope Scope, p string, o Options) (*Change, error) {
	if h.Scripts {
		return planScriptInstall(h, scope, p, o)
	}
	if h.PluginModule != "" {
		return planPluginInstall(h, scope, p, o)
	}
	before, err := readFile(p)
	if err != nil {
		return nil, err
	}
	c := &Change{Host: h.name, Scope: scope, Path: p, Before: before}
	var out outcome
	kept := h.keepForm(before, &o)
	regs, notes, err := h.registrations(o.Events, &o)
	if err != nil {
		return nil, err
	}
	if h.httpEntries(o.gateway()) {
		regs, notes = h.withoutHTTPUnsupported(regs, notes)
	}
	more, err := h.entryOptions(regs, &o)
	if err != nil {
		return nil, err
	}
	c.Notes = append(notes, more...)
	if kept != "" {
		c.Notes = append(c.Notes, kept)
	}
	c.After, out, err = h.installFile(before, o.Binary, regs, o.FailClosed, o.gateway())
	if err != nil {
		return nil, err
	}
	if scope == Managed {
		if err := h.managedInstall(c, o); err != nil {
			return nil, err
		}
	}
	c = h.finish(c, out, o)
	if len(c.Added)+len(c.Updated) > 0 {
		if n := h.needs(scope); n != "" {
			c.Notes = append(c.Notes, n)
		}
	}
	return c, nil
}

// planUninstall computes the change Uninstall makes to one file; nil for
// a file that does not exist.
func planUninstall(h *host, scope Scope, p string, o Options) (*Change, error) {
	before, err := readFile(p)
	if err != nil {
		return nil, err
	}
	if before == nil {
		return nil, nil
	}
	c := &Change{Host: h.name, Scope: scope, Path: p, Before: before}
	var out outcome
	var only map[string]bool
	if o.Events != nil {
		only = map[string]bool{}
		regs, _, _ := h.registrations(o.Events, &Options{Timeout: time.Second})
		for _, r := range regs {
			only[r.native] = true
		}
		// Every layout's entries: those of another layout than the
		// default are ours too.
		if lt, ok := h.adapter.(hostfacts.Layouter); ok {
			for _, l := range lt.Layouts() {
				for _, r := range l.Entries {
					if contains(o.Events, r.Unified) {
						only[r.Event] = true
					}
				}
			}
		}
	}
	c.After, out, err = h.uninstallFile(before, o.Binary, only, o.gateway())
	if err != nil {
		return nil, err
	}
	return h.finish(c, out, o), nil
}

// finish fills in c from the outcome of an edit, with the notes about
// entries that are not ours.
func (h *host) finish(c *Change, out outcome, o Options) *Change {
	c.Added, c.Updated, c.Unchanged, c.Removed = out.Added, out.Updated, out.Unchanged, out.Removed
	c.Notes = append(c.Notes, out.Notes...)
	if ed, err := h.open(c.After, o.Binary, o.gateway()); err == nil {
		evs, cmds := ed.customised()
		for i := range evs {
			c.Notes = append(c.Notes, customisedNote(evs[i], cmds[i]))
		}
		for _, b := range ed.orphans() {
			c.Notes = append(c.Notes, orphanNote(h, b))
		}
		c.Notes = append(c.Notes, doublesNote(ed.doubles(nil), false)...)
	}
	if o.Gateway == "" && h.HTTP {
		for _, u := range gatewayHooks(h, c.After) {
			c.Notes = append(c.Notes, "the file also has HTTP hooks calling the gateway "+u+", which only --gateway "+u+" manages")
		}
	}
	return c
}

// holdsNothing reports a file left with nothing but what installs write
// around their entries: "{}", or "hooks" holding only empty event
// arrays (what interleaved installs of several binaries leave), and
// Cursor's "version": 1. Uninstall removes such a file when install
// created it.
func (h *host) holdsNothing(src []byte) bool {
	if h.TOML {
		return strings.TrimSpace(string(src)) == ""
	}
	d, err := jsonc.Parse(src)
	if err != nil || d.Root.Kind != jsonc.Object {
		return false
	}
	for _, m := range d.Root.Members {
		switch {
		case h.TopLevel:
			if m.Value.Kind != jsonc.Array || m.Value.Len() > 0 {
				return false
			}
		case m.Key == "version" && h.Version && string(d.Src[m.Value.Start:m.Value.End]) == "1":
		case m.Key == "hooks" && m.Value.Kind == jsonc.Object:
			for _, ev := range m.Value.Members {
				if ev.Value.Kind != jsonc.Array || ev.Value.Len() > 0 {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// sameButEmptyHooks reports that a and b hold the same values, once
// empty event arrays in "hooks" (at the top level when the events are
// there), and a "hooks" left empty, are dropped.
func (h *host) sameButEmptyHooks(a, b []byte) bool {
	da, err := jsonc.Parse(a)
	if err != nil {
		return false
	}
	db, err := jsonc.Parse(b)
	if err != nil {
		return false
	}
	depth := 0
	if h.TopLevel {
		depth = 1 // the events are the top-level keys
	}
	return canon(da.Src, da.Root, depth) == canon(db.Src, db.Root, depth)
}

// canon renders n compactly; at depth 0 and 1 it drops empty arrays
// under "hooks" and an empty "hooks".
func canon(src []byte, n *jsonc.Node, depth int) string {
	var b strings.Builder
	switch n.Kind {
	case jsonc.Object:
		b.WriteByte('{')
		for _, m := range n.Members {
			if depth == 0 && m.Key == "hooks" && m.Value.Kind == jsonc.Object {
				inner := canon(src, m.Value, 1)
				if inner == "{}" {
					continue
				}
				b.WriteString(strconv.Quote(m.Key) + ":" + inner + ",")
				continue
			}
			if depth == 1 && m.Value.Kind == jsonc.Array && m.Value.Len() == 0 {
				continue
			}
			b.WriteString(strconv.Quote(m.Key) + ":" + canon(src, m.Value, 2) + ",")
		}
		b.WriteByte('}')
	case jsonc.Array:
		b.WriteByte('[')
		for _, e := range n.Elems {
			b.WriteString(canon(src, e, 2) + ",")
		}
		b.WriteByte(']')
	case jsonc.String:
		b.WriteString(strconv.Quote(n.Str))
	default:
		b.Write(src[n.Start:n.End])
	}
	return strings.Replace(b.String(), ",}", "}", 1)
}

func contains[T comparable](s []T, x T) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// prepare checks o and resolves the hosts and directories.
func (o *Options) prepare() ([]*host, env, error) {
	var e env
	if o.Binary == "" || !(filepath.IsAbs(o.Binary) || windowsPath(o.Binary)) {
		return nil, e, usageError{fmt.Errorf("the hook binary path must be absolute, got %q", o.Binary)}
	}
	if strings.ContainsAny(o.Binary, "\n\r\x00") {
		return nil, e, usageError{fmt.Errorf("the hook binary path %q holds a line break or NUL", o.Binary)}
	}
	switch o.Scope {
	case Plugin:
		if o.Dir == "" {
			return nil, e, usageError{errors.New("--scope plugin needs --dir, the plugin's directory")}
		}
	case "", Project, Local, User, Managed:
	default:
		return nil, e, usageError{fmt.Errorf("unknown scope %q (project, local, user, managed or plugin)", o.Scope)}
	}
	if err := o.checkManaged(); err != nil {
		return nil, e, usageError{err}
	}
	for _, ev := range o.Events {
		if !contains(hooks.Events(), ev) {
			return nil, e, usageError{fmt.Errorf("unknown event %q (unified names: %s)", ev, eventList())}
		}
	}
	names := o.Hosts
	if names == nil {
		names = hostsOf(o.adapters())
	}
	var hs []*host
	var seen []hooks.Host
	for _, n := range names {
		h, err := lookupHost(o.adapters(), n)
		if err != nil {
			return nil, e, usageError{err}
		}
		if !contains(seen, n) {
			hs, seen = append(hs, h), append(seen, n)
		}
	}
	if err := checkLayout(o.adapters(), o.Layout, hs); err != nil {
		return nil, e, usageError{err}
	}
	if err := o.checkGateway(hs); err != nil {
		return nil, e, usageError{err}
	}
	for n := range o.ConfigRoots {
		if _, err := lookupHost(o.adapters(), n); err != nil {
			return nil, e, usageError{fmt.Errorf("--config-root: %w", err)}
		}
	}
	e.getenv, e.binary, e.configRoots = o.Getenv, o.Binary, o.ConfigRoots
	e.systemRoot, e.goos = o.SystemRoot, runtime.GOOS
	if e.getenv == nil {
		e.getenv = os.Getenv
	}
	e.home = o.Home
	if e.home == "" {
		if home, err := os.UserHomeDir(); err == nil {
			e.home = home
		} else if o.Scope == User {
			return nil, e, err
		}
	}
	e.dir = o.Dir
	if e.dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, e, err
		}
		e.dir = projectRoot(wd, e.home)
	}
	d, err := filepath.Abs(e.dir)
	if err != nil {
		return nil, e, err
	}
	e.dir = d
	if err := o.checkPortable(); err != nil {
		return nil, e, usageError{err}
	}
	for _, h := range hs {
		if o.absoluteOnly {
			continue
		}
		if err := h.setHeads(o, e); err != nil {
			return nil, e, usageError{err}
		}
	}
	return hs, e, nil
}

func eventList() string {
	var s []string
	for _, e := range hooks.Events() {
		s = append(s, string(e))
	}
	return strings.Join(s, ", ")
}
