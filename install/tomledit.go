package install

import (
	"fmt"
	"strconv"
	"strings"
)

// The entries of a TOML hook file are [[hooks]] tables that install
// appends, each after a blank line, and that uninstall removes with that
// line, so that install then uninstall gives the file back byte for byte.
// The order of an entry's keys records the one thing more install did:
// "timeout" before "command" means the file did not end with a newline
// and install added one, which uninstall takes away again.

// tomlOurs returns the indexes of the entries of binary in entries (of
// the named events only, when only is set): plain tables whose command
// is one install writes for binary.
func (h *host) tomlOurs(entries []tomlEntry, binary string, only map[string]bool) []int {
	var out []int
	for i, e := range entries {
		if !e.plain || (only != nil && !only[e.values["event"]]) {
			continue
		}
		if c, ok := e.values["command"]; ok && h.ownCommand(c, binary) {
			out = append(out, i)
		}
	}
	return out
}

// tomlBlock renders the table of w; addedNewline records that install
// added the file's final newline.
func tomlBlock(w want, addedNewline bool) string {
	var b strings.Builder
	b.WriteString("[[hooks]]\nevent = " + tomlString(w.native) + "\n")
	if w.matcher != "" {
		b.WriteString("matcher = " + tomlString(w.matcher) + "\n")
	}
	cmd := "command = " + tomlString(w.command) + "\n"
	to := "timeout = " + strconv.Itoa(w.timeout) + "\n"
	if addedNewline {
		b.WriteString(to + cmd)
	} else {
		b.WriteString(cmd + to)
	}
	return b.String()
}

// tomlSame reports that e is exactly the table install writes for w.
func tomlSame(e tomlEntry, w want) bool {
	want := []string{"event", "command", "timeout"}
	if w.matcher != "" {
		want = []string{"event", "matcher", "command", "timeout"}
	}
	if len(e.keys) != len(want) {
		return false
	}
	for i, k := range want {
		if e.keys[i] != k && !(k == "command" || k == "timeout") {
			return false
		}
	}
	return e.values["event"] == w.native && e.values["matcher"] == w.matcher && e.values["command"] == w.command &&
		e.values["timeout"] == strconv.Itoa(w.timeout)
}

// tomlRemove returns src without entry e and the blank line install wrote
// before it (two newlines when install also added the file's last one);
// an entry that starts the file takes the blank line after it instead.
func tomlRemove(src string, e tomlEntry) string {
	start := e.start
	if start >= 2 && src[start-2:start] == "\n\n" {
		start--
		if i := indexOf(e.keys, "timeout"); i >= 0 && i < indexOf(e.keys, "command") && start >= 1 && !(start >= 2 && src[start-2] == '\n') {
			start-- // install added the newline that ended the file
		}
	}
	end := e.end
	if start == 0 && end < len(src) && src[end] == '\n' {
		end++ // the blank line that now starts the file was the next entry's
	}
	return src[:start] + src[end:]
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
		if len(mine) == 1 && tomlSame(entries[mine[0]], w) {
			out.Unchanged = append(out.Unchanged, w.native)
			continue
		}
		if len(mine) > 0 {
			out.Updated = append(out.Updated, w.native)
		} else {
			out.Added = append(out.Added, w.native)
		}
		for i := len(mine) - 1; i >= 0; i-- {
			s = tomlRemove(s, entries[mine[i]])
		}
		switch {
		case s == "":
			s = tomlBlock(w, false)
		case strings.HasSuffix(s, "\n"):
			s += "\n" + tomlBlock(w, false)
		default:
			s += "\n\n" + tomlBlock(w, true)
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
		out.Removed = append(out.Removed, e.values["event"])
		s = tomlRemove(s, e)
	}
	reverse(out.Removed)
	return []byte(s), out, nil
}
