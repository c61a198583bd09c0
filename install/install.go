package install

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/cursor"
)

// DefaultTimeout is the time limit written for each hook when
// Options.Timeout is 0 (Codex's SessionEnd gets its 3 s cap).
const DefaultTimeout = 30 * time.Second

// Options say what to install, uninstall or check, and where.
type Options struct {
	// Binary is the absolute path of the hook executable. Required.
	Binary string
	// Hosts to act on; nil means all four.
	Hosts []hooks.Host
	// Events are unified event names, mapped to each host's native events;
	// nil means each host's default set: every unified event it delivers,
	// except Gemini's PreCompact (PreCompress fires before every model
	// call). Uninstall with nil Events removes our entries from every
	// event.
	Events []hooks.EventName
	// Matcher is the tool-name matcher of tool events (PreToolUse,
	// PostToolUse, PostToolUseFailure, PermissionRequest), in the host's
	// tool names; "" matches every tool. It needs CursorLayer ToolUseLayer
	// when Cursor is among the hosts.
	Matcher string
	// Scope is the file to edit (default Project). Doctor checks every
	// scope when Scope is "".
	Scope Scope
	// Dir is the project directory; "" means the working directory.
	Dir string
	// Home is the user's home directory; "" means os.UserHomeDir.
	Home string
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
	// CursorLayer is the Cursor registration (cursor.SpecificLayer by
	// default: Shell, MCP and file reads on their own events, other tools
	// on preToolUse).
	CursorLayer cursor.Layer
	// DryRun computes the changes without writing anything.
	DryRun bool
	// Gateway, when set, is the URL of a policy gateway (a
	// hookhttp.Handler) the hooks ask instead of running local handlers.
	// Claude Code gets HTTP hooks ("type": "http") that call it directly,
	// recognised as ours by this URL; the other hosts, which run commands
	// only, get the binary's command with --gateway URL, so the binary
	// must be a gateway bridge (built with hookhttp.Main, as
	// examples/bridge is): Doctor reports one that is not. Uninstall and
	// Doctor need it to find the HTTP hooks. https, or http to this
	// machine only.
	Gateway string
	// GatewayTokenEnv is the environment variable holding the gateway's
	// bearer token (default HOOKS_GATEWAY_TOKEN): Claude Code sends
	// "Authorization: Bearer ${NAME}" and the bridge reads it. Upper-case
	// letters, digits and _, the only names Claude Code fills in.
	GatewayTokenEnv string
}

// gateway returns the gateway options of o.
func (o *Options) gateway() gatewayOpts {
	return gatewayOpts{url: o.Gateway, tokenEnv: o.GatewayTokenEnv}
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
	// Backup is where the previous content was saved, when written.
	Backup string
}

// Changed reports that the file's content changes.
func (c *Change) Changed() bool { return c.Before == nil || string(c.Before) != string(c.After) }

// Diff returns a unified diff of the change ("" when there is none).
func (c *Change) Diff() string {
	if !c.Changed() {
		return ""
	}
	from := c.Path
	if c.Before == nil {
		from = "/dev/null"
	}
	return unifiedDiff(from, c.Path, string(c.Before), string(c.After))
}

// Install adds our entries to each host's file for o.Scope. It computes
// every change first: when any file cannot be edited (it does not parse,
// or its host could not read it), it writes nothing and returns the
// error. Re-running it changes nothing. With o.DryRun it writes nothing.
func Install(o Options) ([]Change, error) {
	return run(o, true)
}

// Uninstall removes our entries, and only them, from each host's file for
// o.Scope, and the containers Install created for them, so that the file
// is byte for byte what it was before Install (a file Install created
// becomes "{}"). Files are never deleted.
func Uninstall(o Options) ([]Change, error) {
	return run(o, false)
}

func run(o Options, add bool) ([]Change, error) {
	hs, e, err := o.prepare()
	if err != nil {
		return nil, err
	}
	scope := o.Scope
	if scope == "" {
		scope = Project
	}
	var changes []Change
	var errs []error
	for _, h := range hs {
		p := h.path(scope, e)
		if p == "" {
			if o.Hosts != nil {
				errs = append(errs, fmt.Errorf("%s has no %s scope", h.name, scope))
			}
			continue
		}
		c, err := plan(h, scope, p, o, add)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s %s: %s: %w", h.name, scope, p, err))
			continue
		}
		if c != nil {
			changes = append(changes, *c)
		}
	}
	if len(errs) > 0 {
		return changes, errors.Join(errs...)
	}
	if o.DryRun {
		return changes, nil
	}
	for i := range changes {
		c := &changes[i]
		if !c.Changed() {
			continue
		}
		b, err := writeFile(c.Path, c.Before, c.After)
		if err != nil {
			return changes, fmt.Errorf("%s %s: %w", c.Host, c.Scope, err)
		}
		c.Backup = b
	}
	return changes, nil
}

// plan computes the change for one file; nil when uninstalling from a
// file that does not exist.
func plan(h *host, scope Scope, p string, o Options, add bool) (*Change, error) {
	before, err := readFile(p)
	if err != nil {
		return nil, err
	}
	c := &Change{Host: h.name, Scope: scope, Path: p, Before: before}
	var out outcome
	if add {
		regs, notes, err := h.registrations(o.Events, &o)
		if err != nil {
			return nil, err
		}
		if h.httpEntries(o.gateway()) {
			regs, notes = withoutHTTPUnsupported(regs, notes)
		}
		c.Notes = notes
		c.After, out, err = h.installFile(before, o.Binary, regs, o.FailClosed, o.gateway())
		if err != nil {
			return nil, err
		}
	} else {
		if before == nil {
			return nil, nil
		}
		var only map[string]bool
		if o.Events != nil {
			only = map[string]bool{}
			regs, _, _ := h.registrations(o.Events, &Options{Timeout: time.Second, CursorLayer: o.CursorLayer})
			for _, r := range regs {
				only[r.native] = true
			}
			if h.flat { // both Cursor layers
				for _, l := range []cursor.Layer{cursor.SpecificLayer, cursor.ToolUseLayer} {
					for _, r := range cursor.Registrations(l) {
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
	}
	c.Added, c.Updated, c.Unchanged, c.Removed = out.Added, out.Updated, out.Unchanged, out.Removed
	c.Notes = append(c.Notes, out.Notes...)
	if o.Gateway == "" && h.name == claude.Host {
		for _, u := range gatewayHooks(h, c.After) {
			c.Notes = append(c.Notes, "the file also has HTTP hooks calling the gateway "+u+", which only --gateway "+u+" manages")
		}
	}
	if add && len(c.Added)+len(c.Updated) > 0 {
		if n := h.needs(scope); n != "" {
			c.Notes = append(c.Notes, n)
		}
	}
	return c, nil
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
		return nil, e, fmt.Errorf("the hook binary path must be absolute, got %q", o.Binary)
	}
	if strings.ContainsAny(o.Binary, "\n\r\x00") {
		return nil, e, fmt.Errorf("the hook binary path %q holds a line break or NUL", o.Binary)
	}
	switch o.Scope {
	case "", Project, Local, User:
	default:
		return nil, e, fmt.Errorf("unknown scope %q (project, local or user)", o.Scope)
	}
	for _, ev := range o.Events {
		if !contains(hooks.Events(), ev) {
			return nil, e, fmt.Errorf("unknown event %q (unified names: %s)", ev, eventList())
		}
	}
	names := o.Hosts
	if names == nil {
		names = Hosts()
	}
	var hs []*host
	var seen []hooks.Host
	for _, n := range names {
		h, err := lookupHost(n)
		if err != nil {
			return nil, e, err
		}
		if !contains(seen, n) {
			hs, seen = append(hs, h), append(seen, n)
		}
	}
	if err := o.checkGateway(hs); err != nil {
		return nil, e, err
	}
	e.getenv = o.Getenv
	if e.getenv == nil {
		e.getenv = os.Getenv
	}
	e.dir = o.Dir
	if e.dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, e, err
		}
		e.dir = wd
	}
	d, err := filepath.Abs(e.dir)
	if err != nil {
		return nil, e, err
	}
	e.dir = d
	e.home = o.Home
	if e.home == "" {
		if home, err := os.UserHomeDir(); err == nil {
			e.home = home
		} else if o.Scope == User {
			return nil, e, err
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
