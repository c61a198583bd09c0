package install

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/managedfile"
	"github.com/agenthooks/hooks/install/internal/projectroot"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/install/internal/statedir"
	"github.com/agenthooks/hooks/install/internal/textdiff"
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
	// GatewayCA, GatewayCert and GatewayKey are the bridge's TLS files,
	// written into each command as --gateway-ca, --gateway-cert and
	// --gateway-key: the gateway's private CA, and a client certificate
	// and its key for a gateway that asks for one. Gateway may name
	// several URLs, separated by commas, which the bridge tries in turn.
	// With any of these Claude Code runs the bridge's command too (its
	// HTTP hooks do neither). Each file must exist; install makes their
	// paths absolute.
	GatewayCA, GatewayCert, GatewayKey string
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
	return gatewayOpts{url: o.Gateway, tokenEnv: o.GatewayTokenEnv, files: gatewayFiles{o.GatewayCA, o.GatewayCert, o.GatewayKey}, observe: o.Observe, log: o.Log,
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
	return textdiff.Unified(from, to, string(c.Before), string(c.After))
}

// Install adds our entries to each host's file for o.Scope. It locks
// the files, computes every change, and writes nothing when any file
// cannot be edited (it does not parse, its host could not read it, it is
// not a regular file, it is read-only without o.Force). When a write
// fails, the files already written are put back and the error is a
// [*CommitError]. Re-running it changes nothing. With o.DryRun it writes
// nothing.
func Install(o Options) ([]Change, error) {
	if err := o.gatewayFilesExist(); err != nil {
		return nil, err
	}
	return edit(o, func(h *host) error {
		regs, _, err := h.registrations(o.Events, &o)
		if err == nil {
			_, err = h.entryOptions(regs, &o)
		}
		return err
	}, func(h *host, scope Scope, p string, e env) ([]string, error) {
		if h.Format != hostfacts.FormatPlugins {
			return nil, nil
		}
		return nil, h.refuseCopies(scope, e, o.Binary, p)
	}, func(h *host, scope Scope, p string, _ *statedir.File) (*Change, error) {
		return planInstall(h, scope, p, o)
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

// planInstall computes the change Install makes to one file.
func planInstall(h *host, scope Scope, p string, o Options) (*Change, error) {
	if h.Format == hostfacts.FormatScripts {
		return planScriptInstall(h, scope, p, o)
	}
	if h.Format == hostfacts.FormatPlugins {
		return planPluginInstall(h, scope, p, o)
	}
	before, err := safefile.Read(p)
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
	if o.Gateway == "" && h.JSON.HTTP {
		for _, u := range gatewayHooks(h, c.After) {
			c.Notes = append(c.Notes, "the file also has HTTP hooks calling the gateway "+u+", which only --gateway "+u+" manages")
		}
	}
	return c
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
	if o.Binary == "" || !(filepath.IsAbs(o.Binary) || shellwords.WindowsPath(o.Binary)) {
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
		e.dir = projectroot.Find(wd, e.home)
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

// checkManaged vets the options of the managed scope before anything is
// read: the command must name the binary by its absolute path (a
// project's copy, or a name PATH finds, is the user's to change), and
// ManagedOnly goes with the managed scope only.
func (o *Options) checkManaged() error {
	if o.Scope != Managed {
		if o.ManagedOnly {
			return errors.New("--managed-hooks-only goes with --scope managed")
		}
		return nil
	}
	if o.portable() {
		return errors.New("--scope managed names the binary by its absolute path: --binary-in-project and --binary-on-path name a file the user can replace")
	}
	return nil
}

// managedInstall finishes c, the change install makes to h's managed
// file: with o.ManagedOnly, the host's switch that runs managed hooks only
// is set to true; the notes say what else the host needs, and warn about
// a binary that others may replace.
func (h *host) managedInstall(c *Change, o Options) error {
	key := h.Managed.OnlyManaged
	switch {
	case o.ManagedOnly && key == "":
		c.Notes = append(c.Notes, h.Title+" has no switch that runs managed hooks only: the user's and the project's hooks run too")
	case o.ManagedOnly:
		after, err := managedfile.SetTrue(c.After, key)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrNotJSON, err)
		}
		c.After = after
	case key != "":
		c.Notes = append(c.Notes, fmt.Sprintf("the user's and the project's hooks still run beside these (%q is not set; --managed-hooks-only sets it)", key))
	}
	if h.Managed.Needs != "" {
		c.Notes = append(c.Notes, h.Managed.Needs)
	}
	if n := managedfile.Replaceable(o.Binary); n != "" {
		c.Notes = append(c.Notes, n)
	}
	return nil
}
