package install

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/gemini"
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

// Scopes lists the scopes in the order doctor reports them.
func Scopes() []Scope { return []Scope{Project, Local, User} }

// Hosts lists the hosts the installer knows, in a stable order.
func Hosts() []hooks.Host { return []hooks.Host{claude.Host, cursor.Host, gemini.Host, codex.Host} }

// host describes one host's configuration file.
type host struct {
	name hooks.Host
	// flat: Cursor's {"hooks":{"event":[{command,...}]}}, not Claude's
	// {"hooks":{"Event":[{matcher, hooks:[{type,command,...}]}]}}.
	flat bool
	// millis: the timeout key is in milliseconds (Gemini), not seconds.
	millis bool
	// jsonc: the host reads comments and trailing commas (Gemini). The
	// others parse strict JSON and discard a file that is not.
	jsonc bool
	// version: the file needs "version": 1 (Cursor).
	version bool
	// file is the file's name in the .<host> directory.
	file string
	// matchAll is the matcher written on tool events when --matcher is
	// not given ("" writes none).
	matchAll string
	adapter  hooks.Adapter
}

// lookupHost returns the description of a host, built on each call so
// that a hook binary does no work for the installer at start-up.
func lookupHost(name hooks.Host) (*host, error) {
	switch name {
	case claude.Host:
		return &host{name: name, file: "settings.json", matchAll: "*", adapter: claude.New()}, nil
	case cursor.Host:
		return &host{name: name, file: "hooks.json", flat: true, version: true, adapter: cursor.New()}, nil
	case gemini.Host:
		return &host{name: name, file: "settings.json", millis: true, jsonc: true, adapter: gemini.New()}, nil
	case codex.Host:
		return &host{name: name, file: "hooks.json", matchAll: "*", adapter: codex.New()}, nil
	}
	return nil, fmt.Errorf("unknown host %q (known: claude, cursor, gemini, codex)", name)
}

// env is where files are: the project directory, the home directory and
// the environment.
type env struct {
	dir, home string
	getenv    func(string) string
}

// path returns the host's file for scope s, or "" when the host has no
// such scope.
func (h *host) path(s Scope, e env) string {
	switch s {
	case Project:
		return filepath.Join(e.dir, "."+string(h.name), h.file)
	case Local:
		if h.name == claude.Host {
			return filepath.Join(e.dir, ".claude", "settings.local.json")
		}
		return ""
	case User:
		switch h.name {
		case claude.Host:
			if d := e.getenv("CLAUDE_CONFIG_DIR"); d != "" {
				return filepath.Join(d, "settings.json")
			}
			return filepath.Join(e.home, ".claude", "settings.json")
		case codex.Host:
			return filepath.Join(codexHome(e), "hooks.json")
		default:
			return filepath.Join(e.home, "."+string(h.name), h.file)
		}
	}
	return ""
}

func codexHome(e env) string {
	if d := e.getenv("CODEX_HOME"); d != "" {
		return d
	}
	return filepath.Join(e.home, ".codex")
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

// notByDefault reports the events registered only when asked for by
// name: Gemini CLI fires PreCompress before every model call, compression
// or not, which would run the hook on every turn for nothing.
func notByDefault(h hooks.Host, e hooks.EventName) bool {
	return h == gemini.Host && e == hooks.PreCompact
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
	var natives []reg
	if h.flat {
		layer := o.CursorLayer
		if o.Matcher != "" && layer != cursor.ToolUseLayer {
			return nil, nil, fmt.Errorf("cursor: --matcher needs --cursor-layer tool-use (or leave cursor out with --hosts): the default layer judges Shell, Read and MCP calls on their own events, where a tool-name matcher does not apply")
		}
		for _, r := range cursor.Registrations(layer) {
			natives = append(natives, reg{native: r.Event, unified: r.Unified, matcher: r.Matcher})
		}
	} else {
		for _, c := range h.adapter.Capabilities() {
			if c.Event != "" {
				natives = append(natives, reg{native: c.Native, unified: c.Event})
			}
		}
	}
	for _, e := range events {
		found := false
		if notByDefault(h.name, e) && !explicit {
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
				case !h.flat:
					r.matcher = h.matchAll
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
	return regs, notes, nil
}

// units converts a limit to the number written in the file: whole seconds
// (rounded up), or milliseconds for Gemini.
func (h *host) units(d time.Duration) int {
	if h.millis {
		return int((d + time.Millisecond - 1) / time.Millisecond)
	}
	return max(1, int((d+time.Second-1)/time.Second))
}

// limitOf is the limit a number in the file stands for.
func (h *host) limitOf(n int) time.Duration {
	if h.millis {
		return time.Duration(n) * time.Millisecond
	}
	return time.Duration(n) * time.Second
}

// needs says what the host requires before it runs hooks from a file of
// scope s, beyond the file itself.
func (h *host) needs(s Scope) string {
	switch h.name {
	case codex.Host:
		return "Codex runs these hooks only once you trust them (/hooks in codex, or trusted_hash lines in config.toml); doctor prints the exact lines"
	case gemini.Host:
		return "Gemini CLI runs hooks only in trusted folders; doctor checks the project's trust"
	case cursor.Host:
		if s == Project {
			return "Cursor runs project hooks only in a trusted workspace"
		}
	}
	return ""
}
