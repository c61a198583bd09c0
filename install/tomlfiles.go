package install

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/tomlconfig"
)

// scanTOML reads the [[hooks]] tables of a TOML hook file
// ([tomlconfig.Scan]); an error wraps ErrNotJSON.
func scanTOML(src []byte) ([]tomlconfig.Entry, error) {
	entries, err := tomlconfig.Scan(src)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotJSON, err)
	}
	return entries, nil
}

// tomlHook is the table install writes for w.
func tomlHook(w want) tomlconfig.Hook {
	return tomlconfig.Hook{Event: w.native, Matcher: w.matcher, Command: w.command, Timeout: w.timeout}
}

// tomlOurs returns the indexes of the entries of binary in entries (of
// the named events only, when only is set): plain tables whose command
// is one install writes for binary.
func (h *host) tomlOurs(entries []tomlconfig.Entry, binary string, only map[string]bool) []int {
	var out []int
	for i, e := range entries {
		if !e.Plain || (only != nil && !only[e.Values["event"]]) {
			continue
		}
		if c, ok := e.Values["command"]; ok && h.ownCommand(c, binary) {
			out = append(out, i)
		}
	}
	return out
}

// installTOML is installFile for a TOML hook file.
func (h *host) installTOML(src []byte, binary string, regs []reg, failClosed bool, g gatewayOpts) ([]byte, outcome, error) {
	var out outcome
	s := string(src)
	for _, r := range regs {
		w, err := h.want(r, binary, failClosed, g)
		if err != nil {
			return nil, out, err
		}
		entries, err := scanTOML([]byte(s))
		if err != nil {
			return nil, out, err
		}
		mine := h.tomlOurs(entries, binary, map[string]bool{r.native: true})
		if len(mine) == 1 && tomlconfig.Same(entries[mine[0]], tomlHook(w)) {
			out.Unchanged = append(out.Unchanged, w.native)
			continue
		}
		if len(mine) > 0 {
			out.Updated = append(out.Updated, w.native)
		} else {
			out.Added = append(out.Added, w.native)
		}
		for i := len(mine) - 1; i >= 0; i-- {
			s = tomlconfig.Remove(s, entries[mine[i]])
		}
		switch {
		case s == "":
			s = tomlconfig.Block(tomlHook(w), false)
		case strings.HasSuffix(s, "\n"):
			s += "\n" + tomlconfig.Block(tomlHook(w), false)
		default:
			s += "\n\n" + tomlconfig.Block(tomlHook(w), true)
		}
	}
	if _, err := scanTOML([]byte(s)); err != nil {
		return nil, out, fmt.Errorf("internal error: an edit broke the file: %v", err)
	}
	return []byte(s), out, nil
}

// uninstallTOML is uninstallFile for a TOML hook file.
func (h *host) uninstallTOML(src []byte, binary string, only map[string]bool) ([]byte, outcome, error) {
	var out outcome
	s := string(src)
	for {
		entries, err := scanTOML([]byte(s))
		if err != nil {
			return nil, out, err
		}
		mine := h.tomlOurs(entries, binary, only)
		if len(mine) == 0 {
			break
		}
		e := entries[mine[len(mine)-1]]
		out.Removed = append(out.Removed, e.Values["event"])
		s = tomlconfig.Remove(s, e)
	}
	reverse(out.Removed)
	return []byte(s), out, nil
}

// checkTOMLFile checks a TOML hook file ([hostfacts.FormatTOML]) and
// returns how many entries of ours it has: each one's event and command,
// run as the host would run it.
func (d *doctor) checkTOMLFile(h *host, s Scope, p string, src []byte) int {
	entries, err := scanTOML(src)
	if err != nil {
		d.add(h.name, s, p, "", Fail, "%v", err)
		d.broken[p] = true
		return 0
	}
	mine := h.tomlOurs(entries, d.o.Binary, nil)
	if len(mine) == 0 {
		return 0
	}
	var events []string
	for _, i := range mine {
		events = append(events, entries[i].Values["event"])
	}
	d.add(h.name, s, p, "", OK, "%d entries: %s", len(mine), strings.Join(events, ", "))
	var found []hostfacts.HookEntry
	for _, i := range mine {
		e := entries[i]
		event := e.Values["event"]
		found = append(found, hostfacts.HookEntry{File: p, Project: s != User, Event: event, Group: i, Index: -1})
		if _, ok := knownEvent(h, event); !ok {
			d.add(h.name, s, p, event, Warn, "%s has no such event; the entry never runs", h.name)
			continue
		}
		limit := h.limitOf(int(h.adapter.Timeout() / h.TimeoutUnit))
		if n, err := strconv.Atoi(e.Values["timeout"]); err == nil && n > 0 {
			limit = h.limitOf(n)
		}
		d.checkCommand(h, s, p, event, e.Values["command"], limit, false)
	}
	d.entries = append(d.entries, found...)
	if sc, ok := h.adapter.(hostfacts.SettingsChecker); ok {
		d.diagnoses(h, sc.CheckEntries(d.settingsCheck(h, found)))
	}
	return len(mine)
}
