package tomlconfig

import (
	"slices"
	"strconv"
	"strings"
)

// The entries of a TOML hook file are [[hooks]] tables that install
// appends, each after a blank line, and that uninstall removes with that
// line, so that install then uninstall gives the file back byte for byte.
// The order of an entry's keys records the one thing more install did:
// "timeout" before "command" means the file did not end with a newline
// and install added one, which uninstall takes away again.

// Hook is the table install writes for one event.
type Hook struct {
	Event, Matcher, Command string
	Timeout                 int // seconds
}

// Block renders the table of h; addedNewline records that install
// added the file's final newline.
func Block(h Hook, addedNewline bool) string {
	var b strings.Builder
	b.WriteString("[[hooks]]\nevent = " + Quote(h.Event) + "\n")
	if h.Matcher != "" {
		b.WriteString("matcher = " + Quote(h.Matcher) + "\n")
	}
	cmd := "command = " + Quote(h.Command) + "\n"
	to := "timeout = " + strconv.Itoa(h.Timeout) + "\n"
	if addedNewline {
		b.WriteString(to + cmd)
	} else {
		b.WriteString(cmd + to)
	}
	return b.String()
}

// Same reports that e is exactly the table install writes for h.
func Same(e Entry, h Hook) bool {
	want := []string{"event", "command", "timeout"}
	if h.Matcher != "" {
		want = []string{"event", "matcher", "command", "timeout"}
	}
	if len(e.Keys) != len(want) {
		return false
	}
	for i, k := range want {
		if e.Keys[i] != k && !(k == "command" || k == "timeout") {
			return false
		}
	}
	return e.Values["event"] == h.Event && e.Values["matcher"] == h.Matcher && e.Values["command"] == h.Command &&
		e.Values["timeout"] == strconv.Itoa(h.Timeout)
}

// Remove returns src without entry e and the blank line install wrote
// before it (two newlines when install also added the file's last one);
// an entry that starts the file takes the blank line after it instead.
func Remove(src string, e Entry) string {
	start := e.Start
	if start >= 2 && src[start-2:start] == "\n\n" {
		start--
		if i := slices.Index(e.Keys, "timeout"); i >= 0 && i < slices.Index(e.Keys, "command") && start >= 1 && !(start >= 2 && src[start-2] == '\n') {
			start-- // install added the newline that ended the file
		}
	}
	end := e.End
	if start == 0 && end < len(src) && src[end] == '\n' {
		end++ // the blank line that now starts the file was the next entry's
	}
	return src[:start] + src[end:]
}
