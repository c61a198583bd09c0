package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/install/internal/argsecrets"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/internal/hookcli"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// Entries of other hook binaries built on this module, in a JSON hook
// file: orphans, whose binary no longer exists (their entries fail at
// every event), and doubles, another binary or this one by another path
// on the same events (the host runs both on every event).

// orphans returns the hook binaries, other than ed's, that entries of
// the file run as install writes them (an entry of ours for that binary)
// but that no longer exist: a binary moved or deleted without uninstall.
// Their entries fail at every event (exit 127; Gemini CLI then blocks
// every call), and the binary cannot uninstall itself.
func (ed *editor) orphans() []string {
	hk := ed.hooks()
	if hk == nil {
		return nil
	}
	var bins []string
	check := func(n *jsonc.Node) {
		c := n.Get(ed.h.JSON.CommandKey)
		if n.Kind != jsonc.Object || c == nil || c.Kind != jsonc.String || ed.isOurs(n) {
			return
		}
		words, ok := shellwords.Split(c.Str)
		if !ok || len(words) == 0 || shellwords.SamePath(words[0], ed.binary) || slices.Contains(bins, words[0]) {
			return
		}
		bin := words[0]
		if !filepath.IsAbs(bin) && !shellwords.WindowsPath(bin) {
			return
		}
		if _, err := os.Stat(bin); !errors.Is(err, fs.ErrNotExist) {
			return
		}
		other := *ed
		other.binary = bin
		if other.isOurs(n) {
			bins = append(bins, bin)
		}
	}
	for _, m := range hk.Members {
		if m.Value.Kind != jsonc.Array {
			continue
		}
		for _, g := range m.Value.Elems {
			if ed.h.JSON.Flat || g.Kind != jsonc.Object {
				check(g)
				continue
			}
			if hs := g.Get("hooks"); hs != nil && hs.Kind == jsonc.Array {
				for _, x := range hs.Elems {
					check(x)
				}
			}
		}
	}
	return bins
}

// orphanNote is the remark about the entries of a binary that no longer
// exists.
func orphanNote(h *host, bin string) string {
	effect := "they fail at every event"
	if h.ErrorBlocks {
		effect = "they fail at every event, and " + h.Title + " blocks every call they match"
	}
	return "entries of " + bin + ", which no longer exists (moved or deleted without uninstall): " + effect + "; uninstall --orphans removes them"
}

// A double is an entry of another hook built on this module on one of
// the file's events: a command that is not ours (another binary, another
// path or name of it) but passes this host's --host and the rest of a
// hook's own command line (hookcli.Parse accepts it), as the installer of
// any such hook writes it. The host runs both on every such event: every
// call is judged twice, and uninstalling one leaves the other.
type double struct {
	found
	event, command string
}

// doubles returns the entries of other hooks built on this module, in
// document order; with only set, those of the named events.
func (ed *editor) doubles(only map[string]bool) []double {
	var out []double
	for _, f := range ed.matching(only, ed.isDouble) {
		c := f.node.Get(ed.h.JSON.CommandKey)
		out = append(out, double{found: f, event: ed.hooks().Members[f.member].Key, command: c.Str})
	}
	return out
}

// isDouble reports whether n is another hook's entry ([double]).
func (ed *editor) isDouble(n *jsonc.Node) bool {
	c := n.Get(ed.h.JSON.CommandKey)
	if isHTTP(n) || c == nil || c.Kind != jsonc.String || ed.isOurs(n) || callsBinary(c.Str, ed.binary, ed.h) {
		return false
	}
	words, ok := shellwords.Split(c.Str)
	if !ok || len(words) < 3 {
		return false
	}
	args := words[1:]
	for i, w := range args {
		if w == "--" {
			args = args[:i]
			break
		}
	}
	a, err := hookcli.Parse(args)
	return err == nil && a.Host == ed.h.hostArg()
}

// doublesNote is the remark about other hooks built on this module that
// run on events this binary registers: each event runs both.
func doublesNote(ds []double, replaced bool) []string {
	var out []string
	byCommand := map[string][]string{}
	var order []string
	for _, d := range ds {
		if _, ok := byCommand[d.command]; !ok {
			order = append(order, d.command)
		}
		byCommand[d.command] = append(byCommand[d.command], d.event)
	}
	for _, c := range order {
		words, _ := shellwords.Split(c)
		_, secrets := argsecrets.All(words[1:])
		cmd := jsonc.Quote(argsecrets.Redact(c, secrets))
		evs := strings.Join(byCommand[c], ", ")
		if replaced {
			out = append(out, fmt.Sprintf("replaced another hook built on this module on %s: %s (--replace)", evs, cmd))
			continue
		}
		out = append(out, fmt.Sprintf("warning: another hook built on this module is registered on %s: %s; the host runs both on every such event (each call judged twice, and uninstalling one leaves the other): install --replace takes its entries over, or uninstall it with its own binary", evs, cmd))
	}
	return out
}
