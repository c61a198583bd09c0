package install

import (
	"fmt"
	"github.com/agenthooks/hooks/install/internal/tomlconfig"
	"strings"
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
